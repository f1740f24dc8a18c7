// @ts-check
// The scores of each deal of this session and the totals, as the server keeps them (a rematch
// starts afresh); the settlement is the deal summary's (summary.js).
import { fill, h } from "./dom.js";
import { number, t } from "./i18n.js";
import { room, seatName } from "./reading.js";

export function results() {
  const box = document.getElementById("results");
  const r = room();
  if (!r || !r.scores || !r.scores.length) return fill(box);
  const n = r.seats.length;
  const head = h("tr", {}, h("td"),
    Array.from({ length: n }, (_, s) => h("th", { scope: "col", text: seatName(s) })));
  const rows = r.scores.map((scores, i) =>
    h("tr", {}, h("th", { scope: "row", text: t("table.score.deal", { n: number(i + 1) }) }),
      Array.from({ length: n }, (_, s) => h("td", { text: score(scores[s]) }))));
  const totals = r.totals || [];
  rows.push(h("tr", { class: "totals" }, h("th", { scope: "row", text: t("table.score.total") }),
    Array.from({ length: n }, (_, s) => h("td", { text: score(totals[s]) }))));
  fill(
    box,
    h("h2", { id: "score-h", text: t("table.score") }),
    r.status === "over" ? h("p", { class: "over", text: t("table.over") }) : null,
    h("div", { class: "scroll", tabindex: 0 }, // scrolls sideways with many seats: by key too
      h("table", { "aria-labelledby": "score-h" }, h("thead", {}, head), h("tbody", {}, rows))),
  );
}

// A score with its sign, as the page's language writes numbers (none yet: blank).
function score(value) {
  return value === null || value === undefined ? "" : number(value, true);
}
