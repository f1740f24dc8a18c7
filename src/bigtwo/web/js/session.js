// Speaking for this tab to the server: entering a room (create, join, resume, watch), acting,
// the host's controls, leaving.
import { t } from "./i18n.js";
import { remember } from "./journal.js";
import { myName } from "./name-field.js";
import {
  S, codeFromAddress, goTo, lastKey, net, say, store, tokenKey, watchKey,
} from "./state.js";

// What the socket says after each hello: come back to the seat or the watch, or do the intent.
export function enter() {
  if (!net.ready) return; // the socket's hello calls again
  if (S.code && S.token && !S.intent) {
    const last = Number(store.get(lastKey(S.code)));
    const message = { type: "resume", room: S.code, token: S.token };
    if (Number.isInteger(last) && last > 0) message.last = last; // what was missed comes
    net.send(message);
  } else if (S.code && S.watching && !S.intent) {
    const name = (store.get("bigtwo.name") || "").trim();
    net.send({ type: "watch", room: S.code, name: name || undefined }); // signs their chat
  } else if (S.intent) {
    net.send(S.intent);
  }
}

// A person's request sent now, or (the connection down) not at all, saying so: true if sent.
export function request(message) {
  const sent = net.send(message);
  say(sent ? "" : t("offline.actions"));
  return sent;
}

export function act(action) {
  S.ids += 1;
  const id = `${Date.now().toString(36)}-${S.ids}`;
  return request({ type: "act", id, action, seq: S.state ? S.state.seq : undefined });
}

/**
 * @param {import("../types/protocol").Host["what"]} what
 * @param {number | null} [seat]
 * @param {string | null} [kind]
 */
export function host(what, seat = null, kind = null) {
  request({ type: "host", what, seat, kind });
}

export function joinRoom(code) {
  const name = myName();
  if (!name) return;
  sessionStorage.removeItem(watchKey(code));
  S.code = code;
  S.token = null;
  S.watching = false;
  S.intent = { type: "join", room: code, name };
  if (codeFromAddress() !== code) history.replaceState(null, "", `#room=${code}`);
  enter();
}

export function watchRoom(code) {
  sessionStorage.setItem(watchKey(code), "1");
  S.code = code;
  S.token = null;
  S.seat = null;
  S.watching = true;
  S.intent = null;
  remember();
  if (codeFromAddress() !== code) history.replaceState(null, "", `#room=${code}`);
  goTo("room");
  enter();
}

// Forget this seat's token: the seat goes to a bot and this tab can't come back to it.
export function forgetSeat() {
  if (S.code) {
    store.drop(tokenKey(S.code));
    store.drop(lastKey(S.code));
  }
  S.token = null;
}

export function leaveSeat() {
  net.send({ type: "leave" });
  forgetSeat();
  location.hash = "";
}

// A spectator stops watching: the server stops sending the room, and this tab goes home.
export function stopWatching() {
  net.send({ type: "unwatch" });
  if (S.code) sessionStorage.removeItem(watchKey(S.code));
  S.watching = false;
  location.hash = "";
}
