// First Class, the middle of the table: the three rows of action cards with the
// start-player tile left of the first row, the face-up end-game cards (and, in
// the set-up draft, the hand of the drafting player), the LOK tiles still to come
// and Constantinople.  Cards are clickable with the commands that take them.

import { s } from "../../dom.js";
import { clickable, fitText, rect, text } from "../helpers.js";
import { STACK_COLOURS, TYPE_COLOURS, cardLines, commandLabel, effectsText, typeName } from "./labels.js";

export const CARD_W = 118;
export const CARD_H = 86;
const GAP = 8;
const TILE_W = 70;

const byArg = (commands, type, key, value) => commands.filter((c) => c.type === type && c.args?.[key] === value);

/** One action card: type band, its lines; taken with TakeCard (actions or upgrade). */
export function actionCard(card, x, y, ctx) {
  const { t } = ctx;
  const colour = TYPE_COLOURS[card.type || "contract"];
  const g = s("g", { class: "fc-card", dataset: { card: card.id }, transform: `translate(${x},${y})` });
  g.append(rect(0, 0, CARD_W, CARD_H, { fill: STACK_COLOURS[card.stack] || "#fff", class: "chip-bg" }),
    rect(0, 0, CARD_W, 16, { fill: colour, rx: 6 }),
    fitText(6, 12, `${typeName(card.type, t)}${card.module !== "X" ? ` · ${card.module}` : ""}`, CARD_W - 12,
      { class: "fc-card-type", fill: "#fff" }));
  cardLines(card, t).slice(0, 4).forEach((line, i) => g.append(fitText(6, 32 + i * 15, line, CARD_W - 12, { class: "fc-card-line", "font-size": 11 })));
  g.append(s("title", {}, `${typeName(card.type, t)}: ${cardLines(card, t).join(" / ")}`));
  const commands = byArg(ctx.commands, "TakeCard", "card", card.id);
  if (commands.length) clickable(g, t("js.fc.take_card"), commands, ctx, commandLabel);
  return g;
}

/** An end-game card face up: type, points per action card of that type, its immediate action. */
export function endCard(card, x, y, ctx, commands = []) {
  const { t } = ctx;
  const colour = TYPE_COLOURS[card.type];
  const g = s("g", { class: "fc-end-card", dataset: { card: card.id }, transform: `translate(${x},${y})` });
  g.append(rect(0, 0, CARD_W, CARD_H, { fill: "#fbf6ea", class: "chip-bg" }),
    rect(0, 0, CARD_W, 16, { fill: colour, rx: 6 }),
    fitText(6, 12, typeName(card.type, t), CARD_W - 12, { class: "fc-card-type", fill: "#fff" }),
    text(CARD_W / 2, 46, t("js.fc.end_points", { n: card.points }), { "text-anchor": "middle", class: "fc-end-points", "font-weight": 700 }),
    fitText(6, 72, effectsText(card.effects, t), CARD_W - 12, { class: "fc-card-line", "font-size": 11 }));
  g.append(s("title", {}, `${typeName(card.type, t)} ${t("js.fc.end_points", { n: card.points })}: ${effectsText(card.effects, t)}`));
  if (commands.length) clickable(g, t("js.fc.end_card"), commands, ctx, commandLabel);
  return g;
}

export function displayWidth() {
  return TILE_W + GAP + 6 * (CARD_W + GAP) + 10;
}

/** The card rows and the start-player tile. */
export function drawRows(view, ctx) {
  const { t } = ctx;
  const rows = view.rows || [];
  const height = rows.length * (CARD_H + GAP) + 30;
  const svg = s("svg", { class: "fc-rows", viewBox: `0 0 ${displayWidth()} ${height}`, width: displayWidth(), height,
    role: "img", "aria-label": t("js.fc.rows") });
  svg.append(text(0, 14, t("js.fc.rows_title", { round: view.round, stack: rows.flat()[0]?.stack ?? "–" }), { class: "fc-title", "font-weight": 700 }));
  const tile = s("g", { class: `fc-start-tile${view.start_tile?.free ? "" : " taken"}`, transform: "translate(0,24)" });
  tile.append(rect(0, 0, TILE_W, CARD_H, { fill: view.start_tile?.free ? "#f3d36b" : "#ddd", class: "chip-bg" }),
    text(TILE_W / 2, 40, "1", { "text-anchor": "middle", class: "fc-tile-number", "font-size": 24, "font-weight": 700 }),
    fitText(6, 70, view.start_tile?.free ? t("js.fc.start_tile") : (ctx.names[view.start_tile.holder] || view.start_tile.holder),
      TILE_W - 12, { class: "fc-card-line", "font-size": 11 }));
  const tileCommands = ctx.commands.filter((c) => c.type === "TakeStartTile");
  if (tileCommands.length) clickable(tile, t("js.fc.start_tile"), tileCommands, ctx, commandLabel);
  svg.append(tile);
  rows.forEach((row, r) => {
    const y = 24 + r * (CARD_H + GAP);
    if (!row.length) {
      svg.append(text(TILE_W + GAP + 6, y + CARD_H / 2, t("js.fc.row_cleared"), { class: "fc-row-cleared", fill: "#888" }));
    }
    row.forEach((card, i) => svg.append(actionCard(card, TILE_W + GAP + i * (CARD_W + GAP), y, ctx)));
  });
  return svg;
}

/** The face-up end-game cards (bought or taken), the draft hand, LOK tiles and Constantinople. */
export function drawExtras(view, ctx) {
  const { t } = ctx;
  const hand = view.draft_hand || [];
  const height = CARD_H + 36 + (hand.length ? CARD_H + 34 : 0) + 40;
  const svg = s("svg", { class: "fc-extras", viewBox: `0 0 ${displayWidth()} ${height}`, width: displayWidth(), height,
    role: "img", "aria-label": t("js.fc.end_cards") });
  svg.append(text(0, 14, t("js.fc.end_display", { n: view.end_deck_count ?? 0 }), { class: "fc-title", "font-weight": 700 }));
  (view.end_display || []).forEach((card, i) => {
    const commands = ctx.commands.filter((c) => ["BuyEndCard", "TakeEndCard"].includes(c.type) && c.args?.card === card.id);
    svg.append(endCard(card, i * (CARD_W + GAP), 22, ctx, commands));
  });
  let y = CARD_H + 44;
  if (hand.length) {
    svg.append(text(0, y - 6, t("js.fc.draft_hand"), { class: "fc-title", "font-weight": 700 }));
    hand.forEach((card, i) => {
      const commands = ctx.commands.filter((c) => c.type === "DraftEndCard" && c.args?.card === card.id);
      svg.append(endCard(card, i * (CARD_W + GAP), y, ctx, commands));
    });
    y += CARD_H + 34;
  }
  const loks = (view.lok_tiles || []).join(" · ") || "–";
  svg.append(text(0, y, t("js.fc.lok_tiles", { tiles: loks }), { class: "fc-line", "font-size": 12 }));
  const istanbul = (view.constantinople || []).map((seat, i) => `${i + 1}. ${ctx.names[seat] || seat}`).join("  ") || "–";
  svg.append(text(0, y + 20, t("js.fc.constantinople", { who: istanbul }), { class: "fc-line fc-constantinople", "font-size": 12 }));
  return svg;
}
