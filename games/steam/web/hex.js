// Steam, hex geometry shared by the map and the tile picker: flat-top hexes in axial
// coordinates (edges 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW, as in the game's data), a track
// drawn from edge to edge with a dark casing, and a face's tracks after turning it.

import { s } from "../../dom.js";

export const SIZE = 22;
const SQ3 = Math.sqrt(3);
const EDGE_ANGLE = [-90, -30, 30, 90, 150, 210];
export const DIRS = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]];

export function centre(q, r) {
  return [SIZE * 1.5 * q, SIZE * SQ3 * (r + q / 2)];
}

export function corners(cx, cy, size = SIZE) {
  return [0, 60, 120, 180, 240, 300].map((a) => {
    const rad = (a * Math.PI) / 180;
    return `${(cx + size * Math.cos(rad)).toFixed(1)},${(cy + size * Math.sin(rad)).toFixed(1)}`;
  }).join(" ");
}

export function edgePoint(cx, cy, edge, factor = 1) {
  const rad = (EDGE_ANGLE[edge] * Math.PI) / 180;
  const d = (SIZE * SQ3) / 2 * factor;
  return [cx + d * Math.cos(rad), cy + d * Math.sin(rad)];
}

export function edgeLine(cx, cy, edge) {
  const a = ((EDGE_ANGLE[edge] - 30) * Math.PI) / 180;
  const b = ((EDGE_ANGLE[edge] + 30) * Math.PI) / 180;
  return `M ${cx + SIZE * Math.cos(a)} ${cy + SIZE * Math.sin(a)} L ${cx + SIZE * Math.cos(b)} ${cy + SIZE * Math.sin(b)}`;
}

export function trackPath(cx, cy, edges) {
  const [ax, ay] = edgePoint(cx, cy, edges[0]);
  if (edges.length === 1) return `M ${ax} ${ay} L ${cx} ${cy}`;
  const [bx, by] = edgePoint(cx, cy, edges[1]);
  return `M ${ax} ${ay} Q ${cx} ${cy} ${bx} ${by}`;
}

/** One track in a colour with a dark casing (so that a yellow or white track shows on
 * green), dashed while its link is incomplete. */
export function trackShape(cx, cy, edges, colour, { complete = true, cls = "steam-track", owner = "" } = {}) {
  const d = trackPath(cx, cy, edges);
  const g = s("g", { class: `${cls}${complete ? "" : " incomplete"}`, dataset: { owner } });
  // Round ends would close the gaps of a dashed (incomplete) track: those get flat ends.
  const cap = complete ? "round" : "butt";
  const dash = complete ? null : "5 4";
  g.append(s("path", { d, stroke: "#1b1b1b", "stroke-width": 6.5, fill: "none", "stroke-linecap": cap,
    "stroke-dasharray": dash }),
  s("path", { d, stroke: colour, "stroke-width": 4, fill: "none", "stroke-linecap": cap, "stroke-dasharray": dash }));
  return g;
}

/** The tracks of ``face`` turned ``rot`` steps: [[a, b], ...] (plain) or [[e], ...] (town). */
export function faceSegments(view, face, rot) {
  const f = view.faces?.[face];
  if (!f) return [];
  if (f.town) return f.exits.map((e) => [(e + rot) % 6]);
  return f.tracks.map(([a, b]) => [(a + rot) % 6, (b + rot) % 6]);
}
