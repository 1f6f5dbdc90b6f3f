// The replay page's review tools (issue 16): notes on the shown position (plain
// text, edited and deleted by their author only), "play on from here" (a fork
// with the user in one or several seats, hotseat, and bots in the others) and the workers' analysis:
// a chart of each seat's win chance over the game, the largest swings marked,
// and the turn the bot would have played at the shown position.
// Everything from the server is inserted with textContent (h/s from dom.js).
import { readConfig } from "./api.js";
import { byId, h, s } from "./dom.js";
import { makeT } from "./i18n.js";
import { botLevel, withNames } from "./widgets.js";

const config = readConfig();
const t = makeT(config.i18n);
const lang = config.lang;
const api = config.urls.api;
const COLOURS = ["#c0392b", "#2471a3", "#229954", "#b7950b", "#7d3c98", "#616a6b"];
const state = { notes: [], analysis: null, seq: null, polling: null };

function csrf() {
  return document.querySelector('meta[name="csrf-token"]')?.content || "";
}

async function call(url, options = {}) {
  const headers = { Accept: "application/json", ...(options.headers || {}) };
  if (options.body) headers["Content-Type"] = "application/json";
  if (options.method && options.method !== "GET") headers["X-CSRFToken"] = csrf();
  const response = await fetch(url, { ...options, headers, credentials: "same-origin", cache: "no-store" });
  const body = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const error = new Error(body?.error?.message || `HTTP ${response.status}`);
    error.status = response.status;
    throw error;
  }
  return body;
}

function currentSeq() {
  const seq = Number(document.body.dataset.replaySeq);
  return Number.isFinite(seq) ? seq : null;
}

// ------------------------------------------------------------------ notes
async function loadNotes() {
  state.notes = (await call(`${api}/notes`)).notes;
  renderNotes();
}

function renderNotes() {
  const list = byId("notes-list");
  if (!list) return;
  const shown = state.notes.filter((n) => n.seq === state.seq);
  list.replaceChildren(...shown.map(noteItem));
  byId("notes-empty").hidden = shown.length > 0;
}

function noteItem(note) {
  const text = h("span", { class: "note-text", text: note.text });
  const item = h("li", { class: "note", dataset: { id: note.id, seq: note.seq } },
    h("span", { class: "note-author", text: note.author }), " ", text,
    note.edited ? h("span", { class: "muted", text: ` ${t("js.note_edited")}` }) : null);
  if (note.mine) {
    item.append(" ",
      h("button", { type: "button", class: "link note-edit", text: t("js.note_edit"), onclick: () => editNote(item, note) }),
      " ",
      h("button", { type: "button", class: "link note-delete", text: t("js.note_delete"), onclick: () => deleteNote(note) }));
  }
  return item;
}

function editNote(item, note) {
  const area = h("textarea", { class: "note-edit-text", maxlength: "2000", rows: "2" });
  area.value = note.text;
  const save = h("button", { type: "button", class: "note-save", text: t("js.note_save"), onclick: async () => {
    try {
      await call(`${api}/notes/${encodeURIComponent(note.id)}`, { method: "PATCH", body: JSON.stringify({ text: area.value }) });
      await loadNotes();
    } catch (error) {
      showError("note-error", t("js.note_failed", { message: error.message }));
    }
  } });
  item.replaceChildren(area, save);
  area.focus();
}

async function deleteNote(note) {
  try {
    await call(`${api}/notes/${encodeURIComponent(note.id)}`, { method: "DELETE" });
    await loadNotes();
  } catch (error) {
    showError("note-error", t("js.note_failed", { message: error.message }));
  }
}

async function addNote(event) {
  event.preventDefault();
  const input = byId("note-text");
  if (!input.value.trim() || state.seq === null) return;
  try {
    await call(`${api}/notes`, { method: "POST", body: JSON.stringify({ seq: state.seq, text: input.value }) });
    input.value = "";
    byId("note-error").hidden = true;
    await loadNotes();
  } catch (error) {
    showError("note-error", t("js.note_failed", { message: error.message }));
  }
}

function showError(id, message) {
  const el = byId(id);
  if (!el) return;
  el.textContent = message;
  el.hidden = false;
}

// ------------------------------------------------------------------- fork
/** ``{seat: "me" | bot level}`` from the form; several "me" seats make a hotseat fork. */
function forkSeats() {
  const out = {};
  for (const select of document.querySelectorAll("#fork-form select.fork-choice")) out[select.dataset.seat] = select.value;
  return out;
}

async function fork(event) {
  event.preventDefault();
  try {
    const body = await call(`/web/games/${encodeURIComponent(config.gameId)}/fork`, {
      method: "POST",
      body: JSON.stringify({ seq: state.seq, seats: forkSeats() }),
    });
    location.assign(body.url);
  } catch (error) {
    showError("fork-error", t("js.fork_failed", { message: error.message }));
  }
}

// --------------------------------------------------------------- analysis
// The button is there for logged-in people only (asking costs worker time);
// everybody sees a finished analysis.
function setButton(props) {
  const button = byId("analyse-button");
  if (button) Object.assign(button, props);
}

async function analyse() {
  setButton({ disabled: true });
  try {
    showAnalysis(await call(`${api}/analysis`, { method: "POST" }));
  } catch (error) {
    byId("analysis-state").textContent = t("js.analysis_failed", { message: error.message });
    setButton({ disabled: false });
  }
}

async function pollAnalysis() {
  try {
    showAnalysis(await call(`${api}/analysis`));
  } catch (error) {
    byId("analysis-state").textContent = t("js.analysis_failed", { message: error.message });
  }
}

function showAnalysis(data) {
  const stateEl = byId("analysis-state");
  clearTimeout(state.polling);
  if (data.state === "done") {
    state.analysis = data.result;
    if (data.display_names?.[lang]) state.analysis = { ...data.result, names: data.display_names[lang] };
    stateEl.textContent = "";
    setButton({ hidden: true });
    document.body.dataset.analysis = "done";
    renderChart();
    renderBotTurn();
    return;
  }
  if (data.state === "failed") {
    stateEl.textContent = t("js.analysis_failed", { message: data.error || "" });
    setButton({ disabled: false });
    return;
  }
  if (data.state === "none") return;
  setButton({ disabled: true });
  stateEl.textContent = data.state === "running"
    ? t("js.analysis_progress", { done: data.done, total: data.total }) : t("js.analysis_queued");
  state.polling = setTimeout(pollAnalysis, 1000);
}

/** The first position of each round (``[index, round]``): the chart's marks along its time axis. */
function roundStarts(positions) {
  const out = [];
  positions.forEach((p, i) => {
    if (p.round != null && (i === 0 || positions[i - 1].round !== p.round)) out.push([i, p.round]);
  });
  return out;
}

function renderChart() {
  const root = byId("analysis-chart");
  const result = state.analysis;
  if (!root || !result || !result.positions.length) return;
  // Room on the left for the percentages and below for the rounds.
  const width = 340, height = 170, left = 48, right = 8, top = 10, bottom = 30;
  const n = result.positions.length;
  const x = (i) => left + (n === 1 ? 0 : (i * (width - left - right)) / (n - 1));
  const y = (p) => height - bottom - p * (height - top - bottom);
  const index = new Map(result.positions.map((p, i) => [p.seq, i]));
  const grid = [0, 0.5, 1].flatMap((v) => [
    s("line", { class: "analysis-grid", x1: left, x2: width - right, y1: y(v), y2: y(v), stroke: "#ddd" }),
    s("text", { class: "analysis-tick", x: left - 4, y: y(v) + 4, "text-anchor": "end", "font-size": "10",
      text: new Intl.NumberFormat(lang, { style: "percent" }).format(v) }),
  ]);
  const starts = roundStarts(result.positions);
  const every = Math.max(1, Math.ceil(starts.length / 8));  // at most about eight labels on a phone
  const rounds = starts.flatMap(([i, round], k) => [
    s("line", { class: "analysis-round", x1: x(i), x2: x(i), y1: top, y2: height - bottom, stroke: "#eee" }),
    k % every ? null : s("text", { class: "analysis-tick", x: x(i), y: height - bottom + 12, "text-anchor": "middle",
      "font-size": "10", text: String(round) }),
  ]).filter(Boolean);
  const axisX = s("text", { class: "analysis-axis", x: (left + width - right) / 2, y: height - 4, "text-anchor": "middle",
    "font-size": "10", text: t("js.chart_rounds") });
  const axisY = s("text", { class: "analysis-axis", x: 10, y: (top + height - bottom) / 2, "text-anchor": "middle",
    "font-size": "10", transform: `rotate(-90 10 ${(top + height - bottom) / 2})`, text: t("js.win_chance") });
  const lines = result.seats.map((seat, k) => s("polyline", {
    class: `analysis-line seat-line-${seat}`, fill: "none", stroke: COLOURS[k % COLOURS.length], "stroke-width": "2",
    points: result.positions.map((p, i) => `${x(i).toFixed(1)},${y(p.win[seat] ?? 0).toFixed(1)}`).join(" "),
  }, s("title", { text: result.names?.[seat] || seat })));
  const swings = result.swings.map((sw) => {
    const i = index.get(sw.seq);
    const k = result.seats.indexOf(sw.seat);
    const pos = result.positions[i];
    return s("circle", { class: "analysis-swing", cx: x(i).toFixed(1), cy: y(pos.win[sw.seat] ?? 0).toFixed(1), r: "4",
      fill: "none", stroke: COLOURS[k % COLOURS.length], "stroke-width": "2", dataset: { seq: sw.seq },
      onclick: () => document.dispatchEvent(new CustomEvent("replay:goto", { detail: { seq: sw.seq } })) },
    s("title", { text: t("js.swing", { seat: result.names?.[sw.seat] || sw.seat, delta: `${sw.delta > 0 ? "+" : ""}${Math.round(sw.delta * 100)} %` }) }));
  });
  const at = index.get(state.seq);
  const marker = at === undefined ? null : s("line", { class: "analysis-now", x1: x(at), x2: x(at), y1: top,
    y2: height - bottom, stroke: "#888", "stroke-dasharray": "3 3" });
  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, class: "analysis-svg", role: "img", "aria-label": t("js.win_chance") },
    ...grid, ...rounds, axisX, axisY, marker, ...lines, ...swings);
  const legend = h("p", { class: "analysis-legend" }, ...result.seats.map((seat, k) => h("span", { class: "legend-item" },
    s("svg", { width: "10", height: "10", "aria-hidden": "true" }, s("rect", { width: "10", height: "10", fill: COLOURS[k % COLOURS.length] })),
    ` ${result.names?.[seat] || seat} `)));
  root.replaceChildren(svg, legend, h("p", { class: "muted analysis-level", text: levelText(result) }));
}

/** Which bot analysed the game: MCTS with its iterations, or greedy for a game whose search is too slow. */
function levelText(result) {
  const match = /^mcts-(\d+)i$/.exec(result.level || "");
  return match ? t("js.analysis_by_mcts", { iterations: match[1] }) : t("js.analysis_by_greedy", { level: botLevel(result.level, t) });
}

function renderBotTurn() {
  const el = byId("bot-would");
  const result = state.analysis;
  if (!el || !result) return;
  const position = result.positions.find((p) => p.seq === state.seq);
  if (!position || !position.bot) {
    el.textContent = t("js.bot_no_turn");
    return;
  }
  const moves = position.bot.text.map((line) => withNames(line[lang] || line.en, result.names)).join("; ");
  el.textContent = t("js.bot_would", { level: botLevel(position.bot.level, t), moves });
}

// ------------------------------------------------------------------- main
function onPosition(seq) {
  state.seq = seq;
  renderNotes();
  renderChart();
  renderBotTurn();
}

document.addEventListener("replay:position", (event) => onPosition(event.detail.seq));
byId("note-form")?.addEventListener("submit", addNote);
byId("fork-form")?.addEventListener("submit", fork);
if (byId("analysis")?.dataset.over) {
  byId("analyse-button")?.addEventListener("click", analyse);
  pollAnalysis();
}
onPosition(currentSeq());
loadNotes().catch((error) => console.error(error));
