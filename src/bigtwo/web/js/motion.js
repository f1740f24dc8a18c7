// @ts-check
// Motion on the table, driven by the change applier's events: a play slides from its seat to
// the middle, a pass pops up at its seat, a trick won flashes the winner's seat while the cards
// it took sweep off to it, and your turn lifts your seat. The state is drawn first, at once and
// whole; an animation only moves what is already in its final place (FLIP: the element starts
// where it came from and glides home), so a burst of updates ends in the server's picture
// whatever was still moving. With `prefers-reduced-motion` nothing moves.
import * as cards from "./cards.js";
import { myTurn } from "./reading.js";
import { S } from "./state.js";

/** @typedef {import("../types/protocol").State} State */
/** @typedef {import("./changes.js").Change} Change */

const STILL = "(prefers-reduced-motion: reduce)";
let taken = null; // the board's cards as drawn before the change: where, and a copy
let mine = false; // whether the last change left it this seat's turn

function still() {
  return !window.matchMedia || window.matchMedia(STILL).matches;
}

function seatBox(seat) {
  return document.querySelector(`#seats .seat[data-seat="${seat}"]`);
}

function middle(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

// Before the table is drawn again: note the cards in the middle, for a trick won to sweep.
/**
 * @param {State} state
 * @param {Change} change
 */
export function before(state, change) {
  taken = null;
  if (change.whole || still()) return;
  const row = document.querySelector("#board .to-beat-cards .card-row");
  if (row) taken = { rect: row.getBoundingClientRect(), node: row.cloneNode(true) };
}

// After it is drawn: animate what the change's events say happened.
/**
 * @param {State} state
 * @param {Change} change
 */
export function after(state, change) {
  const turn = myTurn();
  const began = turn && !mine;
  mine = turn;
  if (change.whole || still() || S.screen !== "room") return;
  const events = change.events || [];
  const won = events.filter((e) => e.kind === "trick").pop();
  if (won && won.seat !== null) {
    if (taken) sweep(taken, won.seat);
    glow(won.seat);
  }
  for (const e of events) if (e.kind === "act" && e.move === "pass") pop(e.seat);
  const view = state.view;
  const played = events.filter((e) => e.kind === "act" && e.move && e.move !== "pass"
    && cards.isCards(e.move)).pop();
  if (played && view && view.table && played.seat === view.table_seat) slide(played.seat);
  if (began) lift();
}

// The play to beat glides from its seat to the middle.
function slide(seat) {
  const from = seatBox(seat);
  const row = document.querySelector("#board .to-beat-cards .card-row");
  if (!from || !row) return;
  const a = middle(from.getBoundingClientRect());
  const b = middle(row.getBoundingClientRect());
  row.animate(
    [{ transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(0.5)`, opacity: 0.5 },
      { transform: "none", opacity: 1 }],
    { duration: 380, easing: "cubic-bezier(0.2, 0.8, 0.2, 1)", id: "play" },
  );
}

// A pass shows at its seat: the mark grows in.
function pop(seat) {
  const box = seatBox(seat);
  const mark = box && box.querySelector(".seat-play.pass");
  if (!mark) return;
  mark.animate([{ transform: "scale(0.3)", opacity: 0 }, { transform: "scale(1.15)", offset: 0.7 },
    { transform: "none", opacity: 1 }], { duration: 300, easing: "ease-out", id: "pass" });
}

// The trick's winner: its seat shines a moment.
function glow(seat) {
  const box = seatBox(seat);
  if (!box) return;
  box.animate([{ boxShadow: "0 0 0 6px #ffd54a" }, { boxShadow: "0 0 0 0 rgba(255, 213, 74, 0)" }],
    { duration: 700, easing: "ease-out", id: "trick" });
}

// The cards of the trick just won, drawn where they lay (a copy hidden from assistive
// technology, over the page), sweep off to the winner's seat and fade; the copy goes after.
function sweep(from, seat) {
  const to = seatBox(seat);
  if (!to) return;
  for (const old of document.querySelectorAll(".motion-sweep")) old.remove();
  const ghost = from.node;
  for (const el of [ghost, ...ghost.querySelectorAll("*")]) {
    for (const name of ["role", "aria-label", "data-word", "id"]) el.removeAttribute(name);
  }
  ghost.classList.add("motion-sweep");
  ghost.setAttribute("aria-hidden", "true");
  Object.assign(ghost.style, { left: `${from.rect.left}px`, top: `${from.rect.top}px`,
    width: `${from.rect.width}px` });
  document.body.append(ghost);
  const a = middle(from.rect);
  const b = middle(to.getBoundingClientRect());
  const move = ghost.animate(
    [{ transform: "none", opacity: 1 },
      { transform: `translate(${b.x - a.x}px, ${b.y - a.y}px) scale(0.3)`, opacity: 0 }],
    { duration: 450, easing: "ease-in", id: "sweep" },
  );
  move.onfinish = () => ghost.remove();
  move.oncancel = () => ghost.remove();
}

// Your turn has begun: your seat lifts.
function lift() {
  const box = document.querySelector("#seats .seat.me");
  if (!box) return;
  box.animate([{ transform: "none" }, { transform: "translateY(-6px) scale(1.04)" },
    { transform: "none" }], { duration: 500, easing: "ease-in-out", id: "turn" });
}
