// @ts-check
// The browser table's router: which screen the address and the server's messages ask for.
// The screens live in their own modules: home.js (home, lobby, join), room.js (the room and
// the table, from its parts).
import { Changes } from "./changes.js";
import { tableKeys } from "./hand.js";
import { noteWhy } from "./moves.js";
import { homeScreen, joinScreen, refreshLobby } from "./home.js";
import { learnScreen } from "./learn.js";
import { direction, load, t } from "./i18n.js";
import { languagePicker } from "./language-picker.js";
import { note, noteChat, remember, seedLog } from "./journal.js";
import * as motion from "./motion.js";
import { fourColours } from "./prefs.js";
import { refusalText } from "./reading.js";
import { replayScreen } from "./replay.js";
import { roomScreen, update } from "./room.js";
import { rulesScreen } from "./rules.js";
import { tick } from "./seats.js";
import { allowSound } from "./sound.js";
import { told } from "./telling.js";
import { turnChanged } from "./turn.js";
import { enter, forgetSeat, host, watchRoom } from "./session.js";
import { chatName, noteWatchers } from "./spectators.js";
import {
  S, codeFromAddress, lastKey, main, memoKey, net, say, setRouter, store, tokenKey, watchKey,
} from "./state.js";

const changes = new Changes();
changes.subscribe(motion.before); // the table as drawn, before it is drawn anew
changes.subscribe((state) => setState(state));
changes.subscribe(motion.after);
changes.subscribe(told);

net.onOpen = () => enter();
net.onMessage = (m) => receive(m);
net.onStatus = (up) => {
  S.connected = up;
  if (up) S.restarting = false;
  banner();
  if (S.screen === "room") update(); // actions disabled while down, and back
};

// Pages of their own, not the room's: #replay&…, #rules&… and #learn&… (see replay.js,
// rules.js, learn.js), the person's own (#me: me.js) and the operator's (#admin: admin.js),
// these two loaded when first shown: a first visit to a table needs neither.
const PAGES = {
  replay: replayScreen, rules: rulesScreen, learn: learnScreen,
  me: (...args) => import("./me.js").then((m) => m.meScreen(...args)),
  admin: (...args) => import("./admin.js").then((m) => m.adminScreen(...args)),
};
function pageFromAddress() {
  const hash = new URLSearchParams(location.hash.slice(1));
  return Object.keys(PAGES).find((name) => hash.has(name)) || null;
}

function route() {
  const code = codeFromAddress();
  const page = pageFromAddress();
  if (!code || page) {
    S.code = null;
    S.state = null;
    S.token = null;
    S.watching = false;
    show(page || "home");
    return;
  }
  if (code === S.code && S.screen === "room") return;
  S.code = code;
  S.state = null;
  S.seat = null;
  S.selected.clear();
  remember();
  S.token = store.get(tokenKey(code));
  if (S.token) {
    S.watching = false;
    show("room");
    enter();
  } else if (sessionStorage.getItem(watchKey(code))) {
    watchRoom(code); // this tab was watching: a reload watches again
  } else {
    show("join");
  }
}

// -- what the server says -------------------------------------------------------------------------
/** @param {import("../types/protocol").ServerMessage} m */
function receive(m) {
  switch (m.type) {
    case "welcome": // a whole state follows
      changes.clear();
      S.intent = null;
      S.code = m.room;
      S.seat = m.seat;
      S.watching = m.seat === null;
      S.watchers = 0; // told after the state, if anyone watches
      if (m.token) {
        S.token = m.token;
        store.set(tokenKey(m.room), m.token);
      }
      if (codeFromAddress() !== m.room) history.replaceState(null, "", `#room=${m.room}`);
      remember();
      show("room");
      if (S.startOnWelcome) host("start"); // "Play now": its table is full already
      S.startOnWelcome = false;
      if (S.notice) say(S.notice);
      S.notice = null;
      break;
    case "events":
      for (const e of m.events) note(e);
      break;
    case "state":
      seedLog(m);
      changes.replace(m);
      break;
    case "update":
      for (const e of m.events) note(e);
      if (!changes.update(m)) enter(); // it follows no state held here: the whole again
      break;
    case "ack":
      S.selected.clear();
      break;
    case "error":
      refused(m);
      break;
    case "why":
      noteWhy(m);
      if (S.screen === "room") update();
      break;
    case "chat":
      noteChat({ ...m, name: chatName(m) });
      break;
    case "watchers":
      noteWatchers(m);
      break;
    case "unseated":
      unseated(m);
      break;
    case "upgrade":
      upgraded();
      break;
    case "bye":
      S.restarting = true;
      banner();
      net.restart();
      break;
    default:
      break;
  }
}

function refused(m) {
  S.intent = null;
  const text = refusalText(m);
  if (m.code === "bad_token" || m.code === "no_room") {
    forgetSeat();
    S.watching = false;
    S.state = null;
    if (m.code === "no_room") {
      history.replaceState(null, "", location.pathname);
      S.code = null;
      show("home");
    } else {
      show("join");
    }
  } else if (m.code === "seat_of_account") { // its account signed out here: the token is kept
    S.token = null; // (in memory only: the account signing in again here takes the seat back)
    S.watching = false;
    S.state = null;
    if (S.code) sessionStorage.removeItem(memoKey(S.code)); // the seat's log is the account's
    S.log = [];
    S.chat = [];
    show("join");
  }
  say(text); // after any change of screen, which clears the last message
}

// A sign-in, sign-out or deletion answered (net.js `api`): the logs this tab kept of its
// tables go with the session that saw them (a gift's cards, the chat), and the seat of the
// room shown, refused here while its account was signed out, is taken back by signing in.
window.addEventListener("bigtwo:session", (e) => {
  const answer = /** @type {CustomEvent} */ (e).detail;
  if (!answer || !answer.csrf) { // signed out or deleted: somebody new from now on
    for (const key of Object.keys(sessionStorage)) {
      if (key.startsWith(memoKey(""))) sessionStorage.removeItem(key);
    }
    return;
  }
  const kept = S.code ? store.get(tokenKey(S.code)) : null;
  if (kept && !S.token) {
    S.token = kept;
    S.watching = false;
    enter(); // (or the socket's hello does, once the sign-in has closed the old one)
  }
});

// This connection holds its seat no more (it left, the host gave it to a bot, the room
// closed): the seat is forgotten; a removed player watches on, the others go home.
function unseated(m) {
  if (m.room !== S.code) {
    store.drop(tokenKey(m.room));
    return;
  }
  forgetSeat();
  S.seat = null;
  S.state = null;
  const text = t(`unseated.${m.code}`);
  if (m.code === "removed") {
    S.notice = text; // said once the watch is welcomed
    watchRoom(m.room);
  } else {
    history.replaceState(null, "", location.pathname);
    S.code = null;
    show("home");
    say(text); // after the change of screen, which clears the last message
  }
}

// The server speaks a newer protocol than this page: load the page again, once (a page that
// is still old after reloading says so rather than reloading for ever).
function upgraded() {
  const key = "bigtwo.upgraded";
  const last = Number(sessionStorage.getItem(key) || 0);
  if (Date.now() - last > 60000) {
    sessionStorage.setItem(key, String(Date.now()));
    location.reload();
    return;
  }
  net.stop();
  say(t("banner.upgrade"));
}

function setState(state) {
  S.state = state;
  if (S.code) store.set(lastKey(S.code), String(state.seq));
  const hand = new Set(state.view ? state.view.hand.split(/\s+/) : []);
  for (const w of [...S.selected]) if (!hand.has(w)) S.selected.delete(w);
  turnChanged();
  if (S.screen === "room") update();
}

// -- screens ------------------------------------------------------------------------------------
function show(screen) {
  S.screen = screen;
  say("");
  if (screen === "home") homeScreen();
  else if (screen === "join") joinScreen();
  else if (PAGES[screen]) PAGES[screen](main(), new URLSearchParams(location.hash.slice(1)), say);
  else roomScreen();
}

function banner() {
  const el = /** @type {HTMLElement} */ (document.getElementById("banner")); // index.html's
  const down = !S.connected || S.restarting;
  el.hidden = !down;
  el.textContent = down ? t(S.restarting ? "banner.restarting" : "banner.reconnecting") : "";
}

async function start() {
  const lang = await load();
  document.documentElement.lang = lang;
  document.documentElement.dir = direction(lang);
  // index.html's own heading and header, there before any module runs
  /** @type {HTMLElement} */ (document.getElementById("title")).textContent = t("app.title");
  document.title = t("app.title");
  /** @type {Element} */ (document.querySelector("header.top")).append(languagePicker(lang));
  fourColours();
  setRouter(show);
  document.addEventListener("keydown", tableKeys);
  for (const gesture of ["pointerdown", "keydown"]) {
    document.addEventListener(gesture, allowSound, { once: true });
  }
  window.addEventListener("hashchange", route);
  setInterval(tick, 1000);
  setInterval(() => { if (S.screen === "home") refreshLobby(); }, 10000);
  net.open();
  route();
}

start();
