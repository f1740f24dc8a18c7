// Cards as the server writes them: "3D", "TH", "2S", jokers "BJ" "RJ", a second deck's copy
// marked "*". Sorting, symbols and spoken names for the page.
import { t } from "./i18n.js";

const RANKS = "3456789TJQKA2";
const SUITS = "DCHS";
const SYMBOL = { D: "\u2666", C: "\u2663", H: "\u2665", S: "\u2660" };
const RED = new Set(["D", "H"]);

export function parse(word) {
  const second = word.endsWith("*");
  const face = second ? word.slice(0, -1) : word;
  if (face === "BJ" || face === "RJ") {
    return { word, face, joker: true, rank: face, suit: "", second, red: face === "RJ" };
  }
  const rank = face.slice(0, -1);
  const suit = face.slice(-1);
  return { word, face, joker: false, rank, suit, second, red: RED.has(suit) };
}

export function words(text) {
  return text ? text.split(/\s+/).filter(Boolean) : [];
}

// Each rule set's suits from low to high (the rules' `suit_order`); "none" still sorts.
export const SUIT_ORDERS = {
  standard: "DCHS", bridge: "CDHS", pusoy: "CSHD", "hearts-high": "CDSH", none: "DCHS",
};

// A sort key: rank (2s lowest when the deal flipped them), then suit in the rules' order, or
// with `bySuit` suit first; jokers last.
export function key(card, { twosLow = false, suits = "standard", bySuit = false } = {}) {
  if (card.joker) return 100000 + (card.face === "RJ" ? 1 : 0);
  let r = RANKS.indexOf(card.rank);
  if (twosLow && card.rank === "2") r = -1;
  const s = (SUIT_ORDERS[suits] || SUITS).indexOf(card.suit);
  const second = card.second ? 5 : 0;
  return bySuit ? s * 1000 + (r + 1) * 10 + second : (r + 1) * 10 + s + second;
}

export function sorted(list, order = {}) {
  return list.map(parse).sort((a, b) => key(a, order) - key(b, order));
}

export function short(card) {
  if (card.joker) return card.face === "RJ" ? "R\u2605" : "B\u2605";
  const rank = card.rank === "T" ? "10" : card.rank;
  return rank + SYMBOL[card.suit] + (card.second ? "\u2032" : "");
}

export function spoken(card) {
  const name = card.joker
    ? t(`card.${card.face}`)
    : t("card.name", { rank: t(`rank.${card.rank}`), suit: t(`suit.${card.suit}`) });
  return card.second ? t("card.second", { card: name }) : name;
}

// A card button's accessible name: the face it shows, then its spoken name, so that a person
// who says what they see ("Q♥") names it too.
export function label(card) {
  return t("card.label", { face: short(card), name: spoken(card) });
}

// Cards text ("3D 3S") with suit symbols: "3♦ 3♠". On a page read right to left they are
// set apart as left-to-right text (a bidi isolate), so that 10♥ doesn't read ♥10 there.
export function show(text) {
  const faces = words(text).map((w) => short(parse(w))).join(" ");
  return document.documentElement.dir === "rtl" ? `\u2066${faces}\u2069` : faces;
}

// The same cards, however ordered: a key to match a selection against the offers.
export function same(text) {
  return words(text).slice().sort().join(" ");
}

export function isCards(text) {
  return words(text).every((w) => /^([3-9TJQKA2][DCHS]|BJ|RJ)\*?$/.test(w));
}
