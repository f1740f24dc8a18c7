// How to play, in a minute's reading: the aim, the ranks and suits from low to high, every
// combination drawn as cards (card-face.js, each card named for screen readers), what beats
// what, and a first deal against easy bots with hints on. It follows the rules in force: a
// room's (#learn&room=CODE), a preset's (#learn&preset=NAME), else the ones the person's
// language implies (region.js).
import * as cards from "./cards.js";
import { cardRow } from "./card-face.js";
import { fill, h } from "./dom.js";
import { askedFor, t } from "./i18n.js";
import { setPref } from "./prefs.js";
import { playNow } from "./play-now.js";
import { DEFAULT_PRESET, regionalPreset } from "./region.js";
import { presetName } from "./rule-text.js";

const RANKS = "3456789TJQKA2";
// An example of each combination; `when` names the yes/no option that allows it, if one does.
const COMBOS = [
  { kind: "single", cards: "KH" },
  { kind: "pair", cards: "7C 7S" },
  { kind: "triple", cards: "9D 9H 9S", when: "triples" },
  { kind: "two_pair", cards: "5C 5H 8D 8S", when: "two_pairs" },
  { kind: "quads", cards: "JC JD JH JS", when: "quads_alone" },
];
// The five-card hands from lowest to highest, as they beat one another by kind.
const FIVES = [
  { kind: "straight", cards: "4D 5C 6H 7S 8D" },
  { kind: "flush", cards: "3H 7H 9H JH KH", when: "flushes" },
  { kind: "full_house", cards: "6C 6D 6S QC QH" },
  { kind: "four_of_a_kind", cards: "TC TD TH TS 3C", when: "quads_kicker" },
  { kind: "straight_flush", cards: "5S 6S 7S 8S 9S" },
];

export function learnScreen(root, params) {
  const code = (params.get("room") || "").trim().toUpperCase();
  const preset = params.get("preset")
    || regionalPreset(askedFor(document.documentElement.lang)) || DEFAULT_PRESET;
  const body = h("div", { id: "learn-body" });
  fill(root, h("section", { class: "card-box learn", "aria-labelledby": "learn-h" },
    h("h2", { id: "learn-h", text: t("learn.heading") }),
    body,
    h("p", { class: "row" },
      code ? h("a", { href: `#room=${code}`, class: "button", text: t("replay.back") }) : null,
      h("a", { href: "#", class: "button", text: t("room.home") }))));
  const url = code
    ? `api/rooms/${encodeURIComponent(code)}/rules`
    : `api/rules/${encodeURIComponent(preset)}`;
  fetch(url)
    .then((r) => (r.ok ? r.json() : fetch(`api/rules/${DEFAULT_PRESET}`).then((d) => d.json())))
    .catch(() => null)
    .then((rules) => fill(body, page(rules, code)));
}

// The page for `rules` (/api/rules/NAME's answer; null: the classic game's defaults).
function page(rules, code) {
  const value = Object.fromEntries((rules ? rules.options : []).map((o) => [o.name, o.value]));
  const allowed = (c) => !c.when || value[c.when] !== "no";
  const suits = cards.SUIT_ORDERS[value.suit_order] || cards.SUIT_ORDERS.standard;
  const fives = FIVES.filter(allowed);
  if (value.straight_over_flush === "yes") {
    const [s, f] = [fives.findIndex((c) => c.kind === "straight"), fives.findIndex((c) => c.kind === "flush")];
    if (s >= 0 && f >= 0) [fives[s], fives[f]] = [fives[f], fives[s]];
  }
  const combo = (c) => h("li", { class: "learn-combo" },
    h("span", { text: t(`combo.${c.kind}`) }), cardRow(c.cards));
  const presetCode = rules ? rules.preset : DEFAULT_PRESET;
  const rulesHref = code ? `#rules&room=${code}` : `#rules&preset=${encodeURIComponent(presetCode)}`;
  return [
    h("p", { class: "hint" }, t("create.preset"), ": ", presetName(presetCode)),
    h("p", { text: t("learn.goal") }),
    h("h3", { text: t("learn.ranks") }),
    cardRow(RANKS.split("").map((r) => `${r}S`).join(" ")),
    h("h3", { text: t("learn.suits") }),
    ...(value.suit_order === "none"
      ? [h("p", { text: t("learn.suits.none") })]
      : [cardRow(suits.split("").map((s) => `3${s}`).join(" ")),
        h("p", { class: "hint", text: t("learn.suits.about") })]),
    h("h3", { text: t("learn.combos") }),
    h("p", { text: t("learn.combos.about") }),
    h("ul", { class: "learn-combos" }, COMBOS.filter(allowed).map(combo)),
    h("h3", { text: t("learn.fives") }),
    h("p", { text: t("learn.fives.about") }),
    h("ol", { class: "learn-combos" }, fives.map(combo)),
    h("h3", { text: t("learn.trick") }),
    h("p", { text: t("learn.trick.about") }),
    h("p", { class: "row" },
      h("a", { href: rulesHref, class: "button", text: t("create.rules") })),
    code ? null : h("section", { class: "learn-first", "aria-labelledby": "learn-first-h" },
      h("h3", { id: "learn-first-h", text: t("learn.first") }),
      h("p", { class: "hint", text: t("learn.first.about") }),
      h("button", { type: "button", class: "primary", text: t("learn.first.start"),
        onclick: () => { setPref("hints", true); playNow("easy", presetCode, { deals: 1 }); } })),
  ];
}
