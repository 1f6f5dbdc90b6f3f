// Russian Railroads, American Railroads: the stock board (levels with their dividend
// tiles and the share markers left to right, the open dividend tiles to choose from,
// the steel mills still beside their stacks) and a seat's upper industry track (the
// one that passes the gaps; the rubble on its 15-field until blasted).  Drawn from the
// view's ``usa`` sections; clickable only where a legal command acts.

import { s } from "../../dom.js";
import { clickable, fitText, rect, text } from "../helpers.js";
import { commandLabel, effectsText } from "./labels.js";

const CELL = 40;
const CELL_H = 46;
const LEFT = 160;
const seatClass = (seat) => `seat-fill-${seat}`;

/** The upper industry track of a USA tableau: fields 0..length, no gaps to stop at. */
export function drawUpperIndustry(svg, seat, player, industry, y, ctx) {
  const { t } = ctx;
  const us = player.usa;
  const rubble = (ctx.view.usa?.board?.rubble || []).find((r) => r.industry_field !== undefined);
  svg.append(text(8, y + 16, t("js.rr.us.upper_industry"), { class: "line-name" }));
  const ix = (i) => LEFT + i * CELL - CELL;
  for (let i = 0; i <= industry.length; i++) {
    const x = ix(i);
    svg.append(rect(x, y, CELL - 4, CELL_H, { rx: 3, class: `industry-cell upper${industry.gaps.includes(i) ? " over-gap" : ""}`,
                                              dataset: { field: i, track: "upper" } }),
      text(x + 3, y + 10, String(i), { class: "cell-num" }),
      text(x + CELL - 7, y + CELL_H - 3, String(industry.scores?.[i] ?? ""), { class: "mark industry-score", "text-anchor": "end" }));
  }
  if (rubble && us.rubble.includes(rubble.id)) {
    const x = ix(rubble.industry_field);
    svg.append(s("g", { class: "us-rubble", dataset: { rubble: rubble.id } },
      s("polygon", { points: `${x + 6},${y + 40} ${x + 18},${y + 14} ${x + 30},${y + 40}`, class: "rubble" }),
      s("title", {}, t("js.rr.us.rubble"))));
  }
  svg.append(s("circle", { cx: ix(us.markers.upper) + 20, cy: y + 38, r: 5,
                           class: `industry-marker ${seatClass(seat)}`, dataset: { marker: 2, pos: us.markers.upper } }));
  return y + CELL_H + 6;
}

/** The stock board: one row per level, top first. */
export function drawStockBoard(view, ctx) {
  const { t, names } = ctx;
  const us = view.usa;
  const width = 470;
  const rowH = 30;
  const levels = us.stock.slice().reverse();
  const tiles = ctx.interactive ? ctx.commands.filter((c) => c.type === "ChooseDividend") : [];
  const height = 40 + levels.length * rowH + 130;
  const svg = s("svg", { class: "rr-stock", viewBox: `0 0 ${width} ${height}`, width, dataset: { levels: us.levels } });
  svg.append(rect(0, 0, width, height, { class: "stock-bg", rx: 6 }),
    fitText(10, 22, t("js.rr.us.stock_board", { first: us.end_bonus[0], second: us.end_bonus[1] }), width - 20,
      { class: "section-title" }, 7));
  let y = 34;
  for (const row of levels) {
    const g = s("g", { class: "stock-level", dataset: { level: row.level, tile: row.tile || "" } });
    g.append(rect(10, y, width - 20, rowH - 4, { rx: 4, class: `stock-row${row.level === 0 ? " start" : ""}` }),
      text(16, y + 18, row.level === 0 ? t("js.rr.us.level_start") : `${t("js.rr.us.level")} ${row.level}`, { class: "small" }));
    const label = row.tile ? `★ ${effectsText(us.tiles[row.tile], t)}` : (row.level ? `★ ${t("js.rr.us.no_tile")}` : "");
    g.append(fitText(70, y + 18, label, 190, { class: "small stock-tile" }, 6));
    row.markers.forEach((seat, i) => {
      g.append(s("circle", { cx: 280 + i * 22, cy: y + 13, r: 8, class: `share-marker ${seatClass(seat)}`, dataset: { seat } },
        s("title", {}, names[seat] || seat)));
    });
    svg.append(g);
    y += rowH;
  }
  y += 8;
  svg.append(text(10, y + 12, t("js.rr.us.open_tiles"), { class: "small section-title" }));
  let x = 10;
  y += 18;
  for (const tile of us.open_tiles) {
    const label = effectsText(tile.effects, t);
    const w = Math.max(70, 12 + label.length * 6.2);
    if (x + w > width - 10) {
      x = 10;
      y += 26;
    }
    const cmds = tiles.filter((c) => c.args.tile === tile.id);
    const g = s("g", { class: `dividend-tile${cmds.length ? " usable" : ""}`, dataset: { tile: tile.id }, transform: `translate(${x},${y})` },
      rect(0, 0, w, 20, { rx: 4, class: cmds.length ? "tile-bg choice-bg" : "tile-bg" }),
      fitText(6, 14, label, w - 10, { class: "small" }, 5.8));
    if (cmds.length) clickable(g, commandLabel(cmds[0], ctx), cmds, ctx, commandLabel);
    svg.append(g);
    x += w + 6;
  }
  y += 30;
  const mills = us.mills.length ? us.mills.map((n) => `L${n}`).join(", ") : "–";
  svg.append(text(10, y + 12, `${t("js.rr.us.steel_mills")}: ${mills}`, { class: "small", dataset: { mills: us.mills.join(",") } }));
  svg.setAttribute("viewBox", `0 0 ${width} ${y + 22}`);
  svg.querySelector(".stock-bg").setAttribute("height", String(y + 22));
  return svg;
}
