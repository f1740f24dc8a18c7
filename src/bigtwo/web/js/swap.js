// @ts-check
// The cards this seat gave and received in the exchanges its deal began with (mode.president,
// start.three_player_exchange): shown beside the hand as cards and told in words. Read from
// the seat's own view alone: its cards as dealt against those it holds or has played. A card
// that moved between two other seats is in neither, so nothing here names it.
import { cardRow } from "./card-face.js";
import * as cards from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { cardsSaid } from "./reading.js";

/** @typedef {import("../types/protocol").ViewData} ViewData */

let kept = { deal: "", moved: /** @type {{ gave: string, got: string } | null} */ (null) };

/**
 * What the seat gave and got, as cards text each ("" for none); null when no exchange of the
 * deal involves the seat, or nothing has changed hands yet. Until the deal's first play or pass
 * only the exchange has moved cards; after it a card may also come by a draw on a pass or a
 * trade for the leftover, so the line is kept from before it (and a page that first sees the
 * deal later, under rules with draws or trades, draws none rather than a wrong one).
 * @param {ViewData | null} view
 * @returns {{ gave: string, got: string } | null}
 */
export function swapped(view) {
  if (!view || view.seat < 0 || !view.dealt) return null;
  if (!view.exchanges.some(([giver, receiver]) => giver === view.seat || receiver === view.seat)) {
    return null;
  }
  const deal = `${view.commitment}|${view.seat}|${view.dealt}`;
  const exchanging = view.history.every(([, move]) => move.startsWith("give "));
  if (!exchanging && kept.deal === deal) return kept.moved;
  const otherwise = view.rules.draw_on_pass !== "none" || view.rules.leftover.startsWith("trade");
  if (!exchanging && otherwise) return null;
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
  const moved = gave || got ? { gave, got } : null;
  if (exchanging) kept = { deal, moved };
  return moved;
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
  if (!moved.got) return t("told.swap.gave", { gave: cardsSaid(moved.gave) });
  if (!moved.gave) return t("told.swap.got", { got: cardsSaid(moved.got) });
  return t("told.swap", { gave: cardsSaid(moved.gave), got: cardsSaid(moved.got) });
}
