// @ts-check
// Reading the state: seats by name, the offers of this seat, turns, and moves in words.
import * as cards from "./cards.js";
import { has, list, t } from "./i18n.js";
import { BOT_KINDS, S } from "./state.js";

/** @returns {import("../types/protocol").RoomData | null} the room, null before a state */
export function room() {
  return S.state ? S.state.room : null;
}

export function seatName(seat) {
  const r = room();
  const info = r && r.seats[seat];
  if (info && BOT_KINDS.includes(info.kind)) return botName(info.kind, seat);
  const name = info ? info.name : "";
  return name || t("seat.default", { n: seat + 1 });
}

// A bot by its level and seat ("easy bot 2"), the same at the table, in the replay and in
// the records the terminal lists (`Catalogue.bot`); a level the catalogue lacks by its code.
export function botName(level, seat) {
  return t("seat.bot", { kind: has(`kind.${level}`) ? t(`kind.${level}`) : level, n: seat + 1 });
}

export function offers() {
  return (S.state && S.state.offers) || [];
}

export function myTurn() {
  const st = S.state;
  return Boolean(st && S.seat !== null && st.awaiting.includes(S.seat) && offers().length);
}

export function isHost() {
  const r = room();
  return Boolean(r && S.seat !== null && r.host === S.seat);
}

// The offered plays (or gifts) by their cards in any order, and the other actions.
export function offerIndex() {
  const plays = new Map();
  const gifts = new Map();
  const side = [];
  for (const text of offers()) {
    if (text === "pass") continue;
    if (cards.isCards(text)) plays.set(cards.same(text), text);
    else if (text.startsWith("give ") && cards.isCards(text.slice(5))) {
      gifts.set(cards.same(text.slice(5)), text);
    } else side.push(text);
  }
  return { plays, gifts, side };
}

// Cards text ("3D 3S") in words, as a list a screen reader says ("3 of diamonds and ...").
/** @param {string} text */
export function cardsSaid(text) {
  return list(cards.words(text).map((w) => cards.spoken(cards.parse(w))));
}

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

// A play's combination in words (`combo` of an `act` event: "a pair"), or null when the event
// names none or the catalogue lacks it.
export function comboName(kind) {
  return kind && has(`combo.${kind}`) ? t(`combo.${kind}`) : null;
}

// A refusal (an `error`, or a `why` answer) in words: its code through the catalogue.
export function refusalText(m) {
  const params = { message: m.message, ...readable(m.params || {}) };
  // a code with several rules or reasons behind it says which in `rule` or `reason`: its own
  // sentence if any (bigtwo.refusal_words chooses the same way)
  const raw = m.params || {};
  const key = [`error.${m.code}.${raw.rule}`, `error.${m.code}.${raw.reason}`, `error.${m.code}`]
    .find(has);
  return t(key || "error.unknown", params);
}

// A refusal's parameters as a person reads them: cards with suit symbols, seats by name.
export function readable(params) {
  const out = {};
  for (const [name, value] of Object.entries(params)) {
    if (["cards", "play", "table", "card"].includes(name) && typeof value === "string") {
      out[name] = cards.show(value);
    } else if (["seat", "to_move", "giver", "receiver"].includes(name) && Number.isInteger(value)) {
      out[name] = seatName(value);
    } else if (name === "kind" && has(`combo.${value}`)) {
      out[name] = t(`combo.${value}`);
    } else {
      out[name] = value;
    }
  }
  return out;
}

// Who leads, and what they may lead: anything, but for the deal's first play where the rules
// tie it to the lowest card (`rule` "include" or "alone", `card` that card: 3♦ in the classic
// game). The table's board and the replay say it alike.
export function leadWords(name, rule, card) {
  if (card && (rule === "include" || rule === "alone")) {
    return t(`table.lead.${rule}`, { name, card: cards.show(card) });
  }
  return t("table.lead", { name });
}
