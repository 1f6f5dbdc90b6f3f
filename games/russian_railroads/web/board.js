// Russian Railroads, the main board: the action spaces (with workers and coins
// on them), the engineers strip, the locomotive stacks and factory display, the
// ?-cards and the start bonus cards.  Rows wrap to the width of the page, so a
// phone gets the same board in more, shorter rows.

import { s } from "../../dom.js";
import { clickable, fitText, rect, text, unavailable } from "../helpers.js";
import { TRACK_COLOURS, commandLabel, effectText, effectsText, engineerLabel, placementLabel, whyNot } from "./labels.js";

const SPACE_W = 112;
const SPACE_H = 62;
const STEP = 120;
const MARGIN = 14;

const seatClass = (seat) => `seat-fill-${seat}`;

function swatches(colour) {
  if (!colour) return [];
  if (colour === "any") return ["black", "grey", "brown", "natural", "white"];
  return colour.split("|").filter((c) => TRACK_COLOURS[c]);
}

/** One action space (or public engineer): cost, effects, who stands there; usable or why not. */
export function drawSpace(space, x, y, ctx, commands, lines) {
  const { t, view, names } = ctx;
  const occupied = view.occupied?.[space.id];
  const recent = ctx.recent?.spaces?.get(space.id);
  const g = s("g", { class: `space area-${space.area}${occupied ? " occupied" : ""}${recent ? ` recent recent-${recent}` : ""}`,
                     dataset: { space: space.id }, transform: `translate(${x},${y})` });
  g.append(rect(0, 0, SPACE_W, SPACE_H, { class: "space-bg" }));
  const colours = swatches((space.effects || []).find((e) => e.op === "steps")?.colour);
  let tx = 6;
  if (colours.length === 1) {
    g.append(rect(6, 6, 14, 14, { rx: 2, fill: TRACK_COLOURS[colours[0]], class: "swatch" }));
    tx = 24;
  } else if (colours.length > 1) {
    const w = colours.length > 2 ? 3 : 6;
    colours.forEach((c, i) => g.append(rect(6 + i * w, 6, w, 14, { rx: 0, fill: TRACK_COLOURS[c], class: "swatch thin" })));
    tx = 10 + colours.length * w;
  }
  lines.slice(0, 2).forEach((line, i) => {
    const x0 = i ? 6 : tx;
    g.append(fitText(x0, 18 + i * 14, line, SPACE_W - 4 - x0, { class: "space-label" }));
  });
  // cost: ● per worker, ○ per coin
  g.append(text(6, 54, "●".repeat(space.workers ?? 0) + "○".repeat(space.coins ?? 0), { class: "cost" }));
  const title = [lines.join(" · ")];
  if (space.last_round_only) title.push(t("js.rr.last_round_only"));
  if (space.not_last_round) title.push(t("js.rr.not_last_round"));
  if (space.never_occupied) title.push(t("js.rr.never_occupied"));
  if (occupied) {
    g.append(rect(62, 34, 44, 24, { class: `piece ${seatClass(occupied.seat)}`, rx: 4 }));
    const what = [occupied.workers ? `${occupied.workers}${occupied.black ? "+■" : ""}` : "",
      occupied.coins ? `${occupied.coins}₽` : ""].filter(Boolean).join(" ");
    g.append(text(84, 51, what, { class: "piece-label", "text-anchor": "middle" }));
    title.push(`${names[occupied.seat] || occupied.seat}: ${what}`);
  } else if (space.never_occupied && (view.rally_users || []).length) {
    // A space that stays free: a dot for everyone who used it this round.
    view.rally_users.forEach((seat, i) => g.append(s("circle", { cx: 98 - i * 16, cy: 46, r: 7, class: `piece ${seatClass(seat)}` })));
    title.push(view.rally_users.map((seat) => names[seat] || seat).join(", "));
  } else if (space.last_round_only && view.round !== view.rounds) {
    g.append(text(106, 54, t("js.rr.last_round_short"), { class: "small note", "text-anchor": "end" }));
  }
  if (recent) title.push(t("js.recent_by", { who: names[recent] || recent }));
  g.append(s("title", {}, title.join("\n")));
  if (commands.length && ctx.interactive) {
    clickable(g, lines.join(" · "), commands, ctx,  // at the space itself: how to pay is the question
      (c) => c.text?.[ctx.lang] || placementLabel(c, t));
  } else {
    unavailable(g, whyNot(space, ctx), ctx);
  }
  return g;
}

export function spaceCommands(ctx, id) {
  return ctx.commands.filter((c) => ["PlaceWorkers", "ReuseSpace", "Relocate"].includes(c.type) && c.args.space === id);
}

/** Place boxes of width ``w`` (+gap) left to right from ``y``, wrapping at ``width``; returns positions. */
function flow(count, w, gap, width, x0, y, rowH) {
  const perRow = Math.max(1, Math.floor((width - x0 - 8 + gap) / (w + gap)));
  return Array.from({ length: count }, (_, i) => ({ x: x0 + (i % perRow) * (w + gap), y: y + Math.floor(i / perRow) * rowH }));
}

const rowsBelow = (positions, y, rowH) => (positions.length ? positions[positions.length - 1].y - y + rowH : 0);

/** How many action spaces fit one row in ``available`` pixels (3 on a phone, 8 on a wide screen). */
export function spacesPerRow(available) {
  return Math.max(3, Math.min(8, Math.floor(((available || 974) - MARGIN) / STEP)));
}

export function drawBoard(ctx, perRow) {
  const { view, t, board } = ctx;
  const width = MARGIN + perRow * STEP;
  const svg = s("svg", { class: "rr-board", viewBox: `0 0 ${width} 560`, width, role: "img", "aria-label": t("js.rr.board") });
  svg.append(rect(0, 0, width, 560, { class: "board-bg", rx: 10 }));
  svg.append(fitText(MARGIN, 26, t("js.rr.round", { round: view.round, rounds: view.rounds }) + " · " +
    t(`js.phase.${view.phase}`), width - 2 * MARGIN, { class: "board-title" }, 8));
  const spaces = board.spaces || [];
  const draw = (sp, x, y) => drawSpace(sp, x, y, ctx, spaceCommands(ctx, sp.id), (sp.effects || []).map((e) => effectText(e, t)));
  const grid = (items, y) => {
    const at = flow(items.length, SPACE_W, STEP - SPACE_W, width, MARGIN, y, SPACE_H + 8);
    items.forEach((item, i) => svg.append(draw(item, at[i].x, at[i].y)));
    return y + rowsBelow(at, y, SPACE_H + 8);
  };
  // Rows: the tracks, then locomotives, industry, the rest and the turn order.
  let y = grid(spaces.filter((sp) => sp.area === "track"), 40);
  y = grid(spaces.filter((sp) => sp.area !== "track"), y) + 4;

  // Engineers strip: the one for hire, the public ones (usable as spaces), the next ones.
  svg.append(text(MARGIN, y + 14, t("js.rr.engineers"), { class: "section-title" }));
  y += 22;
  const eng = view.engineers || {};
  const tiles = [];
  if (eng.hire) tiles.push({ kind: "hire", number: eng.hire, w: SPACE_W });
  for (const number of eng.public || []) tiles.push({ kind: "public", number, w: SPACE_W });
  for (const number of eng.preview || []) tiles.push({ kind: "preview", number, w: 96 });
  let x = MARGIN;
  for (const tile of tiles) {
    if (x + tile.w > width - 8) {
      x = MARGIN;
      y += SPACE_H + 8;
    }
    const effects = board.engineers?.[tile.number] || [];
    if (tile.kind === "public") {
      const id = `engineer_${tile.number}`;
      const texts = effects.map((e) => effectText(e, t));
      // The printed use cost: 1 worker, unless the engineer's card says otherwise (15: a coin too, -10: 2 workers).
      const cost = board.engineer_costs?.[tile.number] || {};
      svg.append(drawSpace({ id, area: "engineer", workers: cost.workers ?? 1, coins: cost.coins ?? 0 }, x, y, ctx,
        spaceCommands(ctx, id),
        [`${engineerLabel(tile.number, board)} ${texts[0] || ""}`, ...texts.slice(1)]));
    } else {
      const hire = tile.kind === "hire";
      const g = s("g", { class: `engineer ${tile.kind}`, transform: `translate(${x},${y})`, dataset: { engineer: tile.number } });
      g.append(rect(0, 0, tile.w, SPACE_H, { class: `engineer-bg${hire ? "" : " dim"}` }),
        text(6, 18, hire ? `${engineerLabel(tile.number, board)} ${t("js.rr.engineer_hire_short")}`
          : engineerLabel(tile.number, board), { class: "space-label" }),
        fitText(6, 34, hire ? effectsText(effects, t) : t("js.rr.engineer_next"), tile.w - 10, { class: "small" }, 5.6),
        s("title", {}, `${engineerLabel(tile.number, board)}: ${effectsText(effects, t)}`));
      if (!hire) g.append(fitText(6, 50, effectsText(effects, t), tile.w - 10, { class: "small tiny" }, 4.8));
      svg.append(g);
    }
    x += tile.w + 8;
  }
  y += SPACE_H + 12;
  y = drawLocosAndFactories(svg, ctx, width, y);
  y = drawCards(svg, ctx, width, y);
  if (view.coal) y = drawCoalBoard(svg, ctx, width, y);
  svg.append(fitText(MARGIN, y, `${t("js.rr.doublers_left", { n: view.doubler_supply ?? "–" })} · ${t("js.rr.end_deck", { n: view.end_deck_count ?? "–" })}`,
    width - 2 * MARGIN, { class: "small" }, 5.6));
  svg.setAttribute("viewBox", `0 0 ${width} ${y + 12}`);
  svg.querySelector(".board-bg").setAttribute("height", String(y + 12));
  return svg;
}

/** Locomotive stacks (lowest first) and the factory display; a display factory is clickable to build it. */
function drawLocosAndFactories(svg, ctx, width, y) {
  const { view, t, board } = ctx;
  svg.append(text(MARGIN, y + 14, t("js.rr.locos"), { class: "section-title" }));
  y += 22;
  const stacks = view.loco_stacks || {};
  const numbers = Object.keys(stacks).map(Number).sort((a, b) => a - b);
  const lowest = numbers.filter((n) => stacks[n] > 0)[0];
  const locoAt = flow(numbers.length, 46, 6, width, MARGIN, y, 52);
  numbers.forEach((n, i) => {
    const g = s("g", { class: `loco-stack${n === lowest ? " next" : ""}${stacks[n] ? "" : " empty"}`,
                       transform: `translate(${locoAt[i].x},${locoAt[i].y})`, dataset: { loco: n } });
    g.append(rect(0, 0, 46, 46, { class: "loco-tile" }), text(23, 22, `L${n}`, { "text-anchor": "middle", class: "loco-num" }),
      text(23, 40, `×${stacks[n]}`, { "text-anchor": "middle", class: "small" }));
    svg.append(g);
  });
  y += rowsBelow(locoAt, y, 52) + 6;
  const display = view.factory_display || {};
  const factories = Object.keys(display).map(Number).sort((a, b) => a - b);
  svg.append(text(MARGIN, y + 14, t("js.rr.factories"), { class: "section-title" }));
  y += 22;
  const factoryAt = flow(factories.length, 112, 6, width, MARGIN, y, 52);
  factories.forEach((n, i) => {
    const g = s("g", { class: "factory-tile", transform: `translate(${factoryAt[i].x},${factoryAt[i].y})`, dataset: { factory: n } });
    const label = effectsText(board.factories?.[n], t);
    g.append(rect(0, 0, 112, 46, { class: "factory-bg" }), text(6, 18, `F${n} ×${display[n]}`, { class: "space-label" }),
      fitText(6, 36, label, 100, { class: "small" }, 5.6), s("title", {}, `F${n}: ${label}`));
    const cmds = ctx.interactive ? ctx.commands.filter((c) => c.type === "BuildFactory" && c.args.number === n && c.args.source === "display") : [];
    if (cmds.length) clickable(g, t("js.rr.build_factory_n", { number: n }), cmds, ctx, commandLabel);
    svg.append(g);
  });
  return y + Math.max(rowsBelow(factoryAt, y, 52), 46) + 6;
}

/** Coal module: the coal fields paid with coal, the face-up foundries and the stack. */
function drawCoalBoard(svg, ctx, width, y) {
  const { view, t, names } = ctx;
  const coal = view.coal;
  svg.append(text(MARGIN, y + 14, t("js.rr.coal_board", { n: coal.stack_count }), { class: "section-title" }));
  y += 22;
  const tiles = [...coal.fields.map((f) => ({ kind: "field", ...f })), ...coal.open.map((f) => ({ kind: "foundry", ...f }))];
  const at = flow(tiles.length, SPACE_W, 8, width, MARGIN, y, SPACE_H + 8);
  tiles.forEach((tile, i) => {
    const field = tile.kind === "field";
    const g = s("g", { class: `${field ? "coal-field" : "foundry"}${tile.blocked ? " occupied" : ""}`,
                       transform: `translate(${at[i].x},${at[i].y})`, dataset: field ? { field: tile.id } : { foundry: tile.id } });
    const label = field ? t(`js.rr.coal_field.${tile.id}`) : `${t("js.rr.foundry", { n: tile.id })}`;
    const what = field ? `${tile.coal} ${t("js.rr.coal")}` : effectsText(tile.effects, t);
    g.append(rect(0, 0, SPACE_W, SPACE_H, { class: field ? "space-bg" : "factory-bg" }),
      fitText(6, 18, label, SPACE_W - 10, { class: "space-label" }),
      fitText(6, 36, what, SPACE_W - 10, { class: "small" }, 5.6),
      s("title", {}, `${label}: ${what}${tile.taken_by ? ` · ${names[tile.taken_by] || tile.taken_by}` : ""}`));
    if (tile.taken_by) g.append(rect(62, 40, 44, 18, { class: `piece ${seatClass(tile.taken_by)}`, rx: 4 }));
    const cmds = ctx.interactive ? ctx.commands.filter((c) => (field ? c.type === "UseCoalField" && c.args.field === tile.id
      : c.type === "TakeFoundry" && c.args.foundry === tile.id)) : [];
    if (cmds.length) clickable(g, label, cmds, ctx, commandLabel);
    svg.append(g);
  });
  return y + rowsBelow(at, y, SPACE_H + 8) + 8;
}

/** ?-cards and, during the draft, the start bonus cards. */
function drawCards(svg, ctx, width, y) {
  const { view, t } = ctx;
  svg.append(text(MARGIN, y + 14, t("js.rr.question_cards"), { class: "section-title" }));
  y += 22;
  const cards = view.question_cards || [];
  const cardAt = flow(cards.length, 106, 6, width, MARGIN, y, 46);
  cards.forEach((card, i) => {
    const g = s("g", { class: "q-card", transform: `translate(${cardAt[i].x},${cardAt[i].y})`, dataset: { card } });
    g.append(rect(0, 0, 106, 40, { class: "card-bg" }), fitText(8, 25, `? ${t(`js.rr.q.${card}`)}`, 92, { class: "space-label" }));
    const cmds = ctx.commands.filter((c) => c.type === "ChooseQuestionCard" && c.args.card === card);
    if (cmds.length && ctx.interactive) clickable(g, t(`js.rr.q.${card}`), cmds, ctx, commandLabel);
    svg.append(g);
  });
  y += Math.max(rowsBelow(cardAt, y, 46), 40) + 8;
  if ((view.start_bonus_cards || []).length && view.phase === "draft") {
    svg.append(text(MARGIN, y + 14, t("js.rr.start_bonus"), { class: "section-title" }));
    y += 22;
    const bonusAt = flow(view.start_bonus_cards.length, 92, 6, width, MARGIN, y, 46);
    view.start_bonus_cards.forEach((card, i) => {
      const g = s("g", { class: "bonus-card", transform: `translate(${bonusAt[i].x},${bonusAt[i].y})`, dataset: { card } });
      g.append(rect(0, 0, 92, 40, { class: "card-bg bonus" }), fitText(8, 25, t(`js.rr.bonus.${card}`), 78, { class: "space-label" }));
      const cmds = ctx.commands.filter((c) => c.type === "ChooseStartBonus" && c.args.card === card);
      if (cmds.length && ctx.interactive) clickable(g, t(`js.rr.bonus.${card}`), cmds, ctx, commandLabel);
      svg.append(g);
    });
    y += rowsBelow(bonusAt, y, 46) + 8;
  }
  return y + 12;
}
