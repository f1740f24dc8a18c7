// A move's text as a person reads it: cards with suit symbols, gifts and side actions in words.
import * as cards from "./cards.js";
import { has, t } from "./i18n.js";

// The cards of "give 3D 4C" (or "give 2 cards", a gift another seat may not see).
export function giftLabel(move) {
  const rest = move.slice(5);
  return cards.isCards(rest) ? cards.show(rest) : rest;
}

export function moveLabel(text) {
  if (cards.isCards(text)) return cards.show(text);
  if (text.startsWith("give ")) return t("action.give", { cards: giftLabel(text) });
  return has(`action.${text}`) ? t(`action.${text}`) : text;
}
