// Small DOM helpers: build elements without innerHTML, so names and texts from
// the server are always inserted as text, never parsed as markup.

const SVG_NS = "http://www.w3.org/2000/svg";

function setAttrs(el, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "text") {
      el.textContent = String(value);
    } else if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) el.dataset[k] = String(v);
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
}

function appendAll(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An HTML element: h("button", {class: "x", onclick: fn}, "label"). */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  appendAll(el, children);
  return el;
}

/** An SVG element, same signature as h(). */
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  appendAll(el, children);
  return el;
}

export function clear(el) {
  el.replaceChildren();
  return el;
}

export function byId(id) {
  return document.getElementById(id);
}

/** Readable args of a command: {n: 1, line: "kiev"} -> "n=1, line=kiev". */
export function argsText(args) {
  const parts = [];
  for (const [k, v] of Object.entries(args || {})) {
    parts.push(`${k}=${typeof v === "object" ? JSON.stringify(v) : v}`);
  }
  return parts.join(", ");
}
