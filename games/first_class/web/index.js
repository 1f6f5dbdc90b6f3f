// First Class: the card rows with the start-player tile, the end-game cards,
// every player's board (route and locomotive, coins, two trains with conductors,
// post wagons and LOK tiles, contracts, celebrities and postcards) and the scoring
// track, drawn as SVG from the view JSON.  What may be done now comes only from
// the legal commands: the pieces they act on are clickable (``data-commands``), a
// click sends the command, and when several fit one click a small menu asks
// which.  Every part is drawn for the width the board has (a phone gets three
// cards a line and wrapped trains, never a board to scroll sideways).  Modules:
// display.js (rows, end-game cards), player.js (a player's board), scoring.js
// (track, final table), labels.js (words); the look in first_class.css (beside
// this module).

import { clear, h } from "../../dom.js";
import { drawExtras, drawRows } from "./display.js";
import { commandLabel, where } from "./labels.js";
import { drawPlayer } from "./player.js";
import { drawTrack, finalTable } from "./scoring.js";

/** Commands without a piece of their own: buttons above the table. */
const BUTTONS = new Set(["TakeCoins", "TakePoints", "SkipEffect", "DeclineCard", "ScoreTrains"]);

/** First Class's own stylesheet, linked once (the page's CSP allows stylesheets from the site only). */
function linkStyles() {
  if (document.getElementById("first-class-css")) return;
  const link = document.createElement("link");
  link.id = "first-class-css";
  link.rel = "stylesheet";
  link.href = new URL("./first_class.css", import.meta.url).href;
  document.head.append(link);
}

/** The last drawing (box, context, width): drawn again when the box's width changes (a phone turned). */
let last = null;
const observer = typeof ResizeObserver === "function" ? new ResizeObserver(() => {
  if (last && Math.abs(last.el.clientWidth - last.width) > 24) renderer.render(last.el, last.ctx);
}) : null;

const renderer = {
  showsCommands: false,
  label: commandLabel,
  where,
  render(el, ctx) {
    linkStyles();
    last = { el, ctx, width: el.clientWidth };
    observer?.observe(el);
    const style = el.clientWidth ? getComputedStyle(el) : null;
    const padding = style ? parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) : 0;
    const available = (el.clientWidth || 974) - padding;
    clear(el).classList.add("fc");
    const view = ctx.view || {};
    if (!view.players || !view.rows) {
      el.append(h("p", { class: "muted" }, "…"));
      return;
    }
    const { t } = ctx;
    if (view.final) el.append(finalTable(view, ctx));
    const buttons = ctx.commands.filter((c) => BUTTONS.has(c.type));
    if (ctx.interactive && buttons.length) {
      el.append(h("div", { class: "card fc-choices", id: "fc-choices" }, h("div", { class: "buttons" },
        buttons.map((command) => h("button", {
          type: "button", class: "command", disabled: ctx.busy,
          dataset: { type: command.type, args: JSON.stringify(command.args || {}), commands: command.type },
          onclick: () => ctx.send({ type: command.type, args: command.args || {} }),
        }, commandLabel(command, ctx))))));
    }
    el.append(h("div", { class: "fc-track-wrap" }, drawTrack(view, ctx, available)));
    el.append(h("div", { class: "fc-rows-wrap" }, drawRows(view, ctx, available)));
    el.append(h("div", { class: "fc-extras-wrap" }, drawExtras(view, ctx, available)));
    el.append(h("p", { class: "muted fc-legend" }, t("js.fc.legend")));
    const order = Array.isArray(view.order) && view.order.length ? view.order : Object.keys(view.players);
    const seats = [...order];
    seats.sort((a, b) => (b === ctx.you) - (a === ctx.you));
    for (const seat of seats) {
      el.append(h("div", { class: "fc-player-wrap", dataset: { seat } }, drawPlayer(seat, view.players[seat], ctx, available)));
    }
  },
};

export default renderer;
