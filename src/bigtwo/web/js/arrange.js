// The order of your hand: the rules' order or by suit (a switch), or as you arranged it by
// dragging a card (mouse, pen or touch) or with Shift and an arrow key. An arrangement lasts
// for the deal it was made in, across every re-render of the table.
import * as cards from "./cards.js";
import { pref } from "./prefs.js";
import { S } from "./state.js";

const DRAG_PX = 8; // a press that moves less than this is a tap (select), not a drag

let arranged = { deal: null, words: [] };
let drag = null;
let dragged = false; // the click that ends a drag must not also select the card

// The deal a view belongs to: the commitment, or for a fixed deal the cards as dealt.
function dealOf(view) {
  return `${S.code}|${view.commitment || ""}|${view.dealt}`;
}

export function handOrder(view) {
  const order = { twosLow: view.twos_low, suits: view.rules.suit_order, bySuit: pref("suit") };
  const list = cards.sorted(cards.words(view.hand), order);
  if (arranged.deal !== dealOf(view)) return list;
  const held = new Map(list.map((c) => [c.word, c]));
  const kept = arranged.words.filter((w) => held.has(w)).map((w) => held.get(w));
  const known = new Set(arranged.words);
  return [...kept, ...list.filter((c) => !known.has(c.word))]; // cards received: at the end
}

export function forgetArrangement() {
  arranged = { deal: null, words: [] };
}

function arrange(view, words) {
  arranged = { deal: dealOf(view), words };
}

// Move `word` to place `to` (0 first) of the hand as shown.
export function moveCard(view, word, to) {
  const words = handOrder(view).map((c) => c.word);
  const from = words.indexOf(word);
  if (from < 0) return;
  words.splice(from, 1);
  words.splice(Math.max(0, Math.min(to, words.length)), 0, word);
  arrange(view, words);
}

// A card's click after a drag is swallowed: true when this click ended a drag.
export function endedDrag() {
  const was = dragged;
  dragged = false;
  return was;
}

// Pointer handlers for the hand's container: a card follows the pointer through the row
// (moved in the page while dragging); where it is dropped becomes the arrangement.
export function dragHandlers(view, rendered) {
  const cardAt = (x, y) => {
    const el = document.elementFromPoint(x, y);
    return el && el.closest(".hand .card");
  };
  return {
    onpointerdown: (e) => {
      const card = e.target.closest(".card");
      if (!card || e.button !== 0) return;
      drag = { card, x: e.clientX, y: e.clientY, id: e.pointerId, moving: false };
    },
    onpointermove: (e) => {
      if (!drag || e.pointerId !== drag.id) return;
      if (!drag.moving) {
        if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < DRAG_PX) return;
        drag.moving = true;
        drag.card.classList.add("dragging");
        drag.card.setPointerCapture(e.pointerId);
      }
      const over = cardAt(e.clientX, e.clientY);
      if (!over || over === drag.card || !drag.card.isConnected) return;
      const box = over.getBoundingClientRect();
      const after = e.clientX > box.left + box.width / 2;
      over.parentElement.insertBefore(drag.card, after ? over.nextSibling : over);
    },
    onpointerup: (e) => finish(e, view, rendered),
    onpointercancel: () => {
      if (drag && drag.moving) rendered(); // a scroll took the gesture: back as it was
      drag = null;
    },
  };
}

function finish(e, view, rendered) {
  if (!drag || e.pointerId !== drag.id) return;
  const { card, moving } = drag;
  drag = null;
  if (!moving) return;
  dragged = true;
  setTimeout(() => { dragged = false; }, 0); // no click follows when the pointer left the card
  if (card.isConnected) {
    arrange(view, [...card.parentElement.querySelectorAll(".card")].map((b) => b.dataset.word));
  }
  rendered();
}
