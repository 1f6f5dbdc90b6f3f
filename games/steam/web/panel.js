// Steam, around the map: the seven action tiles (who took which, passed ones marked;
// a free tile carries its ChooseAction commands), the players (cash, income, victory
// points, locomotive, turn order) and the supply spaces.  The auction, capital and the
// buttons for commands on no piece of the map are in controls.js.

import { h } from "../../dom.js";
import { choose } from "../../widgets.js";
import { CUBE_COLOURS, commandLabel, seatColour } from "./labels.js";

/** Colours are set through the style object: the CSP allows no inline style attributes. */
function painted(el, property, colour) {
  el.style[property] = colour;
  return el;
}

/** A small coloured square or disc (a player's disc, a goods cube). */
function chip(colour, round) {
  const el = h("span", { class: round ? "steam-disc" : "steam-cube-chip" });
  Object.assign(el.style, { display: "inline-block", width: "0.8em", height: "0.8em", background: colour,
    border: "1px solid #222", borderRadius: round ? "50%" : "2px", marginRight: "2px" });
  return el;
}

function usable(el, commands, ctx) {
  if (!commands.length) return el;
  el.classList.add("usable");
  el.dataset.commands = [...new Set(commands.map((c) => c.type))].join(" ");
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  el.addEventListener("click", (event) => choose(event.currentTarget, commands, ctx, (c) => commandLabel(c, ctx)));
  return el;
}

export function drawTiles(view, ctx) {
  const { t } = ctx;
  const holder = {};
  for (const [seat, p] of Object.entries(view.players || {})) if (p.tile) holder[p.tile] = seat;
  const row = h("div", { class: "steam-tiles" });
  for (let tile = 1; tile <= 7; tile += 1) {
    const seat = holder[tile];
    const commands = ctx.interactive ? (ctx.commands || []).filter((c) => c.type === "ChooseAction" && c.args.tile === tile) : [];
    const cost = view.mode === "expert" ? "" : t(`js.steam.tile_cost.${tile}`);
    const el = h("div", { class: `card steam-tile${seat ? " taken" : ""}`, dataset: { tile: String(tile) } },
      h("div", { class: "steam-tile-name" }, h("strong", {}, String(tile)), " ", t(`js.steam.tile.${tile}`)),
      h("div", { class: "steam-tile-effect small muted" },
        t(tile === 1 && view.mode === "expert" ? "js.steam.effect.1.expert" : `js.steam.effect.${tile}`)),
      cost && cost !== `js.steam.tile_cost.${tile}` ? h("div", { class: "steam-tile-cost small muted" }, cost) : "",
      seat ? h("div", { class: "steam-tile-holder small" }, h("span", { class: `token-dot seat-${seat}` }),
        `${ctx.names?.[seat] || seat}${view.players[seat].passed_tile ? ` (${t("js.steam.passed")})` : ""}`) : "");
    if (seat) painted(el, "borderColor", seatColour(seat));
    row.append(usable(el, commands, ctx));
  }
  return row;
}

export function drawPlayers(view, ctx) {
  const { t } = ctx;
  const order = view.order || [];
  const place = (seat) => (order.includes(seat) ? order.indexOf(seat) : 99);
  const seats = Object.entries(view.players || {}).sort(([a], [b]) => place(a) - place(b));
  const rows = seats.map(([seat, p]) => h("tr", { dataset: { seat },
    class: seat === view.current ? "current" : "" },
  h("td", {}, h("span", { class: `token-dot seat-${seat}` }),
    ctx.names?.[seat] || seat, p.bankrupt ? ` (${t("js.steam.bankrupt")})` : ""),
  h("td", {}, order.includes(seat) ? String(order.indexOf(seat) + 1) : "–"),
  h("td", {}, `$${p.money}`), h("td", {}, String(p.income)), h("td", {}, String(p.vp)), h("td", {}, String(p.loco))));
  return h("table", { class: "data steam-players" },
    h("thead", {}, h("tr", {}, ...["player", "order", "cash", "income", "vp", "loco"].map((k) => h("th", {}, t(`js.steam.col.${k}`))))),
    h("tbody", {}, ...rows));
}

export function drawSupply(view, ctx) {
  const spaces = (view.supply || []).map((group, i) => h("span", { class: "steam-supply", dataset: { group: String(i) } },
    `${i + 1}: `, ...Object.entries(group).flatMap(([colour, n]) => Array.from({ length: n }, () =>
      chip(CUBE_COLOURS[colour], false)))));
  return h("div", { class: "steam-supply-row small" }, h("span", {}, ctx.t("js.steam.supply")), " ", ...spaces);
}
