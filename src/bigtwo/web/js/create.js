// The form that opens a room: the rules (the presets as a list of radio buttons, each by its
// name with its line on who plays that way in view, so a person compares them; its players, every option as a control starting at the preset's value: rule-controls.js), the
// other seats, the session's length. The preset offered first is the one the player's language
// implies (region.js): Hong Kong's rules for a zh-HK browser.
import { fill, h } from "./dom.js";
import { askedFor, t } from "./i18n.js";
import { myName } from "./name-field.js";
import { DEFAULT_PRESET, regionalPreset } from "./region.js";
import { ruleControls } from "./rule-controls.js";
import { presetAbout, presetName } from "./rule-text.js";
import { enter } from "./session.js";
import { S, SEAT_KINDS } from "./state.js";

const PACES = ["normal", "fast", "instant"]; // how soon each bot moves (protocol.PACES)

export function createForm() {
  // the presets' radio buttons, once the server lists them; `chosen` reads the checked one
  const presetList = h("fieldset", { id: "preset", class: "presets" },
    h("legend", { text: t("create.preset") }));
  const chosen = () => {
    const on = presetList.querySelector("input[name=preset]:checked");
    return on ? on.value : DEFAULT_PRESET;
  };
  const players = h("input", { id: "players", type: "number", min: 2, max: 8, value: 4 });
  const seatsBox = h("div", { class: "seats-choice" });
  const deals = h("input", { id: "deals", type: "number", min: 1, max: 1000, inputmode: "numeric" });
  const target = h("input", { id: "target", type: "number", min: 1, inputmode: "numeric" });
  const timer = h("input", { id: "timer", type: "number", min: 0, max: 3600, value: 0 });
  const isPublic = h("input", { id: "public", type: "checkbox", checked: true });
  const pause = h("input", { id: "pause", type: "number", min: 0, max: 300, value: 30,
    inputmode: "numeric" });
  const spectatorsChat = h("input", { id: "spectators-chat", type: "checkbox" });
  const pace = h("select", { id: "pace", "aria-describedby": "pace-hint" },
    PACES.map((p) => h("option", { value: p, text: t(`pace.${p}`) })));
  const optionBox = h("details", { class: "rule-options" },
    h("summary", { text: t("create.options.help") }));
  let controls = null; // the rule options' controls, once the server lists the options
  const about = h("div", { id: "preset-about", class: "hint", "aria-live": "polite" });

  const drawSeats = () => {
    const n = Math.max(2, Math.min(8, Number(players.value) || 4));
    const before = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    fill(
      seatsBox,
      Array.from({ length: n - 1 }, (_, i) => {
        const id = `seat-${i + 1}`;
        const select = h(
          "select",
          { id },
          SEAT_KINDS.map((k) => h("option", { value: k, text: t(`kind.${k}`) })),
        );
        select.value = before[i] || "open";
        return h("p", { class: "field" },
          h("label", { for: id, text: t("create.seat", { n: i + 2 }) }), select);
      }),
    );
  };
  players.addEventListener("input", drawSeats);
  const rulesLink = h("a", { class: "button", target: "_blank", rel: "noopener",
    href: `#rules&preset=${DEFAULT_PRESET}`, text: t("create.rules") });
  let regional = null; // the preset the player's language implies, once the server lists it
  const presetChanged = (picked = true) => {
    const name = chosen();
    rulesLink.href = `#rules&preset=${encodeURIComponent(name)}`;
    const preset = S.rules.presets.find((p) => p.name === name);
    if (preset && picked) players.value = preset.players; // not over a count typed meanwhile
    if (preset && controls) controls.show(preset.options);
    fill(about,
      name === regional
        ? h("p", { id: "preset-region",
          text: t(`create.regional.${name}`) })
        : null);
    drawSeats();
  };
  presetList.addEventListener("change", () => presetChanged());
  drawSeats();
  fetch("api/rules")
    .then((r) => r.json())
    .then((data) => {
      S.rules = data;
      const implied = regionalPreset(askedFor(document.documentElement.lang));
      regional = data.presets.some((p) => p.name === implied) ? implied : null;
      const first = regional || DEFAULT_PRESET;
      presetList.append(...data.presets.map((p) => presetChoice(p.name, p.name === first)));
      // the players field above is the control of the option "players"
      controls = ruleControls(data.options.filter((o) => o.name !== "players"));
      optionBox.append(controls.element);
      if (PACES.includes(data.pace)) pace.value = data.pace; // the server's own default
      if (Number.isFinite(data.pause)) pause.value = data.pause; // and its rest between deals
      presetChanged(false);
    })
    .catch(() => {});

  const submit = (e) => {
    e.preventDefault();
    const name = myName();
    if (!name) return;
    const changes = controls ? controls.changes() : {};
    const message = {
      type: "create",
      name,
      preset: chosen(),
      players: Number(players.value) || undefined,
      options: changes,
      seats: [...seatsBox.querySelectorAll("select")].map((s) => s.value),
      turn_seconds: Number(timer.value) || 0,
      pace: pace.value,
      pause_seconds: Math.max(0, Math.min(300, Number(pause.value) || 0)),
      public: isPublic.checked,
      spectators_chat: spectatorsChat.checked,
    };
    if (deals.value) message.deals = Number(deals.value);
    if (target.value) message.target = Number(target.value);
    S.intent = message;
    S.token = null;
    S.code = null;
    enter();
  };
  const field = (id, label, input) =>
    h("p", { class: "field" }, h("label", { for: id, text: label }), input);
  return h(
    "form",
    { class: "card-box", onsubmit: submit, "aria-labelledby": "create-h" },
    h("h2", { id: "create-h", text: t("home.create.heading") }),
    presetList,
    about,
    rulesLink,
    field("players", t("create.players"), players),
    seatsBox,
    field("deals", t("create.deals"), deals),
    field("target", t("create.target"), target),
    field("timer", t("create.timer"), timer),
    field("pace", t("create.pace"), pace),
    // what "like a person" means, under the list rather than in it: an option that long was
    // cut off on a 360 px phone in every language written in Latin letters
    h("p", { class: "hint", id: "pace-hint", text: t("create.pace.hint") }),
    field("pause", t("create.pause"), pause),
    h("p", { class: "field check" }, isPublic, h("label", { for: "public", text: t("create.public") })),
    h("p", { class: "field check" }, spectatorsChat,
      h("label", { for: "spectators-chat", text: t("chat.spectators.allow") })),
    optionBox,
    h("button", { type: "submit", class: "primary", text: t("home.create") }),
  );
}

// One preset's radio button: named by the preset's name alone and described by its line on
// who plays that way, both shown and both a place to click.
function presetChoice(name, checked) {
  const id = `preset-${name}`;
  const radio = h("input", { type: "radio", name: "preset", id, value: name, checked,
    "aria-labelledby": `${id}-name`, "aria-describedby": `${id}-about` });
  return h("div", { class: "preset-choice" },
    radio,
    h("label", { for: id },
      presetName(name, "span", { id: `${id}-name`, class: "preset-name" }),
      presetAbout(name, "span", { id: `${id}-about`, class: "hint" })));
}
