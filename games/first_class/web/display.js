// First Class, the middle of the table: the three rows of action cards with the
// start-player tile, the face-up end-game cards (and, in the set-up draft, the
// hand of the drafting player), the LOK tiles still to come and Constantinople.
// Cards are small card faces: the type band, then their actions in words.  The
// rows are laid out for the width there is: six cards a line beside the tile on a
// wide screen, three a line under the tile on a phone (``columns``).  Cards are
// clickable with the commands that take them.

import { s } from "../../dom.js";
import { clickable, fitText, rect, text } from "../helpers.js";
import { STACK_COLOURS, TYPE_COLOURS, cardLines, commandLabel, effectsText, typeName, wrap } from "./labels.js";

export const CARD_W = 104;
export const CARD_H = 88;
const GAP = 8;
const TILE_W = 64;
const TITLE_H = 24;
const ROW_LABEL_H = 16;
const LINE_H = 13;
const CHARS = 17;

const byArg = (commands, type, key, value) => commands.filter((c) => c.type === type && c.args?.[key] === value);
const step = CARD_W + GAP;

/** How the rows are laid out in ``available`` pixels: cards per line, and the tile beside or above. */
export function layout(available) {
  const columns = Math.max(3, Math.min(6, Math.floor((available + GAP) / step)));
  const tileLeft = available >= TILE_W + GAP + columns * step - GAP && columns === 6;
  return { columns, tileLeft, width: (tileLeft ? TILE_W + GAP : 0) + columns * step - GAP };
}

function face(g, colour, fill, title, ctx) {
  g.append(rect(0, 0, CARD_W, CARD_H, { fill, class: "fc-bg" }),
    rect(0, 0, CARD_W, 17, { fill: colour, rx: 6, class: "fc-band" }),
    fitText(6, 13, title, CARD_W - 12, { class: "fc-card-type" }, 6.4));
}

function lines(g, all, top, max) {
  const wrapped = all.flatMap((line) => wrap(line, CHARS));
  const shown = wrapped.length > max ? [...wrapped.slice(0, max - 1), `${wrapped[max - 1]} …`] : wrapped;
  shown.forEach((line, i) => g.append(fitText(5, top + i * LINE_H, line, CARD_W - 10, { class: "fc-card-line" }, 5.6)));
}

/** One action card: type band (and module), its actions; taken with TakeCard (actions or upgrade). */
export function actionCard(card, x, y, ctx) {
  const { t } = ctx;
  const g = s("g", { class: "fc-card", dataset: { type: card.type || "contract" }, transform: `translate(${x},${y})` });
  const title = `${typeName(card.type, t)}${card.module !== "X" ? ` · ${card.module}` : ""}`;
  face(g, TYPE_COLOURS[card.type || "contract"], STACK_COLOURS[card.stack] || "#fff", title, ctx);
  const all = cardLines(card, t);
  lines(g, all, 31, 5);
  g.append(s("title", {}, `${typeName(card.type, t)}: ${all.join(" / ")}`));
  const commands = byArg(ctx.commands, "TakeCard", "card", card.id);
  if (commands.length) clickable(g, `${t("js.fc.take_card")}: ${all.join(", ")}`, commands, ctx, commandLabel);
  return g;
}

/** An end-game card face up: type, points per action card of that type, its immediate action. */
export function endCard(card, x, y, ctx, commands = []) {
  const { t } = ctx;
  const g = s("g", { class: "fc-end-card", dataset: { type: card.type }, transform: `translate(${x},${y})` });
  face(g, TYPE_COLOURS[card.type], "#fbf6ea", typeName(card.type, t), ctx);
  const points = t("js.fc.end_points", { n: card.points });
  g.append(fitText(CARD_W / 2, 38, points, CARD_W - 10, { "text-anchor": "middle", class: "fc-end-points" }, 7));
  lines(g, [effectsText(card.effects, t, ", ")], 57, 3);
  const words = `${typeName(card.type, t)}, ${points}: ${effectsText(card.effects, t)}`;
  g.append(s("title", {}, words));
  if (commands.length) clickable(g, `${t("js.fc.end_card")}: ${words}`, commands, ctx, commandLabel);
  return g;
}

function startTile(view, ctx, wide) {
  const { t } = ctx;
  const free = view.start_tile?.free;
  const who = free ? t("js.fc.start_tile") : (ctx.names[view.start_tile.holder] || view.start_tile.holder);
  const g = s("g", { class: `fc-start-tile${wide ? " fc-wide" : ""}${free ? "" : " taken"}` });
  if (wide) {
    g.append(rect(0, 0, TILE_W, CARD_H, { fill: free ? "#f3d36b" : "#ddd", class: "fc-bg" }),
      text(TILE_W / 2, 42, "1", { "text-anchor": "middle", class: "fc-tile-number" }),
      fitText(5, 72, who, TILE_W - 10, { class: "fc-card-line" }, 5.6));
  } else {
    g.append(rect(0, 0, 2 * CARD_W, 36, { fill: free ? "#f3d36b" : "#ddd", class: "fc-bg" }),
      text(18, 26, "1", { "text-anchor": "middle", class: "fc-tile-number" }),
      fitText(36, 23, free ? t("js.fc.start_tile") : `${t("js.fc.start_tile")}: ${who}`, 2 * CARD_W - 44, { class: "fc-card-line fc-tile-words" }, 6.4));
  }
  g.append(s("title", {}, free ? t("js.fc.start_tile") : `${t("js.fc.start_tile")}: ${who}`));
  const tileCommands = ctx.commands.filter((c) => c.type === "TakeStartTile");
  if (tileCommands.length) clickable(g, t("js.fc.start_tile"), tileCommands, ctx, commandLabel);
  return g;
}

/** The card rows and the start-player tile, ``columns`` cards a line. */
export function drawRows(view, ctx, available) {
  const { t } = ctx;
  const { columns, tileLeft, width } = layout(available);
  const rows = view.rows || [];
  const svg = s("svg", { class: "fc-rows fc-fit", role: "group", "aria-label": t("js.fc.rows") });
  svg.append(fitText(0, 15, t("js.fc.rows_title", { round: view.round, stack: rows.flat()[0]?.stack ?? "–" }), width,
    { class: "fc-title" }, 7.4));
  const tile = startTile(view, ctx, tileLeft);
  tile.setAttribute("transform", `translate(0,${TITLE_H + (tileLeft ? ROW_LABEL_H : 0)})`);
  svg.append(tile);
  const left = tileLeft ? TILE_W + GAP : 0;
  let y = TITLE_H + (tileLeft ? 0 : 36 + GAP);
  rows.forEach((row, r) => {
    svg.append(text(left, y + 12, t("js.fc.row", { n: r + 1 }), { class: "fc-row-label" }));
    y += ROW_LABEL_H;
    if (!row.length) {
      svg.append(text(left + 6, y + 16, t("js.fc.row_cleared"), { class: "fc-row-cleared" }));
      y += 28;
      return;
    }
    row.forEach((card, i) => {
      svg.append(actionCard(card, left + (i % columns) * step, y + Math.floor(i / columns) * (CARD_H + GAP), ctx));
    });
    y += Math.ceil(row.length / columns) * (CARD_H + GAP);
  });
  return sized(svg, width, y, available);
}

/** Cards are drawn up to a quarter larger when the box is wider than they need (a phone's pixels left over, a wide desktop). */
function sized(svg, width, height, available) {
  const scale = width < available ? Math.min(1.25, available / width) : 1;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("width", Math.floor(width * scale));
  svg.setAttribute("height", Math.floor(height * scale));
  return svg;
}

function cardLine(svg, cards, y, ctx, columns, commandsOf) {
  cards.forEach((card, i) => svg.append(endCard(card, (i % columns) * step, y + Math.floor(i / columns) * (CARD_H + GAP), ctx,
    commandsOf(card))));
  return y + Math.ceil(cards.length / columns) * (CARD_H + GAP);
}

/** The face-up end-game cards (bought or taken), the draft hand, LOK tiles and Constantinople. */
export function drawExtras(view, ctx, available) {
  const { t } = ctx;
  const { width } = layout(available);
  const columns = Math.min(4, layout(available).columns);
  const hand = view.draft_hand || [];
  const svg = s("svg", { class: "fc-extras fc-fit", role: "group", "aria-label": t("js.fc.end_cards") });
  svg.append(fitText(0, 15, t("js.fc.end_display", { n: view.end_deck_count ?? 0 }), width, { class: "fc-title" }, 7.4));
  let y = cardLine(svg, view.end_display || [], TITLE_H, ctx, columns,
    (card) => ctx.commands.filter((c) => ["BuyEndCard", "TakeEndCard"].includes(c.type) && c.args?.card === card.id));
  if (hand.length) {
    svg.append(fitText(0, y + 15, t("js.fc.draft_hand"), width, { class: "fc-title" }, 7.4));
    y = cardLine(svg, hand, y + TITLE_H, ctx, columns,
      (card) => ctx.commands.filter((c) => c.type === "DraftEndCard" && c.args?.card === card.id));
  }
  const loks = (view.lok_tiles || []).join(" · ") || "–";
  svg.append(fitText(0, y + 14, t("js.fc.lok_tiles", { tiles: loks }), width, { class: "fc-line" }, 6.6));
  const istanbul = (view.constantinople || []).map((seat, i) => `${i + 1}. ${ctx.names[seat] || seat}`).join("  ") || "–";
  svg.append(fitText(0, y + 34, t("js.fc.constantinople", { who: istanbul }), width, { class: "fc-line fc-constantinople" }, 6.6));
  return sized(svg, width, y + 44, available);
}
