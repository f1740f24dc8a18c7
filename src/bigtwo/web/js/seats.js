// @ts-check
// The seats around the felt: the person's own at the bottom, the others clockwise from it in
// seat order (the arrow in the middle says which way play goes). Each shows an initials
// avatar, the name, the cards held as a fan of backs, its play or pass in this trick, the
// dealer, titles, team, away and turn, and the turn's countdown ring. Before the start the
// host changes a seat's kind here. What changes from move to move (the turn, a pass, a seat
// out) is drawn by the seat's look and said in its hidden text, so the felt keeps its size and
// a card held by a finger in the hand below stays under it.
import { backs, cardRow } from "./card-face.js";
import { fill, h } from "./dom.js";
import { count as countOf, list, t } from "./i18n.js";
import { isHost, room, seatName } from "./reading.js";
import { host } from "./session.js";
import { S, SEAT_KINDS } from "./state.js";
import { team, titles, trickMoves } from "./trick.js";

// Where the other seats sit, clockwise from the person's left: up the left side (l2 low, l1
// high), along the top (t1 t2 t3), down the right (r1 r2). The felt's grid names these areas.
const SLOTS = {
  1: ["t2"],
  2: ["t1", "t3"],
  3: ["l1", "t2", "r1"],
  4: ["l1", "t1", "t3", "r1"],
  5: ["l1", "t1", "t2", "t3", "r1"],
  6: ["l2", "l1", "t1", "t3", "r1", "r2"],
  7: ["l2", "l1", "t1", "t2", "t3", "r1", "r2"],
};

export function slotOf(seat, me, n) {
  const k = (seat - me + n) % n;
  return k === 0 ? "me" : SLOTS[n - 1][k - 1];
}

function initials(name) {
  const parts = name.split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? parts[0][0] + parts[parts.length - 1][0] : [...name].slice(0, 2).join("");
  return letters.toUpperCase();
}

export function seats() {
  const state = S.state;
  const r = room();
  // the room screen's own section, in the felt: update() draws on that screen only
  const box = /** @type {HTMLElement} */ (document.getElementById("seats"));
  if (!state || !r) return fill(box);
  const view = state.view;
  const felt = /** @type {HTMLElement} */ (box.parentElement);
  felt.classList.toggle("waiting", !view); // before the start: a plain list
  const playing = r.status === "playing" && view !== null;
  const hostNow = isHost() && r.status === "waiting";
  const n = r.seats.length;
  const me = S.seat === null ? 0 : S.seat;
  const moves = trickMoves(view && view.end === null ? view : null);
  const titled = titles(view);
  const items = r.seats.map((seat) => {
    const s = seat.seat;
    const name = seat.kind === "open" ? t("kind.open") : seatName(s);
    const flags = [];
    if (s === r.host) flags.push(t("room.seat.host"));
    if (s === S.seat) flags.push(t("room.seat.you"));
    if (r.dealer === s && view) flags.push(t("table.seat.dealer"));
    if (titled.has(s)) flags.push(t(`title.${titled.get(s)}`));
    const side = team(view, s);
    if (side !== null) flags.push(t("table.seat.team", { n: side + 1 }));
    if (seat.away) flags.push(t("room.seat.away"));
    const now = []; // what changes from move to move: said, and drawn by the seat's look
    let spoken = name;
    let turn = false;
    let held = null;
    if (view) {
      const count = view.counts[s];
      spoken = countOf("table.seat", count, { name });
      if (view.end !== null) {
        if (view.winner === s) now.push(t("table.seat.winner"));
      } else {
        if (view.passed.includes(s)) now.push(t("table.seat.passed"));
        if (view.out.includes(s)) now.push(t("table.seat.out"));
      }
      turn = playing && view.to_move === s && view.end === null;
      if (turn) now.push(t("table.seat.turn"));
      if (s !== S.seat) held = h("span", { class: "held" }, backs(count), h("span", { class: "count", text: String(count) }));
    }
    const timer = turn && state.deadline
      ? h("span", { class: "timer", "data-deadline": state.deadline,
        "data-seconds": r.turn_seconds || 0 },
      h("span", { class: "ring", "aria-hidden": "true" }), h("span", { class: "timer-text" }))
      : null;
    const move = moves.get(s);
    let play = view ? h("span", { class: "seat-play" }) : null; // kept: the felt holds its size
    if (move === "pass") play = h("span", { class: "seat-play pass", "aria-hidden": "true", text: t("table.pass.mark") });
    else if (move) play = h("span", { class: "seat-play" }, cardRow(move, "small"));
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
    const classes = ["seat", `slot-${slotOf(s, me, n)}`];
    if (turn) classes.push("turn");
    if (s === S.seat) classes.push("me");
    if (seat.away) classes.push("away");
    if (side !== null) classes.push(`team-${side}`);
    if (view && view.out.includes(s)) classes.push("out");
    return h(
      "li",
      { class: classes.join(" "), "data-seat": s },
      h("span", { class: "seat-top" },
        h("span", { class: "avatar", "aria-hidden": "true", text: initials(name) }),
        h("span", { class: "seat-name", "aria-hidden": view ? "true" : null, text: name }),
        view ? h("span", { class: "visually-hidden", text: list([spoken, ...now]) }) : null,
        timer),
      held,
      flags.length ? h("span", { class: "flags", text: flags.join(" · ") }) : null,
      play,
      change,
    );
  });
  fill(box, h("h2", { class: "visually-hidden", text: t("room.seats") }),
    h("ul", { class: `seat-list seats-${n}` }, items));
  tick();
}

// Each second: the seconds left on the turn, and the ring's share of the turn still to run.
export function tick() {
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".timer"))) {
    const left = Math.max(0, Number(el.dataset.deadline) - Date.now() / 1000);
    const whole = Number(el.dataset.seconds) || left || 1;
    const text = /** @type {Element} */ (el.querySelector(".timer-text")); // seats() draws it
    text.textContent = t("table.timer", { seconds: Math.round(left) });
    el.style.setProperty("--left", String(Math.min(1, left / whole)));
  }
}
