// Railroad Dice, where things are in words: the same naming scheme as the server's
// places.py, with the same messages (rd.place.* in texts.json).  A large tile is named by
// where it lies from the start tile ("the tile north-west of the start tile"), a field by
// the end of the line it lies next to ("the field north of end A"); never by coordinates.

/** The engine's directions 0-3 by name. */
export const DIRECTIONS = ["north", "east", "south", "west"];

/** The tile at map position ``pos`` ("x,y", x east, y south of the start tile), in words. */
export function tilePlace(pos, t) {
  const [x, y] = String(pos).split(",").map(Number);
  const ns = y < 0 ? "north" : y > 0 ? "south" : "";
  const ew = x < 0 ? "west" : x > 0 ? "east" : "";
  const kase = "nom";
  if (!ns && !ew) return t("rd.place.start", { case: kase });
  if (!ew) return t("rd.place.line", { dir: ns, n: Math.abs(y), case: kase });
  if (!ns) return t("rd.place.line", { dir: ew, n: Math.abs(x), case: kase });
  if (Math.abs(x) === 1 && Math.abs(y) === 1) return t("rd.place.diagonal", { dir: ns + ew, case: kase });
  return t("rd.place.offset", { ns, dy: Math.abs(y), ew, dx: Math.abs(x), case: kase });
}

/** The field next to ``end`` of the line in direction ``dir`` (0-3), in words. */
export function fieldPlace(end, dir, t) {
  return t("rd.place.field", { dir: DIRECTIONS[dir], end, case: "nom" });
}

/** A sentence's first letter in upper case ("the start tile" as a title). */
export function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}
