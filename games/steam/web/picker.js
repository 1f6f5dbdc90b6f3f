// Steam, placing a tile: a click on a hex shows the first legal tile there on the map
// (drawn in the builder's colour) with a small panel: turn it, try the next tile, build
// it for the cost shown, or cancel.  Clicking the same hex again shows the next turn (after
// the last turn the next tile), so every legal tile is a few clicks on the hex away.
// Only tiles and turns from the legal commands are offered, each with the cost the
// engine computed, so what is shown can always be built.

import { h, s } from "../../dom.js";
import { choose } from "../../widgets.js";
import { SIZE, centre, corners, faceSegments, trackShape } from "./hex.js";
import { commandLabel, seatColour } from "./labels.js";
import { tileName } from "./places.js";

const KIND_ORDER = { new: 0, upgrade: 1, redirect: 2 };

let open = null;   // {hex, faces, fi, ri, anchor, panel, ghost, ctx, view}

export function closePicker() {
  if (!open) return;
  open.panel.remove();
  open.ghost.remove();
  document.removeEventListener("keydown", onKey);
  open = null;
}

function onKey(event) {
  if (!open) return;
  if (event.key === "Escape") closePicker();
  else if (event.key === "r" || event.key === "R") turn();
}

/** The builds on one hex grouped by face, cheapest kind first; each face's turns in order. */
function byFace(builds) {
  const faces = new Map();
  for (const c of builds) {
    if (!faces.has(c.args.face)) faces.set(c.args.face, []);
    faces.get(c.args.face).push(c);
  }
  const list = [...faces.entries()].map(([face, commands]) => ({ face, commands: commands.sort((a, b) => a.args.rot - b.args.rot) }));
  const rank = (f) => [KIND_ORDER[f.commands[0].args.kind] ?? 3, f.commands[0].args.cost, f.face];
  return list.sort((a, b) => {
    const x = rank(a);
    const y = rank(b);
    return x[0] - y[0] || x[1] - y[1] || String(x[2]).localeCompare(String(y[2]));
  });
}

function current() {
  return open.faces[open.fi].commands[open.ri];
}

function drawGhost() {
  const command = current();
  const { hex, view, ctx } = open;
  const [cx, cy] = centre(...hex.split(",").map(Number));
  open.ghost.replaceChildren(s("polygon", { points: corners(cx, cy, SIZE - 1), fill: "#fffbe6", opacity: 0.75 }));
  const colour = seatColour(ctx.you);
  for (const seg of faceSegments(view, command.args.face, command.args.rot)) {
    open.ghost.append(trackShape(cx, cy, seg, colour, { cls: "steam-ghost-track" }));
  }
  if (view.faces?.[command.args.face]?.town) {
    open.ghost.append(s("circle", { cx, cy, r: 5, fill: "#fff", stroke: "#111", "stroke-width": 1.5 }));
  }
}

function fillPanel() {
  const { ctx, faces } = open;
  const { t } = ctx;
  const command = current();
  const rotations = faces[open.fi].commands.length;
  const info = h("p", { class: "steam-picker-info" },
    h("strong", {}, tileName(open.view, command.args.face, t)), " · ",
    t(`js.steam.kind.${command.args.kind}`), " · ",
    t("js.steam.pick.turn", { n: open.ri + 1, of: rotations }));
  const buttons = h("div", { class: "steam-picker-buttons" },
    h("button", { type: "button", class: "steam-turn", disabled: rotations < 2, onclick: turn }, `⟳ ${t("js.steam.pick.rotate")}`),
    h("button", { type: "button", class: "steam-next-face", disabled: faces.length < 2, onclick: nextFace },
      t("js.steam.pick.next", { n: open.fi + 1, of: faces.length })),
    h("button", { type: "button", class: "steam-build primary", disabled: ctx.busy, onclick: build },
      t("js.steam.pick.build", { cost: command.args.cost })));
  const extra = [];
  if (open.others.length) {
    extra.push(h("button", { type: "button", class: "link steam-other", onclick: (event) => {
      const { others, labelOf } = open;
      closePicker();
      choose(event.currentTarget, others, ctx, labelOf);
    } }, t("js.steam.pick.other")));
  }
  extra.push(h("button", { type: "button", class: "link cancel", onclick: closePicker }, t("js.cancel")));
  open.panel.replaceChildren(h("p", { class: "muted" }, t("js.steam.pick.title", { hex: open.name })), info, buttons,
    h("div", { class: "steam-picker-extra" }, ...extra));
  open.panel.title = commandLabel(command, ctx);
  Object.assign(open.panel.dataset, { face: command.args.face, rot: String(command.args.rot), cost: String(command.args.cost) });
}

function update() {
  drawGhost();
  fillPanel();
}

function turn() {
  if (!open) return;
  open.ri = (open.ri + 1) % open.faces[open.fi].commands.length;
  update();
}

/** Another click on the hex: the next turn, after the last turn the next tile. */
function cycle() {
  if (!open) return;
  if (open.ri + 1 < open.faces[open.fi].commands.length) {
    open.ri += 1;
  } else {
    open.fi = (open.fi + 1) % open.faces.length;
    open.ri = 0;
  }
  update();
}

function nextFace() {
  if (!open) return;
  open.fi = (open.fi + 1) % open.faces.length;
  open.ri = 0;
  update();
}

function build() {
  if (!open) return;
  const command = current();
  const { ctx } = open;
  closePicker();
  ctx.send(command);
}

/** Beside the hex (right of it, else left of it, else below it), inside the window, so the
 * tile on the map stays in sight. */
function place(panel, anchor) {
  const rect = anchor.getBoundingClientRect();
  const viewW = document.documentElement.clientWidth;
  // On a phone the move window is docked at the bottom: the panel stays above it.
  const mw = document.getElementById("move-window");
  const docked = mw && !mw.hidden && getComputedStyle(mw).position === "fixed";
  const viewH = docked ? mw.getBoundingClientRect().top : window.innerHeight;
  const w = panel.offsetWidth;
  const hgt = panel.offsetHeight;
  let left;
  let top = rect.top + rect.height / 2 - hgt / 2;
  if (rect.right + 10 + w <= viewW - 4) left = rect.right + 10;
  else if (rect.left - 10 - w >= 4) left = rect.left - 10 - w;
  else {
    left = Math.min(Math.max(4, rect.left), viewW - w - 4);
    top = rect.bottom + 8 + hgt <= viewH ? rect.bottom + 8 : rect.top - 8 - hgt;
  }
  top = Math.min(Math.max(4, top), viewH - hgt - 4);
  panel.style.left = `${window.scrollX + Math.max(4, left)}px`;
  panel.style.top = `${window.scrollY + Math.max(4, top)}px`;
}

/** Open the picker on a hex (or, when it is open there already, turn the tile). */
export function openPicker(anchor, { hex, name, builds, others, view, ctx, labelOf }, keep = null) {
  if (!keep && open && open.hex === hex && document.body.contains(open.panel)) {
    cycle();
    return;
  }
  closePicker();
  document.querySelectorAll(".choice-menu").forEach((m) => m.remove());
  const ghost = s("g", { class: "steam-ghost", "pointer-events": "none" });
  anchor.append(ghost);
  const panel = h("div", { class: "steam-picker", role: "dialog", dataset: { hex } });
  document.body.append(panel);
  const faces = byFace(builds);
  let fi = 0;
  let ri = 0;
  if (keep) {                       // the same tile and turn as before the page was drawn again
    fi = Math.max(0, faces.findIndex((f) => f.face === keep.face));
    ri = Math.max(0, faces[fi].commands.findIndex((c) => c.args.rot === keep.rot));
  }
  open = { hex, name, faces, fi, ri, anchor, panel, ghost, ctx, view, others, labelOf };
  update();
  place(panel, anchor);
  document.addEventListener("keydown", onKey);
  panel.querySelector("button.steam-build")?.focus();
}

/** After the map is drawn again: the open picker moves to the new map (its hex, tile and
 * turn kept) while that hex still has builds, else it closes. */
export function reopenPicker(picks) {
  if (!open) return;
  const keep = { face: current().args.face, rot: current().args.rot };
  const found = picks.find(([, opts]) => opts.hex === open.hex);
  if (!found) {
    closePicker();
    return;
  }
  const [anchor, opts] = found;
  openPicker(anchor, opts, keep);
}
