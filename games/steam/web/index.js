// Steam: the hex map (map.js, geometry in hex.js), the tile picker (picker.js), the
// auction, capital and other controls (controls.js), the action tiles, players and supply
// spaces (panel.js), words and colours (labels.js, places in words: places.js), drawn from
// the view JSON; the look in steam.css (beside this module).  What may be done
// comes only from the legal commands: the pieces they act on are clickable
// (``data-commands``): a hex for the tiles to build there (picked, turned and shown on
// the map before they are built, with their cost), a city's cube to start its delivery
// and then the links it moves over, an action tile to take it.

import { clear, h } from "../../dom.js";
import { zoomable } from "../helpers.js";
import { nextTypes } from "../../widgets.js";
import { commandLabel, where } from "./labels.js";
import { drawMap } from "./map.js";
import { drawControls } from "./controls.js";
import { drawPlayers, drawSupply, drawTiles } from "./panel.js";
import { closePicker, reopenPicker } from "./picker.js";

/** The map is drawn at least at its natural size and at most this much larger. */
const MAX_SCALE = 1.6;
/** The map zoomed in on a narrow screen: a hex about 50 px across, a tap target. */
const PHONE_SCALE = 1.15;

/** The viewer's turn as last drawn ("round:phase"), null while it was not theirs. */
let lastTurn;

/** When a turn of the viewer's begins (another seat's move, or a new phase, made it so), the
 * piece to click next is brought into view: on a phone the map lies below the fold, and the
 * docked move window, folded, has no "show" link.  (The page does so after the first load and
 * after the viewer's own moves.) */
function revealOnTurn(ctx, view) {
  const mine = Boolean(ctx.interactive && (ctx.status?.to_move || []).includes(ctx.you));
  const turn = mine ? `${view.round}:${view.phase}` : null;
  if (turn && lastTurn !== undefined && turn !== lastTurn && ctx.reveal) {
    const types = nextTypes(ctx.game, ctx.allCommands || []);
    if (types.length) ctx.reveal(types);
  }
  lastTurn = turn;
}

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
    const controls = drawControls(view, ctx);
    if (controls) el.append(controls);
    el.append(h("div", { class: "steam-panel" }, drawTiles(view, ctx), drawPlayers(view, ctx)));
    const svg = drawMap(view, ctx);
    const width = Number(svg.getAttribute("width"));
    const height = Number(svg.getAttribute("height"));
    // Wide enough: drawn up to MAX_SCALE times its size.  Narrower (a phone): a fitted
    // overview; a tap shows it at PHONE_SCALE, a hex then a good finger's width, panned in its box.
    const scale = available >= width ? Math.min(MAX_SCALE, available / width) : PHONE_SCALE;
    svg.setAttribute("width", String(Math.floor(width * scale)));
    svg.setAttribute("height", String(Math.floor(height * scale)));
    el.append(h("div", { class: "steam-map-wrap" }, available >= width ? svg
      : zoomable(svg, width, { label: t("js.steam.map"), zoomed: svg.querySelector(".usable") !== null, t })));
    el.append(drawSupply(view, ctx));
    el.append(h("p", { class: "small muted steam-legend" }, t("js.steam.legend")));
    reopenPicker(svg.steamPicks || []);
    revealOnTurn(ctx, view);
  },
};
