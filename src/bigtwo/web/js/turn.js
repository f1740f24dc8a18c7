// When your turn comes: a tone and, where the person allows it, a buzz (sound.js), the
// document's title, the screen reader's announcement; and the auto-pass, which passes for you
// when passing is the only move offered; with hints on, a turn starts with the Hint button's
// first play selected.
import { t } from "./i18n.js";
import { hintNext } from "./moves.js";
import { myTurn, offers } from "./reading.js";
import { act } from "./session.js";
import { S } from "./state.js";
import { pref } from "./prefs.js";
import { sound, vibrate } from "./sound.js";

let passedAt = null; // the state auto-passed in, so that it passes once

export function showTitle() {
  document.title = myTurn() && pref("title") ? t("alert.title") : t("app.title");
}

// After each state: alert on a turn that has just begun, and auto-pass when asked to.
export function turnChanged() {
  const mine = myTurn();
  const announce = document.getElementById("announce");
  if (mine && !S.wasMyTurn) {
    announce.textContent = t("alert.your_turn");
    sound("turn");
    vibrate();
    if (pref("hints") && !S.selected.size) hintNext(); // a learner's turn starts with a play picked
  } else if (!mine) {
    announce.textContent = "";
  }
  S.wasMyTurn = mine;
  showTitle();
  const only = offers();
  if (mine && pref("autopass") && only.length === 1 && only[0] === "pass"
      && passedAt !== S.state.seq) {
    passedAt = S.state.seq;
    act("pass");
  }
}
