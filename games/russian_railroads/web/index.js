// Russian Railroads: the main board and every player's board drawn as SVG from
// the view JSON, the final scoring as a table.  The printed board comes from the
// view's ``board`` section (nothing of the rules data is copied here); what may
// be done now comes only from the legal commands: the pieces they act on are
// highlighted, a click sends the command, and when several commands fit one
// click a small menu asks which.  Modules: board.js (action spaces, engineers,
// locos, factories, cards), tableau.js (a player's board), scoring.js, recent.js
// (other players' last turns), labels.js (words), emil.js (Emil in the solo game).

import { clear, h } from "../../dom.js";
import { zoomable } from "../helpers.js";
import { drawBoard, spacesPerRow } from "./board.js";
import { commandLabel, where } from "./labels.js";
import { changesSince } from "./recent.js";
import { finalTable, lastScoringTable } from "./scoring.js";
import { drawTableau, tableauWidth } from "./tableau.js";
import { drawDsp } from "./dsp.js";
import { drawEmil, namesWithEmil } from "./emil.js";
import { drawStockBoard } from "./usa.js";

/** Commands with a piece to click on the table; the rest (Pass, SkipRelocation, DiscardLoco) are buttons. */
const ON_BOARD = new Set(["PlaceWorkers", "ReuseSpace", "Relocate", "ChooseQuestionCard", "ChooseStartBonus",
  "AdvanceTrack", "BuildLoco", "PlaceLoco", "BuildFactory", "AdvanceIndustry", "PlaceDoubler", "ChooseQuestionToken",
  "ChooseEndCard", "TakePoints", "UseIncomeMarker", "UseCoalField", "TakeFoundry", "UseFoundry", "CloseFoundry",
  "ChooseDividend", "UseCoinSpace"]);

/** Zoom chosen by tapping a player board, per seat, kept across redraws. */
const zoomChoice = new Map();

function otherButtons(commands, ctx) {
  return h("div", { class: "buttons rr-other" }, commands.map((command) => h("button", {
    type: "button", class: `command${command.type === "Pass" ? " pass" : ""}`, disabled: ctx.busy,
    dataset: { type: command.type, args: JSON.stringify(command.args || {}), commands: command.type },
    onclick: () => ctx.send({ type: command.type, args: command.args || {} }),
  }, commandLabel(command, ctx))));
}

function tableauBox(seat, svg, ctx, width, available) {
  const wrap = h("div", { class: "rr-tableau-wrap", dataset: { seat } });
  if (available >= width) {
    wrap.append(svg);
    return wrap;
  }
  // Narrower than the board: an overview to the width, a tap shows it full size.
  const usable = svg.querySelector(".usable") !== null;
  const zoomed = zoomChoice.has(seat) ? zoomChoice.get(seat) : usable;
  const box = zoomable(svg, width, { label: ctx.t("js.rr.tableau", { name: ctx.names[seat] || seat }), zoomed, t: ctx.t });
  box.addEventListener("click", () => zoomChoice.set(seat, box.classList.contains("zoomed")));
  wrap.append(box);
  return wrap;
}

export default {
  showsCommands: false,
  label: commandLabel,
  where,
  render(el, base) {
    const available = el.clientWidth || 974;
    clear(el).classList.add("rr");
    const view = base.view || {};
    if (!view.players || !view.board) {
      el.append(h("p", { class: "muted" }, "…"));
      return;
    }
    const ctx = { ...base, board: view.board, recent: changesSince(base.previousView, view, base.you),
      names: namesWithEmil(base.names, view, base.t) };
    if (view.final) el.append(finalTable(view, ctx));
    const elsewhere = ctx.commands.filter((c) => !ON_BOARD.has(c.type));
    if (ctx.interactive && elsewhere.length) {
      el.append(h("div", { class: "card rr-choices", id: "rr-choices" }, otherButtons(elsewhere, ctx)));
    }
    if (view.emil) el.append(drawEmil(view, ctx));
    el.append(h("div", { class: "rr-board-wrap" }, drawBoard(ctx, spacesPerRow(available))));
    if (view.usa) el.append(h("div", { class: "rr-stock-wrap" }, drawStockBoard(view, ctx)));
    if (view.dsp) el.append(drawDsp(view, ctx));
    el.append(h("p", { class: "small muted rr-legend" },
      ctx.t(view.germany ? "js.rr.legend_de" : view.usa ? "js.rr.legend_us" : "js.rr.legend")));
    const order = Array.isArray(view.order) && view.order.length ? view.order : Object.keys(view.players);
    const seats = [...order, ...Object.keys(view.players).filter((p) => !order.includes(p))];
    // My own board first.
    seats.sort((a, b) => (b === ctx.you) - (a === ctx.you));
    const width = tableauWidth(view.board);
    for (const seat of seats) el.append(tableauBox(seat, drawTableau(seat, view.players[seat], ctx), ctx, width, available));
    if (!view.final && Object.keys(view.last_scoring || {}).length) el.append(lastScoringTable(view, ctx));
  },
};
