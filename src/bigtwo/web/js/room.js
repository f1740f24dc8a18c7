// The room screen: its frame (the felt with the seats around the board, the hand below it, the
// menu's sheet), and `update`, which fills every part of it from the state.
import { board } from "./board.js";
import { controls } from "./controls.js";
import { fill, h } from "./dom.js";
import { hand } from "./hand.js";
import { t } from "./i18n.js";
import { chatLog, logList } from "./journal.js";
import { results } from "./results.js";
import { roomHead } from "./room-head.js";
import { seats } from "./seats.js";
import { offline } from "./offline.js";
import { request } from "./session.js";
import { sheet } from "./sheet.js";
import { summary } from "./summary.js";
import { chatForm as showChatForm, watchersLine } from "./spectators.js";
import { S, main } from "./state.js";

export function roomScreen() {
  const chatInput = h("input", { id: "chat-text", maxlength: 200, autocomplete: "off" });
  const chatForm = h(
    "form",
    {
      class: "chat-form",
      onsubmit: (e) => {
        e.preventDefault();
        const text = chatInput.value.trim();
        if (!text) return;
        if (request({ type: "chat", text })) chatInput.value = "";
      },
    },
    h("label", { for: "chat-text", class: "visually-hidden", text: t("chat.label") }),
    chatInput,
    h("button", { type: "submit", text: t("chat.send") }),
  );
  fill(
    main(),
    h("div", { class: "room" }, h("div", { class: "col-main" },
    h("section", { id: "room-head", class: "room-head" }),
    h("section", { id: "summary", class: "summary", "aria-labelledby": "summary-h", hidden: true }),
    h("div", { class: "felt" },
      h("section", { id: "seats", class: "seats", "aria-label": t("room.seats") }),
      h("section", { id: "board", class: "board", "aria-label": t("table.heading") }),
      h("p", { id: "watchers", class: "watchers", "aria-live": "polite" })),
    h("section", { id: "hand-box", class: "hand-box", "aria-label": t("table.hand") }),
    h("section", { id: "side", class: "side" })), h("div", { class: "col-side" },
    h("section", { id: "results", class: "results", "aria-label": t("table.score") }),
    h("section", { id: "controls", class: "controls" }),
    h(
      "section",
      { class: "panels" },
      h("section", { class: "log-box", "aria-labelledby": "log-h" },
        h("h2", { id: "log-h", text: t("table.log") }),
        h("ul", { id: "log", class: "log", tabindex: 0, "aria-labelledby": "log-h" })),
      h("section", { class: "chat-box", "aria-labelledby": "chat-h" },
        h("h2", { id: "chat-h", text: t("chat.heading") }),
        h("ul", { id: "chat", class: "chat", "aria-live": "polite", tabindex: 0,
          "aria-labelledby": "chat-h" }),
        chatForm),
    ))),
    sheet(),
  );
  update();
}

export function update() {
  if (S.screen !== "room") return;
  roomHead();
  seats();
  board();
  hand();
  results();
  summary();
  controls();
  logList();
  chatLog();
  showChatForm();
  watchersLine();
  offline();
}

