// What the page knows, shared by every screen: the one state object, the socket, the storage
// keys, and the hook through which a screen asks the router (app.js) for another screen.
import { Connection } from "./net.js";

export const SEAT_KINDS = ["open", "random", "easy", "medium", "hard", "expert", "learned"];
export const BOT_KINDS = SEAT_KINDS.slice(1);
export const LOG_KEEP = 200;

export const S = {
  screen: "home", // home, join (a room's code known, no seat), room
  /** @type {string | null} */
  code: null,
  /** @type {number | null} */
  seat: null, // null: watching
  /** @type {string | null} */
  token: null,
  watching: false,
  /** @type {import("../types/protocol").ClientMessage | null} */
  intent: null, // create or join, sent once the socket says hello
  startOnWelcome: false, // "Play now": start the room its create opens once it is welcomed
  /** @type {string | null} */
  notice: null, // a sentence to say once the room the tab enters is shown (why it watches)
  /** @type {import("../types/protocol").State | null} */
  state: null,
  /** @type {import("../types/protocol").Event[]} */
  log: [],
  /** @type {{ name: string, text: string }[]} */
  chat: [],
  watchers: 0, // how many watch the room (the server's `watchers`)
  selected: new Set(),
  connected: true,
  restarting: false,
  rules: { presets: [], options: [] },
  /** @type {import("../types/protocol").RoomData[]} */
  lobby: [], // the open rooms of GET api/lobby
  wasMyTurn: false,
  /** @type {number | null} */
  refocus: null, // the state a move was sent from by keyboard: the hand takes the focus after it
  ids: 0,
};

// app.js sets the handlers before opening it.
export const net = new Connection({ onOpen: () => {}, onMessage: () => {}, onStatus: () => {} });

export const main = () => document.getElementById("main");
export const store = {
  get: (key) => localStorage.getItem(key),
  set: (key, value) => localStorage.setItem(key, value),
  drop: (key) => localStorage.removeItem(key),
};
export const tokenKey = (code) => `bigtwo.seat.${code}`;
export const lastKey = (code) => `bigtwo.last.${code}`;
export const memoKey = (code) => `bigtwo.memo.${code}`;
export const watchKey = (code) => `bigtwo.watch.${code}`;

export function say(text) {
  document.getElementById("error").textContent = text;
}

// The router registers its `show` here: screens change screen without importing the router.
let router = () => {};
export function setRouter(show) {
  router = show;
}
export function goTo(screen) {
  router(screen);
}

// -- the room in the address: #room=CODE (or ?room=CODE) ---------------------------------------
export function codeFromAddress() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  const code = hash.get("room") || query.get("room");
  return code ? code.trim().toUpperCase() : null;
}

export function codeFromText(text) {
  const found = /room=([A-Za-z0-9]+)/.exec(text);
  return (found ? found[1] : text).trim().toUpperCase();
}

export function shareLink(code) {
  return `${location.origin}${location.pathname}#room=${code}`;
}
