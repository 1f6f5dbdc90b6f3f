// Russian Railroads in words: effects, commands, where on the table a command is
// clicked, and why an action space cannot be chosen.  Every sentence comes from
// the translations (js.rr.*); the game's own sentence for a command (the API's
// ``text`` from describe_command) wins wherever there is one.

import { argsText } from "../../dom.js";

export const TRACK_COLOURS = { black: "#1d1d1d", grey: "#8c8c8c", brown: "#8b5a2b", natural: "#d9b97a", white: "#fafafa" };
export const DARK = new Set(["black", "grey", "brown"]);

export function colourName(colour, t) {
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
    case "ludmilla_draft": return t("js.rr.op.ludmilla_draft", { vp: 3 });
    default: return t(`js.rr.op.${effect.op}`, { n, vp: effect.vp });
  }
}

export const effectsText = (effects, t, sep = " · ") => (effects || []).map((e) => effectText(e, t)).join(sep);

/** An engineer by its printed number (and name: the DSP ones carry internal numbers 100 + it). */
export function engineerLabel(number, board) {
  const named = board?.engineer_names?.[number];
  if (!named) return `#${number}`;
  // A module's engineer may carry its name per language (the coal engineer's).
  const name = typeof named.name === "object" && named.name
    ? named.name[document.documentElement.lang] || named.name.en : named.name;
  return name ? `#${named.printed} ${name}` : `#${named.printed}`;
}

/** An action space (or engineer) by what it does: "black +3", "#10 Industry +1 · black +1". */
export function spaceName(id, view, t) {
  const board = view?.board || {};
  const engineer = /^engineer_(\d+)$/.exec(id || "");
  if (engineer) return `${engineerLabel(engineer[1], board)} ${effectsText(board.engineers?.[engineer[1]], t)}`;
  const space = (board.spaces || []).find((sp) => sp.id === id);
  return space ? effectsText(space.effects, t) : id;
}

/** How a placement pays (workers, coins instead, the black worker); with ``view``, also where. */
export function placementLabel(command, t, view = null) {
  const { coins = 0, black = false } = command.args;
  const parts = [view ? t("js.rr.place_on", { what: t(`js.rr.cmd.${command.type}`), space: spaceName(command.args.space, view, t) })
    : t(`js.rr.cmd.${command.type}`)];
  if (coins) parts.push(t("js.rr.with_coins", { n: coins }));
  if (black) parts.push(t("js.rr.with_black"));
  return parts.join(" · ");
}

/** The locomotive a BuildLoco takes: the lowest stack that is not empty. */
function nextLoco(view) {
  const stacks = view?.loco_stacks || {};
  return Object.keys(stacks).map(Number).sort((a, b) => a - b).find((n) => stacks[n] > 0);
}

/** The renderer's own words for a command, when the game gave none. */
function ownLabel(command, t, view) {
  const a = command.args || {};
  const number = command.type === "BuildLoco" ? nextLoco(view) : null;
  switch (command.type) {
    case "PlaceWorkers": case "ReuseSpace": case "Relocate": return placementLabel(command, t, view);
    case "BuildLoco": case "PlaceLoco": {
      const where = `${t(`js.rr.line.${a.line}`)}: ${a.replace ? t("js.rr.loco_replace", { old: a.replace }) : t("js.rr.loco_free_slot")}`;
      return number ? `L${number} · ${where}` : where;
    }
    case "BuildFactory":
      return t("js.rr.factory_choice", { number: a.number, source: t(`js.rr.source.${a.source}`) });
    case "ChooseEndCard": return `${t("js.rr.cmd.ChooseEndCard")}: ${t(`js.rr.end.${a.card}`)}`;
    case "ChooseQuestionToken": return `${t("js.rr.cmd.ChooseQuestionToken")}: ${t(`js.rr.token.${a.token}`)}`;
    case "ChooseQuestionCard": return `${t("js.rr.cmd.ChooseQuestionCard")}: ${t(`js.rr.q.${a.card}`)}`;
    case "ChooseStartBonus": return `${t("js.rr.cmd.ChooseStartBonus")}: ${t(`js.rr.bonus.${a.card}`)}`;
    case "AdvanceTrack": return t("js.rr.advance_track", { line: t(`js.rr.line.${a.line}`), colour: t(`js.rr.colour.${a.colour}`) });
    case "AdvanceIndustry": return t("js.rr.advance_marker", { n: a.marker });
    case "PlaceDoubler": return t("js.rr.place_doubler");
    default: {
      const key = `js.rr.cmd.${command.type}`;
      const name = t(key);
      return name === key ? `${command.type}${argsText(a) ? ` (${argsText(a)})` : ""}` : name;
    }
  }
}

/** A command in words: the game's sentence (API ``text``) if any, else the renderer's. */
export function commandLabel(command, ctx) {
  return command.text?.[ctx.lang] || ownLabel(command, ctx.t, ctx.view);
}

/** Where on the table a command type is clicked (for the move window's guidance). */
export function where(type, ctx) {
  const key = `js.rr.where.${type}`;
  const sentence = ctx.t(key);
  return sentence === key ? null : sentence;
}

/**
 * Why an action space without a legal command cannot be chosen now, or null
 * (not my placement, or nothing to say).  Checked in the order a player would
 * ask: taken, wrong round, cannot pay, else the rule that a board action must be
 * possible in full.
 */
export function whyNot(space, ctx) {
  const { t, view, you, names } = ctx;
  if (!ctx.interactive || !ctx.commands.some((c) => c.type === "PlaceWorkers")) return null;
  const occupied = view.occupied?.[space.id];
  if (occupied && !space.never_occupied) return t("js.rr.why.occupied", { who: names[occupied.seat] || occupied.seat });
  if (space.last_round_only && view.round !== view.rounds) return t("js.rr.why.last_round_only");
  if (space.not_last_round && view.round === view.rounds) return t("js.rr.why.not_last_round");
  const me = view.players?.[you];
  if (me) {
    const workers = space.workers ?? 0;
    const coins = space.coins ?? 0;
    const hands = (me.free_workers ?? 0) + (me.black_worker_free ? 1 : 0);
    if (coins > (me.coins ?? 0) || workers > hands + Math.max(0, (me.coins ?? 0) - coins)) {
      return t("js.rr.why.cost", { workers, coins });
    }
  }
  if (space.area === "engineer") return t("js.rr.why.engineer");
  return t("js.rr.why.in_full");
}
