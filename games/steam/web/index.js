// Steam: the hex map (map.js, geometry in hex.js), the tile picker (picker.js), the
// action tiles, players, auction and supply spaces (panel.js), words and colours
// (labels.js), drawn from the view JSON; the look in steam.css (beside this module).  What may be done
// comes only from the legal commands: the pieces they act on are clickable
// (``data-commands``): a hex for the tiles to build there (picked, turned and shown on
// the map before they are built, with their cost), a city's cube to start its delivery
// and then the links it moves over, an action tile to take it.

import { clear, h } from "../../dom.js";
import { zoomable } from "../helpers.js";
import { commandLabel, where } from "./labels.js";
import { drawMap } from "./map.js";
import { drawAuction, drawButtons, drawPlayers, drawSupply, drawTiles } from "./panel.js";
import { closePicker, reopenPicker } from "./picker.js";

/** The map is drawn at least at its natural size and at most this much larger. */
const MAX_SCALE = 1.6;

/** Steam's own stylesheet, linked once (the page's CSP allows stylesheets from the site only). */
function linkStyles() {
  if (document.getElementById("steam-css")) return;
  const link = document.createElement("link");
  link.id = "steam-css";
  link.rel = "stylesheet";
  link.href = new URL("./steam.css", import.meta.url).href;
  document.head.append(link);
}

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
    linkStyles();
    const available = el.clientWidth || 974;
    clear(el).classList.add("steam");
    const view = ctx.view || {};
    if (!view.players || !view.hexes) {
      closePicker();
      el.append(h("p", { class: "muted" }, "…"));
      return;
    }
    const { t } = ctx;
    if (view.phase === "over" && view.final) el.append(finalTable(view, ctx));
    const round = view.round ? [t("js.steam.round", { round: view.round, last: view.last_round }), " · "] : [];
    el.append(h("p", { class: "steam-phase" }, ...round, t(`js.steam.phase.${view.phase}`)));
    const auction = drawAuction(view, ctx);
    if (auction) el.append(auction);
    const buttons = drawButtons(ctx);
    if (buttons) el.append(buttons);
    el.append(drawTiles(view, ctx));
    const svg = drawMap(view, ctx);
    const width = Number(svg.getAttribute("width"));
    const height = Number(svg.getAttribute("height"));
    if (available >= width) {
      const scale = Math.min(MAX_SCALE, available / width);
      svg.setAttribute("width", String(Math.floor(width * scale)));
      svg.setAttribute("height", String(Math.floor(height * scale)));
    }
    el.append(h("div", { class: "steam-map-wrap" }, available >= width ? svg
      : zoomable(svg, width, { label: t("js.steam.map"), zoomed: svg.querySelector(".usable") !== null, t })));
    el.append(drawPlayers(view, ctx), drawSupply(view, ctx));
    el.append(h("p", { class: "small muted steam-legend" }, t("js.steam.legend")));
    reopenPicker(svg.steamPicks || []);
  },
};
