// @ts-check
// The home screen (Play now, your name, the open public rooms, opening a room, joining by code)
// and the screen of a room's link before you take a seat or watch, which shows the room first.
import { accountButton } from "./account.js";
import { fill, h } from "./dom.js";
import { has, t } from "./i18n.js";
import { createForm } from "./create.js";
import { nameField } from "./name-field.js";
import { playNowBox } from "./play-now.js";
import { presetName } from "./rule-text.js";
import { joinRoom, watchRoom } from "./session.js";
import { BOT_KINDS, S, codeFromText, main } from "./state.js";

/** @typedef {import("../types/protocol").RoomData} RoomData */
/** @typedef {import("../types/protocol").SeatData} SeatData */

export function homeScreen() {
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
      h("div", { class: "row home-head" }, h("h2", { text: t("home.heading") }), accountButton()),
      nameField("name"),
      playNowBox(),
      h(
        "section",
        { class: "card-box", "aria-labelledby": "lobby-h" },
        h("h2", { id: "lobby-h", text: t("home.lobby") }),
        lobbyList,
        h("button", { type: "button", onclick: refreshLobby, text: t("home.lobby.refresh") }),
      ),
      createForm(),
      joinForm,
      h("p", { class: "row" }, h("a", { href: "#replay", class: "button", text: t("home.replay") }),
        h("a", { href: "#me", class: "button", text: t("me.open") })),
    ),
  );
  refreshLobby();
}

export async function refreshLobby() {
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
            rules: has(`preset.${r.rules}.name`) ? t(`preset.${r.rules}.name`) : r.rules,
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

export function joinScreen() {
  const code = S.code;
  const shown = h("div", { id: "join-room" });
  fill(
    main(),
    h(
      "section",
      { class: "card-box" },
      // the account's button too: signing in before sitting (or to take back a seat its
      // account left here when it signed out) is done from this screen
      h("div", { class: "row home-head" },
        h("h2", { text: t("room.join.heading", { code }) }), accountButton()),
      shown,
      nameField("join-name"),
      h("p", { class: "row" },
        h("button", { type: "button", class: "primary", text: t("room.join.take"),
          onclick: () => joinRoom(code) }),
        h("button", { type: "button", text: t("room.join.watch"), onclick: () => watchRoom(code) }),
        h("a", { href: "#", class: "button", text: t("room.home") })),
    ),
  );
  showRoom(code, shown);
}

// The room as anyone may see it (GET api/rooms/CODE): its rules and who holds each seat.
async function showRoom(code, box) {
  /** @type {RoomData & { preset: string }} */
  let room;
  try {
    const response = await fetch(`api/rooms/${encodeURIComponent(code)}`);
    if (!response.ok) return; // taking the seat says what is wrong
    room = await response.json();
  } catch {
    return;
  }
  const [before, after = ""] = t("rules.preset", { preset: "\u0000" }).split("\u0000");
  fill(box,
    h("p", { class: "status" },
      h("span", {}, before, presetName(room.preset), after),
      h("span", { text: t("rules.players", { players: room.players }) }),
      h("a", { href: `#rules&room=${room.code}`, text: t("room.rules.page") })),
    h("h3", { id: "join-seats-h", text: t("room.join.seats") }),
    h("ul", { class: "join-seats", "aria-labelledby": "join-seats-h" }, room.seats.map((s) =>
      h("li", { text: t("room.join.seat", { n: s.seat + 1, name: who(s) }) }))));
}

// A seat's holder as the table names it: a person's name, a bot by its level, or "open seat".
/** @param {SeatData} seat */
function who(seat) {
  if (seat.kind === "open") return t("kind.open");
  if (BOT_KINDS.includes(seat.kind)) return t("seat.bot", { kind: t(`kind.${seat.kind}`), n: seat.seat + 1 });
  return seat.name;
}
