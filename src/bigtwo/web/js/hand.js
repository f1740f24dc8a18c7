// Your hand and what you do with it: cards selected by tap, click or keyboard, Play (or Give),
// Pass and Clear, and the side actions the rules offer now.
import * as cards from "./cards.js";
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { moveLabel, offerIndex, offers } from "./reading.js";
import { act } from "./session.js";
import { S } from "./state.js";

function selectedText() {
  return [...S.selected].join(" ");
}

export function playSelected() {
  if (!S.selected.size) return;
  const { plays, gifts } = offerIndex();
  const key = cards.same(selectedText());
  if (gifts.size && !plays.size) act(gifts.get(key) || `give ${selectedText()}`);
  else act(plays.get(key) || selectedText());
}

export function hand() {
  const box = document.getElementById("hand-box");
  const view = S.state && S.state.view;
  if (!view) return fill(box);
  if (S.seat === null) {
    return fill(box, h("p", { class: "hint", text: t("table.spectator") }));
  }
  const list = cards.sorted(cards.words(view.hand), view.twos_low);
  const { plays, gifts, side } = offerIndex();
  const chosen = selectedText();
  const key = cards.same(chosen);
  const giving = gifts.size > 0 && plays.size === 0;
  const offered = giving ? gifts.has(key) : plays.has(key);
  const canPlay = S.selected.size > 0 && (plays.size > 0 || gifts.size > 0);
  const canPass = offers().includes("pass");
  const buttons = list.map((c, i) =>
    h("button", {
      type: "button",
      class: `card${c.red ? " red" : ""}`,
      "aria-pressed": S.selected.has(c.word) ? "true" : "false",
      "aria-label": cards.spoken(c),
      "data-focus": `card-${c.word}`,
      "data-index": i,
      text: cards.short(c),
      onclick: () => {
        if (S.selected.has(c.word)) S.selected.delete(c.word);
        else S.selected.add(c.word);
        hand();
      },
      onkeydown: (e) => moveFocus(e, i, list.length),
    }));
  const hint = S.selected.size
    ? (canPlay && !offered ? t("table.not_offered") : t("table.selected", { cards: cards.show(chosen) }))
    : t("table.selected.none");
  const inPlay = S.state.room.status === "playing" && view.end === null;
  fill(
    box,
    h("h2", { id: "hand-h", text: t("table.hand") }),
    list.length
      ? h("div", { class: "hand", role: "group", "aria-labelledby": "hand-h" }, buttons)
      : h("p", { text: t("table.hand.empty") }),
    inPlay ? h("p", { id: "hand-hint", class: "hint", text: hint }) : null,
    !inPlay ? null : h(
      "div",
      { class: "row actions" },
      h("button", {
        type: "button",
        class: `primary${canPlay && !offered ? " refused" : ""}`,
        "data-focus": "play",
        disabled: !canPlay,
        "aria-describedby": "hand-hint",
        text: giving ? t("table.give") : t("table.play"),
        onclick: playSelected,
      }),
      h("button", {
        type: "button", "data-focus": "pass", disabled: !canPass, text: t("table.pass"),
        onclick: () => act("pass"),
      }),
      h("button", {
        type: "button", "data-focus": "clear", disabled: !S.selected.size, text: t("table.clear"),
        onclick: () => { S.selected.clear(); hand(); },
      }),
    ),
    inPlay ? h("p", { class: "hint keys", text: t("table.keys") }) : null,
  );
  const sideBox = document.getElementById("side");
  fill(sideBox, side.length
    ? h("div", { class: "row", role: "group", "aria-label": t("table.actions") },
      side.map((text) => h("button", {
        type: "button", "data-focus": `side-${text}`, text: moveLabel(text),
        onclick: () => act(text),
      })))
    : null);
}

function moveFocus(e, i, n) {
  let next = null;
  if (e.key === "ArrowRight" || e.key === "ArrowDown") next = (i + 1) % n;
  if (e.key === "ArrowLeft" || e.key === "ArrowUp") next = (i - 1 + n) % n;
  if (e.key === "Home") next = 0;
  if (e.key === "End") next = n - 1;
  if (next === null) return;
  e.preventDefault();
  const target = document.querySelector(`.hand .card[data-index="${next}"]`);
  if (target) target.focus();
}

// Keys on the table: P plays, S passes, C clears (not while typing).
export function tableKeys(e) {
  if (S.screen !== "room" || e.ctrlKey || e.metaKey || e.altKey) return;
  const tag = e.target && e.target.tagName;
  if (["INPUT", "TEXTAREA", "SELECT"].includes(tag)) return;
  const k = e.key.toLowerCase();
  if (k === "p") playSelected();
  else if (k === "s" && offers().includes("pass")) act("pass");
  else if (k === "c") { S.selected.clear(); hand(); }
  else return;
  e.preventDefault();
}
