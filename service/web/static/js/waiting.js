// A table waiting for players: reload the page as soon as the game is dealt or a
// seat changes, so nobody has to press reload. The server-sent event stream wakes
// on the first event of the log; seat changes are seen on the next keep-alive.
import { readConfig } from "./api.js";

const config = readConfig();
const source = new EventSource(`${config.urls.api}/stream`);
source.addEventListener("update", (event) => {
  const data = JSON.parse(event.data);
  if (!data.waiting) {
    source.close();
    window.location.reload();
  }
});
