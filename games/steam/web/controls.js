// Steam, the controls above the action tiles for what is not done on the map: the
// turn-order auction (a bid set with − and + from the lowest legal bid up to what the
// seat can pay, the high bid, each bidder's state, Pass and Skip), raising capital (the
// same stepper in $5 steps), placing delivery points, buttons for building nothing,
// raising the locomotive and passing, and Confirm once nothing else is left to do.  Every button sends a command from the legal list
// as it stands (the stepper only picks which one), so nothing here can be refused.

import { h } from "../../dom.js";
import { choose } from "../../widgets.js";
import { commandLabel } from "./labels.js";

/** The amount chosen on a stepper survives the page being drawn again (a live update),
 * as long as it is still legal: remembered per stepper and position. */
const chosen = new Map();

/** Name the command types a control carries.  Not marked ``usable``: the page brings the
 * first usable piece of the next step into view, and these controls stand at the top of
 * the board anyway, so in the move phase the cubes on the map are shown, not the Pass button. */
function carrying(el, types) {
  el.dataset.commands = types.join(" ");
  return el;
}

/**
 * − / value / + over the legal ``values`` (sorted numbers), starting at the lowest; the
 * value is shown by ``format``.  ``onChange(value)`` runs after each step.  Returns the
 * element and a getter for the current value.
 */
function stepper({ id, key, values, format, label, t, onChange }) {
  const remembered = chosen.get(id);
  let index = remembered && remembered.key === key ? Math.max(0, values.indexOf(remembered.value)) : 0;
  const output = h("output", { class: "steam-step-value", "aria-live": "polite" });
  const less = h("button", { type: "button", class: "steam-step less", "aria-label": t("js.steam.step.less") }, "−");
  const more = h("button", { type: "button", class: "steam-step more", "aria-label": t("js.steam.step.more") }, "+");
  const set = (i) => {
    index = Math.min(values.length - 1, Math.max(0, i));
    chosen.set(id, { key, value: values[index] });
    output.textContent = format(values[index]);
    output.dataset.value = String(values[index]);
    less.disabled = index === 0;
    more.disabled = index === values.length - 1;
    onChange(values[index]);
  };
  less.addEventListener("click", () => set(index - 1));
  more.addEventListener("click", () => set(index + 1));
  const el = h("div", { class: "steam-stepper", role: "group", "aria-label": label, dataset: { stepper: id } },
    less, output, more);
  el.addEventListener("keydown", (event) => {
    if (event.key === "ArrowUp" || event.key === "ArrowRight") set(index + 1);
    else if (event.key === "ArrowDown" || event.key === "ArrowLeft") set(index - 1);
    else return;
    event.preventDefault();
  });
  return { el, start: () => set(index) };
}

function name(ctx, seat) {
  return ctx.names?.[seat] || ctx.t("js.steam.someone");
}

/** Each bidder's state in the auction: their bid, passed (and the place it gave), or still in. */
function bidders(view, ctx) {
  const a = view.auction;
  const { t } = ctx;
  const ring = a.ring || view.order || [];
  return h("ul", { class: "steam-bidders" }, ring.map((seat) => {
    let state;
    if (a.places?.[seat]) state = t("js.steam.auction.place", { place: a.places[seat] });
    else if (a.placed?.includes(seat)) state = t("js.steam.auction.place", { place: a.placed.indexOf(seat) + 1 });
    else if (a.active && !a.active.includes(seat)) state = t("js.steam.passed");
    else if (a.bids?.[seat] !== undefined) state = `$${a.bids[seat]}`;
    else if (a.leader === seat && a.high !== null) state = `$${a.high}`;
    else state = "–";
    return h("li", { dataset: { seat }, class: seat === a.turn ? "turn" : "" },
      h("span", { class: `token-dot seat-${seat}` }), name(ctx, seat), ": ", h("strong", {}, state));
  }));
}

function auctionBox(view, ctx) {
  const a = view.auction;
  if (!a || !a.kind || a.done) return null;
  const { t } = ctx;
  const me = ctx.you && view.players?.[ctx.you];
  const high = a.high === null || a.high === undefined ? t("js.steam.auction.no_bid")
    : t("js.steam.auction.high", { amount: a.high, who: name(ctx, a.leader) });
  const facts = [high];
  if (me) facts.push(t("js.steam.auction.cash", { amount: me.money }));
  // (no heading: the phase line above says it is the turn-order auction)
  const box = h("div", { class: "steam-auction", id: "steam-auction" },
    h("p", { class: "steam-auction-facts" }, facts.join(" · ")),
    bidders(view, ctx));
  if (!ctx.interactive) return box;
  const commands = ctx.commands || [];
  const bids = commands.filter((c) => c.type === "Bid").sort((x, y) => x.args.amount - y.args.amount);
  const row = h("div", { class: "steam-auction-row" });
  if (bids.length) {
    const bidButton = carrying(h("button", { type: "button", class: "primary steam-bid", disabled: ctx.busy }), ["Bid"]);
    const { el, start } = stepper({
      id: "bid", key: `${view.round}:${a.kind}:${a.high}:${a.leader}`, values: bids.map((c) => c.args.amount),
      format: (amount) => `$${amount}`, label: t("js.steam.auction.your_bid"), t,
      onChange: (amount) => {
        bidButton.textContent = t("js.steam.auction.bid", { amount });
        bidButton.dataset.amount = String(amount);
      },
    });
    bidButton.addEventListener("click", () => {
      const amount = Number(bidButton.dataset.amount);
      const command = bids.find((c) => c.args.amount === amount);
      if (command) ctx.send(command);
    });
    start();
    row.append(h("span", { class: "steam-step-label" }, t("js.steam.auction.your_bid")), el, bidButton);
  }
  for (const type of ["PassBid", "SkipBid"]) {
    const command = commands.find((c) => c.type === type);
    if (command) {
      row.append(carrying(h("button", { type: "button", class: `steam-${type === "PassBid" ? "pass" : "skip"}`,
        disabled: ctx.busy, onclick: () => ctx.send(command) }, t(`js.steam.cmd.${type}`)), [type]));
    }
  }
  if (row.childNodes.length) box.append(row);
  return box;
}

function capitalBox(view, ctx) {
  const raises = (ctx.commands || []).filter((c) => c.type === "RaiseCapital").sort((x, y) => x.args.steps - y.args.steps);
  if (!raises.length) return null;
  const { t } = ctx;
  const me = view.players?.[ctx.you] || {};
  const take = carrying(h("button", { type: "button", class: "primary steam-raise", disabled: ctx.busy }), ["RaiseCapital"]);
  const { el, start } = stepper({
    id: "capital", key: `${view.round}`, values: raises.map((c) => c.args.steps), format: (steps) => `$${5 * steps}`,
    label: t("js.steam.capital.amount"), t,
    onChange: (steps) => {
      take.textContent = steps ? t("js.steam.capital.take", { amount: 5 * steps, steps }) : t("js.steam.capital.none");
      take.dataset.steps = String(steps);
    },
  });
  take.addEventListener("click", () => {
    const command = raises.find((c) => c.args.steps === Number(take.dataset.steps));
    if (command) ctx.send(command);
  });
  start();
  return h("div", { class: "steam-capital", id: "steam-capital" },
    h("p", {}, t("js.steam.capital.facts", { cash: me.money ?? 0, income: me.income ?? 0 })),
    h("div", { class: "steam-auction-row" }, h("span", { class: "steam-step-label" }, t("js.steam.capital.amount")), el, take));
}

function rewardBox(view, ctx) {
  const choices = (ctx.commands || []).filter((c) => c.type === "ChooseReward");
  if (!choices.length) return null;
  const { t } = ctx;
  const points = view.rewards?.[0]?.points ?? 0;
  return h("div", { class: "steam-reward", id: "steam-reward" },
    h("p", {}, t("js.steam.reward.title", { n: points })),
    h("div", { class: "steam-auction-row" }, choices.map((c) => carrying(h("button", {
      type: "button", class: "steam-button", disabled: ctx.busy, dataset: { take: c.args.take },
      onclick: () => ctx.send(c),
    }, t(`js.steam.reward.${c.args.take}`, { n: points })), ["ChooseReward"]))));
}

const BUTTON_TYPES = ["EndBuild", "RaiseLocomotive", "PassMove"];

function buttons(view, ctx) {
  const byType = {};
  for (const c of ctx.commands || []) if (BUTTON_TYPES.includes(c.type)) (byType[c.type] ||= []).push(c);
  const out = Object.entries(byType).map(([type, commands]) => carrying(h("button", {
    type: "button", class: "command steam-button", disabled: ctx.busy,
    onclick: (event) => choose(event.currentTarget, commands, ctx, (c) => commandLabel(c, ctx)),
  }, type === "RaiseLocomotive"
    ? ctx.t("js.steam.loco.raise", { level: (view.players?.[ctx.you]?.loco ?? 1) + 1 })
    : ctx.t(`js.steam.cmd.${type}`)), [type]));
  return out.length ? h("div", { class: "steam-buttons" }, ...out) : null;
}

/** Nothing left to do in this turn but confirm it (a bid, a tile, a delivery made): the
 * Confirm button right here too, where the eye is, not only in the move window.  Only then:
 * no optional action can lapse unasked. */
function confirmBox(ctx) {
  if (ctx.commands?.length || !ctx.allCommands?.some((c) => c.type === "ConfirmTurn")) return null;
  return h("div", { class: "steam-confirm steam-auction-row" },
    h("span", {}, ctx.t("js.nothing_open")),
    h("button", { type: "button", class: "primary steam-confirm-turn", disabled: ctx.busy,
      onclick: () => ctx.send({ type: "ConfirmTurn", args: {} }) }, ctx.t("js.cmd.ConfirmTurn")));
}

/** The controls card: the auction (for everybody to follow), and for the seat to move the
 * stepper, capital, delivery points and buttons; null when there is nothing to show. */
export function drawControls(view, ctx) {
  const parts = [auctionBox(view, ctx)];
  if (ctx.interactive) parts.push(capitalBox(view, ctx), rewardBox(view, ctx), buttons(view, ctx), confirmBox(ctx));
  const shown = parts.filter(Boolean);
  return shown.length ? h("section", { class: "card steam-controls", id: "steam-controls" }, ...shown) : null;
}
