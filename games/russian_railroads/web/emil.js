// Russian Railroads, the solo game: Emil shown as a player beside the board, from the
// view's ``emil`` section.  His workers stand on the board in his own colour (class
// seat-fill-emil, drawn by board.js from ``occupied``); this panel gives his name, his
// workers, the engineers he took (they count in the final majority), the card he turned
// up last (what it blocked, or why it was laid aside) and the cards left in his deck.
// He moves by himself (the worker plays his cards), so there is nothing to click here.

import { h } from "../../dom.js";
import { engineerLabel, spaceName } from "./labels.js";

export const EMIL = "emil";

/** The names of the table with Emil's added, so tooltips say "Emil", not the seat id. */
export function namesWithEmil(names, view, t) {
  return view?.emil ? { ...(names || {}), [EMIL]: t("js.rr.emil.name") } : names;
}

function cardText(number, view, ctx) {
  const card = view.emil.cards?.[String(number)];
  if (!card) return `#${number}`;
  const where = spaceName(card.space, view, ctx.t);
  const cost = "●".repeat(card.workers || 0) + "○".repeat(card.coins || 0);
  const space = card.space === "public_engineer" ? ctx.t("js.rr.emil.public_engineer") : where;
  return ctx.t("js.rr.emil.card", { n: number, space, cost });
}

/** Did the card block its space (else it was laid aside: special cases 2-4, 6)? */
function blocked(number, view) {
  const space = view.emil.cards?.[String(number)]?.space;
  const mine = Object.entries(view.occupied || {}).filter(([, o]) => o.seat === EMIL).map(([id]) => id);
  if (space === "public_engineer") return mine.some((id) => id.startsWith("engineer_"));
  return mine.includes(space);
}

export function drawEmil(view, ctx) {
  const { t } = ctx;
  const emil = view.emil;
  const rows = [];
  const state = emil.passed ? t("js.rr.emil.passed") : emil.to_move ? t("js.rr.emil.to_move") : "";
  rows.push(h("p", { class: "rr-emil-head" },
    h("span", { class: "token-dot seat-emil" }), h("strong", { class: "rr-emil-name" }, t("js.rr.emil.name")),
    state ? h("span", { class: "badge rr-emil-state" }, state) : "",
    " ", t("js.rr.emil.workers", { free: emil.free_workers, workers: emil.workers })));
  const last = (emil.discard || []).at(-1);
  rows.push(h("p", { class: "rr-emil-card", dataset: { card: last ?? "" } },
    `${t("js.rr.emil.last_card")}: `,
    last === undefined ? "–" : cardText(last, view, ctx),
    last === undefined ? "" : ` (${t(blocked(last, view) ? "js.rr.emil.blocked" : "js.rr.emil.laid_aside")})`));
  const left = (emil.cards_left || []).map((n) => cardText(n, view, ctx));
  rows.push(h("p", { class: "small rr-emil-deck", dataset: { left: emil.deck_count } },
    `${t("js.rr.emil.cards_left", { n: emil.deck_count })}${left.length ? `: ${left.join(" · ")}` : ""}`));
  const engineers = (emil.engineers || []).map((n) => engineerLabel(n, view.board));
  rows.push(h("p", { class: "small rr-emil-engineers" },
    `${t("js.rr.emil.engineers")}: ${engineers.length ? engineers.join(", ") : "–"}`));
  if ((emil.tiles || []).length) {
    const tiles = emil.tiles.map((x) => t(x.kind === "loco" ? "js.rr.emil.loco" : "js.rr.emil.factory", { n: x.number }));
    rows.push(h("p", { class: "small rr-emil-tiles" }, `${t("js.rr.emil.tiles")}: ${tiles.join(", ")}`));
  }
  return h("div", { class: "card rr-emil", dataset: { seat: EMIL, round: view.round } }, ...rows);
}
