// The table chat. On the game page: the messages so far, new ones live over the
// chat's own event stream, and a form (seat token if the user holds a seat, else the
// session with its CSRF token). On the replay page: read-only, showing the messages
// written up to the replayed position (replay.js keeps it in body[data-replay-seq]).
// Texts are inserted with textContent only: a message is never markup.
import { fetchSeat, readConfig } from "./api.js";
import { h } from "./dom.js";
import { makeT } from "./i18n.js";

const config = readConfig();
const t = makeT(config.i18n);
const root = document.getElementById("chat");
const list = document.getElementById("chat-messages");
const empty = document.getElementById("chat-empty");
const messages = new Map();
let token = null;

function shownUpTo() {
  if (root.dataset.mode !== "replay") return Infinity;
  const seq = Number(document.body.dataset.replaySeq);
  return Number.isFinite(seq) ? seq : -1;
}

function render() {
  const upto = shownUpTo();
  const shown = [...messages.values()].filter((m) => m.seq <= upto);
  list.replaceChildren(...shown.map((m) => h("li", { class: "chat-message", dataset: { seq: m.seq, id: m.id } },
    h("span", { class: "chat-author", text: m.author }),
    h("span", { class: "chat-seq muted", text: ` #${m.seq}`, title: t("js.chat_at", { seq: m.seq }) }),
    h("span", { class: "chat-text", text: m.text }))));
  empty.hidden = shown.length > 0;
  list.scrollTop = list.scrollHeight;
}

function add(message) {
  messages.set(message.id, message);
  render();
}

async function load() {
  const response = await fetch(`${config.urls.api}/chat`, { headers: { Accept: "application/json" }, cache: "no-store" });
  if (!response.ok) return;
  for (const m of (await response.json()).messages) messages.set(m.id, m);
  render();
}

async function send(event) {
  event.preventDefault();
  const input = document.getElementById("chat-text");
  const error = document.getElementById("chat-error");
  const text = input.value.trim();
  if (!text) return;
  const headers = { "Content-Type": "application/json", Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  else headers["X-CSRFToken"] = document.querySelector('meta[name="csrf-token"]')?.content || "";
  const response = await fetch(`${config.urls.api}/chat`, {
    method: "POST", headers, body: JSON.stringify({ text }), credentials: "same-origin",
  });
  const body = await response.json().catch(() => null);
  if (response.ok) {
    input.value = "";
    error.hidden = true;
    add(body);
  } else {
    error.textContent = body?.error?.message || t("js.failed", { status: response.status });
    error.hidden = false;
  }
}

async function start() {
  await load();
  if (root.dataset.mode === "replay") {
    new MutationObserver(render).observe(document.body, { attributes: true, attributeFilter: ["data-replay-seq"] });
    return;
  }
  const form = document.getElementById("chat-form");
  if (form) {
    token = (await fetchSeat(config)).token;
    form.addEventListener("submit", send);
  }
  const source = new EventSource(`${config.urls.api}/chat/stream`);
  source.addEventListener("chat", (event) => add(JSON.parse(event.data)));
}

start();
