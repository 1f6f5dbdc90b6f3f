// Railroad Dice, the pieces drawn as pictures: a railroad die showing its face
// (a straight rail, a curve, a share certificate, a '?'), a blank die (behind a
// screen the face does not count), a station house in its company's colour, a
// passenger chip.  Small SVGs used in the HTML parts (screens, dice in front,
// company cards); the large tiles draw their own dice and stations (tiles.js).
// Colours and sizes live in railroad_dice.css (beside this module; the page allows no inline style).

import { s } from "../../dom.js";

/** The rail of a straight (north-south) or a curve (south-east) inside a 0..24 box. */
export function railPath(face) {
  return face === "curve" ? "M 12 24 Q 12 12 24 12" : "M 12 0 L 12 24";
}

/** A piece of track along ``d``: sleepers, then two rails (one wide stroke with a gap drawn over it). */
export function railMarks(d, cls = "") {
  return [s("path", { d, class: "rd-rail-bed" }), s("path", { d, class: `rd-rail${cls ? ` ${cls}` : ""}` }),
    s("path", { d, class: "rd-rail-gap" })];
}

function faceMarks(face) {
  if (face === "straight" || face === "curve") {
    const d = railPath(face);
    return railMarks(d);
  }
  if (face === "share") {
    return [s("rect", { x: 6, y: 5, width: 12, height: 14, rx: 1.5, class: "rd-share-paper" }),
      s("path", { d: "M 8.5 9 H 15.5 M 8.5 12 H 15.5 M 8.5 15 H 13", class: "rd-share-lines" })];
  }
  if (face === "question") return [s("text", { x: 12, y: 17.5, class: "rd-qmark" }, "?")];
  return [];
}

/** One railroad die, ``face`` up (null: a blank die, as behind a screen). */
export function die(face, { title, size = 26, cls = "" } = {}) {
  const svg = s("svg", { class: `rd-die${face ? ` face-${face}` : " blank"}${cls ? ` ${cls}` : ""}`,
    viewBox: "-1 -1 26 26", width: size, height: size, dataset: face ? { face } : {},
    // Named when a title says what it is; otherwise a picture beside its words.
    ...(title ? { role: "img", "aria-label": title } : { "aria-hidden": "true" }) });
  svg.append(s("rect", { x: 0, y: 0, width: 24, height: 24, rx: 5, class: "rd-die-body" }), ...faceMarks(face));
  if (title) svg.append(s("title", {}, title));
  return svg;
}

/** A station house in a company colour (``colour`` is the COMPANY_COLOURS value). */
export function stationIcon(colour, { size = 16, title } = {}) {
  const svg = s("svg", { class: "rd-station-icon", viewBox: "0 0 16 16", width: size, height: size, role: "img",
    "aria-label": title || "" });
  svg.append(s("path", { d: "M 2 7 L 8 2 L 14 7 L 14 14 L 2 14 Z", fill: colour, class: "rd-house" }));
  if (title) svg.append(s("title", {}, title));
  return svg;
}

/** The screen: a three-panel folding screen; ``count`` null when it is hidden from me. */
export function screenIcon(hidden) {
  const svg = s("svg", { class: `rd-screen-icon${hidden ? " hidden" : ""}`, viewBox: "0 0 40 22", width: 40, height: 22,
    "aria-hidden": "true" });
  svg.append(s("path", { d: "M 1 4 L 13 1 L 27 1 L 39 4 L 39 21 L 27 19 L 13 19 L 1 21 Z", class: "rd-screen-body" }),
    s("path", { d: "M 13 1 V 19 M 27 1 V 19", class: "rd-screen-fold" }));
  if (hidden) svg.append(s("text", { x: 20, y: 15, class: "rd-screen-mark" }, "?"));
  return svg;
}

/** A passenger chip (1,000 passengers). */
export function passengerChip() {
  const svg = s("svg", { class: "rd-chip", viewBox: "0 0 16 16", width: 16, height: 16, "aria-hidden": "true" });
  svg.append(s("circle", { cx: 8, cy: 8, r: 7, class: "rd-chip-body" }), s("circle", { cx: 8, cy: 8, r: 3.5, class: "rd-chip-ring" }));
  return svg;
}

/** A share certificate of a company (``colour`` the COMPANY_COLOURS value): a paper with the
 *  company's colour band and seal. */
export function shareCertificate(colour, { size = 22, title } = {}) {
  const svg = s("svg", { class: "rd-certificate", viewBox: "0 0 22 16", width: size, height: Math.round(size * 16 / 22),
    role: "img", "aria-label": title || "" });
  svg.append(s("rect", { x: 0.5, y: 0.5, width: 21, height: 15, rx: 1.5, class: "rd-certificate-paper" }),
    s("rect", { x: 0.5, y: 0.5, width: 5, height: 15, rx: 1.5, fill: colour, class: "rd-certificate-band" }),
    s("path", { d: "M 8 5 H 19 M 8 8 H 19 M 8 11 H 15", class: "rd-certificate-lines" }),
    s("circle", { cx: 17.5, cy: 11.5, r: 2.2, fill: colour, class: "rd-certificate-seal" }));
  if (title) svg.append(s("title", {}, title));
  return svg;
}

/** The middle of side ``d`` (0 north .. 3 west) of the 0..24 die face. */
const SIDE_POINT = [[12, 0], [24, 12], [12, 24], [0, 12]];

/** A die about to be laid: its rail enters by side ``enter`` and leaves by side ``exit`` (0-3),
 *  straight through or curving, as it will lie on the board. */
export function laidDie(enter, exit, { size = 26, title } = {}) {
  const [ax, ay] = SIDE_POINT[enter] || SIDE_POINT[2];
  const [bx, by] = SIDE_POINT[exit] || SIDE_POINT[0];
  const straight = (enter + 2) % 4 === exit;
  const d = straight ? `M ${ax} ${ay} L ${bx} ${by}` : `M ${ax} ${ay} Q 12 12 ${bx} ${by}`;
  const svg = s("svg", { class: `rd-die face-${straight ? "straight" : "curve"} rd-laid`, viewBox: "-1 -1 26 26", width: size,
    height: size, ...(title ? { role: "img", "aria-label": title } : { "aria-hidden": "true" }) });
  svg.append(s("rect", { x: 0, y: 0, width: 24, height: 24, rx: 5, class: "rd-die-body" }), ...railMarks(d));
  return svg;
}
