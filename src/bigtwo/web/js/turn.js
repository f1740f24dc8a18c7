// When your turn comes: a tone (WebAudio, no file; only once the page has had a tap, click or
// key, as browsers require), the document's title, the screen reader's announcement; and the
// auto-pass, which passes for you when passing is the only move offered; with hints on, a
// turn starts with the Hint button's first play selected.
import { t } from "./i18n.js";
import { hintNext } from "./moves.js";
import { myTurn, offers } from "./reading.js";
import { act } from "./session.js";
import { S } from "./state.js";
import { pref } from "./prefs.js";

let audio = null;
let passedAt = null; // the state auto-passed in, so that it passes once

// Called on the first gesture: a page may start sound only after one.
export function allowSound() {
  if (audio || !window.AudioContext) return;
  audio = new AudioContext();
}

function tone() {
  if (!audio || !pref("sound")) return;
  if (audio.state === "suspended") audio.resume();
  const now = audio.currentTime;
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = "sine";
  osc.frequency.setValueAtTime(660, now);
  osc.frequency.setValueAtTime(880, now + 0.12);
  gain.gain.setValueAtTime(0.0001, now);
  gain.gain.exponentialRampToValueAtTime(0.2, now + 0.02); // no click at the start or end
  gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.3);
  osc.connect(gain).connect(audio.destination);
  osc.start(now);
  osc.stop(now + 0.32);
}

export function showTitle() {
  document.title = myTurn() && pref("title") ? t("alert.title") : t("app.title");
}

// After each state: alert on a turn that has just begun, and auto-pass when asked to.
export function turnChanged() {
  const mine = myTurn();
  const announce = document.getElementById("announce");
  if (mine && !S.wasMyTurn) {
    announce.textContent = t("alert.your_turn");
    tone();
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
