// @ts-check
// The cards this seat gave and received in the exchanges its deal began with (mode.president,
// start.three_player_exchange): shown beside the hand as cards and told once in words. Read
// from the seat's own view alone: its cards as dealt against those it holds or has played.
// A card that moved between two other seats is in neither, so nothing here names it.
import { cardRow } from "./card-face.js";
import * as cards from "./cards.js";
import { h } from "./dom.js";
import { list, t } from "./i18n.js";

/** @typedef {import("../types/protocol").ViewData} ViewData */

/**
 * What the seat gave and got, as cards text each ("" for none); null when no exchange of the
 * deal involves the seat, or nothing has changed hands yet.
 * @param {ViewData | null} view
 * @returns {{ gave: string, got: string } | null}
 */
export function swapped(view) {
  if (!view || view.seat < 0 || !view.dealt) return null;
  if (!view.exchanges.some(([giver, receiver]) => giver === view.seat || receiver === view.seat)) {
    return null;
  }
  const held = new Set(cards.words(view.hand));
  for (const [seat, move] of view.history) {
    if (seat === view.seat && move && cards.isCards(move)) cards.words(move).forEach((w) => held.add(w));
  }
  const dealt = cards.words(view.dealt);
  const before = new Set(dealt);
  const order = { twosLow: view.twos_low, suits: view.rules.suit_order };
  const text = (/** @type {string[]} */ words) => cards.sorted(words, order).map((c) => c.word).join(" ");
  const gave = text(dealt.filter((w) => !held.has(w)));
  const got = text([...held].filter((w) => !before.has(w)));
  return gave || got ? { gave, got } : null;
}

// The line beside the hand: "You gave" and the cards, "You received" and the cards.
/** @param {ViewData | null} view */
export function swapLine(view) {
  const moved = swapped(view);
  if (!moved) return null;
  const part = (/** @type {string} */ key, /** @type {string} */ text) =>
    text ? h("span", { class: "swap-part" }, h("span", { text: t(key) }), cardRow(text, "small")) : null;
  return h("p", { class: "swap" }, part("table.swap.gave", moved.gave), part("table.swap.got", moved.got));
}

// The same in words, for the live region.
/** @param {ViewData | null} view */
export function swapSaid(view) {
  const moved = swapped(view);
  if (!moved) return null;
  const said = (/** @type {string} */ text) => list(cards.words(text).map((w) => cards.spoken(cards.parse(w))));
  if (!moved.got) return t("told.swap.gave", { gave: said(moved.gave) });
  if (!moved.gave) return t("told.swap.got", { got: said(moved.got) });
  return t("told.swap", { gave: said(moved.gave), got: said(moved.got) });
}
