// Steam in words and colours: the seats' colours (the same as the page header's seat
// dots), cube colours, command labels and where a command is clicked.  Every
// sentence comes from the translations (js.steam.*): a command on a place of the map is
// named by the renderer (places in words), the others by the game's own sentence.

import { argsText } from "../../dom.js";
import { placeName, tileName } from "./places.js";

/** The header's seat colours (app.css ``--p1`` ... ``--p5``), used when the page has none. */
const HEADER_COLOURS = { p1: "#c0392b", p2: "#2471a3", p3: "#d4ac0d", p4: "#239b56", p5: "#7d3c98" };
export const CUBE_COLOURS = { red: "#c0392b", blue: "#2f6fd0", yellow: "#f1c40f", purple: "#8e44ad", gray: "#8a8a8a" };
export const TERRAIN = { plain: "#d6e6b1", hill: "#b89b72" };
export const UNOWNED = "#555";

/** A seat's colour: the page header's (``.token-dot.seat-pN`` paints ``var(--pN)``), so the
 * map, the action tiles and the players' table match the dots beside the names. */
export function seatColour(seat) {
  if (!seat) return UNOWNED;
  const css = typeof document !== "undefined"
    ? getComputedStyle(document.documentElement).getPropertyValue(`--${seat}`).trim() : "";
  return css || HEADER_COLOURS[seat] || UNOWNED;
}

/** The cubes of supply space ``group`` in words: "space 3 (red, blue)". */
export function supplyLabel(view, group, ctx) {
  if (group === null || group === undefined) return ctx.t("js.steam.supply_none");
  const cubes = Object.entries(view?.supply?.[group] || {}).flatMap(([colour, n]) =>
    Array.from({ length: n }, () => ctx.t(`js.steam.colour.${colour}`)));
  return ctx.t("js.steam.supply_space", { n: group + 1, cubes: cubes.join(", ") });
}

/** Where a route from ``from`` over ``links`` (link keys) ends: the far end of the last link. */
export function routeEnd(view, from, links) {
  let at = from;
  for (const key of links || []) {
    const link = (view?.links || []).find((lk) => lk.key === key);
    if (!link) return null;
    const ends = link.ends.map((end) => (end[0] === "open" ? null : end[1]));
    at = ends[0] === at ? ends[1] : ends[0];
  }
  return at;
}

/** The renderer's own sentences for the commands that act on a place of the map: they name
 * the place (the game's sentences may still carry coordinates). */
function ownLabel(command, ctx) {
  const { t } = ctx;
  const view = ctx.view || {};
  const a = command.args || {};
  const place = (key) => placeName(view, key, ctx);
  const colour = (c) => t(`js.steam.colour.${c}`);
  switch (command.type) {
    case "BuildTrack":
      return t("js.steam.label.build", { tile: tileName(view, a.face, t), place: place(a.hex), cost: a.cost });
    case "PlaceNewCity":
      return t("js.steam.label.new_city", { colour: colour(a.colour), place: place(a.hex),
        supply: supplyLabel(view, a.group, ctx) });
    case "PlaceCityGrowth":
      return t("js.steam.label.growth", { place: place(a.hex), supply: supplyLabel(view, a.group, ctx) });
    case "StartDelivery":
      return t("js.steam.start", { colour: colour(a.colour), city: place(a.from) });
    case "DeliverGoods": {
      const end = routeEnd(view, a.from, a.links);
      return t("js.steam.label.deliver", { colour: colour(a.colour), from: place(a.from),
        to: end ? place(end) : "?", n: (a.links || []).length, take: t(`js.steam.take.${a.take}`) });
    }
    case "Bid":
      return t("js.steam.auction.bid", { amount: a.amount });
    case "RaiseCapital":
      return a.steps ? t("js.steam.capital.take", { amount: 5 * a.steps, steps: a.steps }) : t("js.steam.capital.none");
    case "ChooseReward":
      return t(`js.steam.take.${a.take}`);
    default:
      return null;
  }
}

/** A command in words: the renderer's sentence for a command on the map, else the game's
 * sentence (API ``text``), else the command's name. */
export function commandLabel(command, ctx) {
  const mine = ownLabel(command, ctx);
  if (mine) return mine;
  const own = command.text?.[ctx.lang];
  if (own) return own;
  const key = `js.steam.cmd.${command.type}`;
  const name = ctx.t(key);
  const args = argsText(command.args);
  return `${name !== key ? name : command.type}${args ? ` (${args})` : ""}`;
}

/** Where on the table a command type is clicked (for the move window's guidance); building
 * adds "or Build nothing" while that is still possible (before the first tile). */
export function where(type, ctx) {
  const key = `js.steam.where.${type}`;
  const sentence = ctx.t(key);
  if (sentence === key) return null;
  if (type === "BuildTrack" && (ctx.commands || []).some((c) => c.type === "EndBuild")) {
    return `${sentence} ${ctx.t("js.steam.where.or_nothing")}`;
  }
  return sentence;
}
