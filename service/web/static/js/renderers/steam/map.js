// Steam, the hex map: terrain, rivers, thick black lines, towns, cities with their
// cubes (and City Growth markers, New City tiles), every placed track in its owner's
// colour (ownerless grey, incomplete links dashed).  A hex carries the commands that
// act on it: tiles to build there (each face and rotation with its cost), a New City or
// City Growth to place, deliveries starting from a city's cubes.

import { s } from "../../dom.js";
import { clickable, text } from "../helpers.js";
import { CUBE_COLOURS, TERRAIN, UNOWNED, commandLabel, seatColour } from "./labels.js";

export const SIZE = 22;
const SQ3 = Math.sqrt(3);
const EDGE_ANGLE = [-90, -30, 30, 90, 150, 210];

export function centre(q, r) {
  return [SIZE * 1.5 * q, SIZE * SQ3 * (r + q / 2)];
}

function corners(cx, cy) {
  return [0, 60, 120, 180, 240, 300].map((a) => {
    const rad = (a * Math.PI) / 180;
    return `${(cx + SIZE * Math.cos(rad)).toFixed(1)},${(cy + SIZE * Math.sin(rad)).toFixed(1)}`;
  }).join(" ");
}

function edgePoint(cx, cy, edge, factor = 1) {
  const rad = (EDGE_ANGLE[edge] * Math.PI) / 180;
  const d = (SIZE * SQ3) / 2 * factor;
  return [cx + d * Math.cos(rad), cy + d * Math.sin(rad)];
}

function edgeLine(cx, cy, edge) {
  const a = ((EDGE_ANGLE[edge] - 30) * Math.PI) / 180;
  const b = ((EDGE_ANGLE[edge] + 30) * Math.PI) / 180;
  return `M ${cx + SIZE * Math.cos(a)} ${cy + SIZE * Math.sin(a)} L ${cx + SIZE * Math.cos(b)} ${cy + SIZE * Math.sin(b)}`;
}

function trackPath(cx, cy, edges) {
  const [ax, ay] = edgePoint(cx, cy, edges[0]);
  if (edges.length === 1) return `M ${ax} ${ay} L ${cx} ${cy}`;
  const [bx, by] = edgePoint(cx, cy, edges[1]);
  return `M ${ax} ${ay} Q ${cx} ${cy} ${bx} ${by}`;
}

/** Which link (and so owner and completeness) a hex's track segment belongs to. */
function linkIndex(view) {
  const out = {};
  for (const link of view.links || []) {
    for (const hex of link.hexes) (out[hex] ||= []).push(link);
  }
  return out;
}

/** The hexes a command is clicked on: a tile's or city's hex, a delivery's starting city,
 * every tile of the link a cube in transit moves over next. */
function commandsByHex(ctx, view) {
  const out = {};
  if (!ctx.interactive) return out;
  const linkHexes = Object.fromEntries((view.links || []).map((lk) => [lk.key, lk.hexes]));
  for (const command of ctx.commands || []) {
    const a = command.args || {};
    let hexes = [a.hex];
    if (command.type === "DeliverGoods" || command.type === "StartDelivery") hexes = [a.from];
    if (command.type === "MoveCube") hexes = linkHexes[a.link] || [];
    for (const hex of hexes) if (hex) (out[hex] ||= []).push(command);
  }
  return out;
}

function drawCubes(g, cx, cy, cubes) {
  const list = [];
  for (const [colour, n] of Object.entries(cubes || {})) for (let i = 0; i < n; i += 1) list.push(colour);
  list.forEach((colour, i) => {
    const x = cx - 12 + (i % 4) * 6.5;
    const y = cy + 2 + Math.floor(i / 4) * 6.5;
    g.append(s("rect", { x, y, width: 5.5, height: 5.5, fill: CUBE_COLOURS[colour] || "#999", stroke: "#111",
      "stroke-width": 0.5, class: "steam-cube", dataset: { colour } }));
  });
}

export function drawMap(view, ctx) {
  const { t } = ctx;
  const hexes = view.hexes || [];
  const xs = hexes.map((h) => centre(h.q, h.r)[0]);
  const ys = hexes.map((h) => centre(h.q, h.r)[1]);
  const minX = Math.min(...xs) - SIZE - 2;
  const minY = Math.min(...ys) - SIZE - 2;
  const width = Math.max(...xs) - minX + SIZE + 2;
  const height = Math.max(...ys) - minY + SIZE + 2;
  const svg = s("svg", { class: "steam-map", viewBox: `${minX} ${minY} ${width} ${height}`, width, height,
    role: "img", "aria-label": t("js.steam.map") });
  const links = linkIndex(view);
  const travelled = new Set((view.transit?.links || []).flatMap((k) => (view.links || []).find((lk) => lk.key === k)?.hexes || []));
  const byHex = commandsByHex(ctx, view);
  const blocked = new Set((view.blocked || []).map(([a, b]) => `${a[0]},${a[1]}|${b[0]},${b[1]}`));
  const DIRS = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]];
  for (const hx of hexes) {
    const key = `${hx.q},${hx.r}`;
    const [cx, cy] = centre(hx.q, hx.r);
    const newCity = view.new_cities?.[key];
    const city = hx.city || (newCity ? { name: hx.town, colour: newCity, goods: 0 } : null);
    const g = s("g", { class: `steam-hex${city ? " steam-city" : ""}${hx.town && !newCity ? " steam-town" : ""}`,
      dataset: { hex: key } });
    const fill = city ? CUBE_COLOURS[city.colour] : TERRAIN[hx.terrain] || TERRAIN.plain;
    g.append(s("polygon", { points: corners(cx, cy), fill, stroke: hx.terrain === "hill" ? "#fff" : "#7a8a6a",
      "stroke-width": hx.terrain === "hill" ? 1.5 : 0.6 }));
    if (hx.river && !city) {
      g.append(s("path", { d: `M ${cx - SIZE * 0.7} ${cy + 4} Q ${cx} ${cy - 8} ${cx + SIZE * 0.7} ${cy + 2}`,
        stroke: "#3b7dd8", "stroke-width": 2, fill: "none", class: "steam-river" }));
    }
    DIRS.forEach(([dq, dr], edge) => {
      if (blocked.has(`${key}|${hx.q + dq},${hx.r + dr}`) || blocked.has(`${hx.q + dq},${hx.r + dr}|${key}`)) {
        g.append(s("path", { d: edgeLine(cx, cy, edge), stroke: "#000", "stroke-width": 4, class: "steam-blocked" }));
      }
    });
    const tile = view.track?.[key];
    if (travelled.has(key)) {
      g.append(s("polygon", { points: corners(cx, cy), fill: "#fff59d", opacity: 0.6, class: "steam-travelled" }));
    }
    if (tile) {
      for (const seg of tile.segs) {
        const link = (links[key] || []).find((lk) => lk.owner === seg.owner) || (links[key] || [])[0];
        const complete = link ? link.complete : false;
        g.append(s("path", { d: trackPath(cx, cy, seg.e), stroke: seg.owner ? seatColour(seg.owner, view) : UNOWNED,
          "stroke-width": 5, fill: "none", "stroke-dasharray": complete ? null : "5 3",
          class: `steam-track${complete ? "" : " incomplete"}`, dataset: { owner: seg.owner || "" } }),
        s("path", { d: trackPath(cx, cy, seg.e), stroke: "#222", "stroke-width": 1, fill: "none" }));
      }
    }
    if (hx.town && !newCity) {
      g.append(s("circle", { cx, cy, r: 5, fill: "#fff", stroke: "#111", "stroke-width": 1.5 }));
      g.append(text(cx, cy - 7, hx.town, { class: "steam-name", "font-size": 7, "text-anchor": "middle" }));
    }
    if (city) {
      g.append(text(cx, cy - 6, city.name || "", { class: "steam-name", "font-size": 7, "text-anchor": "middle",
        "font-weight": "bold", fill: city.colour === "yellow" ? "#222" : "#fff" }));
      drawCubes(g, cx, cy, view.cubes?.[key]);
      if ((view.growth || []).includes(key) || newCity) {
        g.append(s("circle", { cx: cx + 13, cy: cy - 12, r: 3.5, fill: "#fff", stroke: "#000", class: "steam-growth" }));
      }
    }
    g.append(s("title", {}, [hx.city?.name || hx.town || key, t(`js.steam.terrain.${hx.terrain}`),
      hx.river ? t("js.steam.river") : ""].filter(Boolean).join(" · ")));
    const commands = byHex[key];
    if (commands) {
      g.append(s("polygon", { points: corners(cx, cy), fill: "none", stroke: "#d4380d", "stroke-width": 2,
        "stroke-dasharray": "4 3", class: "steam-target" }));
      clickable(g, t("js.steam.hex", { hex: hx.city?.name || hx.town || key }), commands, ctx, commandLabel);
    }
    svg.append(g);
  }
  return svg;
}
