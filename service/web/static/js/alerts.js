// Telling a player that it became their turn when they are not looking: an opt-in
// browser notification (the Notification API) and an optional short sound, both
// remembered per browser. The page marks whose turn it is in body[data-my-turn]
// (game.js); this module only watches that attribute, so it works for every game.
import { readConfig } from "./api.js";
import { makeT } from "./i18n.js";

const config = readConfig();
const t = makeT(config.i18n);
const KEY = "stellwerk.alerts";
const settings = { notify: false, sound: false, ...JSON.parse(localStorage.getItem(KEY) || "{}") };

function save() {
  localStorage.setItem(KEY, JSON.stringify(settings));
}

function beep() {
  const Audio = window.AudioContext || window.webkitAudioContext;
  if (!Audio) return;
  const audio = new Audio();
  const tone = audio.createOscillator();
  const gain = audio.createGain();
  tone.frequency.value = 880;
  gain.gain.setValueAtTime(0.15, audio.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
  tone.connect(gain).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + 0.4);
}

function alertTurn() {
  if (settings.notify && "Notification" in window && Notification.permission === "granted" && document.hidden) {
    const note = new Notification(t("js.alert_title", { title: config.title }), {
      body: t("js.alert_body"), tag: `stellwerk-${config.gameId}`, icon: `${config.urls.static}img/favicon.svg`,
    });
    note.onclick = () => { window.focus(); note.close(); };
  }
  if (settings.sound) beep();
  document.body.dataset.alerted = String(Number(document.body.dataset.alerted || 0) + 1);
}

function wire(id, key, onEnable) {
  const box = document.getElementById(id);
  if (!box) return;
  box.checked = settings[key];
  box.addEventListener("change", async () => {
    settings[key] = box.checked;
    if (box.checked && onEnable && !(await onEnable())) {
      settings[key] = false;
      box.checked = false;
    }
    save();
  });
}

wire("alert-notify", "notify", async () => {
  if (!("Notification" in window)) return false;
  if (Notification.permission === "granted") return true;
  return (await Notification.requestPermission()) === "granted";
});
wire("alert-sound", "sound", async () => { beep(); return true; });

// Unknown until the page has drawn the game once: opening the page on one's own
// turn is no news.
let wasMine = null;
new MutationObserver(() => {
  const mine = document.body.dataset.myTurn === "true";
  if (mine && wasMine === false) alertTurn();
  wasMine = mine;
}).observe(document.body, { attributes: true, attributeFilter: ["data-my-turn"] });
