// What happened, told as it happens: each play, pass, trick and deal's end said in the page's
// polite live region (a screen reader reads "medium bot 3 plays a pair: king of spades, king
// of hearts" without anyone opening the log; the combination is the server's, `combo`), and the sound of a card laid down or of a deal's end.
import * as cards from "./cards.js";
import { t } from "./i18n.js";
import { cardsSaid, comboName, giftLabel, moveLabel, seatName } from "./reading.js";
import { sound } from "./sound.js";
import { swapSaid } from "./swap.js";

let swapTold = ""; // the exchange last said, with its deal: said again only if it grows

// The sentence for one event, or null for those not said.
export function spokenEvent(e) {
  const name = e.seat === null || e.seat === undefined ? "" : seatName(e.seat);
  if (e.kind === "act" && e.move) {
    if (e.move === "pass") return t("log.pass", { name });
    if (e.move.startsWith("give ")) return t("log.give", { name, move: giftLabel(e.move) });
    if (cards.isCards(e.move)) {
      const said = cardsSaid(e.move);
      const combo = comboName(e.combo);
      if (combo) return t("told.combo", { name, combo, cards: said });
      return t("told.play", { name, cards: said });
    }
    return t("log.act", { name, move: moveLabel(e.move) });
  }
  if (e.kind === "trick" || e.kind === "deal_over" || e.kind === "timeout") {
    return t(`log.${e.kind}`, { name });
  }
  return null;
}

// After each update (never a whole state: that is arriving, not something happening), and
// at a deal's start, what its exchanges gave and took from this seat.
export function told(state, change) {
  const swap = swapSaid(state.view);
  const swapNew = swap !== null && `${state.view.commitment}|${swap}` !== swapTold;
  if (swap !== null) swapTold = `${state.view.commitment}|${swap}`;
  if (change.whole) return; // a reload mid-deal: the line beside the hand shows it
  const events = change.events || [];
  const lines = events.map(spokenEvent).filter(Boolean);
  if (swapNew) lines.unshift(swap); // the deal's first words: what the exchange did to this hand
  const region = document.getElementById("plays");
  if (region && lines.length) region.textContent = lines.join(". ");
  if (events.some((e) => e.kind === "deal_over")) sound("deal_over");
  else if (events.some((e) => e.kind === "act" && e.move && e.move !== "pass")) sound("play");
}
