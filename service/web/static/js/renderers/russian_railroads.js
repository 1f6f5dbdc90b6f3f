// Russian Railroads: the main board (action spaces with workers and coins,
// engineers, locomotive and factory displays, ?-cards, start bonus cards) and
// every player's tableau (three lines with their special spaces, industry,
// engineers, tokens), drawn as SVG from the view JSON; the final scoring as a table.
//
// The printed board (which action spaces, their cost and effects, the lines'
// special spaces, industry, engineer and factory effects) comes from the view's
// ``board`` section: nothing of the rules data is copied here.  What may be done
// now comes only from the legal commands: spaces and chips that have a command
// are highlighted, a click sends it, and when several commands fit one click a
// small menu asks which.

import { argsText, clear, h, s } from "../dom.js";
import { choose } from "../widgets.js";

const TRACK_COLOURS = { black: "#1d1d1d", grey: "#8c8c8c", brown: "#8b5a2b", natural: "#d9b97a", white: "#fafafa" };
const DARK = new Set(["black", "grey", "brown"]);
const PER_ROW = 8;
const SPACE_W = 112;
const SPACE_H = 62;
const STEP = 120;
const CELL = 40;
const CELL_H = 46;

const seatClass = (seat) => `seat-fill-${seat}`;

function rect(x, y, w, hgt, attrs = {}) {
  return s("rect", { x, y, width: w, height: hgt, rx: 6, ...attrs });
}

function text(x, y, content, attrs = {}) {
  return s("text", { x, y, ...attrs }, content);
}

/** Text squeezed to ``maxWidth`` when its estimated width (``charWidth`` per character) is larger. */
function fitText(x, y, content, maxWidth, attrs = {}, charWidth = 6.6) {
  const squeeze = String(content).length * charWidth > maxWidth;
  return text(x, y, content, squeeze ? { ...attrs, textLength: maxWidth, lengthAdjust: "spacingAndGlyphs" } : attrs);
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

function colourName(colour, t) {
  if (colour === "any") return t("js.rr.any_track");
  return colour.split("|").map((c) => t(`js.rr.colour.${c}`)).join("/");
}

/** A short label of one effect ({op: "steps", colour: "black", n: 3} -> "black +3"). */
export function effectText(effect, t) {
  const n = effect.n;
  switch (effect.op) {
    case "steps": return `${colourName(effect.colour, t)} +${n}`;
    case "industry": return t("js.rr.space.industry", { n });
    case "doublers": return t("js.rr.op.doublers", { n });
    case "coins": return `+${n} ₽`;
    case "vp": return `${n} ${t("js.rr.vp")}`;
    case "loco_or_factory": return t("js.rr.space.loco_or_factory");
    case "hire_engineer": return t("js.rr.space.hire");
    case "turn_order": return t(`js.rr.space.turn_order_${effect.position}`);
    case "take_engineer": return `#${effect.number}`;
    default: return t(`js.rr.op.${effect.op}`, { n, vp: effect.vp });
  }
}

const effectsText = (effects, t, sep = " · ") => (effects || []).map((e) => effectText(e, t)).join(sep);

function placementLabel(command, t) {
  const { coins = 0, black = false } = command.args;
  const parts = [t(`js.rr.cmd.${command.type}`)];
  if (coins) parts.push(t("js.rr.with_coins", { n: coins }));
  if (black) parts.push(t("js.rr.with_black"));
  return parts.join(" · ");
}

/** Readable label of any command, for the choice menus and the buttons outside the board. */
function commandLabel(command, t) {
  const a = command.args || {};
  switch (command.type) {
    case "PlaceWorkers": case "ReuseSpace": case "Relocate": return placementLabel(command, t);
    case "BuildLoco": case "PlaceLoco":
      return `${t(`js.rr.line.${a.line}`)}: ${a.replace ? t("js.rr.loco_replace", { old: a.replace }) : t("js.rr.loco_free_slot")}`;
    case "BuildFactory":
      return t("js.rr.factory_choice", { number: a.number, source: t(`js.rr.source.${a.source}`) });
    case "ChooseEndCard": return `${t("js.rr.cmd.ChooseEndCard")}: ${t(`js.rr.end.${a.card}`)}`;
    default: {
      const key = `js.rr.cmd.${command.type}`;
      const name = t(key);
      return name === key ? `${command.type}${argsText(a) ? ` (${argsText(a)})` : ""}` : name;
    }
  }
}

// ------------------------------------------------------------------ main board
function swatches(colour) {
  if (!colour) return [];
  if (colour === "any") return ["black", "grey", "brown", "natural", "white"];
  return colour.split("|").filter((c) => TRACK_COLOURS[c]);
}

function drawSpace(space, x, y, ctx, commands, lines, extraClass = "") {
  const { t, view, names } = ctx;
  const occupied = view.occupied?.[space.id];
  const g = s("g", { class: `space area-${space.area}${occupied ? " occupied" : ""}${extraClass}`, dataset: { space: space.id },
                     transform: `translate(${x},${y})` });
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
  g.append(s("title", {}, title.join("\n")));
  if (commands.length && ctx.interactive) {
    clickable(g, lines.join(" · "), (el) => choose(el, commands, ctx, (c) => placementLabel(c, t)));
  }
  return g;
}

function spaceCommands(ctx, id) {
  return ctx.commands.filter((c) => ["PlaceWorkers", "ReuseSpace", "Relocate"].includes(c.type) && c.args.space === id);
}

/** Lay ``items`` out in rows of PER_ROW from ``y``; return the y below them. */
function grid(svg, items, y, draw) {
  items.forEach((item, i) => svg.append(draw(item, 14 + (i % PER_ROW) * STEP, y + Math.floor(i / PER_ROW) * (SPACE_H + 8))));
  return y + Math.ceil(items.length / PER_ROW) * (SPACE_H + 8);
}

function drawBoard(ctx) {
  const { view, t, board } = ctx;
  const width = 14 + PER_ROW * STEP;
  const svg = s("svg", { class: "rr-board", viewBox: `0 0 ${width} 560`, width, role: "img", "aria-label": t("js.rr.board") });
  svg.append(rect(0, 0, width, 560, { class: "board-bg", rx: 10 }));
  svg.append(text(14, 26, t("js.rr.round", { round: view.round, rounds: view.rounds }) + " · " +
    t(`js.rr.phase.${view.phase}`), { class: "board-title" }));
  const spaces = board.spaces || [];
  const draw = (sp, x, y) => drawSpace(sp, x, y, ctx, spaceCommands(ctx, sp.id), (sp.effects || []).map((e) => effectText(e, t)));
  // Rows: the tracks, then locomotives, industry, the rest and the turn order.
  let y = grid(svg, spaces.filter((sp) => sp.area === "track"), 40, draw);
  y = grid(svg, spaces.filter((sp) => sp.area !== "track"), y, draw) + 4;

  // Engineers strip: the one for hire, the public ones (usable as spaces), the next ones.
  svg.append(text(14, y + 14, t("js.rr.engineers"), { class: "section-title" }));
  y += 22;
  const eng = view.engineers || {};
  const tiles = [];
  if (eng.hire) tiles.push({ kind: "hire", number: eng.hire, w: SPACE_W });
  for (const number of eng.public || []) tiles.push({ kind: "public", number, w: SPACE_W });
  for (const number of eng.preview || []) tiles.push({ kind: "preview", number, w: 96 });
  let x = 14;
  for (const tile of tiles) {
    if (x + tile.w > width - 8) {
      x = 14;
      y += SPACE_H + 8;
    }
    const effects = board.engineers?.[tile.number] || [];
    if (tile.kind === "public") {
      const id = `engineer_${tile.number}`;
      const texts = effects.map((e) => effectText(e, t));
      svg.append(drawSpace({ id, area: "engineer", workers: 1, coins: 0 }, x, y, ctx, spaceCommands(ctx, id),
        [`#${tile.number} ${texts[0] || ""}`, ...texts.slice(1)]));
    } else {
      const hire = tile.kind === "hire";
      const g = s("g", { class: `engineer ${tile.kind}`, transform: `translate(${x},${y})`, dataset: { engineer: tile.number } });
      g.append(rect(0, 0, tile.w, SPACE_H, { class: `engineer-bg${hire ? "" : " dim"}` }),
        text(6, 18, hire ? `#${tile.number} ${t("js.rr.engineer_hire_short")}` : `#${tile.number}`, { class: "space-label" }),
        fitText(6, 34, hire ? effectsText(effects, t) : t("js.rr.engineer_next"), tile.w - 10, { class: "small" }, 5.6),
        s("title", {}, `#${tile.number}: ${effectsText(effects, t)}`));
      if (!hire) g.append(fitText(6, 50, effectsText(effects, t), tile.w - 10, { class: "small tiny" }, 4.8));
      svg.append(g);
    }
    x += tile.w + 8;
  }
  y += SPACE_H + 12;

  // Locomotives (stacks, lowest first) and factories in the display.
  svg.append(text(14, y + 14, t("js.rr.locos"), { class: "section-title" }));
  svg.append(text(500, y + 14, t("js.rr.factories"), { class: "section-title" }));
  y += 22;
  const stacks = view.loco_stacks || {};
  const numbers = Object.keys(stacks).map(Number).sort((a, b) => a - b);
  const lowest = numbers.filter((n) => stacks[n] > 0)[0];
  numbers.forEach((n, i) => {
    const g = s("g", { class: `loco-stack${n === lowest ? " next" : ""}${stacks[n] ? "" : " empty"}`,
                       transform: `translate(${14 + i * 52},${y})`, dataset: { loco: n } });
    g.append(rect(0, 0, 46, 46, { class: "loco-tile" }), text(23, 22, `L${n}`, { "text-anchor": "middle", class: "loco-num" }),
      text(23, 40, `×${stacks[n]}`, { "text-anchor": "middle", class: "small" }));
    svg.append(g);
  });
  const display = view.factory_display || {};
  Object.keys(display).map(Number).sort((a, b) => a - b).forEach((n, i) => {
    const g = s("g", { class: "factory-tile", transform: `translate(${500 + (i % 4) * 118},${y + Math.floor(i / 4) * 52})`,
                       dataset: { factory: n } });
    const label = effectsText(board.factories?.[n], t);
    g.append(rect(0, 0, 112, 46, { class: "factory-bg" }), text(6, 18, `F${n} ×${display[n]}`, { class: "space-label" }),
      fitText(6, 36, label, 100, { class: "small" }, 5.6), s("title", {}, `F${n}: ${label}`));
    svg.append(g);
  });
  y += 58 + Math.max(0, Math.ceil(Object.keys(display).length / 4) - 1) * 52;

  // ?-cards, start bonus cards, supplies.
  svg.append(text(14, y + 14, t("js.rr.question_cards"), { class: "section-title" }));
  y += 22;
  (view.question_cards || []).forEach((card, i) => {
    const g = s("g", { class: "q-card", transform: `translate(${14 + i * 112},${y})`, dataset: { card } });
    g.append(rect(0, 0, 106, 40, { class: "card-bg" }), text(8, 25, `? ${t(`js.rr.q.${card}`)}`, { class: "space-label" }));
    const cmds = ctx.commands.filter((c) => c.type === "ChooseQuestionCard" && c.args.card === card);
    if (cmds.length && ctx.interactive) clickable(g, t(`js.rr.q.${card}`), (el) => choose(el, cmds, ctx));
    svg.append(g);
  });
  if ((view.start_bonus_cards || []).length && view.phase === "draft") {
    let bx = 14 + Math.max(5, (view.question_cards || []).length) * 112 + 10;
    let by = y;
    svg.append(text(bx, y - 8, t("js.rr.start_bonus"), { class: "section-title" }));
    for (const card of view.start_bonus_cards) {
      if (bx + 92 > width) {
        bx = 14;
        by += 48;
      }
      const g = s("g", { class: "bonus-card", transform: `translate(${bx},${by})`, dataset: { card } });
      g.append(rect(0, 0, 92, 40, { class: "card-bg bonus" }), text(8, 25, t(`js.rr.bonus.${card}`), { class: "space-label" }));
      const cmds = ctx.commands.filter((c) => c.type === "ChooseStartBonus" && c.args.card === card);
      if (cmds.length && ctx.interactive) clickable(g, t(`js.rr.bonus.${card}`), (el) => choose(el, cmds, ctx));
      svg.append(g);
      bx += 98;
    }
    y = by;
  }
  y += 58;
  svg.append(text(14, y, `${t("js.rr.doublers_left", { n: view.doubler_supply ?? "–" })} · ${t("js.rr.end_deck", { n: view.end_deck_count ?? "–" })}`,
    { class: "small" }));
  svg.setAttribute("viewBox", `0 0 ${width} ${y + 12}`);
  svg.querySelector(".board-bg").setAttribute("height", String(y + 12));
  return svg;
}

// --------------------------------------------------------------------- tableau
function chip(x, y, label, fill, ctx, commands, menuLabel) {
  const g = s("g", { class: "chip", transform: `translate(${x},${y})` });
  const width = Math.max(26, 8 + label.length * 7.2);
  g.append(rect(0, 0, width, 20, { rx: 10, fill: fill || "#fff", class: "chip-bg" }),
    text(width / 2, 14, label, { "text-anchor": "middle", class: `chip-label${fill === TRACK_COLOURS.black ? " on-dark" : ""}` }));
  clickable(g, menuLabel || label, (el) => choose(el, commands, ctx, (c) => commandLabel(c, ctx.t)));
  return { el: g, width };
}

/** Badge text of a special space's effect: "+W" extra worker, "?" ?-token, "+10" points. */
function specialBadge(effect) {
  if (effect.op === "extra_worker") return "+W";
  if (effect.op === "q_token") return "?";
  if (effect.op === "vp") return `+${effect.n}`;
  return "★";
}

/** The marks printed on one line of the tableau: special spaces, unlocks, stars, medal, doubling. */
function drawLineMarks(svg, line, player, left, y, ctx) {
  const { t } = ctx;
  const cellX = (space) => left + (space - 1) * CELL;
  const claimed = new Set(player.special_spaces || []);
  for (const sp of line.specials || []) {
    const x = cellX(sp.space);
    const done = claimed.has(sp.key);
    const g = s("g", { class: `special${done ? " claimed" : ""}`, dataset: { special: sp.key } });
    g.append(rect(x + CELL - 24, y + 2, 19, 12, { rx: 3, fill: TRACK_COLOURS[sp.colour], class: "special-bg" }),
      text(x + CELL - 14.5, y + 11, specialBadge(sp.effect), { "text-anchor": "middle",
        class: `special-label${DARK.has(sp.colour) ? " on-dark" : ""}` }));
    if (sp.loco) g.append(s("circle", { cx: x + CELL - 25, cy: y + 3, r: 2.6, class: "needs-loco" }));
    const what = sp.effect.op === "vp" ? `${sp.effect.n} ${t("js.rr.vp")}` : t(`js.rr.op.${sp.effect.op}`);
    g.append(s("title", {}, t(sp.loco ? "js.rr.special_loco" : "js.rr.special",
      { effect: what, colour: t(`js.rr.colour.${sp.colour}`) }) + (done ? " ✓" : "")));
    svg.append(g);
  }
  for (const u of line.unlocks || []) {
    const x = cellX(u.space);
    svg.append(s("g", { class: "unlock", dataset: { unlock: u.colour } },
      rect(x, y + 4, 4, CELL_H - 8, { rx: 1, fill: TRACK_COLOURS[u.colour], class: "unlock-bar" }),
      s("title", {}, t("js.rr.unlocks", { colour: t(`js.rr.colour.${u.colour}`) }) +
        (u.steps ? ` · ${t("js.rr.op.steps_white", { n: u.steps })}` : ""))));
  }
  for (const star of line.stars || []) {
    const x = cellX(star.space);
    svg.append(s("g", { class: "kiev-star" }, text(x + 3, y + CELL_H - 3, `★${star.vp}`, { class: "mark star" }),
      s("title", {}, t("js.rr.kiev_star", { vp: star.vp }))));
  }
  if (line.medal) {
    const x = cellX(line.medal.space);
    svg.append(s("g", { class: "kiev-medal" }, text(x + CELL - 6, y + CELL_H - 3, `◎${line.medal.vp}`, { class: "mark medal", "text-anchor": "end" }),
      s("title", {}, t("js.rr.kiev_medal", { vp: line.medal.vp, colour: t(`js.rr.colour.${line.medal.colour}`) }))));
  }
  if (line.doubling) {
    const x = cellX(line.doubling.space);
    svg.append(s("g", { class: "line-doubling" }, text(x + CELL - 6, y + CELL_H - 3, `×${line.doubling.factor}`, { class: "mark doubling", "text-anchor": "end" }),
      s("title", {}, t("js.rr.line_doubling", { colour: t(`js.rr.colour.${line.doubling.colour}`) }))));
  }
}

function drawTableau(seat, player, ctx) {
  const { t, names, board } = ctx;
  const mine = seat === ctx.you && ctx.interactive;
  const commands = mine ? ctx.commands : [];
  const lines = board.lines || [];
  const industry = board.industry || { length: 15, gaps: [], scores: [] };
  const longest = Math.max(industry.length, ...lines.map((l) => l.length));
  const left = 160;
  const width = left + (longest + 1) * CELL + 20;
  const svg = s("svg", { class: `rr-tableau seat-${seat}`, viewBox: `0 0 ${width} 420`, width,
                         dataset: { seat, endCards: player.end_card_count ?? 0 } });
  svg.append(rect(0, 0, width, 420, { class: `tableau-bg ${seatClass(seat)}-soft` }));
  const value = player.tableau_value || {};
  const head = `${names[seat] || seat} — ${player.vp} ${t("js.rr.vp")} · ${player.coins} ₽ · ` +
    `${t("js.rr.workers")} ${t("js.rr.free_workers", { free: player.free_workers, total: player.workers })}` +
    `${player.black_worker ? ` + ${t("js.rr.black_worker")}${player.black_worker_free ? "" : " ✓"}` : ""}` +
    ` · ${t("js.rr.value")} (${value.total ?? 0})${player.passed ? ` · ${t("js.rr.passed")}` : ""}`;
  svg.append(s("circle", { cx: 16, cy: 20, r: 7, class: seatClass(seat) }), text(30, 25, head, { class: "tableau-title" }));
  let y = 44;
  for (const line of lines) {
    const tracks = player.tracks?.[line.id] || {};
    const locos = player.locos?.[line.id] || [];
    const reach = locos.reduce((a, b) => a + b, 0);
    const doubled = line.id === "transsib" ? player.doublers || 0 : 0;
    svg.append(text(8, y + 16, t(`js.rr.line.${line.id}`), { class: "line-name", dataset: { line: line.id } }),
      text(8, y + 32, `${t("js.rr.loco_short")} ${locos.join("+") || "–"} · (${value[line.id] ?? 0})`, { class: "small" }));
    for (let i = 1; i <= line.length; i++) {
      const x = left + (i - 1) * CELL;
      const cls = `track-cell${i <= reach ? " reached" : ""}${i <= doubled ? " doubled" : ""}`;
      svg.append(rect(x, y, CELL - 4, CELL_H, { rx: 3, class: cls, dataset: { line: line.id, space: i } }),
        text(x + 3, y + 10, String(i), { class: "cell-num" }));
      if (i <= doubled) svg.append(text(x + CELL - 6, y + CELL_H - 3, "×2", { class: "mark doubler", "text-anchor": "end" }));
    }
    // The start (0) before space 1, where taken tracks wait.
    svg.append(rect(left - 40, y, 36, CELL_H, { rx: 3, class: "track-cell start" }), text(left - 37, y + 10, "0", { class: "cell-num" }));
    drawLineMarks(svg, line, player, left, y, ctx);
    // Track markers: one square per colour at its position, stacked in the cell.
    Object.entries(tracks).forEach(([colour, pos], k) => {
      const x = left + (pos - 1) * CELL + 4 + (k % 3) * 10.5;
      const yy = y + 16 + Math.floor(k / 3) * 12;
      svg.append(rect(x, yy, 10, 10, { rx: 2, fill: TRACK_COLOURS[colour], class: "track-marker", dataset: { line: line.id, colour, pos } },
        s("title", {}, `${t(`js.rr.colour.${colour}`)} ${pos}`)));
    });
    // What may be done on this line now, asked for right here.
    let cx = left;
    const lineCommands = byType(commands, "AdvanceTrack", "BuildLoco", "PlaceLoco").filter((c) => c.args.line === line.id);
    for (const command of lineCommands.filter((c) => c.type === "AdvanceTrack")) {
      const { el, width: w } = chip(cx, y + CELL_H + 3, `+ ${t(`js.rr.colour.${command.args.colour}`)}`,
        TRACK_COLOURS[command.args.colour], ctx, [command]);
      el.dataset.command = "AdvanceTrack";
      el.dataset.colour = command.args.colour;
      el.dataset.line = line.id;
      svg.append(el);
      cx += w + 6;
    }
    const locoCommands = lineCommands.filter((c) => c.type !== "AdvanceTrack");
    if (locoCommands.length) {
      const { el } = chip(cx, y + CELL_H + 3, `L ${t("js.rr.loco_here")}`, "#fff3c4", ctx, locoCommands);
      el.dataset.command = locoCommands[0].type;
      el.dataset.line = line.id;
      svg.append(el);
    }
    y += CELL_H + (lineCommands.length ? 30 : 8);
  }
  // Industry: fields 0..length, factories in the gaps, the ?-field, markers.
  svg.append(text(8, y + 16, t("js.rr.industry"), { class: "line-name" }),
    text(8, y + 32, `(${value.industry ?? 0})`, { class: "small" }));
  const ix = (i) => left + i * CELL - CELL;
  for (let i = 0; i <= industry.length; i++) {
    const x = ix(i);
    svg.append(rect(x, y, CELL - 4, CELL_H, { rx: 3, class: `industry-cell${industry.gaps.includes(i) ? " gap" : ""}`, dataset: { field: i } }),
      text(x + 3, y + 10, String(i), { class: "cell-num" }),
      text(x + CELL - 7, y + CELL_H - 3, String(industry.scores?.[i] ?? ""), { class: "mark industry-score", "text-anchor": "end" }));
  }
  if (industry.question_space !== undefined) {
    const x = ix(industry.question_space);
    const done = (player.special_spaces || []).includes("industry_q");
    svg.append(s("g", { class: `special${done ? " claimed" : ""}`, dataset: { special: "industry_q" } },
      rect(x + CELL - 24, y + 2, 19, 12, { rx: 3, fill: "#fff", class: "special-bg" }),
      text(x + CELL - 14.5, y + 11, "?", { "text-anchor": "middle", class: "special-label" }),
      s("title", {}, t("js.rr.op.q_token") + (done ? " ✓" : ""))));
  }
  (player.factories || []).forEach((number, slot) => {
    const gap = industry.gaps[slot];
    if (gap === undefined) return;
    const x = ix(gap);
    const g = s("g", { class: `factory-slot${number ? " built" : ""}`, dataset: { slot }, transform: `translate(${x},${y + 13})` });
    g.append(rect(0, 0, CELL - 4, 20, { rx: 3, class: number ? "factory-bg" : "factory-empty" }),
      text((CELL - 4) / 2, 14, number ? `F${number}` : "·", { "text-anchor": "middle", class: "small" }));
    if (number) g.append(s("title", {}, `F${number}: ${effectsText(board.factories?.[number], t)}`));
    const cmds = byType(commands, "BuildFactory").filter((c) => c.args.slot === slot);
    if (cmds.length) {
      clickable(g, t("js.rr.build_factory"), (el) => choose(el, cmds, ctx, (c) => commandLabel(c, t)));
    }
    svg.append(g);
  });
  (player.industry_markers || []).forEach((pos, k) => {
    const x = ix(pos) + 8 + k * 12;
    svg.append(s("circle", { cx: x, cy: y + 38, r: 5, class: `industry-marker ${seatClass(seat)}`, dataset: { marker: k + 1, pos } }));
  });
  y += CELL_H + 4;
  let cx = left;
  for (const command of byType(commands, "AdvanceIndustry", "PlaceDoubler")) {
    const label = command.type === "PlaceDoubler" ? t("js.rr.place_doubler") : t("js.rr.advance_marker", { n: command.args.marker });
    const { el, width: w } = chip(cx, y, label, "#fff3c4", ctx, [command]);
    el.dataset.command = command.type;
    svg.append(el);
    cx += w + 6;
  }
  if (cx > left) y += 26;
  // Engineers, doublers, ?-tokens, end cards.
  const engineers = (player.engineers || []).map((n) => `#${n} ${effectsText(board.engineers?.[n], t, "+")}` +
    `${(player.engineers_used || []).includes(n) ? " ✓" : ""}`);
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
    if (cx > width - 160) {
      cx = 8;
      y += 26;
    }
  }
  if (cx > 8) y += 26;
  svg.setAttribute("viewBox", `0 0 ${width} ${y + 6}`);
  svg.querySelector(".tableau-bg").setAttribute("height", String(y + 6));
  return svg;
}

// -------------------------------------------------------------------- scoring
function seatCell(seat, ctx) {
  return h("td", { class: "name" }, h("span", { class: `token-dot seat-${seat}` }), ctx.names[seat] || seat);
}

/** The final scoring: per player the points from the rounds, the end-game cards, the engineer majority, the total. */
function finalTable(view, ctx) {
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
function lastScoringTable(view, ctx) {
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

// ------------------------------------------------------------------- renderer
const ON_BOARD = new Set(["PlaceWorkers", "ReuseSpace", "Relocate", "ChooseQuestionCard", "ChooseStartBonus",
  "AdvanceTrack", "BuildLoco", "PlaceLoco", "BuildFactory", "AdvanceIndustry", "PlaceDoubler", "ChooseQuestionToken"]);

/** Commands with no place on the board (Pass, SkipRelocation, DiscardLoco, end cards, …) as buttons. */
function otherButtons(commands, ctx) {
  return h("div", { class: "buttons rr-other" }, commands.map((command) => h("button", {
    type: "button", class: `command${command.type === "Pass" ? " pass" : ""}`, disabled: ctx.busy,
    dataset: { type: command.type, args: JSON.stringify(command.args || {}) },
    onclick: () => ctx.send({ type: command.type, args: command.args || {} }),
  }, commandLabel(command, ctx.t))));
}

export default {
  showsCommands: false,
  render(el, base) {
    clear(el).classList.add("rr");
    const view = base.view || {};
    if (!view.players || !view.board) {
      el.append(h("p", { class: "muted" }, "…"));
      return;
    }
    const ctx = { ...base, board: view.board };
    if (view.final) el.append(finalTable(view, ctx));
    const elsewhere = ctx.commands.filter((c) => !ON_BOARD.has(c.type));
    if (ctx.interactive && ctx.commands.length) {
      el.append(h("div", { class: "card rr-choices", id: "rr-choices" },
        h("p", { class: "muted" }, ctx.t("js.rr.click_hint")),
        elsewhere.length ? otherButtons(elsewhere, ctx) : null));
    }
    el.append(h("div", { class: "rr-board-wrap" }, drawBoard(ctx)));
    el.append(h("p", { class: "small muted rr-legend" }, ctx.t("js.rr.legend")));
    const order = Array.isArray(view.order) && view.order.length ? view.order : Object.keys(view.players);
    const seats = [...order, ...Object.keys(view.players).filter((p) => !order.includes(p))];
    // My own tableau first.
    seats.sort((a, b) => (b === ctx.you) - (a === ctx.you));
    for (const seat of seats) {
      el.append(h("div", { class: "rr-tableau-wrap" }, drawTableau(seat, view.players[seat], ctx)));
    }
    if (!view.final && Object.keys(view.last_scoring || {}).length) el.append(lastScoringTable(view, ctx));
  },
};
