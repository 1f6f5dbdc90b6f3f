// Steam in words and colours: the player colours of the box (orange, green, natural,
// white, brown), cube colours, command labels and where a command is clicked.  Every
// sentence comes from the translations (js.steam.*); the game's own sentence for a
// command (the API's ``text`` from describe_command, with the cost) wins.

import { argsText } from "../../dom.js";

export const SEAT_COLOURS = ["#e67e22", "#2e8b3e", "#d9c7a0", "#f4f4f4", "#7b4a22"];
export const CUBE_COLOURS = { red: "#c0392b", blue: "#2f6fd0", yellow: "#f1c40f", purple: "#8e44ad", gray: "#8a8a8a" };
export const TERRAIN = { plain: "#d6e6b1", hill: "#b89b72" };
export const UNOWNED = "#555";

export function seatColour(seat, view) {
  const i = (view.seats || Object.keys(view.players || {})).indexOf(seat);
  return i >= 0 ? SEAT_COLOURS[i % SEAT_COLOURS.length] : UNOWNED;
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
