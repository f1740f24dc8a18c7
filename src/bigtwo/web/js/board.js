// The board: whose turn it is, the play to beat and who made it, the deal's commitment.
import * as cards from "./cards.js";
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { myTurn, seatName } from "./reading.js";
import { S } from "./state.js";

export function board() {
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
