// "Play now": one tap from home to a dealt hand. A private room of the person and three bots of
// the level picked beside the button (remembered), on the rules picked there (first the ones
// the person's language implies, region.js), at the server's own pace for bots; the room starts
// as soon as the server welcomes its host.
import { fill, h } from "./dom.js";
import { askedFor, t } from "./i18n.js";
import { DEFAULT_PRESET, regionalPreset } from "./region.js";
import { presetName } from "./rule-text.js";
import { enter } from "./session.js";
import { BOT_KINDS, S, store } from "./state.js";

const LEVEL = "bigtwo.level";
const LEVELS = BOT_KINDS.filter((k) => k !== "random");

// Open the room: `level` bots in the three other seats; `extra` adds to the create message.
export function playNow(level, preset, extra = {}) {
  // the catalogue's "Player" without its direction marks (a right-to-left catalogue may carry
  // them; a name may not)
  const guest = t("home.play.guest").replace(/\p{Cf}/gu, "");
  const name = (store.get("bigtwo.name") || "").trim() || guest;
  S.intent = {
    type: "create", name, preset, players: 4, seats: [level, level, level], public: false,
    ...extra,
  };
  S.startOnWelcome = true;
  S.token = null;
  S.code = null;
  enter();
}

// The rules the person's language implies among `presets` (/api/rules), else classic.
export function impliedPreset(presets) {
  const implied = regionalPreset(askedFor(document.documentElement.lang));
  return presets.some((p) => p.name === implied) ? implied : DEFAULT_PRESET;
}

export function keptLevel() {
  const kept = store.get(LEVEL);
  return LEVELS.includes(kept) ? kept : "easy";
}

// The home screen's box: the level, the rules, the button.
export function playNowBox() {
  const level = h("select", { id: "play-level", onchange: (e) => store.set(LEVEL, e.target.value) },
    LEVELS.map((k) => h("option", { value: k, text: t(`kind.${k}`) })));
  level.value = keptLevel();
  const preset = h("select", { id: "play-preset" },
    h("option", { value: DEFAULT_PRESET, text: t(`preset.${DEFAULT_PRESET}.name`) }));
  fetch("api/rules")
    .then((r) => r.json())
    .then((data) => {
      fill(preset, data.presets.map((p) => presetName(p.name, "option", { value: p.name })));
      preset.value = impliedPreset(data.presets);
    })
    .catch(() => {});
  const field = (id, label, input) =>
    h("p", { class: "field" }, h("label", { for: id, text: label }), input);
  return h("section", { class: "card-box play-now", "aria-labelledby": "play-h" },
    h("h2", { id: "play-h", text: t("home.play.heading") }),
    h("div", { class: "row" },
      field("play-level", t("home.play.level"), level),
      field("play-preset", t("home.play.rules"), preset)),
    h("p", { class: "row" },
      h("button", { type: "button", class: "primary", id: "play-now", text: t("home.play"),
        onclick: () => playNow(level.value, preset.value || DEFAULT_PRESET) }),
      h("a", { href: "#learn", class: "button", text: t("home.learn") })));
}
