// The person's statistics (GET api/me/stats): by rules, deals, wins and average points a
// deal, and a chart of their running points over their latest deals, drawn here as SVG (no
// library). The chart is an image with a title and a description for screen readers, and the
// same numbers as a table beside it, for anyone who would rather read them.
import { fill, h } from "./dom.js";
import { count as countOf, dateTime as when, number, t } from "./i18n.js";
import { api } from "./net.js";
import { refusalText } from "./reading.js";
import { presetName } from "./rule-text.js";

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 320; // the chart's drawing units: it scales to its box
const HEIGHT = 160;
const PAD = 24;

export async function statsPart(box) {
  let stats;
  try {
    stats = await api("api/me/stats");
  } catch (problem) {
    fill(box, h("p", { class: "error", text: refusalText(problem) }));
    return;
  }
  if (!box.isConnected) return;
  fill(box, h("section", { class: "card-box", "aria-labelledby": "me-stats-h" },
    h("h2", { id: "me-stats-h", text: t("me.stats.heading") }),
    stats.presets.length ? byPreset(stats.presets) : h("p", { class: "hint", text: t("me.games.none") }),
    stats.series.length ? chart(stats.series) : null));
}

function byPreset(presets) {
  return h("div", { class: "scroll-x" }, h("table", { class: "me-table" },
    h("caption", { text: t("me.stats.caption") }),
    h("thead", {}, h("tr", {},
      ["me.stats.rules", "me.stats.deals", "me.stats.wins", "me.stats.average"]
        .map((k) => h("th", { scope: "col", text: t(k) })))),
    h("tbody", {}, presets.map((p) => h("tr", {},
      h("th", { scope: "row" }, presetName(p.preset)),
      h("td", { text: number(p.deals) }),
      h("td", { text: number(p.wins) }),
      h("td", { text: number(p.average, true) }))))));
}

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  el.append(...children);
  return el;
}

// The running total after each deal, oldest on the left; a line at zero.
function chart(series) {
  const totals = series.map((s) => s.total);
  const low = Math.min(0, ...totals);
  const high = Math.max(0, ...totals);
  const span = high - low || 1;
  const x = (i) => PAD + (series.length === 1 ? 0 : (i * (WIDTH - 2 * PAD)) / (series.length - 1));
  const y = (v) => HEIGHT - PAD - ((v - low) * (HEIGHT - 2 * PAD)) / span;
  const title = countOf("me.chart.title", series.length);
  const last = totals[totals.length - 1];
  const desc = t("me.chart.desc", {
    from: when(series[0].at), to: when(series[series.length - 1].at),
    total: number(last, true), low: number(low, true), high: number(high, true),
  });
  const points = series.map((s, i) => `${x(i).toFixed(1)},${y(s.total).toFixed(1)}`).join(" ");
  const image = svg("svg", {
    class: "me-chart", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img",
    "aria-labelledby": "me-chart-title me-chart-desc",
  },
  svg("title", { id: "me-chart-title" }, title),
  svg("desc", { id: "me-chart-desc" }, desc),
  svg("line", { class: "zero", x1: PAD, x2: WIDTH - PAD, y1: y(0), y2: y(0) }),
  svg("text", { x: 2, y: y(high) + 4, class: "label" }, number(high)),
  svg("text", { x: 2, y: y(low) + 4, class: "label" }, number(low)),
  series.length === 1
    ? svg("circle", { class: "line", cx: x(0), cy: y(totals[0]), r: 3 })
    : svg("polyline", { class: "line", points }));
  return h("figure", { class: "me-figure" },
    h("figcaption", { text: title }),
    image,
    h("details", {},
      h("summary", { text: t("me.chart.table") }),
      h("div", { class: "scroll-x" }, h("table", { class: "me-table" },
        h("thead", {}, h("tr", {},
          ["me.chart.when", "me.stats.rules", "me.chart.points", "me.chart.total"]
            .map((k) => h("th", { scope: "col", text: t(k) })))),
        h("tbody", {}, series.map((s) => h("tr", {},
          h("td", { text: when(s.at) }),
          h("td", {}, presetName(s.preset)),
          h("td", { text: number(s.points, true) }),
          h("td", { text: number(s.total, true) }))))))));
}
