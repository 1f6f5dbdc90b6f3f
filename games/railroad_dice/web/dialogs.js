// Railroad Dice, the two choices that are counts, not places: how many dice to roll
// (from behind the screen, '?' dice in front; each '?' brings one die from the bank) and,
// with more than five dice in front, which go back to the bank.  Each is one panel with
// steppers showing the dice I have; it sends only commands the listing offers (a Roll
// with exactly the chosen counts, one ReturnDie per die returned).

import { h } from "../../dom.js";
import { FACES, faceName } from "./labels.js";
import { die } from "./pieces.js";

/** What the panels hold between redraws of the same position: the counts chosen so far. */
const chosen = { seq: null, roll: { screen: 0, question: 0 }, back: {} };

function remember(ctx) {
  const seq = ctx.game?.seq ?? null;
  if (chosen.seq !== seq) {
    chosen.seq = seq;
    chosen.roll = { screen: 0, question: 0 };
    chosen.back = {};
  }
}

/** A stepper: "−  2  +" with "of 4", between 0 and ``max``. */
function stepper(name, value, max, onChange, ctx, picture) {
  const { t } = ctx;
  // The panel is drawn anew on every change: keep the keyboard focus on the button pressed.
  const set = (v, button) => {
    onChange(Math.max(0, Math.min(max, v)));
    document.querySelector(`.rd-stepper[data-name="${name}"] .${button}`)?.focus();
  };
  return h("div", { class: "rd-stepper", dataset: { name } },
    h("span", { class: "rd-stepper-picture" }, picture),
    h("span", { class: "rd-stepper-label" }, t(`js.rd.${name}`)),
    h("span", { class: "rd-stepper-controls" },
      h("button", { type: "button", class: "rd-step rd-less", "aria-label": t("js.rd.fewer"), disabled: ctx.busy || value <= 0,
        onclick: () => set(value - 1, "rd-less") }, "−"),
      h("output", { class: "rd-step-value", "aria-live": "polite" }, String(value)),
      h("button", { type: "button", class: "rd-step rd-more-dice", "aria-label": t("js.rd.more"),
        disabled: ctx.busy || value >= max, onclick: () => set(value + 1, "rd-more-dice") }, "+"),
      h("span", { class: "rd-step-of muted" }, t("js.rd.of", { n: max }))));
}

/** The roll panel: dice from behind the screen and '?' dice in front, then "Roll 3 dice". */
export function rollPanel(view, rolls, ctx, redraw) {
  const { t } = ctx;
  remember(ctx);
  const offered = new Map(rolls.map((c) => [`${c.args.screen ?? 0},${c.args.question ?? 0}`, c]));
  const maxScreen = Math.max(0, ...rolls.map((c) => c.args.screen ?? 0));
  const maxQuestion = Math.max(0, ...rolls.map((c) => c.args.question ?? 0));
  const pick = chosen.roll;
  pick.screen = Math.min(pick.screen, maxScreen);
  pick.question = Math.min(pick.question, maxQuestion);
  const command = offered.get(`${pick.screen},${pick.question}`);
  const bank = view.bank_closed ? 0 : pick.question; // a closed bank pays nothing (end of the game triggered)
  const total = pick.screen + pick.question + bank;
  const change = (key) => (v) => {
    pick[key] = v;
    redraw();
  };
  return h("section", { class: "rd-dialog rd-roll", id: "rd-roll", "aria-label": t("js.rd.roll.title") },
    h("h4", {}, t("js.rd.roll.title")),
    stepper("roll.screen", pick.screen, maxScreen, change("screen"), ctx, die(null, { size: 22 })),
    stepper("roll.question", pick.question, maxQuestion, change("question"), ctx, die("question", { size: 22, title: faceName("question", t) })),
    h("p", { class: "rd-roll-bank muted" }, t("js.rd.roll.bank", { n: bank })),
    h("button", { type: "button", class: "command rd-go", dataset: { commands: "Roll" },
      disabled: ctx.busy || !command || total === 0, onclick: () => command && ctx.send(command) },
    t("js.rd.roll.go", { n: command ? total : 0 })));
}

/** The return panel: how many dice of each face in front go back to the bank. */
export function returnPanel(view, returns, ctx, redraw) {
  const { t } = ctx;
  remember(ctx);
  const front = view.players?.[ctx.you]?.front || {};
  const excess = Math.max(0, FACES.reduce((sum, f) => sum + (front[f] || 0), 0) - 5);
  const faces = FACES.filter((f) => returns.some((c) => c.args.face === f));
  const back = chosen.back;
  let total = 0;
  for (const f of faces) {
    back[f] = Math.min(back[f] || 0, front[f] || 0);
    total += back[f];
  }
  const steppers = faces.map((f) => stepper(`face.${f}`, back[f], Math.min(front[f] || 0, excess - total + back[f]),
    (v) => {
      back[f] = v;
      redraw();
    }, ctx, die(f, { size: 22, title: faceName(f, t) })));
  const send = async () => {
    for (const f of faces) {
      const command = returns.find((c) => c.args.face === f);
      for (let i = 0; i < back[f]; i += 1) await ctx.send(command);
    }
  };
  return h("section", { class: "rd-dialog rd-return", id: "rd-return", "aria-label": t("js.rd.return.title", { n: excess }) },
    h("h4", {}, t("js.rd.return.title", { n: excess })),
    h("p", { class: "small muted" }, t("js.rd.return.hint")),
    steppers,
    h("button", { type: "button", class: "command rd-go", dataset: { commands: "ReturnDie" },
      disabled: ctx.busy || total === 0, onclick: send }, t("js.rd.return.go", { n: total })));
}
