// @ts-check
// What the table shows of the trick in play and the seats around it, read from the view: each
// seat's latest play or pass in this trick, and (President modes) each seat's title.
import * as cards from "./cards.js";

/** @typedef {import("../types/protocol").ViewData} ViewData */

// Each seat's latest play (cards text) or "pass" in the trick on the table. The history has no
// trick boundaries, so a play starts a new trick when its seat made the play before it (all
// others passed) or had passed on the trick; the view's `passed` has the last word on passes.
/** @param {ViewData | null} view */
export function trickMoves(view) {
  const out = new Map();
  if (!view || !view.table) return out; // a trick won: the table is clear
  let last = null;
  for (const [seat, move] of view.history) {
    if (move === "pass") {
      out.set(seat, "pass");
      continue;
    }
    if (!cards.isCards(move)) continue;
    if (seat === last || out.get(seat) === "pass") out.clear();
    out.set(seat, move);
    last = seat;
  }
  for (const [seat, move] of [...out]) {
    if (move === "pass" && !view.passed.includes(seat)) out.delete(seat);
  }
  out.set(view.table_seat, view.table); // the play to beat, whatever the walk made of it
  return out;
}

// mode.president: the titles the deal's exchanges imply. The lower seat of each pair gives
// its highest cards: the pair that swaps more cards is President and Scum, the other the
// Vice-President and Vice-Scum. Keys of the catalogue's `title.*`.
/** @param {ViewData | null} view */
export function titles(view) {
  const out = new Map();
  if (!view || view.rules.mode !== "president") return out;
  const up = view.exchanges.filter((e) => e[3] === "highest").sort((a, b) => b[2] - a[2]);
  const names = [["president", "scum"], ["vice_president", "vice_scum"]];
  up.slice(0, 2).forEach(([giver, receiver], i) => {
    out.set(receiver, names[i][0]);
    out.set(giver, names[i][1]);
  });
  return out;
}

// mode.teams: partners sit opposite (seats 0 and 2 against 1 and 3); null otherwise.
/**
 * @param {ViewData | null} view
 * @param {number} seat
 */
export function team(view, seat) {
  return view && view.rules.mode === "teams" ? seat % 2 : null;
}
