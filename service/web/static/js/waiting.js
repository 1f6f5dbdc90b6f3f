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
