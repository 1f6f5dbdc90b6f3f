// First Class, the scoring track (points of every player now, on a 0..100 lap
// track like the printed one) and the final scoring table (points before, coins,
// end-game cards per type, total).

import { h, s } from "../../dom.js";
import { text } from "../helpers.js";
import { typeName } from "./labels.js";

const LAP = 100;

/** The scoring track: one marker per player at points mod 100 (laps written beside the name). */
export function drawTrack(view, ctx, available = 900) {
  const { t } = ctx;
  const seats = Object.keys(view.players || {});
  const width = Math.max(320, Math.min(900, Math.floor(available)));
  const height = 30 + seats.length * 18;
  const svg = s("svg", { class: "fc-track fc-fit", viewBox: `0 0 ${width} ${height}`, width, height, role: "img",
    "aria-label": t("js.fc.track") });
  svg.append(s("line", { x1: 10, y1: 14, x2: width - 10, y2: 14, stroke: "#999", class: "fc-track-line" }));
  for (let i = 0; i <= LAP; i += 10) {
    const x = 10 + (i / LAP) * (width - 20);
    svg.append(s("line", { x1: x, y1: 8, x2: x, y2: 20, class: "fc-track-tick" }), text(x, 30, String(i), { "text-anchor": "middle", class: "fc-small" }));
  }
  seats.forEach((seat, i) => {
    const vp = view.players[seat].vp ?? 0;
    const x = 10 + ((vp % LAP) / LAP) * (width - 20);
    const g = s("g", { class: `fc-track-marker seat-${seat}`, dataset: { seat, vp } });
    g.append(s("circle", { cx: x, cy: 14, r: 6, class: `seat-fill-${seat}` }),
      s("title", {}, `${ctx.names[seat] || seat}: ${vp}`));
    svg.append(g);
    svg.append(text(10, 46 + i * 18, `${ctx.names[seat] || seat}: ${vp}${vp >= LAP ? ` (${Math.floor(vp / LAP)}×${LAP}+)` : ""}`,
      { class: `fc-track-name seat-${seat}` }));
  });
  return svg;
}

export function finalTable(view, ctx) {
  const { t } = ctx;
  const final = view.final || {};
  const detail = final.detail || {};
  const ranking = final.ranking || Object.keys(detail);
  const types = ["lok", "schaffner", "waggon"];
  const rows = ranking.map((seat, i) => {
    const d = detail[seat] || {};
    return h("tr", { dataset: { seat } }, h("td", {}, `${i + 1}.`), h("td", { class: "name" }, ctx.names[seat] || seat),
      h("td", { class: "num" }, String(d.before ?? 0)), h("td", { class: "num" }, String(d.coins ?? 0)),
      types.map((k) => h("td", { class: "num" }, `${d.end_cards?.[k]?.cards ?? 0}×${d.end_cards?.[k]?.points ?? 0} = ${d.end_cards?.[k]?.total ?? 0}`)),
      h("td", { class: "num total" }, h("strong", {}, String(final.scores?.[seat] ?? 0))));
  });
  return h("section", { class: "card fc-final", id: "fc-final" }, h("h3", {}, t("js.fc.final")),
    h("div", { class: "table-scroll" }, h("table", { class: "data fc-final-table" },
      h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("js.player")), h("th", {}, t("js.fc.final_before")),
        h("th", {}, t("js.fc.final_coins")), types.map((k) => h("th", {}, typeName(k, t))), h("th", {}, t("js.fc.final_total")))),
      h("tbody", {}, rows))));
}
