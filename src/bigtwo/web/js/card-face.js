// Cards drawn as SVG, made here (no image files): the rank's index and the suit at two
// corners, a big suit on number cards and aces, a framed suit under a crown, coronet or cap on
// jacks, queens and kings, a star on jokers, and a dot that marks a second deck's copy. Colours
// come from the stylesheet by suit (class suit-D …), so the four-colour deck is a class on the
// page. A card back is CSS alone (.back). The letters of the index come from the catalogue (card.index.J …).
import * as cards from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
const SYMBOL = { D: "\u2666", C: "\u2663", H: "\u2665", S: "\u2660" };
const FACES = new Set(["J", "Q", "K"]);
let made = 0; // numbers the faces drawn, for the ids their <use> copies point at
// a king's crown, a queen's coronet (a jack wears a cap, drawn below)
const CROWN = {
  K: "M18 36 L22 27 L26 33 L30 25 L34 33 L38 27 L42 36 Z",
  Q: "M21 35 L25 29 L30 33 L35 29 L39 35 Z",
  J: "M22 34 L38 34 L38 30 L22 30 Z",
};

function s(tag, attrs = {}, text = null) {
  const el = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null) el.setAttribute(name, String(value));
  }
  if (text !== null) el.textContent = text;
  return el;
}

// What the index shows for a rank: the digits as they are, a letter from the catalogue.
function index(rank) {
  if (rank === "T") return "10";
  return /^[2-9]$/.test(rank) ? rank : t(`card.index.${rank}`);
}

// The face of one card (parsed by cards.parse), 60 by 84 units, as an <svg> hidden from
// assistive technology: whatever holds it carries the card's name.
export function face(card) {
  const suit = card.joker ? (card.red ? "RJ" : "BJ") : card.suit;
  const svg = s("svg", { viewBox: "0 0 60 84", class: `face suit-${suit}`, "aria-hidden": "true",
    focusable: "false" });
  svg.append(s("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "paper" }));
  const mark = card.joker ? "\u2605" : SYMBOL[card.suit];
  const label = card.joker ? "\u2605" : index(card.rank);
  // The index is written once and shown again turned over by <use>: a control's visible text
  // (its name's first words, "Q♥") then reads as it does once, not "Q ♥ Q ♥".
  const id = `idx-${++made}`;
  const corner = s("g", { id });
  corner.append(s("text", { x: 8, y: 18, class: "idx", "text-anchor": "middle",
    textLength: label.length > 1 ? 14 : null, lengthAdjust: "spacingAndGlyphs" }, label));
  if (!card.joker) corner.append(s("text", { x: 8, y: 31, class: "pip", "text-anchor": "middle" }, mark));
  svg.append(corner, s("use", { href: `#${id}`, transform: "rotate(180 30 42)" }));
  if (card.joker) {
    svg.append(s("text", { x: 30, y: 55, class: "big", "text-anchor": "middle" }, mark));
  } else if (FACES.has(card.rank)) {
    svg.append(s("rect", { x: 15, y: 20, width: 30, height: 44, rx: 3, class: "frame" }));
    svg.append(s("path", { d: CROWN[card.rank], class: "crown" }));
    svg.append(s("text", { x: 30, y: 58, class: "big face-pip", "text-anchor": "middle" }, mark));
  } else {
    svg.append(s("text", { x: 30, y: 54, class: card.rank === "A" ? "big ace" : "big",
      "text-anchor": "middle" }, mark));
  }
  if (card.second) svg.append(s("circle", { cx: 51, cy: 9, r: 4, class: "second" }));
  return svg;
}

// A card on the table (not a button): an image named as a card button is.
export function cardImage(word, size = "") {
  const card = cards.parse(word);
  return h("span", { class: `card-img ${size}`.trim(), role: "img", "aria-label": cards.label(card),
    "data-word": word }, face(card));
}

// Cards text ("3D 3S") laid out as a row of overlapping card images.
export function cardRow(text, size = "") {
  return h("span", { class: `card-row ${size}`.trim() },
    cards.words(text).map((w) => cardImage(w, size)));
}

// A fan of `count` card backs (at most `most` drawn), for a seat's hidden hand.
export function backs(count, most = 6) {
  const n = Math.min(count, most);
  return h("span", { class: "fan", "aria-hidden": "true" },
    Array.from({ length: n }, () => h("span", { class: "back" })));
}
