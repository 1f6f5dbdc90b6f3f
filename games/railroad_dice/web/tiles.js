// Railroad Dice, the two active large tiles (7x7 fields: terrain, track, stations)
// and the small-tile overview map.  The field an end of the line leads to carries
// every command that lays something there (track, a bridge, a new tile, a station):
// one click sends the only one, several open a menu.

import { h, s } from "../../dom.js";
import { rect, text } from "../helpers.js";
import { COMPANY_COLOURS, DELTA, TERRAIN_COLOURS, commandLabel } from "./labels.js";
import { chooseInLayers } from "./menus.js";
import { laidDie, railMarks, stationIcon } from "./pieces.js";
import { capital, fieldPlace, tilePlace } from "./places.js";

export const CELL = 40;
/** A field of a small tile on the overview map, in pixels. */
const MAP_FIELD = 9;
const LAY = new Set(["PlaceTrack", "BuildBridge", "ConnectTile", "BuildStation"]);

/** The piece a laying command puts down, drawn: the rail as it will lie, or the station. */
function piecePicture(command, ctx) {
  const a = command.args || {};
  const enter = (a.via + 2) % 4;
  if (command.type === "PlaceTrack" || command.type === "ConnectTile") return laidDie(enter, a.exit, { size: 28 });
  if (command.type === "BuildBridge") return laidDie(enter, a.exits?.[0] ?? a.via, { size: 28 });
  if (command.type === "BuildStation") {
    return stationIcon(COMPANY_COLOURS[ctx.view?.companies?.[a.company]?.colour] || "#666", { size: 24 });
  }
  return null;
}

/** A field an end of the line leads to, clickable: its commands offered in layers (menus.js). */
function usableField(g, label, commands, ctx) {
  g.setAttribute("tabindex", "0");
  g.setAttribute("role", "button");
  g.setAttribute("aria-label", label);
  g.classList.add("usable");
  g.dataset.commands = [...new Set(commands.map((c) => c.type))].join(" ");
  const text = (command) => commandLabel(command, ctx);
  const draw = (command, sentence) => {
    const picture = piecePicture(command, ctx);
    return picture ? [h("span", { class: "rd-choice-piece" }, picture), h("span", {}, sentence)] : sentence;
  };
  const act = (event) => {
    event.stopPropagation(); // not a tap to zoom
    chooseInLayers(event.currentTarget, commands, ctx, { text, draw });
  };
  g.addEventListener("click", act);
  g.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      act(event);
    }
  });
}

/** The field (pos, row, column) a laying command puts its first piece on. */
function targetOf(command, view) {
  const end = view.ends?.[command.args?.end];
  if (!end || typeof command.args.via !== "number") return null;
  const [dr, dc] = DELTA[command.args.via];
  return `${end.pos}|${end.field[0] + dr},${end.field[1] + dc}`;
}

function trackPath(x, y, sides) {
  const mid = CELL / 2;
  const point = (d) => [x + mid + DELTA[d][1] * mid, y + mid + DELTA[d][0] * mid];
  if (sides.length < 2) {
    const [ax, ay] = point(sides[0] ?? 0);
    return `M ${ax} ${ay} L ${x + mid} ${y + mid}`;
  }
  const [ax, ay] = point(sides[0]);
  const [bx, by] = point(sides[1]);
  return `M ${ax} ${ay} Q ${x + mid} ${y + mid} ${bx} ${by}`;
}

/** A large tile by where it lies and what it is ("The tile north-west of the start tile: lake"),
 *  never by its map coordinates (places.js). */
export function tileTitle(pos, board, t) {
  return capital(t("js.rd.tile.title", { where: tilePlace(pos, t), type: t(`js.rd.tile_type.${board.tile}`) }));
}

/** One large tile as SVG. */
export function drawTile(pos, board, view, ctx) {
  const { t } = ctx;
  const size = 7 * CELL;
  // Its name is a caption above it (index.js), which wraps on a phone.
  const svg = s("svg", { class: "rd-tile", viewBox: `0 0 ${size + 2} ${size + 2}`, width: size + 2,
    height: size + 2, role: "img", "aria-label": tileTitle(pos, board, t),
    dataset: { pos } });
  const byField = {};
  for (const command of ctx.interactive ? ctx.commands : []) {
    if (!LAY.has(command.type)) continue;
    const key = targetOf(command, view);
    if (!key) continue;
    // A meadow or lake tile reads (and plays) the same in every rotation: one choice each.
    const list = (byField[key] ||= []);
    const said = command.text?.[ctx.lang];
    if (!said || !list.some((c) => c.text?.[ctx.lang] === said)) list.push(command);
  }
  const labelOf = (commands) => capital(fieldPlace(commands[0].args.end, commands[0].args.via, t));
  board.rows.forEach((row, r) => {
    [...row].forEach((ch, c) => {
      const x = 1 + c * CELL;
      const y = 1 + r * CELL;
      const g = s("g", { class: `rd-field terrain-${ch}`, dataset: { field: `${r},${c}`, pos } });
      g.append(rect(x, y, CELL, CELL, { rx: 0, fill: TERRAIN_COLOURS[ch], class: "rd-ground" }));
      const piece = board.pieces[`${r},${c}`];
      if (piece) {
        // Every piece of the line is a die lying on the field (a station sits on its own die's place).
        g.append(rect(x + 3, y + 3, CELL - 6, CELL - 6, { rx: 6, class: `rd-tile-die${piece.kind === "station" ? " under-station" : ""}` }));
        const d = trackPath(x, y, piece.sides);
        g.append(...railMarks(d, piece.kind === "station" ? "rd-station-rail" : `rd-track rd-${piece.kind}`));
      }
      if (piece?.kind === "station") {
        const colour = COMPANY_COLOURS[view.companies?.[piece.company]?.colour] || "#666";
        const [hx, hy] = [x + CELL / 2, y + CELL / 2];
        g.append(s("path", { d: `M ${hx - 11} ${hy - 1} L ${hx} ${hy - 12} L ${hx + 11} ${hy - 1} L ${hx + 11} ${hy + 11} L ${hx - 11} ${hy + 11} Z`,
          fill: colour, class: "rd-station", dataset: { company: piece.company } }),
        s("title", {}, view.companies?.[piece.company]?.name || piece.company));
      }
      const commands = byField[`${pos}|${r},${c}`];
      if (commands) {
        g.append(rect(x + 3, y + 3, CELL - 6, CELL - 6, { rx: 4, fill: "none", stroke: "#d4380d", "stroke-width": 2,
          "stroke-dasharray": "4 3", class: "rd-target" }));
        usableField(g, labelOf(commands), commands, ctx);
        g.append(s("title", {}, labelOf(commands)));
      }
      svg.append(g);
    });
  });
  for (const [name, end] of Object.entries(view.ends || {})) {
    if (end.pos !== pos) continue;
    const [r, c] = end.field;
    const [bx, by] = [1 + c * CELL + 6, 1 + r * CELL + 6];
    svg.append(s("g", { class: "rd-end-badge", dataset: { end: name } }, s("title", {}, capital(t("js.rd.end_name", { end: name }))),
      s("circle", { cx: bx, cy: by, r: 6 }), text(bx, by + 3.5, name, { class: "rd-end", "font-size": 9, "text-anchor": "middle" })));
  }
  return svg;
}

/** The small-tile overview map: every tile laid so far, stations as coloured dots. */
export function drawMap(view, ctx) {
  const { t } = ctx;
  const keys = Object.keys(view.map || {});
  const xy = keys.map((k) => k.split(",").map(Number));
  const xs = xy.map((p) => p[0]);
  const ys = xy.map((p) => p[1]);
  const [minX, minY] = [Math.min(...xs), Math.min(...ys)];
  const unit = 7 * MAP_FIELD;
  const width = (Math.max(...xs) - minX + 1) * unit + 2;
  const height = (Math.max(...ys) - minY + 1) * unit + 2;
  const svg = s("svg", { class: "rd-map", viewBox: `0 0 ${width} ${height}`, width, height, role: "img",
    "aria-label": t("js.rd.map") });
  const rowsOf = {};
  for (const board of Object.entries(view.boards || {})) rowsOf[board[0]] = board[1].rows;
  keys.forEach((key, i) => {
    const [px, py] = xy[i];
    const ox = 1 + (px - minX) * unit;
    const oy = 1 + (py - minY) * unit;
    const g = s("g", { class: `rd-small-tile${view.boards?.[key] ? " active" : ""}`, dataset: { pos: key, tile: view.map[key].type } });
    const rows = rowsOf[key] || view.map[key].rows;
    if (rows) {
      rows.forEach((row, r) => [...row].forEach((ch, c) => g.append(rect(ox + c * MAP_FIELD, oy + r * MAP_FIELD, MAP_FIELD, MAP_FIELD, { rx: 0, fill: TERRAIN_COLOURS[ch] }))));
    } else {
      g.append(rect(ox, oy, unit, unit, { rx: 0, fill: TERRAIN_COLOURS.M }));
    }
    // The line on an active tile, in small (released tiles keep only their stations).
    for (const [field, piece] of Object.entries(view.boards?.[key]?.pieces || {})) {
      const [r, c] = field.split(",").map(Number);
      const mid = MAP_FIELD / 2;
      const [cx, cy] = [ox + c * MAP_FIELD + mid, oy + r * MAP_FIELD + mid];
      const ends = (piece.sides || []).map((d) => `${cx + DELTA[d][1] * mid} ${cy + DELTA[d][0] * mid}`);
      if (ends.length) {
        g.append(s("path", { d: `M ${ends[0]} L ${cx} ${cy}${ends[1] ? ` L ${ends[1]}` : ""}`, class: "rd-map-line" }));
      }
    }
    g.append(rect(ox, oy, unit, unit, { rx: 0, fill: "none", stroke: view.boards?.[key] ? "#d4380d" : "#555",
      "stroke-width": view.boards?.[key] ? 2 : 0.7 }), s("title", {}, capital(t("js.rd.tile.title", { where: tilePlace(key, t), type: t(`js.rd.tile_type.${view.map[key].type}`) }))));
    (view.stations || []).filter((st) => st.pos === key).forEach((st, j) => {
      const colour = COMPANY_COLOURS[view.companies?.[st.company]?.colour] || "#666";
      g.append(s("circle", { cx: ox + 9 + (j % 4) * 13, cy: oy + 9 + Math.floor(j / 4) * 13, r: 5, fill: colour,
        stroke: "#000", class: "rd-map-station", dataset: { company: st.company } }));
    });
    svg.append(g);
  });
  return svg;
}
