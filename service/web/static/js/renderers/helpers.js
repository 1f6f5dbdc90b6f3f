// Helpers every board renderer shares: SVG shapes, making a piece of the board
// act as a button for the legal commands it carries, saying why a piece cannot be
// used, the phone overview (fit the width, tap to zoom) and finding the pieces
// that carry a given command (for the move window's "where to click").
//
// The commands a clickable piece carries are written into ``data-commands``
// (their types, space-separated): that is how the shared parts (scroll into
// view, the move window's guidance) find the next thing to click without knowing
// the game.

import { s } from "../dom.js";
import { choose } from "../widgets.js";

export function rect(x, y, w, hgt, attrs = {}) {
  return s("rect", { x, y, width: w, height: hgt, rx: 6, ...attrs });
}

export function text(x, y, content, attrs = {}) {
  return s("text", { x, y, ...attrs }, content);
}

/** Text squeezed to ``maxWidth`` when its estimated width (``charWidth`` per character) is larger. */
export function fitText(x, y, content, maxWidth, attrs = {}, charWidth = 6.6) {
  const squeeze = String(content).length * charWidth > maxWidth;
  return text(x, y, content, squeeze ? { ...attrs, textLength: maxWidth, lengthAdjust: "spacingAndGlyphs" } : attrs);
}

/**
 * Make an SVG group act as a button for ``commands`` (mouse, touch and keyboard):
 * one command is sent at once, several are offered in a small menu at the piece,
 * each named by ``label``.
 */
export function clickable(el, label, commands, ctx, labelOf) {
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", label);
  el.classList.add("usable");
  el.dataset.commands = [...new Set(commands.map((c) => c.type))].join(" ");
  const act = (target) => choose(target, commands, ctx, labelOf ? (c) => labelOf(c, ctx) : undefined);
  el.addEventListener("click", (event) => {
    event.stopPropagation(); // not a tap to zoom
    act(event.currentTarget);
  });
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      act(event.currentTarget);
    }
  });
  return el;
}

/**
 * A piece that cannot be used now says why: as its tooltip (hover) and, on a
 * tap or click, in the move window (phones have no hover).  ``reason`` is a
 * sentence from the translations, never made up here.
 */
export function unavailable(el, reason, ctx) {
  if (!reason) return el;
  el.classList.add("unavailable");
  el.dataset.reason = reason;
  const title = el.querySelector(":scope > title");
  if (title) title.textContent = `${title.textContent}\n${reason}`;
  else el.append(s("title", {}, reason));
  el.addEventListener("click", (event) => {
    event.stopPropagation();
    ctx.explain?.(reason);
  });
  return el;
}

/**
 * A wide SVG in a box that fits a narrow screen: drawn to the box's width (an
 * overview); a tap on it (not on a usable piece) shows it at full size, scrolling
 * sideways inside its own box, never the page; another tap zooms out again.
 * ``zoomed`` starts it at full size (e.g. my own board while I have choices on it).
 */
export function zoomable(svg, naturalWidth, { label, zoomed = false, t }) {
  const box = document.createElement("div");
  box.className = `zoom-box${zoomed ? " zoomed" : ""}`;
  box.dataset.naturalWidth = String(naturalWidth);
  svg.classList.add("fit");
  // Said under a zoomed board: it scrolls sideways in its box (and a tap fits it again).
  const hint = document.createElement("p");
  hint.className = "zoom-hint small muted";
  hint.textContent = t("js.zoom_hint");
  box.append(svg, hint);
  box.addEventListener("click", () => {
    box.classList.toggle("zoomed");
    box.title = t(box.classList.contains("zoomed") ? "js.zoom_out" : "js.zoom_in");
  });
  box.title = t(zoomed ? "js.zoom_out" : "js.zoom_in");
  if (label) box.setAttribute("aria-label", label);
  return box;
}

/** The usable pieces inside ``root`` that carry one of ``types`` (command types). */
export function piecesFor(root, types) {
  const wanted = new Set(types);
  return [...root.querySelectorAll(".usable[data-commands]")].filter((el) =>
    el.dataset.commands.split(" ").some((type) => wanted.has(type)));
}
