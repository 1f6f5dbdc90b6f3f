// The game page: loads the viewer's view, legal commands and log from the JSON
// API, draws them through the game's renderer, sends commands, and follows the
// live stream (SSE) to refresh when the position changes.

import { Api, ApiError, fetchSeat, readConfig } from "./api.js";
import { byId, clear } from "./dom.js";
import { makeT } from "./i18n.js";
import { loadRenderer } from "./renderers/index.js";
import { commandButtons, PLATFORM_COMMANDS, renderHead, renderLog, renderMoveWindow, seatNames } from "./widgets.js";

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
};

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
function renderHintButton(game) {
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
        const args = Object.entries(command.args || {}).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(", ");
        const li = document.createElement("li");
        li.textContent = args ? `${command.type} (${args})` : command.type;
        list.append(li);
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

async function send(command) {
  if (page.busy || !page.game) return;
  page.busy = true;
  showError("");
  document.body.classList.add("busy");
  try {
    await page.api.send(command, page.game.seq);
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) showError(t("js.stale"));
    else if (error instanceof ApiError && error.status === 422) showError(t("js.refused", { message: error.message }));
    else showError(t("js.failed", { status: error.status ?? error.message }));
  } finally {
    page.busy = false;
    document.body.classList.remove("busy");
  }
  await refresh();
}

function context() {
  const game = page.game;
  const names = seatNames(game.seats, t);
  return {
    game, view: game.view, status: game.status, you: page.seat, names, t, lang, send,
    commands: page.commands.filter((c) => !PLATFORM_COMMANDS.has(c.type)),
    allCommands: page.commands,
    interactive: Boolean(page.seat) && !game.status?.over,
    busy: page.busy,
  };
}

function render() {
  const game = page.game;
  const ctx = context();
  renderHead(byId("game-head"), game, ctx);
  page.renderer.render(byId("board"), ctx);
  renderMoveWindow(byId("move-window"), game, page.commands, ctx);
  renderHintButton(game);
  const card = byId("commands-card");
  card.hidden = !ctx.interactive || page.renderer.showsCommands;
  if (!card.hidden) clear(byId("commands")).append(commandButtons(ctx.commands, ctx));
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
  if (game.status?.over && page.stream) {
    page.stream.close();
    page.stream = null;
  }
}

function follow() {
  const query = page.token ? `?token=${encodeURIComponent(page.token)}` : "";
  const stream = new EventSource(`${config.urls.api}/stream${query}`);
  page.stream = stream;
  stream.addEventListener("update", (event) => {
    const update = JSON.parse(event.data);
    byId("notice").classList.remove("offline");
    if (!page.game || update.seq !== page.game.seq || update.over !== Boolean(page.game.status?.over)) {
      refresh().catch((error) => console.error(error));
    }
  });
  stream.addEventListener("error", () => {
    if (page.game?.status?.over) stream.close();
  });
}

async function main() {
  const held = await fetchSeat(config);
  page.seat = held.seat;
  page.token = held.token;
  page.api = new Api(config.urls.api, page.token);
  page.renderer = await loadRenderer(config.game);
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
