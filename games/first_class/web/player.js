// First Class, a player's board: the route with the locomotive (printed cities
// and route cards, postcards), the 12-field coin grid, the two trains with their
// conductors, post wagons, LOK tiles and celebrities, the post wagons left, open
// contracts and the end-game cards (face down for the others: only their number).
// On my own board every piece a legal command acts on is clickable right there.
// The board is drawn for the width there is (``available``): on a phone the route
// and the trains wrap into more lines instead of shrinking out of reach.

import { s } from "../../dom.js";
import { clickable, fitText, rect, text } from "../helpers.js";
import { cityText, commandLabel, effectsText, requirementText, routeText, typeName } from "./labels.js";

const CAR_W = 56;
const CAR_H = 52;
const GAP = 6;
const CITY_W = 58;
const CITY_H = 74;
const COIN_R = 12;
const COIN_STEP = 29;
const COIN_ROW = 27;
const COINS_W = 3 * COIN_STEP + 14;
const COLUMNS = [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12]];
const CARD_FILL = { car: "#fff", post: "#e9dcc0", lok: "#d9c3a0" };
const MAX_CARDS = 10;
const NARROW = 560;

/** The widest board: ten cards and the new-car slot beside the train's name, the coin grid at the right. */
export const boardWidth = () => 86 + (MAX_CARDS + 1) * (CAR_W + GAP) + 20;

const commandsWith = (ctx, type, test = () => true) => ctx.commands.filter((c) => c.type === type && test(c.args || {}));

function chip(x, y, label, ctx, commands, maxWidth, fill = "#fff") {
  const g = s("g", { class: "fc-chip", transform: `translate(${x},${y})` });
  const width = Math.min(maxWidth, Math.max(28, 12 + label.length * 6.4));
  g.append(rect(0, 0, width, 28, { rx: 14, fill, class: "fc-bg" }),
    fitText(width / 2, 18, label, width - 12, { "text-anchor": "middle", class: "fc-chip-label" }, 6.4));
  if (commands.length) clickable(g, label, commands, ctx, commandLabel);
  return { el: g, width };
}

function drawRoute(svg, player, top, geo, ctx, mine) {
  const { t } = ctx;
  const route = player.route || { cities: [], loco: 0 };
  const per = Math.max(3, Math.floor((geo.width - geo.left - COINS_W - 10) / CITY_W));
  svg.append(text(0, top + 30, t("js.fc.route"), { class: "fc-label" }));
  const at = (i) => ({ x: geo.left + (i % per) * CITY_W, y: top + Math.floor(i / per) * CITY_H });
  route.cities.forEach((city, i) => {
    const { x, y } = at(i);
    if (i === 0 || route.cities[i - 1].route !== city.route || i % per === 0) {
      // The card's band over its cities on this line: "Board" or a route card (its cities in the tooltip).
      let span = 1;
      while (i + span < route.cities.length && route.cities[i + span].route === city.route && (i + span) % per !== 0) span += 1;
      const first = i === 0 || route.cities[i - 1].route !== city.route;
      const name = city.route === "printed" ? t("js.fc.printed") : t("js.fc.route_short");
      const label = s("g", { class: `fc-route-card${city.postcard ? " postcard" : ""}` });
      label.append(rect(x, y - 4, span * CITY_W - 6, 16, { rx: 4, fill: "#f4efe2", class: "fc-bg" }),
        fitText(x + 4, y + 8, first ? `${name}${city.postcard ? " ✉" : ""}` : "…", span * CITY_W - 14, { class: "fc-route-name" }, 5.6));
      const cards = route.cities.filter((c) => c.route === city.route);
      label.append(s("title", {}, city.route === "printed" ? t("js.fc.printed") : routeText(cards, t)));
      const postcard = mine && first ? commandsWith(ctx, "PlacePostcard", (a) => a.route === city.route) : [];
      if (postcard.length) clickable(label, t("js.fc.cmd.PlacePostcard"), postcard, ctx, commandLabel);
      svg.append(label);
    }
    const g = s("g", { class: `fc-city${city.reached ? " reached" : ""}${city.claimed ? " claimed" : ""}`,
      dataset: { city: city.index } });
    const cityFill = city.reached ? "#cfe8c9" : city.points ? "#fff" : "#f3e2b0";
    g.append(s("circle", { cx: x + 16, cy: y + 28, r: 12, fill: cityFill, class: "fc-bg" }),
      text(x + 16, y + 32, city.points ? String(city.points) : "B", { "text-anchor": "middle", class: "fc-city-label" }),
      fitText(x, y + 54, cityText(city, t), CITY_W - 4, { class: "fc-city-text" }, 5));
    g.append(s("title", {}, cityText(city, t) + (city.reached ? " ✓" : "")));
    const claim = mine ? commandsWith(ctx, "ClaimRouteBonus", (a) => a.city === city.index) : [];
    if (claim.length) clickable(g, t("js.fc.cmd.ClaimRouteBonus"), claim, ctx, commandLabel);
    svg.append(g);
  });
  // The locomotive stands on the last city it reached (before the first one at the start).
  const spot = route.loco ? at(route.loco - 1) : { x: geo.left - 34, y: top };
  const loco = s("g", { class: "fc-loco", dataset: { loco: route.loco } });
  loco.append(rect(spot.x - 4, spot.y + 52, 40, 22, { class: "fc-hit" }), rect(spot.x + 3, spot.y + 59, 26, 9, { rx: 3, fill: "#333", class: "fc-bg fc-loco-body" }), s("title", {}, t("js.fc.loco")));
  const move = mine ? commandsWith(ctx, "MoveLoco") : [];
  if (move.length) clickable(loco, t("js.fc.cmd.MoveLoco"), move, ctx, commandLabel);
  svg.append(loco);
  return top + Math.max(1, Math.ceil(route.cities.length / per)) * CITY_H;
}

function drawCoins(svg, player, x, y, ctx, mine) {
  const { t } = ctx;
  svg.append(text(x, y + 8, t("js.fc.coins", { n: (player.coins || []).filter(Boolean).length }), { class: "fc-label" }));
  COLUMNS.forEach((fields, col) => fields.forEach((field, row) => {
    const full = player.coins?.[field - 1];
    const cx = x + COIN_R + 1 + col * COIN_STEP;
    const cy = y + 30 + (4 - row) * COIN_ROW;
    const g = s("g", { class: `fc-coin${full ? " full" : ""}`, dataset: { field } });
    g.append(rect(cx - COIN_STEP / 2, cy - COIN_ROW / 2, COIN_STEP, COIN_ROW, { class: "fc-hit" }),
      s("circle", { cx, cy, r: COIN_R, fill: full ? "#e8c547" : "#f2f2f2", class: full ? "fc-bg" : "fc-coin-empty" }),
      text(cx, cy + 4, String(field), { "text-anchor": "middle", class: "fc-coin-label" }));
    const spend = mine && full ? commandsWith(ctx, "SpendCoin", (a) => a.field === field) : [];
    if (spend.length) clickable(g, t("js.fc.cmd.SpendCoin"), spend, ctx, commandLabel);
    svg.append(g);
  }));
  return y + 30 + 4 * COIN_ROW + COIN_R + 4;
}

function trainCardLabel(card, t) {
  if (card.kind === "car") return t("js.fc.car", { n: card.value }) + (card.celebrity ? `, ${t("js.fc.celebrity")}` : "");
  return card.kind === "lok" ? t("js.fc.lok_tile", { n: card.value }) : t("js.fc.post");
}

function drawTrain(svg, train, top, geo, ctx, mine) {
  const { t } = ctx;
  const per = geo.carsPerLine;
  const lineH = CAR_H + 22;
  const at = (i) => ({ x: geo.left + (i % per) * (CAR_W + GAP), y: top + 14 + Math.floor(i / per) * lineH });
  svg.append(text(0, top + 34, t("js.fc.train", { n: train.index + 1 }), { class: "fc-label" }),
    text(0, top + 52, t("js.fc.train_points", { n: train.points }), { class: "fc-small" }));
  const firstFree = train.cards.find((c) => c.kind === "car" && !c.celebrity);
  for (const card of train.cards) {
    const { x, y } = at(card.index);
    const g = s("g", { class: `fc-train-card fc-${card.kind}${card.celebrity ? " celebrity" : ""}`,
      dataset: { train: train.index, index: card.index } });
    const label = card.kind === "car" ? String(card.value) : card.kind === "lok" ? `LOK ${card.value}` : t("js.fc.post");
    g.append(rect(x, y, CAR_W, CAR_H, { fill: CARD_FILL[card.kind] || "#fff", class: "fc-bg" }),
      fitText(x + CAR_W / 2, y + 33, label, CAR_W - 8, { "text-anchor": "middle", class: `fc-car-label fc-car-label-${card.kind}` }, 7.5));
    if (card.celebrity) g.append(text(x + CAR_W - 10, y + 14, "★", { "text-anchor": "middle", class: "fc-celebrity" }));
    g.append(s("title", {}, trainCardLabel(card, t)));
    if (mine) {
      const commands = [...commandsWith(ctx, "UpgradeCar", (a) => a.train === train.index && a.index === card.index),
        ...(card === firstFree ? commandsWith(ctx, "PlaceCelebrity", (a) => a.train === train.index) : [])];
      if (commands.length) clickable(g, trainCardLabel(card, t), commands, ctx, commandLabel);
    }
    svg.append(g);
  }
  // The conductor stands above the card it has reached.
  const spot = at(train.conductor);
  const cx = spot.x + CAR_W / 2;
  const cy = spot.y;
  const conductor = s("g", { class: "fc-conductor", dataset: { train: train.index, at: train.conductor } });
  conductor.append(rect(cx - 18, cy - 20, 36, 26, { class: "fc-hit" }), s("path", { d: `M${cx - 9},${cy - 14} L${cx + 9},${cy - 14} L${cx},${cy + 2} Z`, fill: "#1f3f7a", class: "fc-bg" }),
    s("title", {}, t("js.fc.conductor")));
  const moves = mine ? commandsWith(ctx, "MoveConductor", (a) => a.train === train.index) : [];
  if (moves.length) clickable(conductor, t("js.fc.conductor"), moves, ctx, commandLabel);
  svg.append(conductor);
  let slots = train.cards.length;
  const attach = mine ? commandsWith(ctx, "AttachCar", (a) => a.train === train.index) : [];
  if (attach.length) {
    const { x, y } = at(train.cards.length);
    const slot = s("g", { class: "fc-new-car", dataset: { train: train.index } });
    slot.append(rect(x, y, CAR_W, CAR_H, { fill: "#fff", class: "fc-bg fc-slot" }),
      text(x + CAR_W / 2, y + 32, "+0", { "text-anchor": "middle", class: "fc-car-label" }));
    clickable(slot, t("js.fc.cmd.AttachCar"), attach, ctx, commandLabel);
    svg.append(slot);
    slots += 1;
  }
  return top + Math.max(1, Math.ceil(slots / per)) * lineH + 6;
}

/** The board's geometry for ``available`` pixels. */
function geometry(available) {
  const width = available >= boardWidth() ? boardWidth() : Math.max(340, Math.floor(available));
  const left = width < NARROW ? 58 : 86;
  const carsPerLine = Math.max(4, Math.min(MAX_CARDS + 1, Math.floor((width - left - 10 + GAP) / (CAR_W + GAP))));
  return { width, left, carsPerLine };
}

export function drawPlayer(seat, player, ctx, available = boardWidth()) {
  const { t } = ctx;
  const mine = seat === ctx.you && ctx.interactive;
  const geo = geometry(available);
  const inner = s("g", { transform: "translate(8,8)" });
  const iw = geo.width - 16;
  const sizes = { ...geo, width: iw };
  inner.append(fitText(0, 14, `${ctx.names[seat] || seat} · ${t("js.fc.vp", { n: player.vp })}`, iw - COINS_W - 10,
    { class: `fc-name seat-${seat}` }, 7.6));
  const coinsBottom = drawCoins(inner, player, iw - COINS_W + 6, 0, ctx, mine);
  let y = Math.max(drawRoute(inner, player, 26, sizes, ctx, mine), coinsBottom) + 16;
  for (const train of player.trains || []) y = drawTrain(inner, train, y, sizes, ctx, mine);
  // Post wagons still in hand: chosen when a 5th car joins a train.
  inner.append(text(0, y + 16, t("js.fc.posts_left"), { class: "fc-label" }));
  y += 24;
  let x = 0;
  for (const post of player.posts_left || []) {
    const commands = mine ? commandsWith(ctx, "AttachPost", (a) => a.post === post) : [];
    const label = t(`js.fc.post.${post}`);
    const width = Math.min(iw, 12 + label.length * 6.4);
    if (x > 0 && x + width > iw) {
      x = 0;
      y += 34;
    }
    const c = chip(x, y, label, ctx, commands, iw);
    inner.append(c.el);
    x += c.width + 6;
  }
  y += 38;
  for (const card of player.contracts || []) {
    const commands = mine ? commandsWith(ctx, "FulfilContract", (a) => a.card === card.id) : [];
    const line = `${t("js.fc.contract")}: ${requirementText(card.contract.requires, t)} → ${effectsText(card.contract.reward, t)}`;
    const c = chip(0, y, line, ctx, commands, iw, commands.length ? "#f3e7c4" : "#fff");
    c.el.classList.add("fc-contract");
    inner.append(c.el);
    y += 34;
  }
  const ends = player.end_cards || [];
  const endLine = ends.length
    ? ends.map((c) => `${typeName(c.type, t)} ${t("js.fc.end_points", { n: c.points })}`).join(" · ")
    : t("js.fc.end_hidden", { n: player.end_card_count ?? 0 });
  const byType = player.taken_by_type || {};
  inner.append(fitText(0, y + 14, `${t("js.fc.end_cards")}: ${endLine}`, iw, { class: "fc-line fc-end-line" }, 6.6),
    fitText(0, y + 34, t("js.fc.taken", { lok: byType.lok ?? 0, schaffner: byType.schaffner ?? 0, waggon: byType.waggon ?? 0 }), iw,
      { class: "fc-small" }, 5.6));
  const height = y + 50;
  const svg = s("svg", { class: `fc-player fc-fit seat-${seat}${mine ? " mine" : ""}`, viewBox: `0 0 ${geo.width} ${height}`,
    width: geo.width, height, role: "group", "aria-label": t("js.fc.board_of", { name: ctx.names[seat] || seat }), dataset: { seat } });
  svg.append(rect(0, 0, geo.width, height, { class: "fc-board-bg" }), inner);
  return svg;
}
