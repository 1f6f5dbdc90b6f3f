// Steam in place names: a hex is called by what stands on it (a city, a town, a New City)
// or by where it lies from the nearest of them ("the hex north-east of Utica"), and a track
// tile by what is drawn on it ("straight and gentle curve"), never by coordinates or the
// tile list's numbers.  The words come from the translations (js.steam.place.*, js.steam.track.*).

import { centre } from "./hex.js";

const COMPASS = ["east", "south_east", "south", "south_west", "west", "north_west", "north", "north_east"];

/** The hex's own name: its city, New City or town; null for open country. */
function ownName(hx) {
  return hx.city?.name || hx.town || null;
}

function hexIndex(view) {
  if (view._hexIndex) return view._hexIndex;
  const index = new Map((view.hexes || []).map((hx) => [`${hx.q},${hx.r}`, hx]));
  Object.defineProperty(view, "_hexIndex", { value: index, enumerable: false });
  return index;
}

function distance(a, b) {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** Where ``hx`` lies from ``from`` as one of eight compass points (the map's north is up). */
function bearing(hx, from) {
  const [x, y] = centre(hx.q, hx.r);
  const [fx, fy] = centre(from.q, from.r);
  const angle = Math.atan2(y - fy, x - fx);            // 0 east, clockwise (screen y points down)
  const sector = Math.round(angle / (Math.PI / 4));
  return COMPASS[(sector + 8) % 8];
}

/** Nearer first, then a city before a town, then the alphabet. */
function before(a, b) {
  if (a[0] !== b[0]) return a[0] < b[0];
  if (a[1] !== b[1]) return a[1] < b[1];
  return a[2] < b[2];
}

/** A hex in words: "Utica"; else the game's own name for it when the view has one (the
 * same words as the log), else "between Albany and Troy" (two places beside it) or
 * "north-east of Utica" (the nearest city or town; a city wins a tie, then the alphabet). */
export function placeName(view, key, ctx) {
  const { t } = ctx;
  const hx = hexIndex(view).get(key);
  if (!hx) return t("js.steam.place.somewhere");
  const own = ownName(hx);
  if (own) return own;
  const named = view.place_names?.[key]?.[ctx.lang];
  if (named) return named;
  let best = null;
  const beside = [];
  for (const other of view.hexes || []) {
    const name = ownName(other);
    if (!name) continue;
    const rank = [distance(hx, other), other.city ? 0 : 1, name];
    if (rank[0] === 1) beside.push(rank);
    if (!best || before(rank, best.rank)) best = { rank, hex: other, name };
  }
  if (!best) return t("js.steam.place.somewhere");
  if (beside.length > 1) {
    const [a, b] = beside.sort((x, y) => (before(x, y) ? -1 : 1));
    return t("js.steam.place.between", { a: a[2], b: b[2] });
  }
  const direction = t(`js.steam.place.dir.${bearing(hx, best.hex)}`);
  return t("js.steam.place.near", { n: best.rank[0], dir: direction, place: best.name });
}

/** A track tile by what is drawn on it: "town with 2 exits", "straight and gentle curve, crossing". */
export function tileName(view, face, t) {
  const tile = view.faces?.[face];
  if (!tile) return t("js.steam.track.tile");
  if (tile.town) return t("js.steam.track.town", { n: tile.exits.length });
  const kinds = tile.tracks.map(([a, b]) => {
    const turn = Math.min(Math.abs(a - b), 6 - Math.abs(a - b));
    return turn === 3 ? "straight" : turn === 2 ? "gentle" : "sharp";
  });
  let out;
  if (kinds.length === 2 && kinds[0] === kinds[1]) out = t(`js.steam.track.two_${kinds[0]}`);
  else out = kinds.map((k) => t(`js.steam.track.${k}`)).reduce((a, b) => t("js.steam.track.and", { a, b }));
  if (tile.tracks.length === 2) {
    const [[a, b], [c, d]] = tile.tracks.map((pair) => [...pair].sort((x, y) => x - y));
    if ((a < c && c < b) !== (a < d && d < b)) out = t("js.steam.track.crossing", { what: out });
  }
  return out;
}
