// Russian Railroads, a player's board (tableau): the three lines with their
// special spaces, track markers and locomotive slots, the industry row with its
// factory slots, and the pieces a player holds: own engineers, doublers,
// ?-tokens and end-game cards.  On my own board every piece a legal command acts
// on is clickable right there (an own engineer to use it, a loco slot to build
// into, a ?-token to take, ...).

import { s } from "../../dom.js";
import { clickable, fitText, rect, text } from "../helpers.js";
import { DARK, TRACK_COLOURS, commandLabel, effectsText, engineerLabel } from "./labels.js";
import { drawUpperIndustry } from "./usa.js";

const CELL = 40;
const CELL_H = 46;
const LEFT = 160;
const TILE_H = 34;

const seatClass = (seat) => `seat-fill-${seat}`;
/** Coal module: a loco or factory with a boiler carries its number + 1000 ("5+1"). */
const BOILER = 1000;
/** American Railroads: a steel mill lies in a gap as factory number 20 ("St"). */
const STEEL_MILL = 20;
const tileNumber = (n) => (n >= BOILER ? `${n - BOILER}+1` : n === STEEL_MILL ? "St" : String(n));
const locoValue = (n) => (n >= BOILER ? n - BOILER + 1 : n);
const byType = (commands, ...types) => commands.filter((c) => types.includes(c.type));

export function tableauWidth(board) {
  const industry = board.industry || { length: 15 };
  const longest = Math.max(industry.length, ...(board.lines || []).map((l) => l.length));
  return LEFT + (longest + 1) * CELL + 20;
}

/** A small rounded button in the SVG for one or more commands. */
function chip(x, y, label, fill, ctx, commands, menuLabel) {
  const g = s("g", { class: "chip", transform: `translate(${x},${y})` });
  const width = Math.max(26, 8 + label.length * 7.2);
  g.append(rect(0, 0, width, 20, { rx: 10, fill: fill || "#fff", class: "chip-bg" }),
    text(width / 2, 14, label, { "text-anchor": "middle", class: `chip-label${fill === TRACK_COLOURS.black ? " on-dark" : ""}` }));
  clickable(g, menuLabel || label, commands, ctx, commandLabel);
  return { el: g, width };
}

/** Badge text of a special space's effect: "+W" extra worker, "?" ?-token, "+10" points. */
function specialBadge(effect) {
  if (effect.op === "extra_worker") return "+W";
  if (effect.op === "q_token") return "?";
  if (effect.op === "vp") return `+${effect.n}`;
  // Deutschland tableau: immediate effects and income spaces
  if (effect.op === "coins") return `${effect.n}₽`;
  if (effect.op === "income_marker") return "€";
  if (effect.op === "extra_industry_marker") return "+M";
  if (effect.op === "industry" || effect.op === "industry_and_coin") return "I+";
  if (effect.op === "loco_or_factory" || effect.op === "loco_or_factory_and_doubler") return "L/F";
  // USA tableau: stock step, coin space, transcontinental end, rubble
  if (effect.op === "stock_step") return "$";
  if (effect.op === "coin_space") return "1₽";
  if (effect.op === "us_end") return `+${effect.n}`;
  if (effect.op === "rubble") return "▲";
  return "★";
}

/** Deutschland tableau: the dashed areas (a laid tile or the station still open) and the switch on München. */
function drawGermanMarks(svg, line, y, ctx) {
  const { t } = ctx;
  const cellX = (space) => LEFT + (space - 1) * CELL;
  for (const area of line.areas || []) {
    const x = cellX(area.first) - 2;
    const w = area.length * CELL;
    // The laid tile's special space is drawn like the printed ones; its full name is the tooltip.
    const label = t(`js.rr.station.${area.station}`) + (area.tile ? " ✓" : "");
    svg.append(s("g", { class: `de-area${area.tile ? " laid" : ""}`, dataset: { station: area.station, tile: area.tile || "" } },
      rect(x, y - 3, w, CELL_H + 6, { rx: 5, class: "de-area-frame", fill: "none", stroke: "#6a5a2a",
        "stroke-width": 1.5, "stroke-dasharray": area.tile ? "none" : "5 3" }),
      fitText(x + 3, y + CELL_H + 1, label, w - 6, { class: "mark de-area-label" }, 5.2),
      s("title", {}, t("js.rr.area", { station: t(`js.rr.station.${area.station}`), n: area.length }) +
        (area.tile ? ` · ${t(`js.rr.tile.${area.tile}`)}` : ""))));
  }
  if (line.switch) {
    const x = cellX(line.length + 1);
    const arms = line.switch.map((a) => `${t(`js.rr.arm.${a.id}`)} ${line.length + 1}–${a.last}`).join(" / ");
    svg.append(s("g", { class: "de-switch" }, text(x, y + 20, `→ ${arms}`, { class: "small de-switch-label" }),
      s("title", {}, t("js.rr.switch"))));
  } else if (line.arm) {
    svg.append(s("g", { class: "de-arm", dataset: { arm: line.arm } },
      text(cellX(9) + 2, y - 2, `→ ${t(`js.rr.arm.${line.arm}`)}`, { class: "mark de-arm-label" })));
  }
}

/** The marks printed on one line: special spaces, unlocks, stars, medal, doubling. */
function drawLineMarks(svg, line, player, y, ctx, commands = []) {
  const { t } = ctx;
  const cellX = (space) => LEFT + (space - 1) * CELL;
  const claimed = new Set(player.special_spaces || []);
  for (const sp of line.specials || []) {
    const x = cellX(sp.space);
    const done = claimed.has(sp.key);
    const g = s("g", { class: `special${done ? " claimed" : ""}`, dataset: { special: sp.key } });
    g.append(rect(x + CELL - 24, y + 2, 19, 12, { rx: 3, fill: TRACK_COLOURS[sp.colour], class: "special-bg" }),
      text(x + CELL - 14.5, y + 11, specialBadge(sp.effect), { "text-anchor": "middle",
        class: `special-label${DARK.has(sp.colour) ? " on-dark" : ""}` }));
    if (sp.loco) g.append(s("circle", { cx: x + CELL - 25, cy: y + 3, r: 2.6, class: "needs-loco" }));
    const what = sp.effect.op === "vp" ? `${sp.effect.n} ${t("js.rr.vp")}` : t(`js.rr.op.${sp.effect.op}`, sp.effect);
    g.append(s("title", {}, t(sp.loco ? "js.rr.special_loco" : "js.rr.special",
      { effect: what, colour: t(`js.rr.colour.${sp.colour}`) }) + (done ? " ✓" : "")));
    // USA tableau: a coin space reached is paid for right there
    const pay = sp.effect.op === "coin_space"
      ? byType(commands, "UseCoinSpace").filter((c) => `us_done:${c.args.space}` === sp.key) : [];
    if (pay.length) clickable(g, commandLabel(pay[0], ctx), pay, ctx, commandLabel);
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
    const title = star.per_scoring ? t("js.rr.per_scoring", { vp: star.vp }) : t("js.rr.kiev_star", { vp: star.vp });
    svg.append(s("g", { class: "kiev-star" }, text(x + 3, y + CELL_H - 3, `${star.per_scoring ? "+" : "★"}${star.vp}`, { class: "mark star" }),
      s("title", {}, title)));
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

/** The loco slots of a line under its name: built locos and free slots, clickable where a loco may go. */
function drawLocoSlots(svg, seat, line, locos, y, ctx, commands) {
  const { t } = ctx;
  const slots = Math.max(line.loco_slots ?? 1, locos.length);
  const lineCommands = byType(commands, "BuildLoco", "PlaceLoco").filter((c) => c.args.line === line.id);
  for (let i = 0; i < slots; i++) {
    const number = locos[i];
    const x = 8 + i * 34;
    const fits = lineCommands.filter((c) => (number ? c.args.replace === number : !c.args.replace));
    const recent = ctx.recent?.locos?.has(`${seat}:${line.id}`);
    const g = s("g", { class: `loco-slot${number ? " built" : ""}${recent ? " recent" : ""}`, transform: `translate(${x},${y + 22})`,
                       dataset: { line: line.id, slot: i, loco: number ?? "" } });
    g.append(rect(0, 0, 30, 20, { rx: 3, class: number ? "loco-tile" : "loco-empty" }),
      text(15, 14, number ? `L${tileNumber(number)}` : "+", { "text-anchor": "middle", class: "small loco-slot-label" }),
      s("title", {}, number ? t("js.rr.loco_on_line", { number, line: t(`js.rr.line.${line.id}`) })
        : t("js.rr.loco_slot_free", { line: t(`js.rr.line.${line.id}`) })));
    if (fits.length) clickable(g, commandLabel(fits[0], ctx), fits, ctx, commandLabel);
    svg.append(g);
  }
}

/** A row of labelled tiles (own engineers, tokens, cards), wrapping at ``width``; returns the y below. */
function tileRow(svg, title, tiles, y, width) {
  svg.append(text(8, y + 14, title, { class: "section-title" }));
  if (!tiles.length) {
    svg.append(text(LEFT, y + 14, "–", { class: "small" }));
    return y + 24;
  }
  let x = LEFT;
  for (const tile of tiles) {
    const w = Math.max(60, Math.min(210, 14 + tile.label.length * 6.2));
    if (x + w > width - 8 && x > LEFT) {
      x = LEFT;
      y += TILE_H + 6;
    }
    tile.el.setAttribute("transform", `translate(${x},${y})`);
    tile.el.prepend(rect(0, 0, w, TILE_H - 6, { rx: 5, class: `tile-bg ${tile.bg || ""}` }));
    tile.el.append(fitText(7, 18, tile.label, w - 12, { class: "small tile-label" }, 5.8));
    svg.append(tile.el);
    x += w + 6;
  }
  return y + TILE_H + 4;
}

/** An engineer's printed use cost where it is not the usual 1 worker: ● per worker, ○ per coin. */
function costMark(board, n) {
  const cost = board.engineer_costs?.[n];
  if (!cost) return "";
  const workers = cost.workers ?? 1;
  const coins = cost.coins ?? 0;
  return workers === 1 && coins === 0 ? "" : ` ${"●".repeat(workers)}${"○".repeat(coins)}`;
}

function ownEngineerTiles(seat, player, ctx, commands) {
  const { t, board } = ctx;
  return (player.engineers || []).map((n) => {
    const used = (player.engineers_used || []).includes(n);
    const id = `engineer_${n}`;
    const el = s("g", { class: `own-engineer${used ? " used" : ""}${ctx.recent?.engineers?.has(`${seat}:${n}`) ? " recent" : ""}`,
                        dataset: { engineer: n, space: id } },
      s("title", {}, `${engineerLabel(n, board)}: ${effectsText(board.engineers?.[n], t)}${used ? ` · ${t("js.rr.engineer_used")}` : ""}`));
    const cmds = commands.filter((c) => ["PlaceWorkers", "ReuseSpace", "Relocate"].includes(c.type) && c.args.space === id);
    if (cmds.length) clickable(el, t("js.rr.use_engineer", { n }), cmds, ctx, commandLabel);
    return { el, label: `${engineerLabel(n, board)}${costMark(board, n)} ${effectsText(board.engineers?.[n], t, "+")}${used ? " ✓" : ""}`,
             bg: "engineer-bg" };
  });
}

function tokenTiles(player, ctx, commands) {
  const { t } = ctx;
  const used = player.question_tokens || [];
  const choices = byType(commands, "ChooseQuestionToken");
  const tiles = used.map((token) => ({ el: s("g", { class: "q-token used", dataset: { token } }), label: `${t(`js.rr.token.${token}`)} ✓` }));
  for (const command of choices) {
    const token = command.args.token;
    const el = s("g", { class: "q-token", dataset: { token } });
    clickable(el, t(`js.rr.token.${token}`), [command], ctx, commandLabel);
    tiles.push({ el, label: `? ${t(`js.rr.token.${token}`)}`, bg: "choice-bg" });
  }
  return tiles;
}

/** Deutschland tableau: the income markers held, turned over once used this round; click one to use it. */
function incomeTiles(player, ctx, commands) {
  const { t } = ctx;
  return (player.germany?.income || []).map((marker) => {
    const kind = marker.id.replace(/_\d+$/, "");
    const el = s("g", { class: `income-marker${marker.used ? " used" : ""}`, dataset: { marker: marker.id } },
      s("title", {}, t(`js.rr.income.${kind}`) + (marker.used ? ` · ${t("js.rr.income_used")}` : "")));
    const cmds = byType(commands, "UseIncomeMarker").filter((c) => c.args.marker === marker.id);
    if (cmds.length) clickable(el, commandLabel(cmds[0], ctx), cmds, ctx, commandLabel);
    return { el, label: `€ ${t(`js.rr.income.${kind}`)}${marker.used ? " ✓" : ""}`, bg: cmds.length ? "choice-bg" : "" };
  });
}

/** Coal module: own foundries (click to use for 2 coal; just used: click again to close) and closed ones. */
function foundryTiles(player, ctx, commands) {
  const { t } = ctx;
  const tiles = (player.coal.foundries || []).map((f) => {
    const el = s("g", { class: `foundry-own${f.used ? " used" : ""}`, dataset: { foundry: f.id } },
      s("title", {}, `${t("js.rr.foundry", { n: f.id })}: ${effectsText(f.effects, t)}`));
    const cmds = commands.filter((c) => ["UseFoundry", "CloseFoundry"].includes(c.type) && c.args.foundry === f.id);
    if (cmds.length) clickable(el, commandLabel(cmds[0], ctx), cmds, ctx, commandLabel);
    return { el, label: `${t("js.rr.foundry", { n: f.id })}: ${effectsText(f.effects, t, "+")}${f.used ? " ✓" : ""}`,
             bg: cmds.length ? "choice-bg" : "" };
  });
  for (const id of player.coal.closed || []) {
    tiles.push({ el: s("g", { class: "foundry-closed", dataset: { foundry: id } }), label: `${t("js.rr.foundry", { n: id })} → +1` });
  }
  return tiles;
}

function doublerTiles(player, ctx, commands) {
  const { t } = ctx;
  const el = s("g", { class: "doubler-tile", dataset: { doublers: player.doublers ?? 0 } },
    // On the tableau's first line (the Transsib, München on the Deutschland board); in
    // America on any of the three lines.
    s("title", {}, player.usa ? t("js.rr.doublers_title_any")
      : t("js.rr.doublers_title", { line: t(`js.rr.line.${player.lines?.[0]?.id ?? "transsib"}`) })));
  const cmds = byType(commands, "PlaceDoubler");
  if (cmds.length) clickable(el, t("js.rr.place_doubler"), cmds, ctx, commandLabel);
  return [{ el, label: `×2 ${t("js.rr.doublers")}: ${player.doublers ?? 0}${cmds.length ? ` · ${t("js.rr.place_doubler")}` : ""}`,
            bg: cmds.length ? "choice-bg" : "" }];
}

function endCardTiles(player, ctx, commands) {
  const { t } = ctx;
  const tiles = player.end_cards
    ? player.end_cards.map((card) => ({ el: s("g", { class: "end-card-own", dataset: { card } }), label: t(`js.rr.end.${card}`) }))
    : (player.end_card_count ? [{ el: s("g", { class: "end-card-hidden" }), label: t("js.rr.end_cards_hidden", { n: player.end_card_count }) }] : []);
  for (const command of byType(commands, "ChooseEndCard", "TakePoints")) {
    const card = command.args.card;
    const el = s("g", { class: "end-card-choice", dataset: { card: card ?? "points" } });
    clickable(el, commandLabel(command, ctx), [command], ctx, commandLabel);
    tiles.push({ el, label: card ? `+ ${t(`js.rr.end.${card}`)}` : t("js.rr.cmd.TakePoints"), bg: "choice-bg" });
  }
  return tiles;
}

export function drawTableau(seat, player, ctx) {
  const { t, names, board } = ctx;
  const mine = seat === ctx.you && ctx.interactive;
  const commands = mine ? ctx.commands : [];
  const lines = player.lines || board.lines || [];
  const industry = board.industry || { length: 15, gaps: [], scores: [] };
  const width = tableauWidth(board);
  const svg = s("svg", { class: `rr-tableau seat-${seat}`, viewBox: `0 0 ${width} 420`, width,
                         dataset: { seat, endCards: player.end_card_count ?? 0 } });
  svg.append(rect(0, 0, width, 420, { class: `tableau-bg ${seatClass(seat)}-soft` }));
  const value = player.tableau_value || {};
  const head = `${names[seat] || seat} — ${player.vp} ${t("js.rr.vp")} · ${player.coins} ₽ · ` +
    `${t("js.rr.workers")} ${t("js.rr.free_workers", { free: player.free_workers, total: player.workers })}` +
    `${player.black_worker ? ` + ${t("js.rr.black_worker")}${player.black_worker_free ? "" : " ✓"}` : ""}` +
    ` · ${t("js.rr.value")} (${value.total ?? 0})${player.passed ? ` · ${t("js.rr.passed")}` : ""}` +
    (player.coal ? ` · ${player.coal.coal} ${t("js.rr.coal")}` : "");
  svg.append(s("circle", { cx: 16, cy: 20, r: 7, class: seatClass(seat) }), fitText(30, 25, head, width - 40, { class: "tableau-title" }, 7.4));
  let y = 44;
  for (const line of lines) {
    const tracks = player.tracks?.[line.id] || {};
    const locos = player.locos?.[line.id] || [];
    const reach = locos.reduce((a, b) => a + locoValue(b), 0);
    const doubled = player.usa ? player.usa.doublers[line.id] || 0
      : line.id === "transsib" || line.doublers ? player.doublers || 0 : 0;
    svg.append(fitText(8, y + 16, `${t(`js.rr.line.${line.id}`)} (${value[line.id] ?? 0})`, LEFT - 50, { class: "line-name", dataset: { line: line.id } }, 7.2));
    drawLocoSlots(svg, seat, line, locos, y, ctx, commands);
    for (let i = 1; i <= line.length; i++) {
      const x = LEFT + (i - 1) * CELL;
      const cls = `track-cell${i <= reach ? " reached" : ""}${i <= doubled ? " doubled" : ""}`;
      svg.append(rect(x, y, CELL - 4, CELL_H, { rx: 3, class: cls, dataset: { line: line.id, space: i } }),
        text(x + 3, y + 10, String(i), { class: "cell-num" }));
      if (i <= doubled) svg.append(text(x + CELL - 6, y + CELL_H - 3, "×2", { class: "mark doubler", "text-anchor": "end" }));
    }
    // The start (0) before space 1, where taken tracks wait.
    svg.append(rect(LEFT - 40, y, 36, CELL_H, { rx: 3, class: "track-cell start" }), text(LEFT - 37, y + 10, "0", { class: "cell-num" }));
    drawLineMarks(svg, line, player, y, ctx, commands);
    drawGermanMarks(svg, line, y, ctx);
    // Track markers: one square per colour at its position, stacked in the cell.
    Object.entries(tracks).forEach(([colour, pos], k) => {
      const x = LEFT + (pos - 1) * CELL + 4 + (k % 3) * 10.5;
      const yy = y + 16 + Math.floor(k / 3) * 12;
      const recent = ctx.recent?.markers?.has(`${seat}:${line.id}:${colour}`);
      svg.append(rect(x, yy, 10, 10, { rx: 2, fill: TRACK_COLOURS[colour], class: `track-marker${recent ? " recent" : ""}`,
                                       dataset: { line: line.id, colour, pos } },
        s("title", {}, `${t(`js.rr.colour.${colour}`)} ${pos}`)));
    });
    // Track steps on this line, asked for right here.
    let cx = LEFT;
    const steps = byType(commands, "AdvanceTrack").filter((c) => c.args.line === line.id);
    for (const command of steps) {
      const { el, width: w } = chip(cx, y + CELL_H + 3, `+ ${t(`js.rr.colour.${command.args.colour}`)}`,
        TRACK_COLOURS[command.args.colour], ctx, [command], commandLabel(command, ctx));
      el.dataset.command = "AdvanceTrack";
      el.dataset.colour = command.args.colour;
      el.dataset.line = line.id;
      svg.append(el);
      cx += w + 6;
    }
    y += CELL_H + (steps.length ? 30 : 8);
  }
  if (player.usa) y = drawUpperIndustry(svg, seat, player, industry, y, ctx);
  y = drawIndustry(svg, seat, player, industry, value, y, ctx, commands);
  // The pieces a player holds.
  y = tileRow(svg, t("js.rr.engineers_own"), ownEngineerTiles(seat, player, ctx, commands), y, width);
  y = tileRow(svg, t("js.rr.doublers"), doublerTiles(player, ctx, commands), y, width);
  y = tileRow(svg, t("js.rr.question_tokens"), tokenTiles(player, ctx, commands), y, width);
  if (player.germany) y = tileRow(svg, t("js.rr.income_markers"), incomeTiles(player, ctx, commands), y, width);
  if (player.coal) y = tileRow(svg, t("js.rr.foundries"), foundryTiles(player, ctx, commands), y, width);
  y = tileRow(svg, t("js.rr.end_cards"), endCardTiles(player, ctx, commands), y, width);
  svg.setAttribute("viewBox", `0 0 ${width} ${y + 6}`);
  svg.querySelector(".tableau-bg").setAttribute("height", String(y + 6));
  return svg;
}

/** Industry: fields 0..length, factories in the gaps, the ?-field, markers, and the industry steps. */
function drawIndustry(svg, seat, player, industry, value, y, ctx, commands) {
  const { t, board } = ctx;
  svg.append(text(8, y + 16, t("js.rr.industry"), { class: "line-name" }),
    text(8, y + 32, `(${value.industry ?? 0})`, { class: "small" }));
  const ix = (i) => LEFT + i * CELL - CELL;
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
    const recent = ctx.recent?.factories?.has(`${seat}:${slot}`);
    const g = s("g", { class: `factory-slot${number ? " built" : ""}${recent ? " recent" : ""}`, dataset: { slot },
                       transform: `translate(${ix(gap)},${y + 13})` });
    g.append(rect(0, 0, CELL - 4, 20, { rx: 3, class: number ? "factory-bg" : "factory-empty" }),
      text((CELL - 4) / 2, 14, number ? `F${tileNumber(number)}` : "·", { "text-anchor": "middle", class: "small" }));
    if (number) g.append(s("title", {}, `F${tileNumber(number)}: ${effectsText(board.factories?.[number % BOILER], t)}`));
    const cmds = byType(commands, "BuildFactory").filter((c) => c.args.slot === slot);
    if (cmds.length) clickable(g, t("js.rr.build_factory"), cmds, ctx, commandLabel);
    svg.append(g);
  });
  // (USA tableau: the second marker runs on the upper track, drawn above)
  (player.usa ? (player.industry_markers || []).slice(0, 1) : player.industry_markers || []).forEach((pos, k) => {
    const recent = ctx.recent?.industry?.has(`${seat}:${k}`);
    svg.append(s("circle", { cx: ix(pos) + 8 + k * 12, cy: y + 38, r: 5, class: `industry-marker ${seatClass(seat)}${recent ? " recent" : ""}`,
                             dataset: { marker: k + 1, pos } }));
  });
  y += CELL_H + 4;
  let cx = LEFT;
  for (const command of byType(commands, "AdvanceIndustry")) {
    const { el, width: w } = chip(cx, y, t("js.rr.advance_marker", { n: command.args.marker }), "#fff3c4", ctx, [command]);
    el.dataset.command = command.type;
    svg.append(el);
    cx += w + 6;
  }
  return cx > LEFT ? y + 26 : y;
}

