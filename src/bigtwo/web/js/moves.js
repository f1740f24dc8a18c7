// What you can do with the cards selected: Play (or Give), Pass, Hint, Clear, and the side
// actions the rules offer now. A selection the server would refuse is greyed out with the
// server's reason (asked with a `why` message), said on hover, on a tap and under the hand.
import * as cards from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { moveLabel, myTurn, offerIndex, offers, refusalText } from "./reading.js";
import { act } from "./session.js";
import { S, net, say } from "./state.js";

let reasons = new Map(); // action text -> the server's answer to `why`, for the state in hand
let asked = new Set();
let reasonsSeq = null;
let hintAt = { seq: null, index: -1 };

function selectedText() {
  return [...S.selected].join(" ");
}

// The action the selection stands for: an offered play or gift by its own text.
function selectedAction() {
  const { plays, gifts } = offerIndex();
  const key = cards.same(selectedText());
  if (gifts.size && !plays.size) return gifts.get(key) || `give ${selectedText()}`;
  return plays.get(key) || selectedText();
}

// `e`: the click, if any; a key (P, or Enter on the button: a click of detail 0) hands the
// focus back to the hand once the move is taken, for the next one.
export function playSelected(e) {
  if (!S.selected.size) return;
  const why = reasonFor(selectedAction());
  if (why) say(why);
  else taken(act(selectedAction()), e); // fine, or not answered yet: the server decides
}

export function pass(e) {
  if (offers().includes("pass")) taken(act("pass"), e);
  else if (myTurn() && reasonFor("pass")) say(reasonFor("pass"));
}

function taken(sent, e) {
  S.refocus = sent && (!e || e.detail === 0) && S.state ? S.state.seq : null;
}

// The server's answer to `why` (app.js hands it over); the table is drawn again by the caller.
export function noteWhy(m) {
  if (!S.state || reasonsSeq !== S.state.seq) return; // asked about a state gone since
  reasons.set(m.action, m.ok ? null : refusalText(m));
}

// Why `action` would be refused now: the reason once the server said it, null when it said
// the action is fine, undefined until it answers (the question is sent once per state).
function reasonFor(action) {
  if (!S.state) return null;
  if (reasonsSeq !== S.state.seq) {
    reasons = new Map();
    asked = new Set();
    reasonsSeq = S.state.seq;
  }
  if (!asked.has(action) && net.send({ type: "why", action })) asked.add(action);
  return reasons.get(action);
}

// Hint: select the next offered play (or gift), cycling through them in the offered order.
export function hintNext() {
  const { plays, gifts } = offerIndex();
  const choices = [...(plays.size ? plays.values() : gifts.values())];
  if (!choices.length || !S.state) return;
  const again = hintAt.seq === S.state.seq;
  hintAt = { seq: S.state.seq, index: again ? (hintAt.index + 1) % choices.length : 0 };
  const text = choices[hintAt.index];
  S.selected = new Set(cards.words(text.startsWith("give ") ? text.slice(5) : text));
}

// The line under the hand and the row of buttons, for the hand as it stands.
export function moveButtons(redraw) {
  const { plays, gifts } = offerIndex();
  const key = cards.same(selectedText());
  const giving = gifts.size > 0 && plays.size === 0;
  const offered = giving ? gifts.has(key) : plays.has(key);
  // on your turn even with no play offered (nothing beats the table): the server says why
  const canPlay = S.selected.size > 0 && (plays.size > 0 || gifts.size > 0 || myTurn());
  const canPass = offers().includes("pass");
  const playWhy = canPlay && !offered ? reasonFor(selectedAction()) : null;
  const passWhy = myTurn() && !canPass ? reasonFor("pass") : null;
  const refused = playWhy !== null; // refused, or not known yet: greyed until the answer
  let line = t("table.selected.none");
  if (refused) line = playWhy || t("table.checking");
  else if (S.selected.size) line = t("table.selected", { cards: cards.show(selectedText()) });
  const refusedButton = (attrs, why) => h("button", {
    ...attrs,
    type: "button",
    class: `${attrs.class || ""} refused`.trim(),
    "aria-disabled": "true",
    title: why || null,
  });
  const playAttrs = {
    class: "primary",
    "data-focus": "play",
    "aria-describedby": "hand-hint",
    text: giving ? t("table.give") : t("table.play"),
    onclick: playSelected,
  };
  const passAttrs = { "data-focus": "pass", text: t("table.pass"), onclick: pass };
  return [
    h("p", { id: "hand-hint", class: "hint", "aria-live": "polite", text: line }),
    h(
      "div",
      { class: "row actions" },
      refused
        ? refusedButton(playAttrs, playWhy)
        : h("button", { ...playAttrs, type: "button", disabled: !canPlay }),
      passWhy !== null
        ? refusedButton(passAttrs, passWhy)
        : h("button", { ...passAttrs, type: "button", disabled: !canPass }),
      h("button", {
        type: "button", "data-focus": "hint", disabled: !(plays.size || gifts.size),
        text: t("table.hint"), onclick: () => { hintNext(); redraw(); },
      }),
      h("button", {
        type: "button", "data-focus": "clear", disabled: !S.selected.size, text: t("table.clear"),
        onclick: () => { S.selected.clear(); redraw(); },
      }),
    ),
  ];
}

export function sideActions() {
  const { side } = offerIndex();
  return side.length
    ? h("div", { class: "row", role: "group", "aria-label": t("table.actions") },
      side.map((text) => h("button", {
        type: "button", "data-focus": `side-${text}`, text: moveLabel(text),
        onclick: () => act(text),
      })))
    : null;
}
