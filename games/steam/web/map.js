// Steam, the hex map: terrain, rivers, thick black lines, towns, cities with their
// cubes (and City Growth markers, New City tiles), every placed track in its owner's
// colour (ownerless grey, incomplete links dashed).  A hex carries the commands that
// act on it: tiles to build there (the tile picker: see picker.js), a New City or City
// Growth to place, whole deliveries from a city; a city's cube starts a delivery hop by
// hop, and then the next links' tiles and far ends carry the cube's next hop.

import { s } from "../../dom.js";
import { clickable, text } from "../helpers.js";
import { choose } from "../../widgets.js";
import { DIRS, SIZE, centre, corners, edgeLine, trackShape } from "./hex.js";
import { CUBE_COLOURS, TERRAIN, UNOWNED, commandLabel, seatColour, supplyLabel } from "./labels.js";
import { openPicker } from "./picker.js";
import { placeName } from "./places.js";

/** A hex that opens the tile picker (mouse, touch and keyboard), marked like every usable piece. */
function pickable(el, label, commands, act) {
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", label);
  el.classList.add("usable");
  el.dataset.commands = [...new Set(commands.map((c) => c.type))].join(" ");
  el.addEventListener("click", (event) => {
    event.stopPropagation();   // not a tap to zoom
    act();
  });
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      act();
    }
  });
}

/** Which link (and so owner and completeness) a hex's track segment belongs to. */
function linkIndex(view) {
  const out = {};
  for (const link of view.links || []) {
    for (const hex of link.hexes) (out[hex] ||= []).push(link);
  }
  return out;
}

function endHex(end) {
  return end[0] === "open" ? null : end[1];
}

/** Where the cube in transit is now: its city, then the far end of each link travelled. */
export function cubeAt(view) {
  const transit = view.transit;
  if (!transit?.from) return null;
  let at = transit.from;
  for (const key of transit.links || []) {
    const link = (view.links || []).find((lk) => lk.key === key);
    if (!link) break;
    const ends = link.ends.map(endHex);
    at = ends[0] === at ? ends[1] : ends[0];
  }
  return at;
}

/** The hexes a command is clicked on: a tile's or city's hex, a delivery's starting city,
 * every tile of the link a cube in transit moves over next and the place it leads to. */
function commandsByHex(ctx, view) {
  const out = {};
  if (!ctx.interactive) return out;
  const linkOf = Object.fromEntries((view.links || []).map((lk) => [lk.key, lk]));
  const at = cubeAt(view);
  for (const command of ctx.commands || []) {
    const a = command.args || {};
    let hexes = [a.hex];
    // A delivery starts on its city (and on the cube itself: see drawCubes).
    if (command.type === "DeliverGoods" || command.type === "StartDelivery") hexes = [a.from];
    if (command.type === "MoveCube") {
      const link = linkOf[a.link];
      hexes = link ? [...link.hexes, ...link.ends.map(endHex).filter((h) => h && h !== at)] : [];
    }
    for (const hex of new Set(hexes)) if (hex) (out[hex] ||= []).push(command);
  }
  return out;
}

/** A hop in words from the map: "over the link to Boston" (and the points' place on the last). */
export function hopLabel(command, ctx, view) {
  if (command.type !== "MoveCube") return commandLabel(command, ctx);
  const link = (view.links || []).find((lk) => lk.key === command.args.link);
  const at = cubeAt(view);
  const to = link?.ends.map(endHex).find((h) => h && h !== at);
  const name = to ? placeName(view, to, ctx) : ctx.t("js.steam.place.somewhere");
  const take = command.args.take ? ctx.t(`js.steam.take.${command.args.take}`) : null;
  return take ? ctx.t("js.steam.hop_deliver", { to: name, take }) : ctx.t("js.steam.hop", { to: name });
}

/** "Pick up the yellow cube in Toronto" (the game's sentence can only name the hex). */
function startLabel(command, ctx) {
  return commandLabel(command, ctx);
}

/** Several commands on one piece: those for a New City are chosen in two short steps (its
 * colour, then the supply space), the others in one menu. */
function offer(anchor, commands, ctx, labelOf) {
  const cities = commands.filter((c) => c.type === "PlaceNewCity");
  const colours = [...new Set(cities.map((c) => c.args.colour))];
  if (colours.length < 2 || cities.length !== commands.length) {
    choose(anchor, commands, ctx, labelOf);
    return;
  }
  const first = colours.map((colour) => cities.find((c) => c.args.colour === colour));
  const pickColour = { ...ctx, send: (picked) => choose(anchor,
    cities.filter((c) => c.args.colour === picked.args.colour), ctx,
    (c) => supplyLabel(ctx.view, c.args.group, ctx)) };
  choose(anchor, first, pickColour, (c) => ctx.t("js.steam.label.new_city_colour", {
    colour: ctx.t(`js.steam.colour.${c.args.colour}`) }));
}

/** The cubes of a city in rows of four; each colour's cubes start that colour's delivery
 * when a StartDelivery command for it is legal. */
function drawCubes(g, cx, cy, cubes, starts, ctx, view) {
  const list = [];
  for (const [colour, n] of Object.entries(cubes || {})) for (let i = 0; i < n; i += 1) list.push(colour);
  list.forEach((colour, i) => {
    const x = cx - 15 + (i % 4) * 7.8;
    const y = cy + 1 + Math.floor(i / 4) * 7.8;
    const cube = s("rect", { x, y, width: 6.6, height: 6.6, fill: CUBE_COLOURS[colour] || "#999", stroke: "#111",
      "stroke-width": 0.5, class: "steam-cube", dataset: { colour } });
    const start = starts.find((c) => c.args.colour === colour);
    if (start) {
      const hit = s("g", { class: "steam-cube-start", dataset: { colour } },
        s("rect", { x: x - 1.1, y: y - 1.1, width: 8.8, height: 8.8, fill: "none", stroke: "#fff", "stroke-width": 1.2 }),
        cube);
      clickable(hit, startLabel(start, ctx), [start], ctx, (c) => startLabel(c, ctx));
      g.append(hit);
    } else {
      g.append(cube);
    }
  });
}

/** Rivers as lines: within each group of neighbouring river hexes, a line from hex centre
 * to hex centre along a spanning tree (no triangles); a lone river hex gets a short bend. */
function drawRivers(svg, hexes) {
  const river = new Map(hexes.filter((h) => h.river && !h.city).map((h) => [`${h.q},${h.r}`, h]));
  const seen = new Set();
  const layer = s("g", { class: "steam-rivers", "pointer-events": "none" });
  for (const [start, hx] of river) {
    if (seen.has(start)) continue;
    seen.add(start);
    const queue = [hx];
    let joined = false;
    while (queue.length) {
      const cur = queue.shift();
      const [cx, cy] = centre(cur.q, cur.r);
      for (const [dq, dr] of DIRS) {
        const key = `${cur.q + dq},${cur.r + dr}`;
        const next = river.get(key);
        if (!next || seen.has(key)) continue;
        seen.add(key);
        queue.push(next);
        joined = true;
        const [nx, ny] = centre(next.q, next.r);
        const mx = (cx + nx) / 2 + (ny - cy) * 0.12;
        const my = (cy + ny) / 2 - (nx - cx) * 0.12;
        layer.append(s("path", { d: `M ${cx} ${cy} Q ${mx} ${my} ${nx} ${ny}`, class: "steam-river" }));
      }
    }
    if (!joined) {
      const [cx, cy] = centre(hx.q, hx.r);
      layer.append(s("path", { d: `M ${cx - SIZE * 0.7} ${cy + 4} Q ${cx} ${cy - 8} ${cx + SIZE * 0.7} ${cy + 2}`,
        class: "steam-river" }));
    }
  }
  svg.append(layer);
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
  const linkOf = Object.fromEntries((view.links || []).map((lk) => [lk.key, lk]));
  const travelled = new Set((view.transit?.links || []).flatMap((k) => linkOf[k]?.hexes || []));
  const at = cubeAt(view);
  const byHex = commandsByHex(ctx, view);
  const starts = ctx.interactive ? (ctx.commands || []).filter((c) => c.type === "StartDelivery") : [];
  const blocked = new Set((view.blocked || []).map(([a, b]) => `${a[0]},${a[1]}|${b[0]},${b[1]}`));
  const picks = [];
  const ground = s("g", { class: "steam-ground" });
  const top = s("g", { class: "steam-top" });
  for (const hx of hexes) {
    const key = `${hx.q},${hx.r}`;
    const [cx, cy] = centre(hx.q, hx.r);
    const newCity = view.new_cities?.[key];
    const city = hx.city || (newCity ? { name: hx.town, colour: newCity, goods: 0 } : null);
    const g = s("g", { class: `steam-hex${city ? " steam-city" : ""}${hx.town && !newCity ? " steam-town" : ""}`,
      dataset: { hex: key } });
    const fill = city ? CUBE_COLOURS[city.colour] : TERRAIN[hx.terrain] || TERRAIN.plain;
    g.append(s("polygon", { points: corners(cx, cy), fill, stroke: hx.terrain === "hill" ? "#fff" : "#7a8a6a",
      "stroke-width": hx.terrain === "hill" ? 1.5 : 0.6, class: "steam-hex-bg" }));
    ground.append(g);
    // Everything above the rivers: black lines, track, towns, cities, targets.
    const upper = s("g", { class: "steam-hex-top", dataset: { hex: key } });
    DIRS.forEach(([dq, dr], edge) => {
      if (blocked.has(`${key}|${hx.q + dq},${hx.r + dr}`) || blocked.has(`${hx.q + dq},${hx.r + dr}|${key}`)) {
        upper.append(s("path", { d: edgeLine(cx, cy, edge), stroke: "#000", "stroke-width": 4, class: "steam-blocked" }));
      }
    });
    if (travelled.has(key)) {
      upper.append(s("polygon", { points: corners(cx, cy), fill: "#fff59d", opacity: 0.6, class: "steam-travelled" }));
    }
    const tile = view.track?.[key];
    if (tile) {
      for (const seg of tile.segs) {
        const link = (links[key] || []).find((lk) => lk.owner === seg.owner) || (links[key] || [])[0];
        upper.append(trackShape(cx, cy, seg.e, seg.owner ? seatColour(seg.owner) : UNOWNED,
          { complete: link ? link.complete : false, owner: seg.owner || "" }));
      }
    }
    if (hx.town && !newCity) {
      upper.append(s("circle", { cx, cy, r: 5, fill: "#fff", stroke: "#111", "stroke-width": 1.5 }));
      upper.append(text(cx, cy - 7, hx.town, { class: "steam-name", "font-size": 7, "text-anchor": "middle" }));
    }
    if (city) {
      upper.append(text(cx, cy - 6, city.name || "", { class: "steam-name", "font-size": 7, "text-anchor": "middle",
        "font-weight": "bold", fill: city.colour === "yellow" ? "#222" : "#fff" }));
      drawCubes(upper, cx, cy, view.cubes?.[key], starts.filter((c) => c.args.from === key), ctx, view);
      if ((view.growth || []).includes(key) || newCity) {
        upper.append(s("circle", { cx: cx + 13, cy: cy - 12, r: 3.5, fill: "#fff", stroke: "#000", class: "steam-growth" }));
      }
    }
    if (at === key && view.transit?.colour) {
      upper.append(s("rect", { x: cx + 6, y: cy - 16, width: 8, height: 8, fill: CUBE_COLOURS[view.transit.colour],
        stroke: "#000", "stroke-width": 1.5, class: "steam-transit-cube" }));
    }
    upper.append(s("title", {}, [hx.city?.name || hx.town || "", t(`js.steam.terrain.${hx.terrain}`),
      hx.river ? t("js.steam.river") : ""].filter(Boolean).join(" · ")));
    const commands = byHex[key];
    if (commands) {
      // Under the hex's track, towns and cubes (a cube that starts a delivery stays clickable).
      upper.prepend(s("polygon", { points: corners(cx, cy, SIZE - 1.5), fill: "transparent", stroke: "#d4380d",
        "stroke-width": 2, "stroke-dasharray": "4 3", class: "steam-target" }));
      const name = placeName(view, key, ctx);
      const builds = commands.filter((c) => c.type === "BuildTrack");
      if (builds.length) {
        const others = commands.filter((c) => c.type !== "BuildTrack");
        pickable(upper, t("js.steam.hex", { hex: name }), commands,
          () => openPicker(upper, { hex: key, name, builds, others, view, ctx, labelOf: (c) => hopLabel(c, ctx, view) }));
        picks.push([upper, { hex: key, name, builds, others, view, ctx, labelOf: (c) => hopLabel(c, ctx, view) }]);
      } else {
        pickable(upper, t("js.steam.hex", { hex: name }), commands,
          () => offer(upper, commands, ctx, (c) => hopLabel(c, ctx, view)));
      }
    }
    top.append(upper);
  }
  svg.append(ground);
  drawRivers(svg, hexes);
  svg.append(top);
  svg.steamPicks = picks;      // index.js moves an open tile picker here once the map is on the page
  return svg;
}
