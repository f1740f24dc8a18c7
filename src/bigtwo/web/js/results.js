// The scores of each deal, the totals, and the settlement at the end of the session.
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { room, seatName } from "./reading.js";
import { S } from "./state.js";

export function results() {
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
