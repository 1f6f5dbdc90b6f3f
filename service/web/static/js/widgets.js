// The parts of the game shell every game shares: the header with players,
// scores and turn order; the move window; the log; the plain command list.

import { argsText, clear, h } from "./dom.js";

/** Platform commands: handled by the move window, not listed as game moves. */
export const PLATFORM_COMMANDS = new Set(["ConfirmTurn", "Undo", "RequestUndo", "AcceptUndo", "DeclineUndo",
                                          "HandToBot", "TakeBack"]);

export function seatNames(seats, t) {
  const names = {};
  for (const s of seats || []) {
    names[s.seat] = s.name || (s.bot ? `${t("js.bot")} ${s.seat}` : t("js.open_seat"));
  }
  return names;
}

/** Seats in turn order: the game's own order if its view has one, else seat order. */
export function turnOrder(game) {
  const order = game.view?.order;
  if (Array.isArray(order) && order.every((s) => typeof s === "string")) return order;
  return (game.seats || []).map((s) => s.seat);
}

/** A phase code in words: the game's own name for it, else the generic one, else the code. */
function phaseName(phase, t) {
  for (const key of [`js.rr.phase.${phase}`, `js.phase.${phase}`]) {
    if (t(key) !== key) return t(key);
  }
  return phase;
}

export function renderHead(el, game, ctx) {
  const { t, names } = ctx;
  const status = game.status || {};
  const toMove = new Set(status.to_move || []);
  const rows = turnOrder(game).map((seat, i) => {
    const info = (game.seats || []).find((s) => s.seat === seat) || {};
    const moving = toMove.has(seat) && !status.over;
    return h("tr", { class: `player seat-${seat}${moving ? " moving" : ""}${seat === game.you ? " me" : ""}`,
                     dataset: { seat } },
      h("td", { class: "order" }, `${i + 1}.`),
      h("td", { class: "name" },
        h("span", { class: `token-dot seat-${seat}` }), names[seat] || seat,
        seat === game.you ? h("span", { class: "badge" }, t("js.you")) : null,
        info.bot ? h("span", { class: "badge bot" }, t("js.bot")) : null),
      h("td", { class: "score", dataset: { score: status.scores?.[seat] ?? 0 } },
        t("js.score", { score: status.scores?.[seat] ?? 0 })),
      h("td", { class: "state" }, moving ? h("span", { class: "to-move" }, "▶ " + t("js.to_move")) : ""));
  });
  const line = [];
  if (status.round !== null && status.round !== undefined) line.push(t("js.round", { round: status.round }));
  if (status.phase) line.push(t("js.phase", { phase: phaseName(status.phase, t) }));
  clear(el).append(
    h("h1", {}, game.title, " ", h("code", {}, game.id)),
    h("p", { class: "muted game-line" }, line.join(" · ")),
    h("table", { class: "players", "aria-label": t("js.turn_order") }, h("tbody", {}, rows)),
  );
}

/** The move window of the viewer's seat; ``send`` posts a command. */
export function renderMoveWindow(root, game, commands, ctx) {
  const { t, lang, send, busy } = ctx;
  const mw = game.move_window;
  const subList = root.querySelector("#sub-moves");
  const openList = root.querySelector("#open-actions");
  const confirm = root.querySelector("#confirm-turn");
  const undoBox = root.querySelector("#undo-request");
  if (!mw) {
    root.hidden = true;
    return;
  }
  root.hidden = false;
  const myTurn = (game.status?.to_move || []).includes(game.you) || mw.sub_moves.length > 0;
  root.classList.toggle("active", myTurn && !game.status?.over);
  clear(subList);
  clear(openList);
  if (myTurn) {
    if (!mw.sub_moves.length) subList.append(h("li", { class: "muted" }, t("js.no_sub_moves")));
    for (const move of mw.sub_moves) {
      subList.append(h("li", { class: "sub-move", dataset: { seq: move.seq } },
        h("span", { class: "text" }, withNames(move.text?.[lang] ?? move.type, ctx.names)),
        move.undo_to !== null && move.undo_to !== undefined
          ? h("button", { type: "button", class: "undo small", title: t("js.undo_to"), disabled: busy,
                          dataset: { undoTo: move.undo_to },
                          onclick: () => send({ type: "Undo", args: { to_seq: move.undo_to } }) }, "↶ " + t("js.undo"))
          : null));
    }
    if (mw.open_actions.length) {
      openList.append(h("li", { class: "heading" }, t("js.open_actions")));
      for (const action of mw.open_actions) {
        openList.append(h("li", { class: `open-action${action.mandatory ? " mandatory" : ""}`, dataset: { key: action.key } },
          action.mandatory ? h("strong", { class: "bang", title: t("js.mandatory") }, "! ") : null,
          action.text?.[lang] ?? action.key));
      }
    } else if (mw.can_confirm) {
      openList.append(h("li", { class: "muted" }, t("js.nothing_open")));
    }
  } else {
    const waiting = (game.status?.to_move || []).map((s) => ctx.names[s] || s).join(", ");
    subList.append(h("li", { class: "muted" },
      game.status?.over ? t("js.game_over")
        : waiting ? t("js.waiting_for", { who: waiting }) : t("js.waiting_system")));
  }
  confirm.hidden = !myTurn;
  confirm.disabled = busy || !mw.can_confirm;
  confirm.onclick = () => send({ type: "ConfirmTurn", args: {} });

  const request = game.undo_request;
  clear(undoBox);
  const seatControls = seatControlButtons(game, commands, ctx);
  undoBox.hidden = !request && !seatControls.length;
  undoBox.append(...seatControls);
  if (request) {
    undoBox.append(h("p", {}, t("js.undo_request", { by: ctx.names[request.by] || request.by, to_seq: request.to_seq })));
    for (const type of ["AcceptUndo", "DeclineUndo"]) {
      if (commands.some((c) => c.type === type)) {
        undoBox.append(h("button", { type: "button", disabled: busy, onclick: () => send({ type, args: {} }) },
          t(type === "AcceptUndo" ? "js.accept" : "js.decline")));
      }
    }
  }
}

/** Buttons for the turn commands outside one's own turn: ask to take back my last
 *  turn, take my seat back from a bot, hand a seat that keeps the game waiting to a bot. */
function seatControlButtons(game, commands, ctx) {
  const { t, send, busy, names } = ctx;
  const out = [];
  if (game.take_back_to !== null && game.take_back_to !== undefined && !game.move_window?.sub_moves?.length) {
    out.push(h("button", { type: "button", class: "small", id: "request-undo", disabled: busy,
                           onclick: () => send({ type: "RequestUndo", args: { to_seq: game.take_back_to } }) },
      t("js.request_undo")));
  }
  if (commands.some((c) => c.type === "TakeBack")) {
    out.push(h("button", { type: "button", class: "small", id: "take-back", disabled: busy,
                           onclick: () => send({ type: "TakeBack", args: {} }) }, t("js.take_back")));
  }
  const after = game.takeover_after_s;
  const idle = (Date.now() - (game.idle_since_ms || Date.now())) / 1000;
  if (game.you && after !== null && after !== undefined && idle >= after && !game.status?.over) {
    const waiting = [...new Set([...(game.status?.to_move || []), game.status?.turn_seat].filter(Boolean))];
    for (const seat of waiting) {
      if (seat === game.you || game.bots?.[seat]) continue;
      out.push(h("button", { type: "button", class: "small hand-to-bot", disabled: busy, dataset: { seat },
                             onclick: () => send({ type: "HandToBot", args: { seat, level: "random" } }) },
        t("js.hand_to_bot", { who: names[seat] || seat })));
    }
  }
  return out;
}

/** Seat ids in a game's log text ("p1 adds 3") replaced by the players' names. */
export function withNames(text, names) {
  return text.replace(/\b(p\d+)\b/g, (match) => names?.[match] ?? match);
}

export function renderLog(el, lines, lang, names = {}) {
  clear(el);
  for (const line of [...lines].reverse()) {
    const text = withNames(typeof line.text === "string" ? line.text : line.text?.[lang] ?? line.type, names);
    el.append(h("li", { value: line.seq, dataset: { seq: line.seq, actor: line.actor || "" } },
      h("span", { class: `actor seat-${line.actor || "system"}` }), text));
  }
}

/** The game's legal commands as buttons, grouped by type, with their args shown. */
export function commandButtons(commands, ctx) {
  const { t, send, busy } = ctx;
  const game = commands.filter((c) => !PLATFORM_COMMANDS.has(c.type));
  if (!game.length) return h("p", { class: "muted" }, t("js.no_commands"));
  const groups = new Map();
  for (const command of game) {
    if (!groups.has(command.type)) groups.set(command.type, []);
    groups.get(command.type).push(command);
  }
  const out = h("div", { class: "command-groups" });
  for (const [type, list] of groups) {
    out.append(h("div", { class: "command-group", dataset: { type } },
      h("h3", {}, type),
      h("div", { class: "buttons" }, list.map((command) => h("button", {
        type: "button", class: "command", disabled: busy,
        dataset: { type: command.type, args: JSON.stringify(command.args || {}) },
        onclick: () => send({ type: command.type, args: command.args || {} }),
      }, argsText(command.args) || type)))));
  }
  return out;
}

/**
 * Ask which of several commands to send, in place: a small menu at the
 * clicked element.  ``label(command)`` names each choice.
 */
export function choose(anchor, commands, ctx, label = (c) => argsText(c.args) || c.type) {
  document.querySelectorAll(".choice-menu").forEach((m) => m.remove());
  if (commands.length === 1) {
    ctx.send(commands[0]);
    return;
  }
  const menu = h("div", { class: "choice-menu", role: "menu" },
    h("p", { class: "muted" }, ctx.t("js.choose")),
    commands.map((command) => h("button", {
      type: "button", role: "menuitem", class: "choice",
      dataset: { type: command.type, args: JSON.stringify(command.args || {}) },
      onclick: () => { menu.remove(); ctx.send(command); },
    }, label(command))),
    h("button", { type: "button", class: "link cancel", onclick: () => menu.remove() }, ctx.t("js.cancel")));
  document.body.append(menu);
  const rect = anchor.getBoundingClientRect();
  const top = Math.min(window.scrollY + rect.bottom + 4, window.scrollY + window.innerHeight - menu.offsetHeight - 8);
  const left = Math.min(window.scrollX + rect.left, window.scrollX + window.innerWidth - menu.offsetWidth - 8);
  menu.style.top = `${Math.max(window.scrollY + 4, top)}px`;
  menu.style.left = `${Math.max(4, left)}px`;
  menu.querySelector("button")?.focus();
}
