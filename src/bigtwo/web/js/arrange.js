// @ts-check
// The order of your hand: the rules' order or by suit (a switch), or as you arranged it by
// dragging a card (mouse, pen or touch) or with Shift and an arrow key. An arrangement lasts
// for the deal it was made in, across every re-render of the table.
import * as cards from "./cards.js";
import { pref } from "./prefs.js";
import { S } from "./state.js";

/** @typedef {import("../types/protocol").ViewData} ViewData */

const DRAG_PX = 8; // a press that moves less than this is a tap (select), not a drag
const TOUCH_DRAG_PX = 16; // a finger: more, as browsers let a tap slide about this far

/** @type {{ deal: string | null, words: string[] }} */
let arranged = { deal: null, words: [] };
let drag = null;
let dragged = false; // the click that ends a drag must not also select the card

// The deal a view belongs to: the commitment, or for a fixed deal the cards as dealt.
/** @param {ViewData} view */
function dealOf(view) {
  return `${S.code}|${view.commitment || ""}|${view.dealt}`;
}

/** @param {ViewData} view */
export function handOrder(view) {
  const order = { twosLow: view.twos_low, suits: view.rules.suit_order, bySuit: pref("suit") };
  const list = cards.sorted(cards.words(view.hand), order);
  if (arranged.deal !== dealOf(view)) return list;
  const held = new Map(list.map((c) => [c.word, c]));
  const kept = arranged.words.filter((w) => held.has(w)).map((w) => held.get(w));
  const known = new Set(arranged.words);
  return [...kept, ...list.filter((c) => !known.has(c.word))]; // cards received: at the end
}

// Has the person arranged this deal's hand themselves (a drag, Shift and an arrow)?
/** @param {ViewData} view */
export function arrangedByHand(view) {
  return arranged.deal === dealOf(view) && arranged.words.length > 0;
}

export function forgetArrangement() {
  arranged = { deal: null, words: [] };
}

/**
 * @param {ViewData} view
 * @param {string[]} words
 */
function arrange(view, words) {
  arranged = { deal: dealOf(view), words };
}

// Move `word` to place `to` (0 first) of the hand as shown.
/**
 * @param {ViewData} view
 * @param {string} word
 * @param {number} to
 */
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
// pointer's capture, and the finger may be lifted anywhere. A drag whose end the page never
// hears (a mouse let go outside the window, the tab left) ends at the next sign of it, so
// the hand is never left waiting for a drop.
/**
 * @param {ViewData} view
 * @param {() => void} rendered
 */
export function dragHandlers(view, rendered) {
  return {
    onpointerdown: (e) => {
      const card = e.target.closest(".card");
      if (!card || e.button !== 0) return;
      if (drag) { // an earlier press whose end went unheard
        const stale = drag;
        stale.stop();
        if (stale.moving) rendered();
      }
      const { pointerId: id, pointerType: type } = e;
      const move = (m) => {
        if (m.pointerId !== id) return;
        if (type === "mouse" && m.buttons === 0) end(m); // let go where the page didn't hear
        else follow(m, rendered);
      };
      const end = (u) => {
        if (u.type !== "blur" && u.type !== "visibilitychange" && u.pointerId !== id) return;
        if (u.type === "visibilitychange" && !document.hidden) return;
        const ended = drag;
        stop();
        if (u.type === "pointerup" || u.type === "pointermove") finish(ended, view, rendered);
        else if (ended.moving) rendered(); // a scroll took the gesture: back as it was
      };
      const events = ["pointerup", "pointercancel", "blur", "visibilitychange"];
      const stop = () => {
        removeEventListener("pointermove", move);
        for (const kind of events) removeEventListener(kind, end);
        if (drag && drag.stop === stop) drag = null;
      };
      drag = {
        card, word: card.dataset.word, x: e.clientX, y: e.clientY, moving: false, shifted: false,
        threshold: type === "touch" ? TOUCH_DRAG_PX : DRAG_PX, stop,
      };
      addEventListener("pointermove", move);
      for (const kind of events) addEventListener(kind, end);
    },
  };
}

function follow(e, rendered) {
  if (!drag.card.isConnected) { // redrawn meanwhile: the same card, drawn anew
    const again = document.querySelector(`.hand .card[data-word="${drag.word}"]`);
    if (!again) { // the hand is gone (the room redrawn on a reconnect): no drag to go on with
      drag.stop();
      rendered();
      return;
    }
    drag.card = again;
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
  const row = /** @type {HTMLElement} */ (over.parentElement); // a card of .hand: in its row
  const after = getComputedStyle(row).direction === "rtl" ? !right : right;
  row.insertBefore(drag.card, after ? over.nextSibling : over);
  drag.shifted = true;
}

function order(card) {
  return [...card.parentElement.querySelectorAll(".card")].map((b) => b.dataset.word);
}

// The drop of `ended`. A card that never left its place was not dragged after all: the click
// that may follow selects it, as a tap does (a finger slides a little on a tap). One that
// moved keeps where it was dropped, and the click that ends its drag is not a selection.
/**
 * @param {ViewData} view
 * @param {() => void} rendered
 */
function finish(ended, view, rendered) {
  const { card, moving, shifted, before } = ended;
  if (!moving) return;
  if (shifted) {
    dragged = true;
    setTimeout(() => { dragged = false; }, 0); // no click follows when the pointer left the card
    const after = card && card.isConnected ? order(card) : before;
    if (after.join() !== before.join()) arrange(view, after);
  }
  rendered();
}
