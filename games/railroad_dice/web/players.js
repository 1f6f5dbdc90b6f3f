// Railroad Dice, the people and the companies: my screen (the dice behind it and
// my passengers, shown to me only - the view holds them for nobody else), every
// player's dice in front with their faces ('?' dice turn, any die is returned when
// more than five lie in front), shares, and the five company cards with their
// stations left, director and the shares still at the bank (a click buys one).
// Dice, stations and screens are pictures (pieces.js), styled by railroad_dice.css (beside this module).

import { clear, h } from "../../dom.js";
import { choose } from "../../widgets.js";
import { rollPanel, returnPanel } from "./dialogs.js";
import { COMPANY_COLOURS, FACES, commandLabel, faceName } from "./labels.js";
import { die, passengerChip, screenIcon, shareCertificate, stationIcon } from "./pieces.js";

/** Behind a screen at most this many dice are drawn one by one; more are counted. */
const DRAWN_BEHIND = 10;
const KIND_TERRAIN = { meadow: "M", mountain: "B", lake: "W" };

function button(label, commands, ctx, types) {
  return h("button", {
    type: "button", class: "command rd-button", disabled: ctx.busy || !commands.length,
    dataset: { commands: types || [...new Set(commands.map((c) => c.type))].join(" ") },
    onclick: (event) => choose(event.currentTarget, commands, ctx, (c) => commandLabel(c, ctx)),
  }, label);
}

/** A menu choice: a '?' die turned shows the face it turns to; a share, the die that pays. */
function choiceLabel(command, ctx) {
  const text = commandLabel(command, ctx);
  const face = command.type === "TurnDie" ? command.args.face : command.type === "BuyShare" ? command.args.die : null;
  return face ? [h("span", { class: "rd-choice-piece" }, die(face, { size: 26 })), h("span", {}, text)] : text;
}

function usable(el, commands, ctx) {
  if (!commands.length) return el;
  el.classList.add("usable");
  el.dataset.commands = [...new Set(commands.map((c) => c.type))].join(" ");
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  const act = (event) => choose(event.currentTarget, commands, ctx, (c) => choiceLabel(c, ctx));
  el.addEventListener("click", act);
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      act(event);
    }
  });
  return el;
}

/** The dice in front of ``seat``: one die per die, showing its face. */
function frontDice(seat, player, ctx) {
  const mine = seat === ctx.you && ctx.interactive;
  const dice = [];
  for (const face of FACES) {
    for (let i = 0; i < (player.front?.[face] || 0); i += 1) {
      // A '?' die turns by a click; returning dice is the return panel's (dialogs.js).
      const commands = mine && i === 0 ? ctx.commands.filter((c) => c.type === "TurnDie" && face === "question") : [];
      dice.push(usable(die(face, { title: faceName(face, ctx.t) }), commands, ctx));
    }
  }
  return h("div", { class: "rd-front", dataset: { seat } }, dice.length ? dice : h("span", { class: "muted" }, "–"));
}

/** A player's screen: the dice behind it and the passengers where the view shows them, else a closed screen. */
function screen(seat, p, ctx) {
  const { t } = ctx;
  if (!("screen" in p)) {
    return h("div", { class: "rd-screen hidden-info muted" }, screenIcon(true), " ", t("js.rd.screen_hidden"));
  }
  const dice = Array.from({ length: Math.min(p.screen, DRAWN_BEHIND) }, () => die(null, { size: 16 }));
  return h("div", { class: "rd-screen", dataset: { seat } },
    h("div", { class: "rd-screen-line" }, screenIcon(false), " ",
      t(seat === ctx.you ? "js.rd.screen" : "js.rd.screen_of", { n: p.screen })),
    h("div", { class: "rd-behind" }, dice, p.screen > DRAWN_BEHIND ? h("span", { class: "rd-more" }, `+${p.screen - DRAWN_BEHIND}`) : null),
    h("div", { class: "rd-screen-line" }, passengerChip(), " ", t("js.rd.passengers", { n: p.passengers })));
}

export function drawPlayers(view, ctx) {
  const { t } = ctx;
  const seats = [...(view.seats || [])];
  seats.sort((a, b) => (b === ctx.you) - (a === ctx.you));
  return h("section", { class: "rd-players" }, seats.map((seat) => {
    const p = view.players[seat];
    const shares = Object.entries(p.shares || {}).filter(([, n]) => n).map(([c, n]) => {
      const company = view.companies?.[c] || {};
      const title = t("js.rd.share_of", { n, company: company.name || "" });
      return h("span", { class: "rd-share-tag", title, dataset: { colour: company.colour || "", company: c } },
        shareCertificate(COMPANY_COLOURS[company.colour] || "#666", { title }), ` ${company.name || ""} ×${n}`);
    });
    return h("div", { class: `card rd-player${seat === view.current ? " rd-current" : ""}`, dataset: { seat } },
      h("h4", {}, `${ctx.names?.[seat] || seat}${seat === view.start_player ? ` · ${t("js.rd.start_player")}` : ""}`),
      screen(seat, p, ctx),
      h("p", { class: "rd-label" }, t("js.rd.in_front")), frontDice(seat, p, ctx),
      h("p", { class: "rd-label" }, `${t("js.rd.shares")}:`), h("div", { class: "rd-shares" }, shares.length ? shares : "–"));
  }));
}

/** The stations a company has left, per terrain and cost: a terrain chip with its houses. */
function supplyRows(company, ctx) {
  const colour = COMPANY_COLOURS[company.colour] || "#666";
  const rows = Object.entries(company.supply || {}).filter(([, n]) => n).map(([key, n]) => {
    const [kind, cost] = key.split(":");
    const name = ctx.t(`js.rd.kind.${kind}`);
    return h("li", { class: `rd-supply terrain-${KIND_TERRAIN[kind] || "M"}`, dataset: { kind, cost },
      title: `${name} · ${cost} · ${n}` },
    h("span", { class: "rd-kind" }, name), h("span", { class: "rd-cost" }, cost),
    h("span", { class: "rd-houses" }, Array.from({ length: n }, () => stationIcon(colour, { size: 13 }))));
  });
  return h("ul", { class: "rd-supplies" }, rows.length ? rows : h("li", { class: "muted" }, "–"));
}

export function drawCompanies(view, ctx) {
  const { t } = ctx;
  return h("section", { class: "rd-companies" }, Object.entries(view.companies || {}).map(([id, company]) => {
    const buys = ctx.interactive ? ctx.commands.filter((c) => c.type === "BuyShare" && c.args.company === id) : [];
    const director = view.directors?.[id];
    const built = (view.stations || []).filter((st) => st.company === id).length;
    const card = h("div", { class: "card rd-company", dataset: { company: id, colour: company.colour } },
      h("h4", { class: "rd-company-head" }, stationIcon(COMPANY_COLOURS[company.colour] || "#666", { size: 16 }), " ", company.name),
      h("p", { class: "rd-line" }, `${t("js.rd.director")}: `,
        h("strong", {}, director ? ctx.names?.[director] || director : "–")),
      h("p", { class: "rd-line" }, shareCertificate(COMPANY_COLOURS[company.colour] || "#666", { size: 18 }), ` ${t("js.rd.bank_shares")}: `, h("strong", { class: "rd-bank-shares" }, String(view.bank_shares?.[id] ?? 0)),
        built ? ` · ${t("js.rd.built", { n: built })}` : ""),
      h("p", { class: "rd-label" }, t("js.rd.stations_left")), supplyRows(company, ctx));
    return usable(card, buys, ctx);
  }));
}

/** Commands without a piece on the board: income as a button, the roll and returning
 *  dice as panels with steppers (dialogs.js); redrawn in place as the counts change. */
export function drawActions(view, ctx) {
  const { t } = ctx;
  if (!ctx.interactive) return null;
  const income = ctx.commands.filter((c) => c.type === "TakeIncome");
  // "Roll no dice" alone is nothing to offer.
  const rolls = ctx.commands.filter((c) => c.type === "Roll");
  if (!rolls.some((c) => (c.args.screen || 0) + (c.args.question || 0) > 0)) rolls.length = 0;
  const returns = ctx.commands.filter((c) => c.type === "ReturnDie");
  if (!income.length && !rolls.length && !returns.length) return null;
  const box = h("div", { class: "card rd-actions", id: "rd-actions" });
  const draw = () => {
    const parts = [
      income.length ? h("div", { class: "buttons" }, button(t("js.rd.cmd.TakeIncome"), income, ctx)) : null,
      rolls.length ? rollPanel(view, rolls, ctx, draw) : null,
      returns.length ? returnPanel(view, returns, ctx, draw) : null,
    ];
    clear(box).append(...parts.filter(Boolean));
  };
  draw();
  return box;
}
