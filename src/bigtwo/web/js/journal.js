// @ts-check
// The log of plays and the chat, kept for this tab across reloads.
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { comboName, giftLabel, moveLabel, seatName } from "./reading.js";
import { LOG_KEEP, S, memoKey } from "./state.js";

/** @typedef {import("../types/protocol").State} State */

export function remember() {
  const memo = S.code ? JSON.parse(sessionStorage.getItem(memoKey(S.code)) || "{}") : {};
  S.log = memo.log || [];
  S.chat = memo.chat || [];
}

export function keep() {
  if (!S.code) return;
  const memo = { log: S.log, chat: S.chat };
  sessionStorage.setItem(memoKey(S.code), JSON.stringify(memo));
}

export function note(e) {
  S.log.push(e);
  S.log = S.log.slice(-LOG_KEEP);
  keep();
}

export function noteChat(m) {
  S.chat.push({ name: m.name, text: m.text });
  S.chat = S.chat.slice(-LOG_KEEP);
  keep();
  chatLog();
}

function logText(e) {
  const name = e.seat === null || e.seat === undefined ? "" : seatName(e.seat);
  const data = e.data || {};
  switch (e.kind) {
    case "deal":
      return t("log.deal", { number: data.number, name: seatName(data.dealer) });
    case "act":
      if (e.move === "pass") return t("log.pass", { name });
      if (e.move && e.move.startsWith("give ")) return t("log.give", { name, move: giftLabel(e.move) });
      if (comboName(e.combo)) {
        return t("log.combo", { name, move: moveLabel(e.move || ""), combo: comboName(e.combo) });
      }
      return t("log.act", { name, move: moveLabel(e.move || "") });
    case "trick":
    case "timeout":
    case "deal_over":
      return t(`log.${e.kind}`, { name });
    case "out":
      return t("log.out", { name, place: data.place });
    case "session_over":
    case "session_ended":
    case "no_rematch":
    case "closed":
      return t(`log.${e.kind}`);
    default:
      return t("log.other", { kind: e.kind });
  }
}

export function logList() {
  const box = document.getElementById("log");
  if (!box) return;
  fill(box, S.log.slice(-60).reverse().map((e) => h("li", { text: logText(e) })));
}

// A chat line as the catalogue words it (`chat.line`: "Bo: gg", "Bo：gg" in Chinese), the
// name in bold wherever the sentence puts it (after the text, say). Built from the template's
// pieces, so that nothing a person typed is read as part of the template.
function chatLine(c) {
  const pieces = t("chat.line").split(/(\{name\}|\{text\})/).map((piece) => {
    if (piece === "{name}") return h("b", { text: c.name });
    if (piece === "{text}") return h("span", { text: c.text });
    return piece || null;
  });
  return h("li", {}, pieces);
}

export function chatLog() {
  const box = document.getElementById("chat");
  if (!box) return;
  fill(box, S.chat.slice(-50).map(chatLine));
}

// A tab that enters a deal with no log of its own (a spectator arriving, a new tab) starts the
// log from the deal's plays so far, which the view holds: nobody reads "nothing happened yet"
// in the middle of a trick. Each entry is [seat, move, kind]: a play's kind is the `combo` its
// event carried, so the seeded log names the plays as the live log did.
/** @param {State} state */
export function seedLog(state) {
  const view = state.view;
  if (S.log.length || !view || !view.history || !view.history.length) return;
  S.log = view.history.slice(-LOG_KEEP)
    .map(([seat, move, combo]) => ({ kind: "act", seat, move, data: {}, ...(combo ? { combo } : {}) }));
  keep();
}
