// @ts-check
// Your hand: the cards in your order (sorted, or arranged by dragging or Shift+arrows),
// selected by tap, click or Space; the buttons below it come from moves.js.
import {
  arrangedByHand, dragHandlers, dragging, endedDrag, forgetArrangement, handOrder, moveCard,
} from "./arrange.js";
import { face } from "./card-face.js";
import * as cards from "./cards.js";
import { arrowStep, fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { hintNext, moveButtons, pass, playSelected, sideActions } from "./moves.js";
import { offline } from "./offline.js";
import { pref, setPref } from "./prefs.js";
import { S } from "./state.js";
import { swapLine } from "./swap.js";

/** @typedef {import("../types/protocol").ViewData} ViewData */

export function hand() {
  const box = document.getElementById("hand-box");
  // no room on screen: a drag that outlived it (the room closed, the seat lost) ends here
  if (!box) return;
  if (dragging()) return; // the drop redraws it, from the state as it is then
  const state = S.state;
  const view = state && state.view;
  if (!state || !view) return fill(box);
  if (S.seat === null) {
    return fill(box, h("p", { class: "hint", text: t("table.spectator") }));
  }
  const list = handOrder(view);
  const buttons = list.map((c, i) =>
    h("button", {
      type: "button",
      class: "card",
      "aria-pressed": S.selected.has(c.word) ? "true" : "false",
      "aria-label": cards.label(c),
      "data-focus": `card-${c.word}`,
      "data-word": c.word,
      "data-index": i,
      onclick: () => {
        if (endedDrag()) return;
        if (S.selected.has(c.word)) S.selected.delete(c.word);
        else S.selected.add(c.word);
        hand();
      },
      onkeydown: (e) => cardKey(e, view, c.word, i, list.length),
    }, face(c)));
  const inPlay = state.room.status === "playing" && view.end === null;
  const [line, actions] = inPlay ? moveButtons(hand) : [null, null];
  fill(
    box,
    h("div", { class: "hand-head" },
      h("h2", { id: "hand-h", text: t("table.hand") }),
      // Sort before the line: on a phone it floats at the end and the line's text flows
      // round it and under it, its whole width (style.css); a wide screen shows it after
      sortButton(view),
      line), // what is selected, or why it can't be played: beside the heading, above the cards
    list.length
      ? h("div", { class: list.length > 14 ? "hand big" : "hand", role: "group", "aria-labelledby": "hand-h",
        ...dragHandlers(view, hand) }, buttons)
      : h("p", { text: t("table.hand.empty") }),
    inPlay ? swapLine(view) : null,
    actions,
    inPlay ? h("p", { class: "hint keys", text: t("table.keys") }) : null,
  );
  fill(document.getElementById("side"), sideActions());
  if (S.refocus !== null && state.seq !== S.refocus) { // the move sent by key was taken
    S.refocus = null;
    const first = /** @type {HTMLElement | null} */ (box.querySelector(".hand .card"));
    if (first) first.focus();
  }
  offline();
}

// Sort: a hand arranged by hand goes back to the order chosen; a sorted one takes the other
// order (by rank, by suit), which is remembered. The button says what a press does.
/** @param {ViewData} view */
function sortButton(view) {
  const bySuit = pref("suit");
  const resort = arrangedByHand(view);
  const next = resort ? bySuit : !bySuit;
  return h("button", {
    type: "button", class: "sort", "data-focus": "sort",
    text: t(next ? "pref.suit" : "table.sort.rank"),
    onclick: () => {
      if (!resort) setPref("suit", next);
      forgetArrangement();
      hand();
    },
  });
}

// Arrows move between cards; with Shift they move the card itself.
/**
 * @param {KeyboardEvent} e
 * @param {ViewData} view
 * @param {string} word
 * @param {number} i
 * @param {number} n
 */
function cardKey(e, view, word, i, n) {
  let next = null;
  const step = arrowStep(e.key);
  if (step) next = e.shiftKey ? i + step : (i + step + n) % n;
  if (e.key === "Home") next = 0;
  if (e.key === "End") next = n - 1;
  if (next === null) return;
  e.preventDefault();
  if (e.shiftKey) {
    moveCard(view, word, next);
    hand(); // the focus stays on the moved card (the same data-focus)
    return;
  }
  const target = /** @type {HTMLElement | null} */ (
    document.querySelector(`.hand .card[data-index="${next}"]`));
  if (target) target.focus();
}

// Keys on the table: P plays, S passes, H hints, C clears (not while typing).
export function tableKeys(e) {
  if (S.screen !== "room" || e.ctrlKey || e.metaKey || e.altKey) return;
  const tag = e.target && e.target.tagName;
  if (["INPUT", "TEXTAREA", "SELECT"].includes(tag)) return;
  const k = e.key.toLowerCase();
  if (k === "p") playSelected();
  else if (k === "s") pass();
  else if (k === "c") { S.selected.clear(); hand(); }
  else if (k === "h") { hintNext(); hand(); }
  else return;
  e.preventDefault();
}
