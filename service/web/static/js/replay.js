// The replay page: a slider and step buttons over the confirmed positions of
// the game (GET /replay?seq=N), the board at each drawn by the game's renderer
// (read-only), and the log up to it.

import { Api, fetchSeat, readConfig } from "./api.js";
import { byId } from "./dom.js";
import { makeT } from "./i18n.js";
import { loadRenderer } from "./renderers/index.js";
import { renderHead, renderLog, seatNames } from "./widgets.js";

const config = readConfig();
const t = makeT(config.i18n);
const lang = config.lang;

const page = { api: null, renderer: null, game: null, steps: [], index: 0, loading: null, token: null };

async function show(index) {
  if (!page.steps.length) return;
  index = Math.max(0, Math.min(page.steps.length - 1, index));
  page.index = index;
  const seq = page.steps[index];
  const data = await page.api.get(`/replay?seq=${seq}&lang=${lang}`);
  if (page.index !== index) return; // a later step was asked for meanwhile
  const game = { ...page.game, status: data.status, view: data.view, seq: data.seq, move_window: null };
  const names = seatNames(game.seats, t, lang);
  const ctx = { game, view: data.view, status: data.status, you: page.game.you, names, t, lang,
                send: () => {}, commands: [], allCommands: [], interactive: false, busy: false };
  renderHead(byId("game-head"), game, ctx);
  page.renderer.render(byId("board"), ctx);
  renderLog(byId("log"), data.log, lang, names);
  byId("replay-slider").value = String(index);
  byId("replay-position").textContent = t("js.step", { n: index + 1, total: page.steps.length, seq });
  byId("step-first").disabled = byId("step-prev").disabled = index === 0;
  byId("step-last").disabled = byId("step-next").disabled = index === page.steps.length - 1;
  document.body.dataset.replaySeq = String(seq);
  document.body.dataset.replayIndex = String(index);
  // A shareable link opens at this position; review.js follows the position.
  history.replaceState(null, "", `?seq=${seq}`);
  document.dispatchEvent(new CustomEvent("replay:position", { detail: { seq } }));
}

function go(index) {
  show(index).catch((error) => {
    console.error(error);
    byId("replay-position").textContent = t("js.failed", { status: error.status ?? error.message });
  });
}

async function main() {
  const held = await fetchSeat(config);
  page.token = held.token;
  page.api = new Api(config.urls.api, held.token);
  page.renderer = await loadRenderer(config.game, config.renderer);
  const [game, first] = await Promise.all([page.api.get(""), page.api.get(`/replay?lang=${lang}`)]);
  page.game = game;
  page.steps = first.steps.filter((seq) => seq <= first.seq);
  const slider = byId("replay-slider");
  slider.max = String(Math.max(0, page.steps.length - 1));
  slider.addEventListener("input", () => go(Number(slider.value)));
  byId("step-first").addEventListener("click", () => go(0));
  byId("step-prev").addEventListener("click", () => go(page.index - 1));
  byId("step-next").addEventListener("click", () => go(page.index + 1));
  byId("step-last").addEventListener("click", () => go(page.steps.length - 1));
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement && event.target !== slider) return;
    if (event.key === "ArrowLeft" && event.target !== slider) go(page.index - 1);
    if (event.key === "ArrowRight" && event.target !== slider) go(page.index + 1);
  });
  byId("log-download").addEventListener("click", (event) => {
    if (!page.token) return;
    event.preventDefault();
    page.api.downloadLog(`${config.gameId}.ndjson`).catch((error) => console.error(error));
  });
  if (!page.steps.length) {
    byId("replay-position").textContent = t("js.no_steps");
    return;
  }
  const wanted = page.steps.indexOf(Number(new URLSearchParams(location.search).get("seq")));
  document.addEventListener("replay:goto", (event) => {
    const at = page.steps.indexOf(event.detail.seq);
    if (at >= 0) go(at);
  });
  await show(wanted >= 0 ? wanted : page.steps.length - 1);
  document.body.classList.add("ready");
}

main().catch((error) => {
  console.error(error);
  byId("replay-position").textContent = t("js.failed", { status: error.status ?? error.message });
});
