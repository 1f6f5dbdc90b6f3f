// Railroad Dice, the people and the companies: my screen (the dice behind it and
// my passengers, shown to me only - the view holds them for nobody else), every
// player's dice in front with their faces ('?' dice turn, any die is returned when
// more than five lie in front), shares, and the five company cards with their
// stations left, director and the shares still at the bank (a click buys one).

import { h, s } from "../../dom.js";
import { choose } from "../../widgets.js";
import { COMPANY_COLOURS, FACES, FACE_SIGNS, commandLabel, faceName } from "./labels.js";

function button(label, commands, ctx, types) {
  return h("button", {
    type: "button", class: "command rd-button", disabled: ctx.busy || !commands.length,
    dataset: { commands: types || [...new Set(commands.map((c) => c.type))].join(" ") },
    onclick: (event) => choose(event.currentTarget, commands, ctx, (c) => commandLabel(c, ctx)),
  }, label);
}

function usable(el, commands, ctx) {
  if (!commands.length) return el;
  el.classList.add("usable");
  el.dataset.commands = [...new Set(commands.map((c) => c.type))].join(" ");
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  el.addEventListener("click", (event) => choose(event.currentTarget, commands, ctx, (c) => commandLabel(c, ctx)));
  return el;
}

/** The dice in front of ``seat``: one chip per die, showing its face. */
function frontDice(seat, player, ctx) {
  const mine = seat === ctx.you && ctx.interactive;
  const chips = [];
  for (const face of FACES) {
    for (let i = 0; i < (player.front?.[face] || 0); i += 1) {
      const commands = mine ? ctx.commands.filter((c) =>
        (c.type === "TurnDie" && face === "question") || (c.type === "ReturnDie" && c.args.face === face)) : [];
      chips.push(usable(h("span", { class: `rd-die face-${face}`, title: faceName(face, ctx.t), dataset: { face } },
        FACE_SIGNS[face]), i === 0 ? commands : [], ctx));
    }
  }
  return h("div", { class: "rd-front", dataset: { seat } }, chips.length ? chips : h("span", { class: "muted" }, "–"));
}

export function drawPlayers(view, ctx) {
  const { t } = ctx;
  const seats = [...(view.seats || [])];
  seats.sort((a, b) => (b === ctx.you) - (a === ctx.you));
  return h("section", { class: "rd-players" }, seats.map((seat) => {
    const p = view.players[seat];
    const screen = "screen" in p
      ? h("p", { class: "rd-screen", dataset: { seat } }, t("js.rd.screen", { n: p.screen }), " · ",
        t("js.rd.passengers", { n: p.passengers }))
      : h("p", { class: "rd-screen hidden-info muted" }, t("js.rd.screen_hidden"));
    const shares = Object.entries(p.shares || {}).filter(([, n]) => n)
      .map(([c, n]) => `${view.companies?.[c]?.name || c} ×${n}`).join(", ");
    return h("div", { class: `card rd-player${seat === view.current ? " to-move" : ""}`, dataset: { seat } },
      h("h4", {}, `${ctx.names?.[seat] || seat}${seat === view.start_player ? ` · ${t("js.rd.start_player")}` : ""}`),
      screen, h("p", { class: "small" }, t("js.rd.in_front")), frontDice(seat, p, ctx),
      h("p", { class: "small" }, `${t("js.rd.shares")}: ${shares || "–"}`));
  }));
}

export function drawCompanies(view, ctx) {
  const { t } = ctx;
  return h("section", { class: "rd-companies" }, Object.entries(view.companies || {}).map(([id, company]) => {
    const buys = ctx.interactive ? ctx.commands.filter((c) => c.type === "BuyShare" && c.args.company === id) : [];
    const stations = Object.entries(company.supply || {}).filter(([, n]) => n)
      .map(([key, n]) => { const [kind, cost] = key.split(":"); return `${t(`js.rd.kind.${kind}`)} ${cost}: ${n}`; });
    const director = view.directors?.[id];
    // The colour as an SVG swatch: the page allows no inline style.
    const swatch = s("svg", { width: 14, height: 14, viewBox: "0 0 14 14", class: "rd-swatch" },
      s("rect", { x: 1, y: 1, width: 12, height: 12, fill: COMPANY_COLOURS[company.colour] || "#666", stroke: "#000" }));
    const card = h("div", { class: "card rd-company", dataset: { company: id, colour: company.colour } },
      h("h4", {}, swatch, " ", company.name),
      h("p", { class: "small" }, `${t("js.rd.director")}: ${director ? ctx.names?.[director] || director : "–"}`),
      h("p", { class: "small" }, `${t("js.rd.bank_shares")}: ${view.bank_shares?.[id] ?? 0}`),
      h("p", { class: "small" }, `${t("js.rd.stations_left")}: ${stations.join(" · ") || "–"}`));
    return usable(card, buys, ctx);
  }));
}

/** Commands without a piece on the board: income and the roll, as buttons. */
export function drawActions(view, ctx) {
  const { t } = ctx;
  if (!ctx.interactive) return null;
  const income = ctx.commands.filter((c) => c.type === "TakeIncome");
  const rolls = ctx.commands.filter((c) => c.type === "Roll");
  if (!income.length && !rolls.length) return null;
  return h("div", { class: "card rd-actions", id: "rd-actions" }, h("div", { class: "buttons" },
    income.length ? button(t("js.rd.cmd.TakeIncome"), income, ctx) : null,
    rolls.length ? button(t("js.rd.roll"), rolls, ctx) : null));
}
