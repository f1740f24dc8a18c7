// @ts-check
// The middle of the felt: the play to beat as cards and who made it, whose turn it is, which
// way play goes, and the deal's commitment.
import { cardRow } from "./card-face.js";
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { leadWords, myTurn, seatName } from "./reading.js";
import { S } from "./state.js";

export function board() {
  const box = document.getElementById("board");
  const state = S.state;
  const view = state && state.view;
  if (!state || !view) return fill(box);
  let line;
  let shown = null;
  if (view.end !== null) {
    const winner = view.winner === null ? "" : seatName(view.winner);
    line = h("p", { class: "to-beat", text: t("log.deal_over", { name: winner }) });
  } else if (view.table) {
    shown = cardRow(view.table);
    line = h("p", { class: "to-beat", text: t("table.played_by", { name: seatName(view.table_seat) }) });
  } else {
    line = h("p", { class: "to-beat", text: leadWords(seatName(view.to_move), view.rules.first_play, view.lead_card) });
  }
  let turn = null;
  if (state.room.status === "playing" && view.end === null) {
    turn = myTurn()
      ? h("p", { class: "your-turn", text: t("table.your_turn") })
      : h("p", { class: "turn", text: t("table.turn_of", { name: seatName(view.to_move) }) });
  }
  const way = view.direction === -1 ? "counter" : "clockwise";
  fill(
    box,
    h("h2", { class: "visually-hidden", text: t("table.heading") }),
    h("div", { class: "to-beat-cards" }, shown), // kept when empty: the felt holds its size
    line,
    turn,
    view.end === null
      ? h("span", { class: `direction ${way}`, role: "img", "aria-label": t(`table.direction.${way}`),
        text: way === "counter" ? "\u21ba" : "\u21bb" })
      : null,
    h("details", { class: "commitment" },
      h("summary", { text: t("table.commitment") }),
      h("code", { text: view.commitment || t("table.commitment.none") })),
  );
}
