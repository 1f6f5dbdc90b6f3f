// Russian Railroads, the score tables: the final scoring (round points, end-game
// cards, engineer majority, total) and the latest round scoring per line.

import { h } from "../../dom.js";

function seatCell(seat, ctx) {
  return h("td", { class: "name" }, h("span", { class: `token-dot seat-${seat}` }), ctx.names[seat] || seat);
}

/** The final scoring: per player the points from the rounds, the end-game cards, the engineer majority, the total. */
export function finalTable(view, ctx) {
  const { t } = ctx;
  const final = view.final?.final || {};
  const ranking = view.final?.ranking?.length ? view.final.ranking : Object.keys(final);
  const rows = ranking.filter((seat) => final[seat]).map((seat, i) => {
    const row = final[seat];
    const rounds = row.total - row.end_cards - row.majority;
    return h("tr", { class: `seat-${seat}`, dataset: { seat } },
      h("td", { class: "rank" }, `${i + 1}.`),
      seatCell(seat, ctx),
      h("td", { class: "num", dataset: { key: "rounds" } }, String(rounds)),
      h("td", { class: "cards", dataset: { key: "end_cards" } },
        (row.cards || []).map((c) => h("div", { class: "end-card" }, `${t(`js.rr.end.${c.card}`)}: ${c.vp}`)),
        h("div", { class: "sum" }, (row.cards || []).length ? `= ${row.end_cards}` : String(row.end_cards))),
      h("td", { class: "num", dataset: { key: "majority" } }, String(row.majority)),
      h("td", { class: "num total", dataset: { key: "total" } }, h("strong", {}, String(row.total))));
  });
  return h("section", { class: "card rr-scores rr-final", id: "rr-final" },
    h("h3", {}, t("js.rr.final.title")),
    h("div", { class: "table-scroll" }, h("table", { class: "data rr-score-table" },
      h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("js.player")), h("th", {}, t("js.rr.final.rounds")),
        h("th", {}, t("js.rr.final.end_cards")), h("th", {}, t("js.rr.final.majority")), h("th", {}, t("js.rr.final.total")))),
      h("tbody", {}, rows))));
}

/** The latest round scoring: per player each line, industry and the total. */
export function lastScoringTable(view, ctx) {
  const { t } = ctx;
  const scores = view.last_scoring || {};
  const keys = [...(ctx.board.lines || []).map((l) => l.id), "industry"];
  const head = keys.map((k) => h("th", {}, k === "industry" ? t("js.rr.industry") : t(`js.rr.line.${k}`)));
  const rows = Object.keys(scores).map((seat) => h("tr", { dataset: { seat } }, seatCell(seat, ctx),
    keys.map((k) => h("td", { class: "num" }, String(scores[seat][k] ?? 0))),
    h("td", { class: "num total" }, h("strong", {}, String(scores[seat].total ?? 0)))));
  return h("details", { class: "card rr-scores rr-last-scoring", id: "rr-last-scoring" },
    h("summary", {}, t("js.rr.last_scoring")),
    h("div", { class: "table-scroll" }, h("table", { class: "data rr-score-table" },
      h("thead", {}, h("tr", {}, h("th", {}, t("js.player")), head, h("th", {}, t("js.rr.final.total")))),
      h("tbody", {}, rows))));
}
