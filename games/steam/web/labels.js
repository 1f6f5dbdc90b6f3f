// Steam in words and colours: the seats' colours (the same as the page header's seat
// dots), cube colours, command labels and where a command is clicked.  Every
// sentence comes from the translations (js.steam.*); the game's own sentence for a
// command (the API's ``text`` from describe_command, with the cost) wins.

import { argsText } from "../../dom.js";

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

/** A command in words: the game's sentence (API ``text``) if any, else the renderer's. */
export function commandLabel(command, ctx) {
  const own = command.text?.[ctx.lang];
  if (own) return own;
  const key = `js.steam.cmd.${command.type}`;
  const name = ctx.t(key);
  const args = argsText(command.args);
  return `${name !== key ? name : command.type}${args ? ` (${args})` : ""}`;
}

/** Where on the table a command type is clicked (for the move window's guidance). */
export function where(type, ctx) {
  const key = `js.steam.where.${type}`;
  const sentence = ctx.t(key);
  return sentence === key ? null : sentence;
}
