// First Class in words: effects, cards, contract requirements, commands, and
// where on the table a command is clicked.  Every sentence comes from the
// translations (js.fc.*); the game's own sentence for a command (the API's
// ``text`` from describe_command) wins wherever there is one.

import { argsText } from "../../dom.js";

export const TYPE_COLOURS = { lok: "#b8432f", schaffner: "#2f5fa8", waggon: "#3d8b4f", contract: "#7a6a4f" };
export const STACK_COLOURS = { 1: "#e4f2e4", 2: "#e2ebf7", 3: "#f7e2e0" };

/** One effect [kind, n] as a short label: "+2 0-cars", "2× upgrade". */
export function effectText(effect, t) {
  const [kind, n] = effect;
  const key = `js.fc.effect.${kind}`;
  const sentence = t(key, { n });
  return sentence === key ? `${kind} ${n}` : sentence;
}

export const effectsText = (effects, t, sep = " · ") => (effects || []).map((e) => effectText(e, t)).join(sep);

export function typeName(type, t) {
  return type ? t(`js.fc.type.${type}`) : t("js.fc.type.contract");
}

/** A contract requirement in words. */
export function requirementText(req, t) {
  const key = `js.fc.req.${req.kind}`;
  const sentence = t(key, { n: req.count ?? 1, level: req.level ?? "", position: req.position ?? "" });
  return sentence === key ? req.kind : sentence;
}

/** Words in lines of at most ``max`` characters (a longer word is a line of its own); a number or a
 * sign stays with the word after it ("1 Aufwertung", "≥ 3"). */
export function wrap(words, max) {
  const tokens = [];
  for (const word of String(words).split(" ")) {
    const prev = tokens[tokens.length - 1];
    const glue = prev !== undefined && (word === "·" || /^([+≥→×]?\d+×?|[≥→])$/.test(prev.split(" ").pop()));
    if (glue) tokens[tokens.length - 1] = `${prev} ${word}`;
    else tokens.push(word);
  }
  const lines = [];
  for (const word of tokens) {
    const last = lines.length ? lines[lines.length - 1] : null;
    if (last !== null && last.length + 1 + word.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** A route card by its cities: "route card: 2 points · +1 coin". */
export function routeText(cities, t) {
  return t("js.fc.route_card", { cities: (cities || []).map((city) => cityText(city, t)).join(" · ") });
}

/** The lines written on an action card (without its type). */
export function cardLines(card, t) {
  const lines = [];
  if (card.route) lines.push(routeText(card.cities, t));
  if (card.contract) {
    lines.push(requirementText(card.contract.requires, t));
    lines.push(`→ ${effectsText(card.contract.reward, t)}`);
  }
  if (card.celebrity) lines.push(t("js.fc.celebrity"));
  if (card.postcard) lines.push(t("js.fc.postcard"));
  if (card.effects?.length) lines.push(effectsText(card.effects, t));
  return lines;
}

export function cityText(city, t) {
  if (city.points) return t("js.fc.points_city", { n: city.points });
  return effectsText(city.bonus, t);
}

/** A command in words: the game's sentence (API ``text``) if any, else the renderer's. */
export function commandLabel(command, ctx) {
  const own = command.text?.[ctx.lang];
  if (own) return own;
  const key = `js.fc.cmd.${command.type}`;
  const name = ctx.t(key);
  if (name !== key) return name;
  return `${command.type}${argsText(command.args) ? ` (${argsText(command.args)})` : ""}`;
}

/** Where on the table a command type is clicked (for the move window's guidance). */
export function where(type, ctx) {
  const key = `js.fc.where.${type}`;
  const sentence = ctx.t(key);
  return sentence === key ? null : sentence;
}
