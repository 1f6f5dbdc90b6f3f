// Railroad Dice, the menu of a field an end of the line leads to, in layers so that it stays
// short on a phone: with many choices first the kind (lay track, build a bridge, connect a
// new tile, build a station), then the piece, then - when the dice can be split several
// ways - how to pay.  Each layer is the platform's choice menu; only listed commands are sent.

import { choose } from "../../widgets.js";

/** More choices than this in one menu: ask for the kind first. */
const MANY = 8;

function groupBy(items, key) {
  const out = new Map();
  for (const item of items) {
    const k = key(item);
    if (!out.has(k)) out.set(k, []);
    out.get(k).push(item);
  }
  return [...out.values()];
}

function withoutPay(args) {
  const { pay: _pay, ...rest } = args || {};
  return rest;
}

/** A sentence without its payment part (", paying 2 dice ..."), for a choice that still has a payment to choose. */
function unpaid(text, ctx) {
  const suffix = ctx.t("rd.pay.suffix", { what: "" });
  const at = suffix ? text.lastIndexOf(suffix) : -1;
  return at > 0 ? text.slice(0, at) : text;
}

/** A stand-in for several commands in a menu: what the platform's menu needs (type, args) and the label. */
function layer(commands, label) {
  return { type: commands[0].type, args: withoutPay(commands[0].args), commands, label };
}

/**
 * Offer ``commands`` in layers.  ``text(command)`` is a command's sentence, ``draw(command,
 * sentence)`` a choice with the piece it lays; a kind is named by its ``js.rd.cmd.<type>`` text.
 */
export function chooseInLayers(anchor, commands, ctx, { text, draw }) {
  const piece = (c) => `${c.type}|${JSON.stringify(withoutPay(c.args))}`;
  const label = (option) => (option.kind ? option.label
    : draw(option.commands ? option.commands[0] : option, option.label ?? text(option)));
  const offer = (options) => {
    const proxy = { ...ctx, send: (option) => (option.commands ? open(option.commands) : ctx.send(option)) };
    choose(anchor, options, proxy, label);
  };
  const open = (list) => {
    const byPiece = groupBy(list, piece);
    if (byPiece.length === 1) {
      if (list.length === 1) ctx.send(list[0]);
      else offer(list); // one piece, several ways to pay
      return;
    }
    offer(byPiece.map((group) => (group.length === 1 ? group[0] : layer(group, unpaid(text(group[0]), ctx)))));
  };
  const kinds = groupBy(commands, (c) => c.type);
  if (groupBy(commands, piece).length > MANY && kinds.length > 1) {
    offer(kinds.map((group) => ({ ...layer(group, ctx.t(`js.rd.cmd.${group[0].type}`)), kind: true })));
  } else {
    open(commands);
  }
}
