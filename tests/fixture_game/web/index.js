// Tally's board, the smallest renderer a game bundle can bring: the generic
// tables and buttons under a line of its own, in its own words (texts.json).
// Served at renderers/tally/, so it imports the platform's modules relatively.

import { h } from "../../dom.js";
import generic from "../generic.js";

export default {
  showsCommands: true,
  render(el, ctx) {
    generic.render(el, ctx);
    el.prepend(h("p", { class: "tally-round", id: "tally-round" },
      ctx.t("js.tally.round", { round: ctx.view?.round ?? 1, rounds: ctx.view?.rounds ?? 1 })));
  },
};
