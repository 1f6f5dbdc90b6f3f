// The fallback renderer: the view JSON as readable tables and the legal
// commands as buttons, so that any game is playable before it has a board.

import { clear, h } from "../dom.js";
import { commandButtons } from "../widgets.js";

const isScalar = (v) => v === null || ["string", "number", "boolean"].includes(typeof v);

function scalarText(v) {
  if (v === null || v === undefined) return "–";
  if (typeof v === "boolean") return v ? "✓" : "✗";
  return String(v);
}

/** A value as DOM: scalars as text, lists as comma lists or tables, objects as tables. */
export function valueNode(value, ctx, depth = 0) {
  if (isScalar(value)) return h("span", { class: "scalar" }, scalarText(value));
  if (Array.isArray(value)) {
    if (!value.length) return h("span", { class: "muted" }, "–");
    if (value.every(isScalar)) return h("span", { class: "list" }, value.map(scalarText).join(", "));
    if (value.every((v) => v && typeof v === "object" && !Array.isArray(v))) {
      const columns = [...new Set(value.flatMap((v) => Object.keys(v)))];
      return h("table", { class: "data" },
        h("thead", {}, h("tr", {}, columns.map((c) => h("th", {}, c)))),
        h("tbody", {}, value.map((row) => h("tr", {}, columns.map((c) => h("td", {}, valueNode(row[c], ctx, depth + 1)))))));
    }
    return h("ol", { class: "data" }, value.map((v) => h("li", {}, valueNode(v, ctx, depth + 1))));
  }
  const keys = Object.keys(value);
  if (!keys.length) return h("span", { class: "muted" }, "–");
  const seats = new Set((ctx.game?.seats || []).map((s) => s.seat));
  if (keys.every((k) => seats.has(k)) && keys.every((k) => isScalar(value[k]) || Array.isArray(value[k]))) {
    // {p1: 3, p2: 5}: one column per player.
    return h("table", { class: "data by-seat" },
      h("thead", {}, h("tr", {}, keys.map((k) => h("th", { class: `seat-${k}` }, ctx.names[k] || k)))),
      h("tbody", {}, h("tr", {}, keys.map((k) => h("td", { dataset: { seat: k } }, valueNode(value[k], ctx, depth + 1))))));
  }
  return h("table", { class: "data kv" }, h("tbody", {}, keys.map((k) => h("tr", {},
    h("th", { scope: "row" }, seats.has(k) ? ctx.names[k] || k : k),
    h("td", { dataset: { key: k } }, valueNode(value[k], ctx, depth + 1))))));
}

export default {
  showsCommands: true,
  render(el, ctx) {
    clear(el).classList.add("generic-board");
    el.append(h("section", { class: "card view", id: "view-tables" }, h("h2", {}, ctx.t("js.view")),
      valueNode(ctx.view || {}, ctx)));
    if (ctx.interactive) {
      el.append(h("section", { class: "card commands", id: "generic-commands" }, h("h2", {}, ctx.t("js.commands")),
        commandButtons(ctx.commands, ctx)));
    }
  },
};
