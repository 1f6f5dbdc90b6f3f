// Steam: the hex map (map.js), the action tiles, players, auction and supply spaces
// (panel.js), words and colours (labels.js), drawn from the view JSON.  What may be
// done comes only from the legal commands: the pieces they act on are clickable
// (``data-commands``): a hex for the tiles to build there (each face and rotation with
// its cost), a city's cubes for its deliveries, an action tile to take it.

import { clear, h } from "../../dom.js";
import { zoomable } from "../helpers.js";
import { commandLabel, where } from "./labels.js";
import { drawMap } from "./map.js";
import { drawAuction, drawButtons, drawPlayers, drawSupply, drawTiles } from "./panel.js";

function finalTable(view, ctx) {
  const ranking = view.final?.ranking || [];
  return h("section", { class: "card steam-final", id: "steam-final" }, h("h3", {}, ctx.t("js.steam.final")),
    h("ol", {}, ranking.map((seat) => h("li", { dataset: { seat } },
      `${ctx.names?.[seat] || seat}: ${ctx.t("js.steam.points", { n: view.final.scores?.[seat] ?? 0 })}`))));
}

export default {
  showsCommands: false,
  label: commandLabel,
  where,
  render(el, ctx) {
    const available = el.clientWidth || 974;
    clear(el).classList.add("steam");
    const view = ctx.view || {};
    if (!view.players || !view.hexes) {
      el.append(h("p", { class: "muted" }, "…"));
      return;
    }
    const { t } = ctx;
    if (view.phase === "over" && view.final) el.append(finalTable(view, ctx));
    el.append(h("p", { class: "steam-phase" }, t("js.steam.round", { round: view.round || 0, last: view.last_round }),
      " · ", t(`js.steam.phase.${view.phase}`)));
    const auction = drawAuction(view, ctx);
    if (auction) el.append(auction);
    const buttons = drawButtons(ctx);
    if (buttons) el.append(buttons);
    el.append(drawTiles(view, ctx));
    const svg = drawMap(view, ctx);
    const width = Number(svg.getAttribute("width"));
    el.append(h("div", { class: "steam-map-wrap" }, available >= width ? svg
      : zoomable(svg, width, { label: t("js.steam.map"), zoomed: svg.querySelector(".usable") !== null, t })));
    el.append(drawPlayers(view, ctx), drawSupply(view, ctx));
    el.append(h("p", { class: "small muted steam-legend" }, t("js.steam.legend")));
  },
};
