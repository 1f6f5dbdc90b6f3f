// First Class: the card rows with the start-player tile, the end-game cards,
// every player's board (route and locomotive, coins, two trains with conductors,
// post wagons and LOK tiles, contracts, celebrities and postcards) and the scoring
// track, drawn as SVG from the view JSON.  What may be done now comes only from
// the legal commands: the pieces they act on are clickable (``data-commands``), a
// click sends the command, and when several fit one click a small menu asks
// which.  Modules: display.js (rows, end-game cards), player.js (a player's
// board), scoring.js (track, final table), labels.js (words).

import { clear, h } from "../../dom.js";
import { zoomable } from "../helpers.js";
import { displayWidth, drawExtras, drawRows } from "./display.js";
import { commandLabel, where } from "./labels.js";
import { boardWidth, drawPlayer } from "./player.js";
import { drawTrack, finalTable } from "./scoring.js";

/** Commands without a piece of their own: buttons above the table. */
const BUTTONS = new Set(["SkipEffect", "DeclineCard", "ScoreTrains"]);

function fit(svg, width, available, label, ctx) {
  if (available >= width) return svg;
  return zoomable(svg, width, { label, zoomed: svg.querySelector(".usable") !== null, t: ctx.t });
}

export default {
  showsCommands: false,
  label: commandLabel,
  where,
  render(el, ctx) {
    const available = el.clientWidth || 974;
    clear(el).classList.add("fc");
    const view = ctx.view || {};
    if (!view.players || !view.rows) {
      el.append(h("p", { class: "muted" }, "…"));
      return;
    }
    const { t } = ctx;
    if (view.final) el.append(finalTable(view, ctx));
    const buttons = ctx.commands.filter((c) => BUTTONS.has(c.type));
    if (ctx.interactive && buttons.length) {
      el.append(h("div", { class: "card fc-choices", id: "fc-choices" }, h("div", { class: "buttons" },
        buttons.map((command) => h("button", {
          type: "button", class: "command", disabled: ctx.busy,
          dataset: { type: command.type, args: JSON.stringify(command.args || {}), commands: command.type },
          onclick: () => ctx.send({ type: command.type, args: command.args || {} }),
        }, commandLabel(command, ctx))))));
    }
    el.append(h("div", { class: "fc-track-wrap" }, fit(drawTrack(view, ctx), 900, available, t("js.fc.track"), ctx)));
    el.append(h("div", { class: "fc-rows-wrap" }, fit(drawRows(view, ctx), displayWidth(), available, t("js.fc.rows"), ctx)));
    el.append(h("div", { class: "fc-extras-wrap" }, fit(drawExtras(view, ctx), displayWidth(), available, t("js.fc.end_cards"), ctx)));
    el.append(h("p", { class: "small muted fc-legend" }, t("js.fc.legend")));
    const order = Array.isArray(view.order) && view.order.length ? view.order : Object.keys(view.players);
    const seats = [...order];
    seats.sort((a, b) => (b === ctx.you) - (a === ctx.you));
    for (const seat of seats) {
      const board = drawPlayer(seat, view.players[seat], ctx);
      el.append(h("div", { class: "fc-player-wrap", dataset: { seat } },
        fit(board, boardWidth(), available, t("js.fc.board_of", { name: ctx.names[seat] || seat }), ctx)));
    }
  },
};
