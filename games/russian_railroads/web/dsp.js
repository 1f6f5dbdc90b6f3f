// Russian Railroads, the DSP mini expansion: the open ?-tokens beside the board, the
// tokens and freight wagons each player holds, and Ludmilla's card round while it runs
// (whose choice it is, the cards left).  Choices are the game's commands, shown as
// buttons with the game's own sentences (index.js); this panel only tells the table.

import { h } from "../../dom.js";

export function drawDsp(view, ctx) {
  const { t } = ctx;
  const dsp = view.dsp || {};
  const name = (seat) => ctx.names?.[seat] || seat;
  const token = (id) => t(`js.rr.token.${id}`);
  const rows = [];
  const open = (dsp.open_tokens || []).flatMap((o, i) => [i ? " · " : "",
    h("span", { class: "q-token-open", dataset: { token: o.token } }, `? ${token(o.token)}`)]);
  rows.push(h("p", { class: "rr-dsp-open" }, `${t("js.rr.dsp_open_tokens")}: `, ...open));
  for (const [seat, held] of Object.entries(dsp.tokens || {})) {
    const parts = held.map(token);
    if (dsp.wagons?.[seat]) parts.push(t("js.rr.dsp_wagon", { line: t(`js.rr.line.${dsp.wagons[seat]}`) }));
    if (parts.length) rows.push(h("p", { class: "small rr-dsp-held", dataset: { seat } }, t("js.rr.dsp_held", { name: name(seat), tokens: parts.join(" · ") })));
  }
  const lud = dsp.ludmilla;
  if (lud) {
    const cards = (lud.cards || []).map((c) => t(`js.rr.bonus.${c}`)).join(", ");
    rows.push(h("p", { class: "rr-ludmilla", dataset: { stage: lud.stage } }, lud.stage === "wait"
      ? t("js.rr.ludmilla_wait", { name: name(lud.by) })
      : t("js.rr.ludmilla_round", { name: name(lud.by), cards, queue: (lud.queue || []).map(name).join(", ") || "–" })));
  }
  return h("div", { class: "card rr-dsp" }, ...rows);
}
