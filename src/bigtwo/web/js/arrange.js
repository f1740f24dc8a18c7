// The order of your hand: the rules' order or by suit (a switch), or as you arranged it by
// dragging a card (mouse, pen or touch) or with Shift and an arrow key. An arrangement lasts
// for the deal it was made in, across every re-render of the table.
import * as cards from "./cards.js";
import { pref } from "./prefs.js";
import { S } from "./state.js";

const DRAG_PX = 8; // a press that moves less than this is a tap (select), not a drag
const TOUCH_DRAG_PX = 16; // a finger: more, as browsers let a tap slide about this far

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

// Is a card being dragged? The hand is not redrawn meanwhile (an update, say, when another
// player moves): that would take the card from under the finger. The drop redraws it.
export function dragging() {
  return Boolean(drag && drag.moving);
}

// Pointer handlers for the hand's container: a card follows the pointer through the row
// (moved in the page while dragging); where it is dropped becomes the arrangement. Once
// pressed, the pointer is followed on the whole window: a card moved in the page loses the
// pointer's capture, and the finger may be lifted anywhere.
export function dragHandlers(view, rendered) {
  return {
    onpointerdown: (e) => {
      const card = e.target.closest(".card");
      if (!card || e.button !== 0 || drag) return;
      const { pointerId: id, pointerType: type } = e;
      drag = { card, word: card.dataset.word, x: e.clientX, y: e.clientY, id, moving: false };
      const move = (m) => m.pointerId === id && follow(m);
      const end = (u) => {
        if (u.pointerId !== id) return;
        removeEventListener("pointermove", move);
        removeEventListener("pointerup", end);
        removeEventListener("pointercancel", end);
        if (u.type === "pointerup") finish(view, rendered);
        else cancel(rendered);
      };
      drag.threshold = type === "touch" ? TOUCH_DRAG_PX : DRAG_PX;
      addEventListener("pointermove", move);
      addEventListener("pointerup", end);
      addEventListener("pointercancel", end);
    },
  };
}

function follow(e) {
  if (!drag.card.isConnected) { // redrawn before it moved: the same card, drawn anew
    drag.card = document.querySelector(`.hand .card[data-word="${drag.word}"]`);
    if (!drag.card) return;
  }
  if (!drag.moving) {
    if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < drag.threshold) return;
    drag.moving = true;
    drag.before = order(drag.card);
    drag.card.classList.add("dragging");
    // kept while the card stays put, and lost once it moves: the window hears the rest
    if (drag.card.hasPointerCapture && !drag.card.hasPointerCapture(e.pointerId)) {
      try { drag.card.setPointerCapture(e.pointerId); } catch { /* the pointer is gone */ }
    }
  }
  const el = document.elementFromPoint(e.clientX, e.clientY);
  const over = el && el.closest(".hand .card");
  if (!over || over === drag.card) return;
  const box = over.getBoundingClientRect();
  const right = e.clientX > box.left + box.width / 2; // after it, in a row read left to right
  const after = getComputedStyle(over.parentElement).direction === "rtl" ? !right : right;
  over.parentElement.insertBefore(drag.card, after ? over.nextSibling : over);
}

function order(card) {
  return [...card.parentElement.querySelectorAll(".card")].map((b) => b.dataset.word);
}

function cancel(rendered) { // a scroll took the gesture: back as it was
  const moved = drag.moving;
  drag = null;
  if (moved) rendered();
}

// The drop: a card that ended where it started was not dragged after all, and the click that
// may follow selects it as a tap does (a finger slides a little on a tap).
function finish(view, rendered) {
  const { card, moving, before } = drag;
  drag = null;
  if (!moving) return;
  const after = card.isConnected ? order(card) : before;
  if (after.join() !== before.join()) {
    dragged = true;
    setTimeout(() => { dragged = false; }, 0); // no click follows when the pointer left the card
    arrange(view, after);
  }
  rendered();
}
