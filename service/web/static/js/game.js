// The game page: loads the viewer's view, legal commands and log from the JSON
// API, draws them through the game's renderer, sends commands, and follows the
// live stream (SSE) to refresh when the position changes.

import { Api, ApiError, fetchSeat, readConfig } from "./api.js";
import { byId, clear, h } from "./dom.js";
import { makeT } from "./i18n.js";
import { loadRenderer } from "./renderers/index.js";
import { piecesFor } from "./renderers/helpers.js";
import { commandButtons, commandText, nextTypes, PLATFORM_COMMANDS, renderHead, renderLog, renderMoveWindow,
         seatNames, withNames } from "./widgets.js";

const config = readConfig();
const t = makeT(config.i18n);
const lang = config.lang;
const baseTitle = document.title;

const page = {
  api: null,
  seat: null,
  token: null,
  renderer: null,
  game: null,
  commands: [],
  log: [],
  busy: false,
  refreshing: null,
  again: false,
  wasMyTurn: null,
  stream: null,
  // Hotseat: every seat this account holds here ({seat, token}); the page acts for one.
  holds: [],
  pinnedSeq: null, // the seq at which the person chose a seat by hand (no automatic switch there)
  revealNext: true, // after the first load and after each of my own moves: bring the next choice into view
};

// ------------------------------------------------ what changed since I last looked
// The view as it stood right after my own last turn, remembered per game and
// seat in this browser; renderers compare it with the view now to highlight what
// the other players did since (their last confirmed turns).
const seenKey = () => `stellwerk:seen:${config.gameId}:${page.seat}`;

function previousView() {
  if (!page.seat) return null;
  try {
    return JSON.parse(localStorage.getItem(seenKey()) || "null");
  } catch {
    return null;
  }
}

function rememberView(view) {
  if (!page.seat || !view) return;
  const { board: _board, ...rest } = view; // the printed board never changes
  try {
    localStorage.setItem(seenKey(), JSON.stringify(rest));
  } catch {
    // storage full or disabled: no highlights, nothing else lost
  }
}

// ------------------------------------------------ guidance
/** The move window's line for a tap on a piece that cannot be used: why not. */
function explain(reason) {
  const el = byId("mw-reason");
  el.textContent = reason || "";
  el.hidden = !reason;
}

/**
 * A reason shown for a refused click goes with the next valid click (a usable piece,
 * a button): listened for on the document in the capture phase, so it runs before the
 * piece's own handler, whatever that does next (send at once, open a menu or a
 * game's own picker), and before a refused piece's handler sets its own reason.
 */
function clearReasonOnValidClicks() {
  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || target.closest(".unavailable") || target.closest("#mw-toggle")) return;
    if (target.closest(".usable, button, [role='menuitem']")) explain("");
  }, true);
}

function inView(el) {
  const r = el.getBoundingClientRect();
  const mw = byId("move-window");
  // On a phone the move window is docked at the bottom and covers that part.
  const bottom = getComputedStyle(mw).position === "fixed" && !mw.hidden ? mw.getBoundingClientRect().top : window.innerHeight;
  return r.top >= 0 && r.bottom <= bottom && r.left >= 0 && r.right <= window.innerWidth;
}

/** Bring the first piece to click for ``types`` into view and make it blink once. */
function reveal(types, always = false) {
  const pieces = piecesFor(byId("board"), types);
  if (!pieces.length) return false;
  const first = pieces[0];
  if (always || !inView(first)) first.scrollIntoView({ block: "center", inline: "center" });
  for (const el of pieces) el.classList.add("beacon");
  return true;
}

function myTurn(game) {
  return Boolean(page.seat && !game.status?.over && (game.status?.to_move || []).includes(page.seat));
}

function notice(text, kind = "info") {
  const el = byId("notice");
  el.textContent = text;
  el.hidden = !text;
  el.className = `notice ${kind}`;
}

function showError(text) {
  const el = byId("command-error");
  el.textContent = text || "";
  el.hidden = !text;
  if (text && !page.seat) notice(text, "error");
}

async function load() {
  const game = await page.api.get("");
  const [commands, texts] = await Promise.all([
    page.seat ? page.api.get("/commands") : Promise.resolve({ seq: game.seq, commands: [] }),
    page.api.get(`/texts?lang=${lang}`),
  ]);
  return { game, commands, texts };
}

/** The greedy bot's suggestion for my turn, at tables that allow hints (computed by a worker). */
function renderHintButton(game, ctx) {
  const button = byId("ask-hint");
  const list = byId("hint");
  const mine = myTurn(game) || game.move_window?.sub_moves?.length > 0;
  button.hidden = !(game.hints && page.seat && mine);
  if (!mine || list.dataset.seq !== String(game.seq)) {
    clear(list);
    list.hidden = true;
  }
  button.onclick = async () => {
    button.disabled = true;
    try {
      const hint = await page.api.get("/hint");
      clear(list);
      for (const command of hint.commands || []) {
        // The same words as the move list: the legal command's sentence when it is one of them.
        const same = page.commands.find((c) => c.type === command.type && JSON.stringify(c.args || {}) === JSON.stringify(command.args || {}));
        list.append(h("li", { dataset: { type: command.type } }, commandText(same || command, ctx)));
      }
      list.dataset.seq = String(game.seq);
      list.hidden = false;
    } catch (error) {
      showError(error.message);
    } finally {
      button.disabled = false;
    }
  };
}

// ------------------------------------------------ hotseat: several seats of mine
/** Act for ``seat`` (one of mine) from now on: its token for every call. */
function actAs(seat) {
  const hold = page.holds.find((held) => held.seat === seat);
  if (!hold || seat === page.seat) return false;
  page.seat = hold.seat;
  page.token = hold.token;
  page.api = new Api(config.urls.api, page.token);
  page.wasMyTurn = null;
  page.revealNext = true;
  document.body.dataset.actingSeat = seat;
  if (page.stream) {
    page.stream.close();
    follow();
  }
  return true;
}

/** The seat of mine to act for now when the shown one is not to move (none by hand here). */
function seatToMove(game) {
  if (page.holds.length < 2 || game.status?.over || page.pinnedSeq === game.seq) return null;
  const toMove = game.status?.to_move || [];
  if (toMove.includes(page.seat) || game.move_window?.sub_moves?.length) return null;
  return page.holds.find((held) => toMove.includes(held.seat))?.seat || null;
}

/** "You are playing: <seat>", a switch between the seats I hold (hidden with one seat). */
function renderActing(game, names) {
  const card = byId("acting");
  card.hidden = page.holds.length < 2;
  if (card.hidden) return;
  const toMove = new Set(game.status?.over ? [] : game.status?.to_move || []);
  const select = byId("acting-seat");
  clear(select).append(...page.holds.map((held) => h("option", { value: held.seat },
    `${toMove.has(held.seat) ? "▶ " : ""}${names[held.seat] || held.seat} (${t("js.seat_number", { n: held.seat.replace(/^p/, "") })})`)));
  select.value = page.seat;
}

function setUpActing() {
  byId("acting-seat").addEventListener("change", (event) => {
    page.pinnedSeq = page.game?.seq ?? null;
    if (actAs(event.target.value)) refresh().catch((error) => console.error(error));
  });
}

/** Fetch everything and redraw; calls made while one runs coalesce into one more. */
async function refresh() {
  if (page.refreshing) {
    page.again = true;
    return page.refreshing;
  }
  page.refreshing = (async () => {
    try {
      do {
        page.again = false;
        let data = await load();
        if (data.commands.seq !== data.game.seq) data = await load(); // moved on between the two calls
        const next = seatToMove(data.game);
        if (next && actAs(next)) { // hotseat: my other seat is to move; load its view
          page.again = true;
          continue;
        }
        page.game = data.game;
        page.commands = data.commands.commands || [];
        page.log = data.texts.lines || [];
        render();
      } while (page.again);
    } finally {
      page.refreshing = null;
    }
  })();
  return page.refreshing;
}

/** The rule a refusal names, in the page's language: the server's own text for it when
 * it sends one (``text``: it names what is still open), else the catalogue's sentence for
 * the rule, else the server's (English) message. */
function ruleText(error) {
  const own = error.body?.error?.text?.[lang];
  if (own) return withNames(own, seatNames(page.game?.seats, t, lang));
  const key = `js.rule.${error.body?.error?.code}`;
  return key in config.i18n ? t(key) : error.message;
}

async function send(command) {
  if (page.busy || !page.game) return;
  page.busy = true;
  showError("");
  explain("");
  document.body.classList.add("busy");
  try {
    // My turn ends here: remember the table as I leave it, to show later what the others did.
    if (command.type === "ConfirmTurn") rememberView(page.game.view);
    await page.api.send(command, page.game.seq);
    page.revealNext = true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) showError(t("js.stale"));
    else if (error instanceof ApiError && error.status === 422) showError(t("js.refused", { message: ruleText(error) }));
    else showError(t("js.failed", { status: error.status ?? error.message }));
  } finally {
    page.busy = false;
    document.body.classList.remove("busy");
  }
  await refresh();
}

function context() {
  const game = page.game;
  const names = seatNames(game.seats, t, lang);
  return {
    game, view: game.view, status: game.status, you: page.seat, names, t, lang, send,
    commands: page.commands.filter((c) => !PLATFORM_COMMANDS.has(c.type)),
    allCommands: page.commands,
    interactive: Boolean(page.seat) && !game.status?.over,
    busy: page.busy,
    previousView: previousView(),
    explain,
    reveal,
    label: page.renderer.label,
    where: page.renderer.where,
  };
}

function render() {
  const game = page.game;
  const ctx = context();
  renderHead(byId("game-head"), game, ctx);
  renderActing(game, ctx.names);
  page.renderer.render(byId("board"), ctx);
  explain("");
  renderMoveWindow(byId("move-window"), game, page.commands, ctx);
  renderHintButton(game, ctx);
  const card = byId("commands-card");
  card.hidden = !ctx.interactive || page.renderer.showsCommands || !ctx.commands.length;
  if (!card.hidden) clear(byId("commands")).append(commandButtons(ctx.commands, ctx));
  if (page.seat && !previousView()) rememberView(game.view);
  if (page.revealNext && (myTurn(game) || game.move_window?.sub_moves?.length)) {
    reveal(nextTypes(game, page.commands));
  }
  page.revealNext = false;
  renderLog(byId("log"), page.log, lang, ctx.names);

  const mine = myTurn(game);
  if (game.status?.over) {
    const ranking = (game.status.ranking || []).map((s) => ctx.names[s] || s).join(", ");
    notice(`${t("js.game_over")} ${t("js.winner", { ranking })}`, "over");
  } else if (mine) {
    if (page.wasMyTurn === false || page.wasMyTurn === null) notice(t("js.your_turn"), "your-turn");
  } else if (!page.seat) {
    notice(t("js.spectating"), "info");
  } else {
    notice("");
  }
  document.title = mine ? `${t("js.your_turn_title")} · ${baseTitle}` : baseTitle;
  page.wasMyTurn = mine;
  document.body.dataset.seq = String(game.seq);
  document.body.dataset.myTurn = String(mine);
  if (game.status?.over) {
    page.stream?.close();
    page.stream = null;
    byId("live-status").hidden = true;
  }
}

function follow() {
  const query = page.token ? `?token=${encodeURIComponent(page.token)}` : "";
  const stream = new EventSource(`${config.urls.api}/stream${query}`);
  page.stream = stream;
  stream.addEventListener("open", () => {
    // Back after a loss: catch up on whatever happened meanwhile.
    if (!byId("live-status").hidden) refresh().catch((error) => console.error(error));
    byId("live-status").hidden = true;
  });
  stream.addEventListener("update", (event) => {
    const update = JSON.parse(event.data);
    byId("notice").classList.remove("offline");
    byId("live-status").hidden = true;
    if (update.over) {
      // The game is over: the server ends the stream now, and an ending stream must not
      // read as a lost connection (its "error" event comes before the refresh below).
      page.streamOver = true;
      stream.close();
      if (page.stream === stream) page.stream = null;
    }
    if (!page.game || update.seq !== page.game.seq || update.over !== Boolean(page.game.status?.over)) {
      refresh().catch((error) => console.error(error));
    }
  });
  stream.addEventListener("error", () => {
    if (page.game?.status?.over || page.streamOver) stream.close();
    // EventSource reconnects by itself; say so meanwhile.
    else byId("live-status").hidden = false;
  });
}

/** The move window folds to its title, the next step and the confirm button (kept per tab). */
function setUpCollapse() {
  const root = byId("move-window");
  const toggle = byId("mw-toggle");
  const apply = (collapsed) => {
    root.classList.toggle("collapsed", collapsed);
    toggle.setAttribute("aria-expanded", String(!collapsed));
    toggle.textContent = collapsed ? toggle.dataset.show : toggle.dataset.hide;
  };
  // Folded by default on a phone, where the docked window would cover the board.
  const saved = sessionStorage.getItem("stellwerk:mw-collapsed");
  apply(saved === null ? window.matchMedia("(max-width: 820px)").matches : saved === "1");
  toggle.addEventListener("click", () => {
    const collapsed = !root.classList.contains("collapsed");
    sessionStorage.setItem("stellwerk:mw-collapsed", collapsed ? "1" : "0");
    apply(collapsed);
  });
}

async function main() {
  const held = await fetchSeat(config);
  page.seat = held.seat;
  page.token = held.token;
  page.holds = held.seats || [];
  if (page.seat) document.body.dataset.actingSeat = page.seat;
  page.api = new Api(config.urls.api, page.token);
  setUpActing();
  page.renderer = await loadRenderer(config.game, config.renderer);
  setUpCollapse();
  clearReasonOnValidClicks();
  byId("log-download").addEventListener("click", (event) => {
    if (!page.token) return; // spectators: the plain link gives the public log
    event.preventDefault();
    page.api.downloadLog(`${config.gameId}.ndjson`).catch((error) => showError(error.message));
  });
  await refresh();
  document.body.classList.add("ready");
  if (!page.game.status?.over) follow();
}

main().catch((error) => {
  console.error(error);
  notice(t("js.failed", { status: error.status ?? error.message }), "error");
});
