// @ts-check
// Spectators as the room shows them: how many watch (the server's `watchers`, told apart from
// the room's state since it is no change of the room), the host's switch that lets them chat,
// the chat form a spectator gets while they may, and how a spectator's line is signed.
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { isHost, room } from "./reading.js";
import { request } from "./session.js";
import { S } from "./state.js";

export function noteWatchers(m) {
  if (m.room !== S.code) return;
  S.watchers = m.count;
  watchersLine();
}

// The count at the table, once anyone watches.
export function watchersLine() {
  const box = document.getElementById("watchers");
  if (!box) return;
  fill(box, S.watchers > 0 ? h("span", { text: t("room.watchers", { count: S.watchers }) }) : null);
}

export function mayChat() {
  const r = room();
  return S.seat !== null || Boolean(r && r.spectators_chat);
}

// The chat form shows to the players, and to spectators while the host lets them chat.
export function chatForm() {
  const form = /** @type {HTMLElement | null} */ (document.querySelector(".chat-form"));
  if (form) form.hidden = !mayChat();
}

// The host's switch: whether spectators may chat.
export function spectatorsSwitch() {
  const r = room();
  if (!isHost() || !r || r.status === "closed") return null;
  const on = Boolean(r.spectators_chat);
  return h("button", {
    type: "button",
    role: "switch",
    class: "switch",
    "aria-checked": on ? "true" : "false",
    "data-focus": "spectators-chat",
    text: t("chat.spectators.allow"),
    onclick: () => request({ type: "host", what: "spectators_chat", allow: !on }),
  });
}

// Who said a line: a seat's name, or a spectator's marked as one.
export function chatName(m) {
  if (m.seat !== null) return m.name;
  return m.name ? t("chat.spectator", { name: m.name }) : t("chat.spectator.unnamed");
}
