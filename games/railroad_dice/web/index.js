// Railroad Dice: the action buttons (income, roll), the two active large tiles, the
// small-tile overview map, the company cards and the players (my screen for me only,
// everyone's dice in front), drawn from the view JSON.  What may be done comes only
// from the legal commands: the pieces they act on are clickable (``data-commands``).
// Modules: tiles.js (large tiles, overview map), players.js (players, companies,
// buttons), labels.js (words).

import { clear, h } from "../../dom.js";
import { zoomable } from "../helpers.js";
import { commandLabel, where } from "./labels.js";
import { die } from "./pieces.js";
import { drawActions, drawCompanies, drawPlayers } from "./players.js";
import { CELL, drawMap, drawTile, tileTitle } from "./tiles.js";

/** The game's own stylesheet (dice, screens, cards), added to the page once. */
function ensureStyle() {
  if (document.querySelector("link[data-rd-style]")) return;
  document.head.append(h("link", { rel: "stylesheet", href: new URL("./railroad_dice.css", import.meta.url).href,
    dataset: { rdStyle: "1" } }));
}

/** The overview map drawn to the width there is (it grows with every tile laid). */
function fitMap(svg, available) {
  const width = Number(svg.getAttribute("width"));
  if (width > available) {
    svg.setAttribute("height", String(Math.round(Number(svg.getAttribute("height")) * available / width)));
    svg.setAttribute("width", String(available));
  }
  return svg;
}

function fit(svg, width, available, label, ctx) {
  if (available >= width) return svg;
  return zoomable(svg, width, { label, zoomed: svg.querySelector(".usable") !== null, t: ctx.t });
}

function finalTable(view, ctx) {
  const ranking = view.final?.ranking || view.seats || [];
  return h("section", { class: "card rd-final", id: "rd-final" }, h("h3", {}, ctx.t("js.rd.final")),
    h("ol", {}, ranking.map((seat) => h("li", { dataset: { seat } },
      `${ctx.names?.[seat] || seat}: ${ctx.t("js.rd.passengers", { n: view.players[seat].passengers ?? 0 })}`))));
}

export default {
  showsCommands: false,
  label: commandLabel,
  where,
  render(el, ctx) {
    const available = el.clientWidth || 974;
    ensureStyle();
    clear(el).classList.add("rd");
    const view = ctx.view || {};
    if (!view.players || !view.boards) {
      el.append(h("p", { class: "muted" }, "…"));
      return;
    }
    const { t } = ctx;
    if (view.final && view.phase === "over") el.append(finalTable(view, ctx));
    const actions = drawActions(view, ctx);
    if (actions) el.append(actions);
    if (view.end_trigger) el.append(h("p", { class: "rd-end-note" }, t(`js.rd.end.${view.end_trigger}`)));
    // The two active tiles as they lie on the map: north above south, west left of east.
    const boards = Object.entries(view.boards).map(([pos, board]) => [pos, board, pos.split(",").map(Number)]);
    boards.sort((a, b) => a[2][1] - b[2][1] || a[2][0] - b[2][0]);
    const stacked = boards.length === 2 && boards[0][2][0] === boards[1][2][0] && boards[1][2][1] - boards[0][2][1] === 1;
    const tiles = h("div", { class: `rd-tiles${stacked ? " stacked" : ""}` });
    for (const [pos, board] of boards) {
      tiles.append(h("div", { class: "rd-tile-wrap", dataset: { pos } },
        h("p", { class: "rd-tile-title" }, tileTitle(pos, board, t)),
        fit(drawTile(pos, board, view, ctx), 7 * CELL + 2, available, tileTitle(pos, board, t), ctx)));
    }
    el.append(h("div", { class: "rd-boards" }, tiles,
      h("div", { class: "rd-map-wrap" }, h("h4", {}, t("js.rd.map")), fitMap(drawMap(view, ctx), available))));
    el.append(drawCompanies(view, ctx), drawPlayers(view, ctx));
    // The bank's dice, where the view shows them (data/visibility.json).
    if (typeof view.bank_dice === "number") {
      el.append(h("p", { class: "rd-bank" }, die(null, { size: 18 }), " ", t("js.rd.bank", { n: view.bank_dice })));
    }
    el.append(h("p", { class: "small muted rd-legend" }, t("js.rd.legend")));
  },
};
