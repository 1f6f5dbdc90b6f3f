// Russian Railroads: the main board (action spaces with workers and coins,
// engineers, locomotive and factory displays, ?-cards, start bonus cards) and
// every player's tableau (three lines, industry, engineers, tokens), drawn as
// SVG from the view JSON.  What may be done now comes only from the legal
// commands: spaces and chips that have a command are highlighted, a click sends
// it, and when several commands fit one click a small menu asks which.
//
// The tables below are display data (labels and layout), not rules: whether a
// space can be used is never decided here.

import { argsText, clear, h, s } from "../dom.js";
import { choose, commandButtons } from "../widgets.js";

const TRACK_COLOURS = { black: "#1d1d1d", grey: "#8c8c8c", brown: "#8b5a2b", natural: "#d9b97a", white: "#fafafa" };
const LINES = [
  { id: "transsib", length: 15 },
  { id: "st_petersburg", length: 9 },
  { id: "kiev", length: 9 },
];
const INDUSTRY_LENGTH = 15;
const INDUSTRY_GAPS = [5, 7, 9, 11, 13];

// Action spaces in board order: area, cost, and what the label shows.
const SPACES = [
  { id: "black_1w", area: "track", w: 1, c: 0, colour: "black", n: 2, players: [3, 4] },
  { id: "black_2w", area: "track", w: 2, c: 0, colour: "black", n: 3 },
  { id: "grey_1w", area: "track", w: 1, c: 0, colour: "grey", n: 2, players: [3, 4] },
  { id: "grey_2w", area: "track", w: 2, c: 0, colour: "grey", n: 3 },
  { id: "brown_1w", area: "track", w: 1, c: 0, colour: "brown", n: 1 },
  { id: "brown_2w", area: "track", w: 2, c: 0, colour: "brown", n: 2 },
  { id: "natural_1w", area: "track", w: 1, c: 0, colour: "natural", n: 1 },
  { id: "natural_2w", area: "track", w: 2, c: 0, colour: "natural", n: 2 },
  { id: "white_1w", area: "track", w: 1, c: 0, colour: "white", n: 1 },
  { id: "white_2w", area: "track", w: 2, c: 0, colour: "white", n: 2 },
  { id: "joker", area: "track", w: 1, c: 1, colour: "any", n: 2 },
  { id: "rally", area: "track", w: 1, c: 0, colour: "black|grey", n: 1 },
  { id: "loco_1w", area: "loco", w: 1, c: 0, label: "js.rr.space.loco_or_factory" },
  { id: "loco_2w", area: "loco", w: 2, c: 0, label: "js.rr.space.loco_or_factory", players: [3, 4] },
  { id: "loco_3w", area: "loco", w: 3, c: 0, label: "js.rr.space.loco_and_factory" },
  { id: "industry_1w", area: "industry", w: 1, c: 0, label: "js.rr.space.industry", n: 1 },
  { id: "industry_2w", area: "industry", w: 2, c: 0, label: "js.rr.space.industry", n: 2 },
  { id: "industry_black_2w", area: "industry", w: 2, c: 0, label: "js.rr.space.industry_black", players: [3, 4] },
  { id: "doubler", area: "other", w: 1, c: 0, label: "js.rr.space.doubler" },
  { id: "coins", area: "other", w: 1, c: 0, label: "js.rr.space.coins" },
  { id: "temp_workers", area: "other", w: 1, c: 0, label: "js.rr.space.temp_workers", players: [3, 4] },
  { id: "hire_engineer", area: "other", w: 0, c: 1, label: "js.rr.space.hire" },
  { id: "turn_order_1", area: "order", w: 1, c: 0, label: "js.rr.space.turn_order_1" },
  { id: "turn_order_2", area: "order", w: 1, c: 0, label: "js.rr.space.turn_order_2", players: [3, 4] },
  { id: "last_round", area: "order", w: 1, c: 0, label: "js.rr.space.last_round" },
];

// Short effect labels of the engineers and factories, for the tiles.
const ENGINEERS = {
  1: "any +2", 2: "ind +1 · 3VP", 3: "■+1 ■+1", 4: "dbl +1 · 3VP", 5: "any +1 · 3VP", 6: "grey +1 · 5VP",
  7: "black +1 · 3VP", 8: "reuse", 9: "ind +2", 10: "ind +1 · black +1", 11: "any +1 · black +1",
  12: "loco/fac", 13: "grey +1 · brown +1", 14: "black +2", 15: "brown +1 · 5VP",
};
const FACTORIES = {
  1: "VP × eng", 2: "loco/fac", 3: "reuse", 4: "dbl +2", 5: "ind +1", 6: "+1 ₽", 7: "any +2", 8: "2 best locos",
  9: "end card / 10VP",
};

const seatClass = (seat) => `seat-fill-${seat}`;

function rect(x, y, w, hgt, attrs = {}) {
  return s("rect", { x, y, width: w, height: hgt, rx: 6, ...attrs });
}

function text(x, y, content, attrs = {}) {
  return s("text", { x, y, ...attrs }, content);
}

/** Make an SVG group act as a button (mouse and keyboard). */
function clickable(el, label, handler) {
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", label);
  el.classList.add("usable");
  el.addEventListener("click", (event) => handler(event.currentTarget));
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      handler(event.currentTarget);
    }
  });
  return el;
}

function byType(commands, ...types) {
  return commands.filter((c) => types.includes(c.type));
}

function placementLabel(command, t) {
  const { coins = 0, black = false } = command.args;
  const parts = [t(`js.rr.cmd.${command.type}`)];
  if (coins) parts.push(t("js.rr.with_coins", { n: coins }));
  if (black) parts.push(t("js.rr.with_black"));
  return parts.join(" · ");
}

function spaceLabel(space, t) {
  if (space.colour) {
    const name = space.colour === "any" ? t("js.rr.any_track") : space.colour.split("|").map((c) => t(`js.rr.colour.${c}`)).join("/");
    return `${name} +${space.n}`;
  }
  return t(space.label, { n: space.n ?? "" });
}

// ------------------------------------------------------------------ main board
function drawSpace(space, x, y, ctx, commands, labelText) {
  const { t, view, names } = ctx;
  const occupied = view.occupied?.[space.id];
  const g = s("g", { class: `space area-${space.area}${occupied ? " occupied" : ""}`, dataset: { space: space.id },
                     transform: `translate(${x},${y})` });
  g.append(rect(0, 0, 112, 62, { class: "space-bg" }));
  if (space.colour && TRACK_COLOURS[space.colour]) {
    g.append(rect(6, 6, 14, 14, { rx: 2, fill: TRACK_COLOURS[space.colour], class: "swatch" }));
  }
  g.append(text(space.colour && TRACK_COLOURS[space.colour] ? 24 : 6, 18, labelText, { class: "space-label" }));
  // cost: ● per worker, ○ per coin
  g.append(text(6, 54, "●".repeat(space.w) + "○".repeat(space.c), { class: "cost" }));
  if (occupied) {
    g.append(rect(62, 28, 44, 28, { class: `piece ${seatClass(occupied.seat)}`, rx: 4 }));
    const what = `${occupied.workers}${occupied.black ? "+■" : ""}${occupied.coins ? ` ${occupied.coins}₽` : ""}`;
    g.append(text(84, 47, what, { class: "piece-label", "text-anchor": "middle" }));
    g.append(s("title", {}, `${names[occupied.seat] || occupied.seat}: ${what}`));
  }
  if (commands.length && ctx.interactive) {
    clickable(g, labelText, (el) => choose(el, commands, ctx, (c) => placementLabel(c, t)));
  }
  return g;
}

function spaceCommands(ctx, id) {
  return ctx.commands.filter((c) => ["PlaceWorkers", "ReuseSpace", "Relocate"].includes(c.type) && c.args.space === id);
}

function drawBoard(ctx) {
  const { view, t } = ctx;
  const players = Object.keys(view.players || {}).length;
  const width = 980;
  const svg = s("svg", { class: "rr-board", viewBox: `0 0 ${width} 560`, width, role: "img",
                         "aria-label": t("js.rr.board") });
  svg.append(rect(0, 0, width, 560, { class: "board-bg", rx: 10 }));
  svg.append(text(14, 26, t("js.rr.round", { round: view.round, rounds: view.rounds }) + " · " +
    t(`js.rr.phase.${view.phase}`), { class: "board-title" }));
  const spaceIds = new Set(ctx.commands.filter((c) => c.args?.space).map((c) => c.args.space));
  const shown = SPACES.filter((sp) => !sp.players || sp.players.includes(players) || view.occupied?.[sp.id] ||
    spaceIds.has(sp.id));
  // Rows: the tracks, then locomotives/industry/other, then turn order.
  const rows = [
    shown.filter((sp) => sp.area === "track"),
    shown.filter((sp) => ["loco", "industry", "other"].includes(sp.area)),
  ];
  let y = 40;
  for (const row of rows) {
    row.forEach((sp, i) => {
      const x = 14 + (i % 8) * 120;
      const yy = y + Math.floor(i / 8) * 70;
      svg.append(drawSpace(sp, x, yy, ctx, spaceCommands(ctx, sp.id), spaceLabel(sp, t)));
    });
    y += Math.ceil(row.length / 8) * 70 + 8;
  }
  // Engineers strip: the one for hire, the public ones (usable as spaces), the next ones.
  svg.append(text(14, y + 14, t("js.rr.engineers"), { class: "section-title" }));
  let x = 14;
  const eng = view.engineers || {};
  const hire = eng.hire;
  y += 22;
  if (hire) {
    const g = s("g", { class: "engineer hire", transform: `translate(${x},${y})`, dataset: { engineer: hire } });
    g.append(rect(0, 0, 112, 62, { class: "engineer-bg" }), text(6, 18, `#${hire} ${t("js.rr.engineer_hire_short")}`, { class: "space-label" }),
      text(6, 36, ENGINEERS[hire] || "", { class: "small" }));
    svg.append(g);
    x += 120;
  }
  for (const number of eng.public || []) {
    const id = `engineer_${number}`;
    const sp = { id, area: "engineer", w: 1, c: 0 };
    svg.append(drawSpace(sp, x, y, ctx, spaceCommands(ctx, id), `#${number} ${ENGINEERS[number] || ""}`));
    x += 120;
  }
  for (const number of eng.preview || []) {
    const g = s("g", { class: "engineer preview", transform: `translate(${x},${y})` });
    g.append(rect(0, 0, 60, 62, { class: "engineer-bg dim" }), text(6, 18, `#${number}`, { class: "space-label" }),
      text(6, 36, t("js.rr.engineer_next"), { class: "small" }));
    svg.append(g);
    x += 66;
  }
  // Turn order spaces beside the engineers.
  for (const sp of shown.filter((sp) => sp.area === "order")) {
    x = Math.max(x, 14);
    if (x + 112 > width) break;
    svg.append(drawSpace(sp, x, y, ctx, spaceCommands(ctx, sp.id), spaceLabel(sp, t)));
    x += 120;
  }
  y += 74;
  // Locomotives (stacks, lowest first) and factories in the display.
  svg.append(text(14, y + 14, t("js.rr.locos"), { class: "section-title" }));
  svg.append(text(500, y + 14, t("js.rr.factories"), { class: "section-title" }));
  y += 22;
  const stacks = view.loco_stacks || {};
  const lowest = Object.keys(stacks).map(Number).filter((n) => stacks[n] > 0).sort((a, b) => a - b)[0];
  Object.keys(stacks).map(Number).sort((a, b) => a - b).forEach((n, i) => {
    const g = s("g", { class: `loco-stack${n === lowest ? " next" : ""}${stacks[n] ? "" : " empty"}`,
                       transform: `translate(${14 + i * 52},${y})`, dataset: { loco: n } });
    g.append(rect(0, 0, 46, 46, { class: "loco-tile" }), text(23, 22, `L${n}`, { "text-anchor": "middle", class: "loco-num" }),
      text(23, 40, `×${stacks[n]}`, { "text-anchor": "middle", class: "small" }));
    svg.append(g);
  });
  const display = view.factory_display || {};
  Object.keys(display).map(Number).sort((a, b) => a - b).forEach((n, i) => {
    const g = s("g", { class: "factory-tile", transform: `translate(${500 + i * 72},${y})`, dataset: { factory: n } });
    g.append(rect(0, 0, 66, 46, { class: "factory-bg" }), text(6, 18, `F${n} ×${display[n]}`, { class: "space-label" }),
      text(6, 36, FACTORIES[n] || "", { class: "small" }));
    svg.append(g);
  });
  y += 58;
  // ?-cards, start bonus cards, supplies.
  svg.append(text(14, y + 14, t("js.rr.question_cards"), { class: "section-title" }));
  y += 22;
  (view.question_cards || []).forEach((card, i) => {
    const g = s("g", { class: "q-card", transform: `translate(${14 + i * 112},${y})`, dataset: { card } });
    g.append(rect(0, 0, 106, 40, { class: "card-bg" }), text(8, 25, `? ${t(`js.rr.q.${card}`)}`, { class: "space-label" }));
    const cmds = ctx.commands.filter((c) => c.type === "ChooseQuestionCard" && c.args.card === card);
    if (cmds.length && ctx.interactive) clickable(g, card, (el) => choose(el, cmds, ctx));
    svg.append(g);
  });
  let bx = 14 + Math.max(5, (view.question_cards || []).length) * 112 + 10;
  if ((view.start_bonus_cards || []).length && view.phase === "draft") {
    (view.start_bonus_cards || []).forEach((card) => {
      const g = s("g", { class: "bonus-card", transform: `translate(${bx},${y})`, dataset: { card } });
      g.append(rect(0, 0, 92, 40, { class: "card-bg bonus" }), text(8, 25, t(`js.rr.bonus.${card}`), { class: "space-label" }));
      const cmds = ctx.commands.filter((c) => c.type === "ChooseStartBonus" && c.args.card === card);
      if (cmds.length && ctx.interactive) clickable(g, card, (el) => choose(el, cmds, ctx));
      svg.append(g);
      bx += 98;
    });
  }
  y += 54;
  svg.append(text(14, y, `${t("js.rr.doublers_left", { n: view.doubler_supply ?? "–" })} · ${t("js.rr.end_deck", { n: view.end_deck_count ?? "–" })}`,
    { class: "small" }));
  svg.setAttribute("viewBox", `0 0 ${width} ${y + 14}`);
  svg.querySelector(".board-bg").setAttribute("height", String(y + 14));
  return svg;
}

// --------------------------------------------------------------------- tableau
function chip(x, y, label, fill, ctx, commands, menuLabel) {
  const g = s("g", { class: "chip", transform: `translate(${x},${y})` });
  const width = Math.max(26, 8 + label.length * 7.2);
  g.append(rect(0, 0, width, 20, { rx: 10, fill: fill || "#fff", class: "chip-bg" }),
    text(width / 2, 14, label, { "text-anchor": "middle", class: `chip-label${fill === TRACK_COLOURS.black ? " on-dark" : ""}` }));
  clickable(g, menuLabel || label, (el) => choose(el, commands, ctx, (c) => argsText(c.args) || c.type));
  return { el: g, width };
}

function drawTableau(seat, player, ctx) {
  const { t, names, view } = ctx;
  const mine = seat === ctx.you && ctx.interactive;
  const commands = mine ? ctx.commands : [];
  const cell = 40;
  const left = 160;
  const width = left + 16 * cell + 20;
  const svg = s("svg", { class: `rr-tableau seat-${seat}`, viewBox: `0 0 ${width} 420`, width, dataset: { seat } });
  svg.append(rect(0, 0, width, 420, { class: `tableau-bg ${seatClass(seat)}-soft` }));
  const value = player.tableau_value || {};
  const head = `${names[seat] || seat} — ${player.vp} ${t("js.rr.vp")} · ${player.coins} ₽ · ` +
    `${t("js.rr.workers")} ${t("js.rr.free_workers", { free: player.free_workers, total: player.workers })}` +
    `${player.black_worker ? ` + ${t("js.rr.black_worker")}${player.black_worker_free ? "" : " ✓"}` : ""}` +
    ` · ${t("js.rr.value")} (${value.total ?? 0})${player.passed ? ` · ${t("js.rr.passed")}` : ""}`;
  svg.append(s("circle", { cx: 16, cy: 20, r: 7, class: seatClass(seat) }), text(30, 25, head, { class: "tableau-title" }));
  let y = 44;
  for (const line of LINES) {
    const tracks = player.tracks?.[line.id] || {};
    const locos = player.locos?.[line.id] || [];
    const reach = locos.reduce((a, b) => a + b, 0);
    svg.append(text(8, y + 16, t(`js.rr.line.${line.id}`), { class: "line-name", dataset: { line: line.id } }),
      text(8, y + 32, `${t("js.rr.loco_short")} ${locos.join("+") || "–"} · (${value[line.id] ?? 0})`, { class: "small" }));
    for (let i = 1; i <= line.length; i++) {
      const x = left + (i - 1) * cell;
      svg.append(rect(x, y, cell - 4, 40, { rx: 3, class: `track-cell${i <= reach ? " reached" : ""}`, dataset: { line: line.id, space: i } }),
        text(x + 3, y + 11, String(i), { class: "cell-num" }));
    }
    // The start (0) before space 1, where taken tracks wait.
    svg.append(rect(left - 40, y, 36, 40, { rx: 3, class: "track-cell start" }), text(left - 37, y + 11, "0", { class: "cell-num" }));
    // Track markers: one square per colour at its position, stacked in the cell.
    Object.entries(tracks).forEach(([colour, pos], k) => {
      const x = left + (pos - 1) * cell + 4 + (k % 3) * 11;
      const yy = y + 14 + Math.floor(k / 3) * 12;
      svg.append(rect(x, yy, 10, 10, { rx: 2, fill: TRACK_COLOURS[colour], class: "track-marker", dataset: { colour } }));
    });
    if (line.id === "transsib" && player.doublers) {
      svg.append(text(left + 15 * cell + 2, y + 26, `×2 ${player.doublers}`, { class: "small doublers" }));
    }
    // What may be done on this line now, asked for right here.
    let cx = left;
    const lineCommands = byType(commands, "AdvanceTrack", "BuildLoco", "PlaceLoco").filter((c) => c.args.line === line.id);
    const advance = lineCommands.filter((c) => c.type === "AdvanceTrack");
    for (const command of advance) {
      const { el, width: w } = chip(cx, y + 42, `+ ${t(`js.rr.colour.${command.args.colour}`)}`, TRACK_COLOURS[command.args.colour],
        ctx, [command]);
      el.dataset.command = "AdvanceTrack";
      el.dataset.colour = command.args.colour;
      svg.append(el);
      cx += w + 6;
    }
    const locoCommands = lineCommands.filter((c) => c.type !== "AdvanceTrack");
    if (locoCommands.length) {
      const { el } = chip(cx, y + 42, `L ${t("js.rr.loco_here")}`, "#fff3c4", ctx, locoCommands);
      el.dataset.command = locoCommands[0].type;
      svg.append(el);
    }
    y += lineCommands.length ? 70 : 50;
  }
  // Industry: fields 0..15, factories in the gaps, markers.
  svg.append(text(8, y + 16, t("js.rr.industry"), { class: "line-name" }),
    text(8, y + 32, `(${value.industry ?? 0})`, { class: "small" }));
  for (let i = 0; i <= INDUSTRY_LENGTH; i++) {
    const x = left + i * cell - cell / 2 + 8;
    svg.append(rect(x, y, cell - 4, 40, { rx: 3, class: `industry-cell${INDUSTRY_GAPS.includes(i) ? " gap" : ""}` }),
      text(x + 3, y + 11, String(i), { class: "cell-num" }));
  }
  (player.factories || []).forEach((number, slot) => {
    const gap = INDUSTRY_GAPS[slot];
    if (gap === undefined) return;
    const x = left + gap * cell - cell / 2 + 8;
    const g = s("g", { class: `factory-slot${number ? " built" : ""}`, dataset: { slot }, transform: `translate(${x},${y + 14})` });
    g.append(rect(0, 0, cell - 4, 24, { rx: 3, class: number ? "factory-bg" : "factory-empty" }),
      text((cell - 4) / 2, 16, number ? `F${number}` : "·", { "text-anchor": "middle", class: "small" }));
    if (number) g.append(s("title", {}, FACTORIES[number] || ""));
    const cmds = byType(commands, "BuildFactory").filter((c) => c.args.slot === slot);
    if (cmds.length) {
      clickable(g, t("js.rr.build_factory"), (el) => choose(el, cmds, ctx,
        (c) => t("js.rr.factory_choice", { number: c.args.number, source: t(`js.rr.source.${c.args.source}`) })));
    }
    svg.append(g);
  });
  (player.industry_markers || []).forEach((pos, k) => {
    const x = left + pos * cell - cell / 2 + 12 + k * 12;
    svg.append(s("circle", { cx: x, cy: y + 32, r: 5, class: `industry-marker ${seatClass(seat)}`, dataset: { marker: k + 1 } }));
  });
  y += 42;
  let cx = left;
  for (const command of byType(commands, "AdvanceIndustry", "PlaceDoubler")) {
    const label = command.type === "PlaceDoubler" ? t("js.rr.place_doubler") : t("js.rr.advance_marker", { n: command.args.marker });
    const { el, width: w } = chip(cx, y, label, "#fff3c4", ctx, [command]);
    el.dataset.command = command.type;
    svg.append(el);
    cx += w + 6;
  }
  if (cx > left) y += 26;
  // Engineers, ?-tokens, special spaces, end cards.
  const engineers = (player.engineers || []).map((n) => `#${n}${(player.engineers_used || []).includes(n) ? "✓" : ""}`);
  const rows = [
    `${t("js.rr.engineers_own")}: ${engineers.join(", ") || "–"}`,
    `${t("js.rr.doublers")}: ${player.doublers} · ${t("js.rr.question_tokens")}: ${(player.question_tokens || []).map((q) => t(`js.rr.token.${q}`)).join(", ") || "–"}`,
    `${t("js.rr.end_cards")}: ${player.end_cards ? (player.end_cards.map((c) => t(`js.rr.end.${c}`)).join(", ") || "–")
      : t("js.rr.end_cards_hidden", { n: player.end_card_count })}`,
  ];
  rows.forEach((row, i) => svg.append(text(8, y + 18 + i * 18, row, { class: "small tableau-row" })));
  y += rows.length * 18 + 10;
  cx = 8;
  for (const command of byType(commands, "ChooseQuestionToken")) {
    const { el, width: w } = chip(cx, y, `? ${t(`js.rr.token.${command.args.token}`)}`, "#fff3c4", ctx, [command]);
    el.dataset.command = command.type;
    svg.append(el);
    cx += w + 6;
  }
  if (cx > 8) y += 26;
  svg.setAttribute("viewBox", `0 0 ${width} ${y + 6}`);
  svg.querySelector(".tableau-bg").setAttribute("height", String(y + 6));
  return svg;
}

// ------------------------------------------------------------------- renderer
const ON_BOARD = new Set(["PlaceWorkers", "ReuseSpace", "Relocate", "ChooseQuestionCard", "ChooseStartBonus",
  "AdvanceTrack", "BuildLoco", "PlaceLoco", "BuildFactory", "AdvanceIndustry", "PlaceDoubler", "ChooseQuestionToken"]);

export default {
  showsCommands: false,
  render(el, ctx) {
    clear(el).classList.add("rr");
    const view = ctx.view || {};
    if (!view.players) {
      el.append(h("p", { class: "muted" }, "…"));
      return;
    }
    // Commands with no place on the board (Pass, SkipRelocation, DiscardLoco, end cards, …) as buttons.
    const elsewhere = ctx.commands.filter((c) => !ON_BOARD.has(c.type));
    if (ctx.interactive && ctx.commands.length) {
      el.append(h("div", { class: "card rr-choices", id: "rr-choices" },
        h("p", { class: "muted" }, ctx.t("js.rr.click_hint")),
        elsewhere.length ? commandButtons(elsewhere, ctx) : null));
    }
    el.append(h("div", { class: "rr-board-wrap" }, drawBoard(ctx)));
    const order = Array.isArray(view.order) && view.order.length ? view.order : Object.keys(view.players);
    const seats = [...order, ...Object.keys(view.players).filter((p) => !order.includes(p))];
    // My own tableau first.
    seats.sort((a, b) => (b === ctx.you) - (a === ctx.you));
    for (const seat of seats) {
      el.append(h("div", { class: "rr-tableau-wrap" }, drawTableau(seat, view.players[seat], ctx)));
    }
    if (view.final) {
      el.append(h("div", { class: "card" }, h("h3", {}, ctx.t("js.game_over")),
        h("pre", { class: "small" }, JSON.stringify(view.final, null, 1))));
    }
  },
};
