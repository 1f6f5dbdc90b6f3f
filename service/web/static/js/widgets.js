// The parts of the game shell every game shares: the header with players,
// scores and turn order; the move window; the log; the plain command list.

import { argsText, clear, h } from "./dom.js";

/** Platform commands: handled by the move window, not listed as game moves. */
export const PLATFORM_COMMANDS = new Set(["ConfirmTurn", "Undo", "RequestUndo", "AcceptUndo", "DeclineUndo",
                                          "HandToBot", "TakeBack"]);

/** A bot level in words ("greedy" -> "greedy" / "gierig", "mcts-100i" -> "search, 100 iterations a
 *  move"), the level itself if unknown. */
export function botLevel(level, t) {
  const iterations = /^mcts-(\d+)i$/.exec(level || "");
  if (iterations) return t("js.bot_level.iterations", { n: Number(iterations[1]) });
  const key = `js.bot_level.${level}`;
  return t(key) === key ? level : t(key);
}

/** Every seat's name: the server's (``display_name``: the player's, a bot's own name with its
 *  level in words, "open seat"; service/seat_names.py), else the player's, "Bot (greedy)" for a
 *  bot, "open seat", repeated names numbered. */
export function seatNames(seats, t, lang) {
  const names = {};
  const seen = new Map();
  for (const s of seats || []) {
    const shown = s.display_name?.[lang];
    if (shown) {
      names[s.seat] = shown;
      continue;
    }
    let name = s.name || (s.bot ? t("js.bot_named", { level: botLevel(s.bot, t) }) : t("js.open_seat"));
    if (!s.name) {
      const count = (seen.get(name) || 0) + 1;
      seen.set(name, count);
      if (count > 1) name = `${name} ${count}`;
    }
    names[s.seat] = name;
  }
  return names;
}

/** Seats in turn order: the game's own order if its view has one, else seat order. */
export function turnOrder(game) {
  const order = game.view?.order;
  if (Array.isArray(order) && order.every((s) => typeof s === "string")) return order;
  return (game.seats || []).map((s) => s.seat);
}

/** A phase code in words (a game's bundle may name its own phases), else the code. */
function phaseName(phase, t) {
  const key = `js.phase.${phase}`;
  return t(key) !== key ? t(key) : phase;
}

/** A seat's points; "–" where the game keeps them secret while it runs (no score given). */
function scoreCell(score, t) {
  if (score === undefined || score === null) {
    return h("td", { class: "score hidden-score", title: t("js.score_hidden") }, "–");
  }
  return h("td", { class: "score", dataset: { score } }, t("js.score", { score }));
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
        game.bots?.[seat] && !info.bot
          ? h("span", { class: "badge bot" }, t("js.bot_named", { level: botLevel(game.bots[seat], t) })) : null),
      scoreCell(status.scores?.[seat], t),
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

/** Whose turn the move window is about: "Your turn", "Bob to move", "Game over", "Scoring …". */
export function moveWindowTitle(game, ctx) {
  const { t, names } = ctx;
  const status = game.status || {};
  if (status.over) return t("js.game_over_short");
  const mine = (status.to_move || []).includes(game.you) || game.move_window?.sub_moves?.length > 0;
  if (mine) return t("js.your_turn_short");
  const waiting = (status.to_move || []).map((s) => names[s] || s).join(", ");
  return waiting ? t("js.turn_of", { who: waiting }) : t("js.waiting_system");
}

/** The open actions that can still be done now (a legal command carries them out). */
function doable(actions, commands) {
  const types = new Set(commands.map((c) => c.type));
  return actions.filter((a) => (a.commands || []).some((type) => types.has(type)));
}

/** The command types of the next thing to do: the first doable mandatory action, else the first doable one. */
export function nextTypes(game, commands) {
  const actions = doable(game.move_window?.open_actions || [], commands);
  const next = actions.find((a) => a.mandatory) || actions[0];
  if (!next) return [];
  const types = new Set(commands.map((c) => c.type));
  return next.commands.filter((type) => types.has(type));
}

/** What to click and where, in words: the next open action and the renderer's "where" for it. */
function guidance(game, commands, ctx) {
  const { t, lang } = ctx;
  const mw = game.move_window;
  const actions = doable(mw.open_actions, commands);
  const next = actions.find((a) => a.mandatory) || actions[0];
  if (!next) return mw.can_confirm ? t("js.nothing_open") : "";
  const types = nextTypes(game, commands);
  const place = types.map((type) => ctx.where?.(type, ctx)).find(Boolean) || t("js.where.generic");
  return t(next.mandatory ? "js.guide_must" : "js.guide_may", { action: withNames(next.text?.[lang] ?? next.key, ctx.names), where: place });
}

/** The move window of the viewer's seat; ``send`` posts a command. */
export function renderMoveWindow(root, game, commands, ctx) {
  const { t, lang, send, busy } = ctx;
  const mw = game.move_window;
  const subList = root.querySelector("#sub-moves");
  const openList = root.querySelector("#open-actions");
  const confirm = root.querySelector("#confirm-turn");
  const undoBox = root.querySelector("#undo-request");
  const guide = root.querySelector("#mw-guide");
  const warning = root.querySelector("#confirm-warning");
  if (!mw) {
    root.hidden = true;
    return;
  }
  root.hidden = false;
  root.querySelector("#mw-title").textContent = moveWindowTitle(game, ctx);
  const myTurn = (game.status?.to_move || []).includes(game.you) || mw.sub_moves.length > 0;
  root.classList.toggle("active", myTurn && !game.status?.over);
  clear(subList);
  clear(openList);
  guide.textContent = myTurn && !game.status?.over ? guidance(game, commands, ctx) : "";
  guide.hidden = !guide.textContent;
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
      const legal = new Set(commands.map((c) => c.type));
      for (const action of mw.open_actions) {
        const types = (action.commands || []).filter((type) => legal.has(type));
        openList.append(h("li", { class: `open-action${action.mandatory ? " mandatory" : ""}`, dataset: { key: action.key } },
          action.mandatory ? h("strong", { class: "bang", title: t("js.mandatory") }, "! ") : null,
          withNames(action.text?.[lang] ?? action.key, ctx.names),
          types.length && ctx.reveal
            ? h("button", { type: "button", class: "link show-where", onclick: () => ctx.reveal(types, true) }, t("js.show_where"))
            : null));
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
  // Confirm: with optional actions still doable, ask once before they lapse.
  const optional = myTurn ? doable(mw.open_actions.filter((a) => !a.mandatory), commands) : [];
  if (warning.dataset.seq !== String(game.seq)) warning.hidden = true;
  confirm.hidden = !myTurn;
  confirm.disabled = busy || !mw.can_confirm;
  confirm.onclick = () => {
    if (optional.length && warning.hidden) {
      warning.querySelector("#confirm-warning-text").textContent =
        t("js.confirm_open", { what: optional.map((a) => withNames(a.text?.[lang] ?? a.key, ctx.names)).join("; ") });
      warning.dataset.seq = String(game.seq);
      warning.hidden = false;
      warning.querySelector("#confirm-anyway").focus();
      return;
    }
    warning.hidden = true;
    send({ type: "ConfirmTurn", args: {} });
  };
  warning.querySelector("#confirm-anyway").onclick = () => {
    warning.hidden = true;
    send({ type: "ConfirmTurn", args: {} });
  };
  warning.querySelector("#confirm-back").onclick = () => {
    warning.hidden = true;
    if (ctx.reveal) ctx.reveal(nextTypes(game, commands), true);
  };

  const request = game.undo_request;
  clear(undoBox);
  const seatControls = seatControlButtons(game, commands, ctx);
  undoBox.hidden = !request && !seatControls.length;
  undoBox.append(...seatControls);
  if (request) {
    const mine = request.by === game.you;
    const waitingFor = (request.waiting_for || []).map((s) => ctx.names[s] || s).join(", ");
    undoBox.append(h("p", { class: "undo-text" }, mine
      ? t("js.undo_request_mine", { who: waitingFor })
      : t("js.undo_request", { by: ctx.names[request.by] || request.by })));
    const types = mine ? ["DeclineUndo"] : ["AcceptUndo", "DeclineUndo"];
    for (const type of types) {
      if (commands.some((c) => c.type === type)) {
        const label = mine ? t("js.withdraw") : t(type === "AcceptUndo" ? "js.accept" : "js.decline");
        undoBox.append(h("button", { type: "button", disabled: busy, dataset: { type }, class: mine ? "withdraw" : "",
                                     onclick: () => send({ type, args: {} }) }, label));
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

/** A command in words: the game's sentence (``text`` from describe_command), else the
 *  renderer's label, else a generic one (the type and its arguments). */
export function commandText(command, ctx) {
  const own = command.text?.[ctx.lang];
  if (own) return withNames(own, ctx.names);
  const key = `js.cmd.${command.type}`;
  if (PLATFORM_COMMANDS.has(command.type) && ctx.t(key) !== key) return ctx.t(key);
  if (ctx.label) return ctx.label(command, ctx);
  if (ctx.t(key) !== key) return ctx.t(key);
  const args = argsText(command.args);
  return args ? `${command.type} (${args})` : command.type;
}

/** The game's legal commands as buttons, each named by its sentence (the fallback
 *  list "All possible moves"; the generic renderer's only way to play). */
export function commandButtons(commands, ctx) {
  const { t, send, busy } = ctx;
  const game = commands.filter((c) => !PLATFORM_COMMANDS.has(c.type));
  if (!game.length) return h("p", { class: "muted" }, t("js.no_commands"));
  return h("div", { class: "buttons command-list" }, game.map((command) => h("button", {
    type: "button", class: "command", disabled: busy,
    dataset: { type: command.type, args: JSON.stringify(command.args || {}) },
    onclick: () => send({ type: command.type, args: command.args || {} }),
  }, commandText(command, ctx))));
}

/**
 * Ask which of several commands to send, in place: a small menu at the
 * clicked element.  ``label(command)`` names each choice.
 */
export function choose(anchor, commands, ctx, label = (c) => commandText(c, ctx)) {
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
