// The browser table: home and lobby, a room before the start, the table, watching.
import * as cards from "./cards.js";
import { fill, h } from "./dom.js";
import { has, load, t } from "./i18n.js";
import { giftLabel, moveLabel } from "./moves.js";
import { Connection } from "./net.js";
import { replayScreen } from "./replay.js";
import { rulesScreen } from "./rules.js";

const SEAT_KINDS = ["open", "random", "easy", "medium", "hard", "expert"];
const BOT_KINDS = SEAT_KINDS.slice(1);
const LOG_KEEP = 200;

const S = {
  screen: "home", // home, join (a room's code known, no seat), room
  code: null,
  seat: null, // null: watching
  token: null,
  watching: false,
  intent: null, // create or join, sent once the socket says hello
  state: null,
  log: [],
  results: [],
  settlement: null,
  chat: [],
  selected: new Set(),
  connected: true,
  restarting: false,
  rules: { presets: [], options: [] },
  lobby: [],
  wasMyTurn: false,
  ids: 0,
};

const main = () => document.getElementById("main");
const store = {
  get: (key) => localStorage.getItem(key),
  set: (key, value) => localStorage.setItem(key, value),
  drop: (key) => localStorage.removeItem(key),
};
const tokenKey = (code) => `bigtwo.seat.${code}`;
const lastKey = (code) => `bigtwo.last.${code}`;
const memoKey = (code) => `bigtwo.memo.${code}`;
const watchKey = (code) => `bigtwo.watch.${code}`;

const net = new Connection({
  onOpen: () => enter(),
  onMessage: (m) => receive(m),
  onStatus: (up) => {
    S.connected = up;
    if (up) S.restarting = false;
    banner();
  },
});

// -- the room in the address: #room=CODE (or ?room=CODE) ---------------------------------------
function codeFromAddress() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  const code = hash.get("room") || query.get("room");
  return code ? code.trim().toUpperCase() : null;
}

function codeFromText(text) {
  const found = /room=([A-Za-z0-9]+)/.exec(text);
  return (found ? found[1] : text).trim().toUpperCase();
}

function shareLink(code) {
  return `${location.origin}${location.pathname}#room=${code}`;
}

// Pages of their own, not the room's: #replay&… and #rules&… (see replay.js, rules.js).
function pageFromAddress() {
  const hash = new URLSearchParams(location.hash.slice(1));
  return ["replay", "rules"].find((name) => hash.has(name)) || null;
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

// What the socket says after each hello: come back to the seat or the watch, or do the intent.
function enter() {
  if (!net.ready) return; // the socket's hello calls again
  if (S.code && S.token && !S.intent) {
    const last = Number(store.get(lastKey(S.code)));
    const message = { type: "resume", room: S.code, token: S.token };
    if (Number.isInteger(last) && last > 0) message.last = last; // what was missed comes
    net.send(message);
  } else if (S.code && S.watching && !S.intent) {
    net.send({ type: "watch", room: S.code });
  } else if (S.intent) {
    net.send(S.intent);
  }
}

// -- what the server says -------------------------------------------------------------------------
function receive(m) {
  switch (m.type) {
    case "welcome":
      S.intent = null;
      S.code = m.room;
      S.seat = m.seat;
      S.watching = m.seat === null;
      if (m.token) {
        S.token = m.token;
        store.set(tokenKey(m.room), m.token);
      }
      if (codeFromAddress() !== m.room) history.replaceState(null, "", `#room=${m.room}`);
      remember();
      show("room");
      break;
    case "events":
      for (const e of m.events) note(e);
      break;
    case "state":
      setState(m);
      break;
    case "update":
      for (const e of m.events) note(e);
      setState(m.state);
      break;
    case "ack":
      S.selected.clear();
      break;
    case "error":
      refused(m);
      break;
    case "chat":
      S.chat.push({ name: m.name, text: m.text });
      S.chat = S.chat.slice(-LOG_KEEP);
      keep();
      chatLog();
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
  const key = `error.${m.code}`;
  const params = { message: m.message, ...readable(m.params || {}) };
  const text = has(key) ? t(key, params) : t("error.unknown", params);
  if (m.code === "bad_token" || m.code === "no_room") {
    if (S.code) {
      store.drop(tokenKey(S.code));
      store.drop(lastKey(S.code));
    }
    S.token = null;
    S.watching = false;
    S.state = null;
    if (m.code === "no_room") {
      history.replaceState(null, "", location.pathname);
      S.code = null;
      show("home");
    } else {
      show("join");
    }
  }
  say(text); // after any change of screen, which clears the last message
}

// A refusal's parameters as a person reads them: cards with suit symbols, seats by name.
function readable(params) {
  const out = {};
  for (const [name, value] of Object.entries(params)) {
    if (["cards", "play", "table", "card"].includes(name) && typeof value === "string") {
      out[name] = cards.show(value);
    } else if (["seat", "to_move", "giver", "receiver"].includes(name) && Number.isInteger(value)) {
      out[name] = seatName(value);
    } else {
      out[name] = value;
    }
  }
  return out;
}

function say(text) {
  document.getElementById("error").textContent = text;
}

function setState(state) {
  S.state = state;
  if (S.code) store.set(lastKey(S.code), String(state.seq));
  const hand = new Set(state.view ? state.view.hand.split(/\s+/) : []);
  for (const w of [...S.selected]) if (!hand.has(w)) S.selected.delete(w);
  const mine = myTurn();
  if (mine && !S.wasMyTurn) {
    document.getElementById("announce").textContent = t("alert.your_turn");
  } else if (!mine) {
    document.getElementById("announce").textContent = "";
  }
  S.wasMyTurn = mine;
  document.title = (mine ? "\u25CF " : "") + t("app.title");
  if (S.screen === "room") update();
}

// -- the log, the results and the chat, kept for this tab across reloads ----------------------
function remember() {
  const memo = S.code ? JSON.parse(sessionStorage.getItem(memoKey(S.code)) || "{}") : {};
  S.log = memo.log || [];
  S.results = memo.results || [];
  S.settlement = memo.settlement || null;
  S.chat = memo.chat || [];
}

function keep() {
  if (!S.code) return;
  const memo = { log: S.log, results: S.results, settlement: S.settlement, chat: S.chat };
  sessionStorage.setItem(memoKey(S.code), JSON.stringify(memo));
}

function note(e) {
  S.log.push(e);
  S.log = S.log.slice(-LOG_KEEP);
  if (e.kind === "deal") S.settlement = null;
  if (e.kind === "deal_over") {
    const number = S.results.length ? S.results[S.results.length - 1].number + 1 : 1;
    const last = [...S.log].reverse().find((x) => x.kind === "deal");
    const data = e.data || {};
    S.results.push({
      number: last && last.data ? last.data.number : number,
      winner: e.seat,
      scores: data.scores || [],
      totals: data.totals || [],
    });
  }
  if (e.kind === "session_over") S.settlement = (e.data && e.data.settlement) || [];
  keep();
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
      return t("log.act", { name, move: moveLabel(e.move || "") });
    case "trick":
    case "timeout":
    case "deal_over":
      return t(`log.${e.kind}`, { name });
    case "out":
      return t("log.out", { name, place: data.place });
    case "session_over":
    case "session_ended":
    case "closed":
      return t(`log.${e.kind}`);
    default:
      return t("log.other", { kind: e.kind });
  }
}

// -- reading the state ----------------------------------------------------------------------
function room() {
  return S.state ? S.state.room : null;
}

function seatName(seat) {
  const r = room();
  const info = r && r.seats[seat];
  if (info && BOT_KINDS.includes(info.kind)) {
    return t("seat.bot", { kind: t(`kind.${info.kind}`), n: seat + 1 });
  }
  const name = info ? info.name : "";
  return name || t("seat.default", { n: seat + 1 });
}

function offers() {
  return (S.state && S.state.offers) || [];
}

function myTurn() {
  const st = S.state;
  return Boolean(st && S.seat !== null && st.awaiting.includes(S.seat) && offers().length);
}

function isHost() {
  const r = room();
  return Boolean(r && S.seat !== null && r.host === S.seat);
}

// The offered plays (or gifts) by their cards in any order, and the other actions.
function offerIndex() {
  const plays = new Map();
  const gifts = new Map();
  const side = [];
  for (const text of offers()) {
    if (text === "pass") continue;
    if (cards.isCards(text)) plays.set(cards.same(text), text);
    else if (text.startsWith("give ") && cards.isCards(text.slice(5))) {
      gifts.set(cards.same(text.slice(5)), text);
    } else side.push(text);
  }
  return { plays, gifts, side };
}

// -- acting -----------------------------------------------------------------------------------
function act(action) {
  say("");
  S.ids += 1;
  const id = `${Date.now().toString(36)}-${S.ids}`;
  net.send({ type: "act", id, action, seq: S.state ? S.state.seq : undefined });
}

function selectedText() {
  return [...S.selected].join(" ");
}

function playSelected() {
  if (!S.selected.size) return;
  const { plays, gifts } = offerIndex();
  const key = cards.same(selectedText());
  if (gifts.size && !plays.size) act(gifts.get(key) || `give ${selectedText()}`);
  else act(plays.get(key) || selectedText());
}

function host(what, seat = null, kind = null) {
  say("");
  net.send({ type: "host", what, seat, kind });
}

// -- screens ------------------------------------------------------------------------------------
function show(screen) {
  S.screen = screen;
  say("");
  if (screen === "home") homeScreen();
  else if (screen === "join") joinScreen();
  else if (screen === "replay" || screen === "rules") {
    const params = new URLSearchParams(location.hash.slice(1));
    (screen === "replay" ? replayScreen : rulesScreen)(main(), params, say);
  }
  else roomScreen();
}

function nameField(id) {
  const input = h("input", {
    id,
    "data-focus": id,
    name: "name",
    autocomplete: "nickname",
    maxlength: 24,
    required: true,
    value: store.get("bigtwo.name") || "",
    oninput: (e) => store.set("bigtwo.name", e.target.value),
  });
  return h("p", { class: "field" }, h("label", { for: id, text: t("home.name") }), input);
}

function myName() {
  const name = (store.get("bigtwo.name") || "").trim();
  if (!name) say(t("error.bad_name"));
  return name;
}

function homeScreen() {
  const lobbyList = h("ul", { class: "lobby", id: "lobby" });
  const codeInput = h("input", { id: "code", autocomplete: "off", required: true });
  const joinForm = h(
    "form",
    {
      class: "card-box",
      onsubmit: (e) => {
        e.preventDefault();
        const code = codeFromText(codeInput.value);
        if (code) location.hash = `room=${code}`;
      },
    },
    h("h2", { text: t("home.join.heading") }),
    h("p", { class: "field" }, h("label", { for: "code", text: t("home.code") }), codeInput),
    h("button", { type: "submit", text: t("home.join") }),
  );
  fill(
    main(),
    h(
      "section",
      { class: "home" },
      h("h2", { text: t("home.heading") }),
      nameField("name"),
      h(
        "section",
        { class: "card-box", "aria-labelledby": "lobby-h" },
        h("h2", { id: "lobby-h", text: t("home.lobby") }),
        lobbyList,
        h("button", { type: "button", onclick: refreshLobby, text: t("home.lobby.refresh") }),
      ),
      createForm(),
      joinForm,
      h("p", { class: "row" }, h("a", { href: "#replay", class: "button", text: t("home.replay") })),
    ),
  );
  refreshLobby();
}

async function refreshLobby() {
  try {
    const response = await fetch("api/lobby");
    S.lobby = (await response.json()).rooms || [];
  } catch {
    S.lobby = [];
  }
  const list = document.getElementById("lobby");
  if (!list) return;
  if (!S.lobby.length) {
    fill(list, h("li", { text: t("home.lobby.empty") }));
    return;
  }
  fill(
    list,
    S.lobby.map((r) => {
      const open = r.seats.filter((s) => s.kind === "open").length;
      const hostSeat = r.seats[r.host];
      return h(
        "li",
        {},
        h("span", {
          text: `${t("home.lobby.room", {
            rules: r.rules,
            players: r.players,
            host: hostSeat ? hostSeat.name : "",
          })} · ${t("home.lobby.open", { count: open })}`,
        }),
        h("span", { class: "row" },
          open
            ? h("button", {
              type: "button",
              text: t("home.join"),
              onclick: () => joinRoom(r.code),
            })
            : null,
          h("button", { type: "button", text: t("home.watch"), onclick: () => watchRoom(r.code) }),
        ),
      );
    }),
  );
}

function createForm() {
  const presetSelect = h("select", { id: "preset", name: "preset" });
  const players = h("input", { id: "players", type: "number", min: 2, max: 8, value: 4 });
  const seatsBox = h("div", { class: "seats-choice" });
  const deals = h("input", { id: "deals", type: "number", min: 1, max: 1000, inputmode: "numeric" });
  const target = h("input", { id: "target", type: "number", min: 1, inputmode: "numeric" });
  const timer = h("input", { id: "timer", type: "number", min: 0, max: 3600, value: 0 });
  const isPublic = h("input", { id: "public", type: "checkbox", checked: true });
  const options = h("textarea", { id: "options", rows: 2, spellcheck: "false" });
  const optionList = h("dl", { class: "options-help" });

  const drawSeats = () => {
    const n = Math.max(2, Math.min(8, Number(players.value) || 4));
    const before = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    fill(
      seatsBox,
      Array.from({ length: n - 1 }, (_, i) => {
        const id = `seat-${i + 1}`;
        const select = h(
          "select",
          { id },
          SEAT_KINDS.map((k) => h("option", { value: k, text: t(`kind.${k}`) })),
        );
        select.value = before[i] || "open";
        return h("p", { class: "field" },
          h("label", { for: id, text: t("create.seat", { n: i + 2 }) }), select);
      }),
    );
  };
  players.addEventListener("input", drawSeats);
  const rulesLink = h("a", { class: "button", target: "_blank", rel: "noopener",
    href: "#rules&preset=classic", text: t("create.rules") });
  presetSelect.addEventListener("change", () => {
    rulesLink.href = `#rules&preset=${encodeURIComponent(presetSelect.value)}`;
    const preset = S.rules.presets.find((p) => p.name === presetSelect.value);
    if (preset) players.value = preset.players;
    drawSeats();
  });
  drawSeats();
  fetch("api/rules")
    .then((r) => r.json())
    .then((data) => {
      S.rules = data;
      fill(presetSelect, data.presets.map((p) => h("option", { value: p.name, text: p.name })));
      fill(optionList, data.options.flatMap((o) => [h("dt", { text: o.name }),
        h("dd", { text: o.meaning })]));
    })
    .catch(() => {});

  const submit = (e) => {
    e.preventDefault();
    const name = myName();
    if (!name) return;
    const changes = {};
    for (const line of options.value.split("\n")) {
      const [key, ...rest] = line.split("=");
      if (key.trim() && rest.length) changes[key.trim()] = rest.join("=").trim();
    }
    const message = {
      type: "create",
      name,
      preset: presetSelect.value || "classic",
      players: Number(players.value) || undefined,
      options: changes,
      seats: [...seatsBox.querySelectorAll("select")].map((s) => s.value),
      turn_seconds: Number(timer.value) || 0,
      public: isPublic.checked,
    };
    if (deals.value) message.deals = Number(deals.value);
    if (target.value) message.target = Number(target.value);
    S.intent = message;
    S.token = null;
    S.code = null;
    enter();
  };
  const field = (id, label, input) =>
    h("p", { class: "field" }, h("label", { for: id, text: label }), input);
  return h(
    "form",
    { class: "card-box", onsubmit: submit, "aria-labelledby": "create-h" },
    h("h2", { id: "create-h", text: t("home.create.heading") }),
    field("preset", t("create.preset"), presetSelect),
    rulesLink,
    field("players", t("create.players"), players),
    seatsBox,
    field("deals", t("create.deals"), deals),
    field("target", t("create.target"), target),
    field("timer", t("create.timer"), timer),
    h("p", { class: "field check" }, isPublic, h("label", { for: "public", text: t("create.public") })),
    field("options", t("create.options"), options),
    h("details", {}, h("summary", { text: t("create.options.help") }), optionList),
    h("button", { type: "submit", class: "primary", text: t("home.create") }),
  );
}

function joinRoom(code) {
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

function watchRoom(code) {
  sessionStorage.setItem(watchKey(code), "1");
  S.code = code;
  S.token = null;
  S.seat = null;
  S.watching = true;
  S.intent = null;
  remember();
  if (codeFromAddress() !== code) history.replaceState(null, "", `#room=${code}`);
  show("room");
  enter();
}

function joinScreen() {
  const code = S.code;
  fill(
    main(),
    h(
      "section",
      { class: "card-box" },
      h("h2", { text: t("room.join.heading", { code }) }),
      nameField("join-name"),
      h("p", { class: "row" },
        h("button", { type: "button", class: "primary", text: t("room.join.take"),
          onclick: () => joinRoom(code) }),
        h("button", { type: "button", text: t("room.join.watch"), onclick: () => watchRoom(code) }),
        h("a", { href: "#", class: "button", text: t("room.home") })),
    ),
  );
}

// The room screen's frame; `update` fills it from the state.
function roomScreen() {
  const chatInput = h("input", { id: "chat-text", maxlength: 200, autocomplete: "off" });
  const chatForm = h(
    "form",
    {
      class: "chat-form",
      onsubmit: (e) => {
        e.preventDefault();
        const text = chatInput.value.trim();
        if (!text) return;
        net.send({ type: "chat", text });
        chatInput.value = "";
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
    h("section", { id: "seats", class: "seats", "aria-label": t("room.seats") }),
    h("section", { id: "board", class: "board", "aria-label": t("table.heading") }),
    h("section", { id: "hand-box", class: "hand-box", "aria-label": t("table.hand") }),
    h("section", { id: "side", class: "side" })), h("div", { class: "col-side" },
    h("section", { id: "results", class: "results", "aria-label": t("table.score") }),
    h("section", { id: "controls", class: "controls" }),
    h(
      "section",
      { class: "panels" },
      h("section", { class: "log-box", "aria-labelledby": "log-h" },
        h("h2", { id: "log-h", text: t("table.log") }),
        h("ul", { id: "log", class: "log" })),
      h("section", { class: "chat-box", "aria-labelledby": "chat-h" },
        h("h2", { id: "chat-h", text: t("chat.heading") }),
        h("ul", { id: "chat", class: "chat", "aria-live": "polite" }),
        S.seat !== null ? chatForm : null),
    ))),
  );
  update();
}

function update() {
  if (S.screen !== "room") return;
  roomHead();
  seats();
  board();
  hand();
  results();
  controls();
  logList();
  chatLog();
}

function roomHead() {
  const r = room();
  const box = document.getElementById("room-head");
  if (!r) {
    fill(box, h("h2", { text: t("room.heading", { code: S.code || "" }) }));
    return;
  }
  const link = shareLink(r.code);
  const copied = h("span", { class: "hint", "aria-live": "polite" });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      copied.textContent = t("room.copied");
    } catch {
      copied.textContent = t("room.copy.failed");
    }
  };
  const view = S.state.view;
  const session = view && view.session;
  let progress = null;
  if (session && r.status !== "waiting") {
    progress = session.deals_target
      ? t("table.deals", { played: Math.min(session.deals_played + 1, session.deals_target),
        target: session.deals_target })
      : t("table.deals.open", { played: session.deals_played });
  }
  fill(
    box,
    h("h2", { text: t("room.heading", { code: r.code }) }),
    h("p", { class: "status" },
      h("span", { text: t(`room.status.${r.status}`) }),
      h("span", { text: t("room.rules", { rules: r.rules }) }),
      progress ? h("span", { text: progress }) : null,
      S.seat === null ? h("span", { text: t("room.watching") }) : null),
    r.status === "waiting"
      ? h("p", { class: "share" },
        h("label", { for: "share-link", text: t("room.share") }),
        h("input", { id: "share-link", readonly: true, value: link,
          onfocus: (e) => e.target.select() }),
        h("button", { type: "button", "data-focus": "copy", text: t("room.copy"), onclick: copy }),
        copied)
      : null,
  );
}

function seats() {
  const r = room();
  const box = document.getElementById("seats");
  if (!r) return fill(box);
  const view = S.state.view;
  const playing = r.status === "playing" && view;
  const hostNow = isHost() && r.status === "waiting";
  const items = r.seats.map((seat) => {
    const s = seat.seat;
    const flags = [];
    if (s === r.host) flags.push(t("room.seat.host"));
    if (s === S.seat) flags.push(t("room.seat.you"));
    if (seat.away) flags.push(t("room.seat.away"));
    let line = seat.kind === "open" ? t("kind.open") : seatName(s);
    let turn = false;
    if (view) {
      const count = view.counts[s];
      line = t(count === 1 ? "table.seat.one" : "table.seat", { name: seatName(s), count });
      if (view.end !== null) {
        if (view.winner === s) flags.push(t("table.seat.winner"));
      } else {
        if (view.passed.includes(s)) flags.push(t("table.seat.passed"));
        if (view.out.includes(s)) flags.push(t("table.seat.out"));
      }
      turn = playing && view.to_move === s && view.end === null;
      if (turn) flags.push(t("table.seat.turn"));
    }
    const timer = turn && S.state.deadline
      ? h("span", { class: "timer", "data-deadline": S.state.deadline }) : null;
    let change = null;
    if (hostNow && s !== S.seat && seat.kind !== "person") {
      const id = `kind-${s}`;
      const select = h(
        "select",
        { id, "data-focus": id, onchange: (e) => host("seat", s, e.target.value) },
        SEAT_KINDS.map((k) => h("option", { value: k, text: t(`kind.${k}`) })),
      );
      select.value = seat.kind;
      change = h("span", { class: "field" },
        h("label", { for: id, class: "visually-hidden", text: t("room.seat.kind", { n: s + 1 }) }),
        select);
    }
    return h(
      "li",
      { class: `seat${turn ? " turn" : ""}${s === S.seat ? " me" : ""}` },
      h("span", { class: "seat-name", text: line }),
      flags.length ? h("span", { class: "flags", text: flags.join(" · ") }) : null,
      timer,
      change,
    );
  });
  fill(box, h("h2", { class: "visually-hidden", text: t("room.seats") }),
    h("ul", { class: "seat-list" }, items));
  tick();
}

function tick() {
  for (const el of document.querySelectorAll(".timer")) {
    const left = Math.max(0, Math.round(Number(el.dataset.deadline) - Date.now() / 1000));
    el.textContent = t("table.timer", { seconds: left });
  }
}

function board() {
  const box = document.getElementById("board");
  const view = S.state && S.state.view;
  if (!view) return fill(box);
  let line;
  if (view.end !== null) {
    const winner = view.winner === null ? "" : seatName(view.winner);
    line = h("p", { class: "to-beat", text: t("log.deal_over", { name: winner }) });
  } else if (view.table) {
    line = h("p", { class: "to-beat" },
      t("table.to_beat", { play: cards.show(view.table), name: seatName(view.table_seat) }));
  } else if (view.end === null) {
    line = h("p", { class: "to-beat", text: t("table.lead", { name: seatName(view.to_move) }) });
  } else {
    line = h("p", { class: "to-beat", text: t("table.empty") });
  }
  let turn = null;
  if (S.state.room.status === "playing" && view.end === null) {
    turn = myTurn()
      ? h("p", { class: "your-turn", text: t("table.your_turn") })
      : h("p", { class: "turn", text: t("table.turn_of", { name: seatName(view.to_move) }) });
  }
  fill(
    box,
    h("h2", { class: "visually-hidden", text: t("table.heading") }),
    turn,
    line,
    h("details", { class: "commitment" },
      h("summary", { text: t("table.commitment") }),
      h("code", { text: view.commitment || t("table.commitment.none") })),
  );
}

function hand() {
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

function results() {
  const box = document.getElementById("results");
  const r = room();
  if (!r || (!S.results.length && !S.settlement)) return fill(box);
  const n = r.seats.length;
  const head = h("tr", {}, h("th", { scope: "col", text: "" }),
    Array.from({ length: n }, (_, s) => h("th", { scope: "col", text: seatName(s) })));
  const rows = S.results.map((d) =>
    h("tr", {}, h("th", { scope: "row", text: t("table.score.deal", { n: d.number }) }),
      Array.from({ length: n }, (_, s) => h("td", { text: d.scores[s] ?? "" }))));
  const totals = (S.state.view && S.state.view.session && S.state.view.session.totals)
    || (S.results.length ? S.results[S.results.length - 1].totals : []);
  rows.push(h("tr", { class: "totals" }, h("th", { scope: "row", text: t("table.score.total") }),
    Array.from({ length: n }, (_, s) => h("td", { text: totals[s] ?? "" }))));
  let settlement = null;
  if (S.settlement) {
    settlement = h("section", { "aria-labelledby": "settle-h" },
      h("h3", { id: "settle-h", text: t("table.settlement") }),
      S.settlement.length
        ? h("ul", {}, S.settlement.map(([payer, payee, amount]) =>
          h("li", { text: t("table.settlement.pay", {
            payer: seatName(payer), payee: seatName(payee), amount }) })))
        : h("p", { text: t("table.settlement.none") }));
  }
  fill(
    box,
    h("h2", { id: "score-h", text: t("table.score") }),
    r.status === "over" ? h("p", { class: "over", text: t("table.over") }) : null,
    h("div", { class: "scroll" },
      h("table", { "aria-labelledby": "score-h" }, h("thead", {}, head), h("tbody", {}, rows))),
    settlement,
  );
}

function controls() {
  const box = document.getElementById("controls");
  const r = room();
  if (!r) return fill(box);
  const out = [];
  if (isHost()) {
    if (r.status === "waiting") {
      out.push(h("button", { type: "button", class: "primary", "data-focus": "start",
        text: t("room.start"), onclick: () => host("start") }));
    }
    if (r.status === "over") {
      out.push(h("button", { type: "button", class: "primary", "data-focus": "rematch",
        text: t("room.rematch"), onclick: () => host("rematch") }));
    }
    for (const seat of r.seats) {
      if (seat.kind !== "person" || seat.seat === S.seat || r.status === "closed") continue;
      const name = seatName(seat.seat);
      out.push(
        h("button", { type: "button", text: t("room.remove", { name }),
          onclick: () => host("remove", seat.seat) }),
        h("button", { type: "button", text: t("room.mute", { name }),
          onclick: () => host("mute", seat.seat) }),
        h("button", { type: "button", text: t("room.hand_over", { name }),
          onclick: () => host("hand_over", seat.seat) }),
      );
    }
    if (r.status !== "closed") {
      out.push(h("button", { type: "button", text: t("room.close"), onclick: () => host("close") }));
    }
  } else if (r.status === "waiting" && S.seat !== null) {
    out.push(h("p", { class: "hint", text: t("room.waiting.host") }));
  }
  if (S.seat === null && r.status === "waiting" && r.seats.some((x) => x.kind === "open")) {
    out.push(nameField("watch-name"), h("button", { type: "button", class: "primary",
      "data-focus": "take", text: t("room.join.take"), onclick: () => joinRoom(r.code) }));
  }
  if (S.seat !== null && r.status === "playing") {
    out.push(h("button", { type: "button", text: t("room.vote"),
      onclick: () => net.send({ type: "vote_end", yes: true }) }));
  }
  if (S.seat !== null && r.status !== "closed") {
    out.push(h("button", { type: "button", text: t("room.leave"), onclick: leaveSeat }));
  }
  out.push(h("a", { href: `#rules&room=${r.code}`, class: "button", text: t("room.rules.page") }));
  if (r.deals_played > 0 || r.status === "over") {
    const seat = S.seat === null ? "" : `&seat=${S.seat}`;
    out.push(h("a", { href: `#replay&room=${r.code}${seat}`, class: "button",
      text: t("room.replay") }));
  }
  out.push(h("a", { href: "#", class: "button", text: t("room.home") }));
  fill(box, h("div", { class: "row wrap" }, out));
}

function leaveSeat() {
  net.send({ type: "leave" });
  if (S.code) {
    store.drop(tokenKey(S.code));
    store.drop(lastKey(S.code));
  }
  S.token = null;
  location.hash = "";
}

function logList() {
  const box = document.getElementById("log");
  if (!box) return;
  fill(box, S.log.slice(-60).reverse().map((e) => h("li", { text: logText(e) })));
}

function chatLog() {
  const box = document.getElementById("chat");
  if (!box) return;
  fill(box, S.chat.slice(-50).map((c) => h("li", {}, h("b", { text: `${c.name}: ` }),
    h("span", { text: c.text }))));
}

function banner() {
  const el = document.getElementById("banner");
  const down = !S.connected || S.restarting;
  el.hidden = !down;
  el.textContent = down ? t(S.restarting ? "banner.restarting" : "banner.reconnecting") : "";
}

// Keys on the table: P plays, S passes, C clears (not while typing).
function keys(e) {
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

async function start() {
  await load("en");
  document.documentElement.lang = "en";
  document.getElementById("title").textContent = t("app.title");
  document.title = t("app.title");
  document.addEventListener("keydown", keys);
  window.addEventListener("hashchange", route);
  setInterval(tick, 1000);
  setInterval(() => { if (S.screen === "home") refreshLobby(); }, 10000);
  net.open();
  route();
}

start();
