// The seats: each one's name, card count, passed/out/turn state and the turn's timer; before
// the start the host changes a seat's kind here.
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { isHost, room, seatName } from "./reading.js";
import { host } from "./session.js";
import { S, SEAT_KINDS } from "./state.js";

export function seats() {
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

export function tick() {
  for (const el of document.querySelectorAll(".timer")) {
    const left = Math.max(0, Math.round(Number(el.dataset.deadline) - Date.now() / 1000));
    el.textContent = t("table.timer", { seconds: left });
  }
}
