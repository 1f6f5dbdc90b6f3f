// First Class, a player's board: the route with the locomotive (printed cities
// and route cards, postcards), the 12-field coin grid, the two trains with their
// conductors, post wagons, LOK tiles and celebrities, the post wagons left, open
// contracts and the end-game cards (face down for the others: only their number).
// On my own board every piece a legal command acts on is clickable right there.

import { s } from "../../dom.js";
import { clickable, fitText, rect, text } from "../helpers.js";
import { TYPE_COLOURS, cityText, commandLabel, effectsText, requirementText, typeName } from "./labels.js";

const CAR_W = 62;
const CAR_H = 56;
const GAP = 6;
const CITY_W = 58;
const LEFT = 86;
const COIN_R = 9;
const COLUMNS = [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12]];
const CARD_FILL = { car: "#fff", post: "#e9dcc0", lok: "#d9c3a0" };

export const boardWidth = () => LEFT + 10 * (CAR_W + GAP) + 40 + 3 * 26 + 20;

const commandsWith = (ctx, type, test = () => true) => ctx.commands.filter((c) => c.type === type && test(c.args || {}));

function chip(x, y, label, ctx, commands, fill = "#fff") {
  const g = s("g", { class: "chip", transform: `translate(${x},${y})` });
  const width = Math.max(26, 10 + label.length * 6.6);
  g.append(rect(0, 0, width, 20, { rx: 10, fill, class: "chip-bg" }),
    text(width / 2, 14, label, { "text-anchor": "middle", class: "chip-label" }));
  if (commands.length) clickable(g, label, commands, ctx, commandLabel);
  return { el: g, width };
}

function drawRoute(svg, player, y, ctx, mine) {
  const { t } = ctx;
  const route = player.route || { cities: [], loco: 0 };
  svg.append(text(0, y + 30, t("js.fc.route"), { class: "fc-label", "font-size": 12, "font-weight": 700 }));
  let lastCard = null;
  for (const city of route.cities) {
    const x = LEFT + city.index * CITY_W;
    if (city.route !== lastCard) {
      lastCard = city.route;
      const name = city.route === "printed" ? t("js.fc.printed") : city.route;
      const label = s("g", { class: "fc-route-card", dataset: { route: city.route } });
      label.append(rect(x - 2, y - 4, CITY_W - 6, 16, { rx: 4, fill: "#f4efe2", class: "chip-bg" }),
        text(x + 2, y + 8, `${name}${city.postcard ? " ✉" : ""}`, { class: "fc-route-name", "font-size": 11 }));
      const postcard = mine ? commandsWith(ctx, "PlacePostcard", (a) => a.route === city.route) : [];
      if (postcard.length) clickable(label, t("js.fc.cmd.PlacePostcard"), postcard, ctx, commandLabel);
      svg.append(label);
    }
    const g = s("g", { class: `fc-city${city.reached ? " reached" : ""}${city.claimed ? " claimed" : ""}`,
      dataset: { city: city.index } });
    const cityFill = city.reached ? "#cfe8c9" : city.points ? "#fff" : "#f3e2b0";
    g.append(s("circle", { cx: x + 14, cy: y + 26, r: 11, fill: cityFill, class: "chip-bg" }),
      text(x + 14, y + 30, city.points ? String(city.points) : "B", { "text-anchor": "middle", class: "fc-city-label", "font-size": 11 }),
      fitText(x, y + 52, cityText(city, t), CITY_W - 4, { class: "fc-city-text", "font-size": 9 }));
    g.append(s("title", {}, cityText(city, t) + (city.reached ? ` ✓` : "")));
    const claim = mine ? commandsWith(ctx, "ClaimRouteBonus", (a) => a.city === city.index) : [];
    if (claim.length) clickable(g, t("js.fc.cmd.ClaimRouteBonus"), claim, ctx, commandLabel);
    svg.append(g);
  }
  // The locomotive stands on the last city it reached (before the first one at the start).
  const locoX = LEFT + (route.loco - 1) * CITY_W + (route.loco ? 14 : 0) - 12;
  const loco = s("g", { class: "fc-loco", dataset: { loco: route.loco } });
  loco.append(rect(locoX, y + 34, 28, 12, { rx: 3, fill: "#333", class: "chip-bg" }), s("title", {}, t("js.fc.loco")));
  const move = mine ? commandsWith(ctx, "MoveLoco") : [];
  if (move.length) clickable(loco, t("js.fc.cmd.MoveLoco"), move, ctx, commandLabel);
  svg.append(loco);
}

function drawCoins(svg, player, x, y, ctx, mine) {
  const { t } = ctx;
  svg.append(text(x, y + 8, t("js.fc.coins", { n: (player.coins || []).filter(Boolean).length }), { class: "fc-label", "font-size": 12, "font-weight": 700 }));
  COLUMNS.forEach((fields, col) => fields.forEach((field, row) => {
    const full = player.coins?.[field - 1];
    const cx = x + 10 + col * 26;
    const cy = y + 26 + (4 - row) * 22;
    const g = s("g", { class: `fc-coin${full ? " full" : ""}`, dataset: { field } });
    g.append(s("circle", { cx, cy, r: COIN_R, fill: full ? "#e8c547" : "#f2f2f2", class: full ? "chip-bg" : "fc-coin-empty" }),
      text(cx, cy + 4, String(field), { "text-anchor": "middle", class: "fc-coin-label", "font-size": 9 }));
    const spend = mine && full ? commandsWith(ctx, "SpendCoin", (a) => a.field === field) : [];
    if (spend.length) clickable(g, t("js.fc.cmd.SpendCoin"), spend, ctx, commandLabel);
    svg.append(g);
  }));
}

function drawTrain(svg, train, y, ctx, mine) {
  const { t } = ctx;
  svg.append(text(0, y + 24, t("js.fc.train", { n: train.index + 1 }), { class: "fc-label", "font-size": 12, "font-weight": 700 }),
    text(0, y + 42, t("js.fc.train_points", { n: train.points }), { class: "fc-small", "font-size": 10 }));
  const firstFree = train.cards.find((c) => c.kind === "car" && !c.celebrity);
  for (const card of train.cards) {
    const x = LEFT + card.index * (CAR_W + GAP);
    const g = s("g", { class: `fc-train-card fc-${card.kind}${card.celebrity ? " celebrity" : ""}`,
      dataset: { train: train.index, index: card.index } });
    const label = card.kind === "car" ? String(card.value) : card.kind === "lok" ? `LOK ${card.value}` : t("js.fc.post");
    g.append(rect(x, y, CAR_W, CAR_H, { fill: CARD_FILL[card.kind] || "#fff", class: "chip-bg" }),
      text(x + CAR_W / 2, y + 34, label, { "text-anchor": "middle", class: "fc-car-label", "font-size": card.kind === "car" ? 18 : 12,
        "font-weight": 700 }));
    if (card.celebrity) g.append(text(x + CAR_W - 10, y + 14, "★", { "text-anchor": "middle", class: "fc-celebrity", fill: "#c28a00" }));
    g.append(s("title", {}, card.kind === "car" ? t("js.fc.car", { n: card.value }) + (card.celebrity ? ` ${t("js.fc.celebrity")}` : "")
      : label));
    if (mine) {
      const commands = [...commandsWith(ctx, "UpgradeCar", (a) => a.train === train.index && a.index === card.index),
        ...(card === firstFree ? commandsWith(ctx, "PlaceCelebrity", (a) => a.train === train.index) : [])];
      if (commands.length) clickable(g, t("js.fc.car", { n: card.value }), commands, ctx, commandLabel);
    }
    svg.append(g);
  }
  // The conductor stands above the card it has reached.
  const cx = LEFT + train.conductor * (CAR_W + GAP) + CAR_W / 2;
  const conductor = s("g", { class: "fc-conductor", dataset: { train: train.index, at: train.conductor } });
  conductor.append(s("path", { d: `M${cx - 8},${y - 2} L${cx + 8},${y - 2} L${cx},${y + 12} Z`, fill: "#1f3f7a", class: "chip-bg" }),
    s("title", {}, t("js.fc.conductor")));
  const moves = mine ? commandsWith(ctx, "MoveConductor", (a) => a.train === train.index) : [];
  if (moves.length) clickable(conductor, t("js.fc.conductor"), moves, ctx, commandLabel);
  svg.append(conductor);
  const attach = mine ? commandsWith(ctx, "AttachCar", (a) => a.train === train.index) : [];
  if (attach.length) {
    const x = LEFT + train.cards.length * (CAR_W + GAP);
    const slot = s("g", { class: "fc-new-car", dataset: { train: train.index } });
    slot.append(rect(x, y, CAR_W, CAR_H, { fill: "#fff", "stroke-dasharray": "4 3", class: "chip-bg" }), text(x + CAR_W / 2, y + 34, "+0", { "text-anchor": "middle" }));
    clickable(slot, t("js.fc.cmd.AttachCar"), attach, ctx, commandLabel);
    svg.append(slot);
  }
}

export function drawPlayer(seat, player, ctx) {
  const { t } = ctx;
  const mine = seat === ctx.you && ctx.interactive;
  const contracts = player.contracts || [];
  const ends = player.end_cards || [];
  const height = 100 + 2 * (CAR_H + 26) + 30 + contracts.length * 24 + 64;
  const width = boardWidth();
  const svg = s("svg", { class: `fc-player seat-${seat}${mine ? " mine" : ""}`, viewBox: `0 0 ${width} ${height}`, width, height, role: "img",
    "aria-label": t("js.fc.board_of", { name: ctx.names[seat] || seat }), dataset: { seat } });
  svg.append(rect(0, 0, width, height, { fill: "#faf7f0", stroke: "#c9bfa8", rx: 10 }));
  const inner = s("g", { transform: "translate(10,10)" });
  svg.append(inner);
  inner.append(text(0, 12, `${ctx.names[seat] || seat} · ${t("js.fc.vp", { n: player.vp })}`, { class: `fc-name seat-${seat}`, "font-weight": 700 }));
  drawRoute(inner, player, 20, ctx, mine);
  drawCoins(inner, player, width - 110, 0, ctx, mine);
  let y = 100;
  for (const train of player.trains || []) {
    drawTrain(inner, train, y, ctx, mine);
    y += CAR_H + 26;
  }
  // Post wagons still in hand: chosen when a 5th car joins a train.
  let x = 0;
  inner.append(text(x, y + 14, t("js.fc.posts_left"), { class: "fc-label", "font-size": 12, "font-weight": 700 }));
  x = LEFT;
  for (const post of player.posts_left || []) {
    const commands = mine ? commandsWith(ctx, "AttachPost", (a) => a.post === post) : [];
    const c = chip(x, y, t(`js.fc.post.${post}`), ctx, commands);
    inner.append(c.el);
    x += c.width + 6;
  }
  y += 30;
  for (const card of contracts) {
    const commands = mine ? commandsWith(ctx, "FulfilContract", (a) => a.card === card.id) : [];
    const line = `${t("js.fc.contract")}: ${requirementText(card.contract.requires, t)} → ${effectsText(card.contract.reward, t)}`;
    const c = chip(0, y, line, ctx, commands, commands.length ? "#f3e7c4" : "#fff");
    c.el.classList.add("fc-contract");
    c.el.dataset.card = card.id;
    inner.append(c.el);
    y += 24;
  }
  const endLine = ends.length
    ? ends.map((c) => `${typeName(c.type, t)} ${c.points}`).join(" · ")
    : t("js.fc.end_hidden", { n: player.end_card_count ?? 0 });
  const byType = player.taken_by_type || {};
  inner.append(text(0, y + 14, `${t("js.fc.end_cards")}: ${endLine}`, { class: "fc-line fc-end-line", "font-size": 12 }),
    text(0, y + 32, t("js.fc.taken", { lok: byType.lok ?? 0, schaffner: byType.schaffner ?? 0, waggon: byType.waggon ?? 0 }),
      { class: "fc-small", "font-size": 10 }));
  return svg;
}

export { TYPE_COLOURS };
