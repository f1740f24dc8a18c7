// @ts-check
// The room's controls. On the page: what moves the room on (start, rematch, taking an open
// seat while watching, coming back). In the menu's sheet: the host's tools (remove, mute, hand
// over, close), voting to end, leaving, the rules, the replay, going home, and the switches.
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { nameField } from "./name-field.js";
import { isHost, room, seatName } from "./reading.js";
import { fourColours, prefSwitch } from "./prefs.js";
import { enter, host, joinRoom, leaveSeat, stopWatching } from "./session.js";
import { spectatorsSwitch } from "./spectators.js";
import { turnChanged, showTitle } from "./turn.js";
import { S, net } from "./state.js";

export function controls() {
  const box = document.getElementById("controls");
  const menu = document.getElementById("menu-controls");
  const prefs = document.getElementById("menu-prefs");
  const r = room();
  if (!r) return [box, menu, prefs].forEach((el) => fill(el));
  const out = []; // on the page
  const more = []; // in the menu
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
      more.push(
        confirming(`remove-${seat.seat}-${name}`, t("room.remove", { name }),
          () => host("remove", seat.seat)),
        h("button", { type: "button", text: t("room.mute", { name }),
          onclick: () => host("mute", seat.seat) }),
        h("button", { type: "button", text: t("room.hand_over", { name }),
          onclick: () => host("hand_over", seat.seat) }),
      );
    }
    if (r.status !== "closed") {
      more.push(confirming("close", t("room.close"), () => host("close")));
    }
  } else if (r.status === "waiting" && S.seat !== null) {
    out.push(h("p", { class: "hint", text: t("room.waiting.host") }));
  }
  if (S.seat === null && r.status === "waiting" && r.seats.some((x) => x.kind === "open")) {
    out.push(nameField("watch-name"), h("button", { type: "button", class: "primary",
      "data-focus": "take", text: t("room.join.take"), onclick: () => joinRoom(r.code) }));
  }
  if (S.seat !== null && r.seats[S.seat] && r.seats[S.seat].away) {
    // silent for some turns, this seat is played by a bot until its person says so
    out.push(h("button", { type: "button", class: "primary", "data-focus": "back",
      text: t("room.back"), onclick: () => enter() }));
  }
  if (S.seat !== null && r.status === "playing") {
    more.push(h("button", { type: "button", text: t("room.vote"),
      onclick: () => net.send({ type: "vote_end", yes: true }) }));
  }
  if (S.seat !== null && r.status !== "closed") {
    more.push(confirming("leave", t("room.leave"), leaveSeat));
  }
  if (S.seat === null) {
    more.push(h("button", { type: "button", "data-focus": "unwatch", text: t("room.unwatch"),
      onclick: stopWatching }));
  }
  more.push(h("a", { href: `#rules&room=${r.code}`, class: "button", text: t("room.rules.page") }));
  more.push(h("a", { href: `#learn&room=${r.code}`, class: "button", text: t("home.learn") }));
  if (r.deals_played > 0 || r.status === "over") {
    const seat = S.seat === null ? "" : `&seat=${S.seat}`;
    more.push(h("a", { href: `#replay&room=${r.code}${seat}`, class: "button",
      text: t("room.replay") }));
  }
  more.push(h("a", { href: "#", class: "button", text: t("room.home") }));
  const switches = h("div",
    { class: "switches", role: "group", "aria-label": t("pref.heading") },
    S.seat === null ? null : [prefSwitch("autopass", turnChanged),
      prefSwitch("title", showTitle), prefSwitch("hints", turnChanged)],
    prefSwitch("sound", undefined, "pref.sounds"),
    S.seat !== null && "vibrate" in navigator ? prefSwitch("vibrate") : null,
    prefSwitch("colours", fourColours),
    spectatorsSwitch());
  fill(box, out.length ? h("div", { class: "row wrap" }, out) : null);
  fill(menu, h("div", { class: "menu-list" }, more));
  fill(prefs, switches);
}

// What can't be undone (closing the room, giving a seat to a bot for good) asks twice: the
// first press turns the button into the question, a second within a few seconds does it. A
// tap that missed its target on a phone costs nothing. Kept across re-renders of the table.
const ASK_MS = 5000;
/** @type {{ key: string | null, until: number }} */
let asking = { key: null, until: 0 };

function confirming(what, label, action) {
  const key = `${S.code}|${S.seat}|${what}`; // this room, this seat: a question doesn't travel
  const asked = asking.key === key && Date.now() < asking.until;
  return h("button", {
    type: "button", class: asked ? "asking" : "", "data-focus": `confirm-${what}`,
    text: asked ? t("room.confirm", { action: label }) : label,
    onclick: () => {
      if (asking.key === key && Date.now() < asking.until) {
        asking = { key: null, until: 0 };
        action();
        return;
      }
      asking = { key, until: Date.now() + ASK_MS };
      controls();
      setTimeout(() => {
        if (asking.key !== key || Date.now() < asking.until) return;
        asking = { key: null, until: 0 };
        if (S.screen === "room") controls();
      }, ASK_MS + 50);
    },
  });
}
