// A table waiting for players: reload the page as soon as the game is dealt, so
// nobody has to press reload. The server-sent event stream wakes on the first
// event of the log (set-up happens when the last seat is taken).
import { readConfig } from "./api.js";

const config = readConfig();
const source = new EventSource(`${config.urls.api}/stream`);
source.addEventListener("open", () => document.body.classList.add("ready"));
source.addEventListener("update", (event) => {
  const data = JSON.parse(event.data);
  document.body.classList.add("ready");
  if (!data.waiting) {
    source.close();
    window.location.reload();
  }
});

// Seats change without an event in the log (somebody joins, accepts or declines an
// invitation): a light look every 15 s reloads the page when they did, so the
// creator learns of a declined invitation without pressing reload (issue 27).
const SEATS_EVERY_MS = 15000;
let seatsSeen = null;
async function lookAtSeats() {
  try {
    const response = await fetch(config.urls.api, { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (!response.ok) return;
    const seats = JSON.stringify((await response.json()).seats || []);
    if (seatsSeen !== null && seats !== seatsSeen) window.location.reload();
    seatsSeen = seats;
  } catch {
    // offline for a moment: look again next time
  }
}
lookAtSeats();
setInterval(lookAtSeats, SEATS_EVERY_MS);
