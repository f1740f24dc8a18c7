// @ts-check
// The end of a deal as a moment: the table rests on the deal's summary (every seat's cards
// left face up, its points with the scoring's own reasons, the totals, the settlement and its
// rule) until everyone present says ready, and after the session the standings and a rematch.
// Everything shown comes from the server's `summary` (docs/protocol.md, "Between deals").
import * as cards from "./cards.js";
import { fill, h } from "./dom.js";
import { count, has, list, number, t } from "./i18n.js";
import { isHost, room, seatName } from "./reading.js";
import { withCode } from "./rule-text.js";
import { host } from "./session.js";
import { S, net } from "./state.js";

let shownDeal = null; // the summary on screen (its deal and the room's status), to move focus
let focusBefore = null; // where the focus was when the summary opened: it goes back there

export function summary() {
  const box = document.getElementById("summary");
  if (!box) return;
  const r = room();
  const s = S.state && S.state.summary;
  if (!r || !s) {
    box.hidden = true;
    fill(box);
    if (shownDeal !== null) closed();
    return;
  }
  const over = r.status === "over";
  const key = `${s.deal}|${r.status}`;
  box.hidden = false;
  const title = over ? t("summary.final") : t("summary.heading", { n: s.deal });
  fill(box,
    h("h2", { id: "summary-h", tabindex: -1, text: title }),
    s.winner === null || s.winner === undefined ? null
      : h("p", { text: t("summary.winner", { name: seatName(s.winner) }) }),
    seatsTable(s, over),
    settlement(s),
    over ? rematch(s) : ready(s, r),
    over ? replayLink(r.code) : null);
  if (shownDeal !== key) opened(key, title, s);
}

function opened(key, title, s) {
  const first = shownDeal === null;
  shownDeal = key;
  if (first) focusBefore = document.activeElement;
  const heading = document.getElementById("summary-h");
  if (heading) heading.focus();
  const winner = s.winner === null || s.winner === undefined ? ""
    : ` ${t("summary.winner", { name: seatName(s.winner) })}`;
  const live = document.getElementById("announce");
  if (live) live.textContent = `${title}.${winner}`;
}

function closed() {
  shownDeal = null;
  const back = focusBefore && focusBefore.isConnected ? focusBefore
    : document.querySelector("#hand-box button, #hand-box [tabindex]");
  focusBefore = null;
  if (back && typeof back.focus === "function") back.focus();
}

function seatsTable(s, over) {
  const order = s.left.map((_, seat) => seat);
  if (over) order.sort((a, b) => s.totals[b] - s.totals[a]); // the standings
  const head = h("tr", {}, [over ? "summary.place" : null, "summary.seat", "summary.left",
    "summary.points", "summary.total"].filter(Boolean)
    .map((k) => h("th", { scope: "col", text: t(k) })));
  const rows = order.map((seat, i) => h("tr", {},
    over ? h("td", { text: number(i + 1) }) : null,
    h("th", { scope: "row", text: seatName(seat) }),
    h("td", { class: "left", text: s.left[seat] ? cards.show(s.left[seat]) : t("summary.none") }),
    h("td", {}, h("b", { text: number(s.scores[seat], true) }),
      h("ul", { class: "reasons" }, (s.reasons[seat] || []).map(reasonItem))),
    h("td", { text: number(s.totals[seat], true) })));
  return h("div", { class: "scroll", tabindex: 0 },
    h("table", { "aria-labelledby": "summary-h" }, h("thead", {}, head), h("tbody", {}, rows)));
}

function reasonItem(reason) {
  const key = `summary.reason.${reason.code}`;
  if (!has(key)) return h("li", { text: reason.code });
  const params = numbers(reason.params);
  const n = reason.params && reason.params.count;
  // `KEY.one` where the language's plural rules ask for it (1 card left)
  return h("li", { text: Number.isInteger(n) ? count(key, n, params) : t(key, params) });
}

// Parameters with their numbers written as the language writes them (a count, a factor).
function numbers(params) {
  const out = {};
  for (const [name, value] of Object.entries(params || {})) {
    out[name] = typeof value === "number" ? number(value) : value;
  }
  return out;
}

// Who pays whom, each payment with the deals it comes from, and the rule in force.
function settlement(s) {
  return h("section", { "aria-labelledby": "summary-settle-h" },
    h("h3", { id: "summary-settle-h", text: t("table.settlement") }),
    s.settlement.length
      ? h("ul", {}, s.settlement.map((p) => h("li", { text: t("summary.payment", {
        payer: seatName(p.payer), payee: seatName(p.payee), amount: number(p.amount),
        deals: list(p.deals.map(([n, points]) => t("summary.payment.deal",
          { n: number(n), points: number(points, true) }))),
      }) })))
      : h("p", { text: t("table.settlement.none") }),
    h("ul", { class: "hint" },
      s.rule.map((term) => h("li", {}, "scoring" in term.params // the engine's word, as a code
        ? withCode(term.key, numbers(term.params), "scoring")
        : t(term.key, numbers(term.params))))));
}

/** @param {import("../types/protocol").RoomData} r */
function present(r) {
  return r.seats.filter((x) => x.kind === "person" && !x.away).length;
}

function ready(s, r) {
  const seconds = s.next_at ? Math.max(0, Math.round(s.next_at - Date.now() / 1000)) : 0;
  const mine = S.seat !== null && s.ready.includes(S.seat);
  return h("div", { class: "row wrap" },
    S.seat === null || mine ? null : h("button", { type: "button", class: "primary",
      "data-focus": "ready", text: t("summary.ready"),
      onclick: () => net.send({ type: "ready" }) }),
    h("p", { class: "hint", text: t("summary.waiting",
      { ready: s.ready.length, present: present(r), seconds }) }));
}

// After the session, the way to its deals in the replay viewer (the last one first), from this
// seat; not between deals, where leaving the table would let the next deal start without you.
function replayLink(code) {
  const seat = S.seat === null ? "" : `&seat=${S.seat}`;
  return h("p", {}, h("a", { href: `#replay&room=${code}${seat}`, class: "button",
    text: t("room.replay") }));
}

function rematch(s) {
  const asked = S.seat !== null && s.rematch.includes(S.seat);
  const out = [];
  if (s.rematch.length) {
    out.push(h("p", { text: t("summary.rematch.asked",
      { names: list(s.rematch.map(seatName)) }) }));
  }
  if (isHost()) {
    out.push(h("button", { type: "button", class: "primary", "data-focus": "summary-rematch",
      text: t("room.rematch"), onclick: () => host("rematch") }));
    if (s.rematch.length) {
      out.push(h("button", { type: "button", text: t("summary.rematch.refuse"),
        onclick: () => host("no_rematch") }));
    }
  } else if (S.seat !== null) {
    out.push(h("button", { type: "button", class: asked ? "" : "primary",
      "data-focus": "summary-ask",
      text: t(asked ? "summary.rematch.withdraw" : "summary.rematch.ask"),
      onclick: () => net.send({ type: "rematch", yes: !asked }) }));
  }
  return h("div", { class: "row wrap" }, out);
}
