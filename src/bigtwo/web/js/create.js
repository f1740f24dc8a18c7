// The form that opens a room: the rules (a preset, its players, any option changed, each
// option's meaning), the other seats, the session's length. The preset offered first is the
// one the player's language implies (region.js): Hong Kong's rules for a zh-HK browser.
import { fill, h } from "./dom.js";
import { askedFor, t } from "./i18n.js";
import { myName } from "./name-field.js";
import { DEFAULT_PRESET, regionalPreset } from "./region.js";
import { optionAbout, optionCode, optionName, presetAbout, presetName } from "./rule-text.js";
import { enter } from "./session.js";
import { S, SEAT_KINDS } from "./state.js";

const PACES = ["normal", "fast", "instant"]; // how soon each bot moves (protocol.PACES)

export function createForm() {
  const presetSelect = h("select", { id: "preset", name: "preset" });
  const players = h("input", { id: "players", type: "number", min: 2, max: 8, value: 4 });
  const seatsBox = h("div", { class: "seats-choice" });
  const deals = h("input", { id: "deals", type: "number", min: 1, max: 1000, inputmode: "numeric" });
  const target = h("input", { id: "target", type: "number", min: 1, inputmode: "numeric" });
  const timer = h("input", { id: "timer", type: "number", min: 0, max: 3600, value: 0 });
  const isPublic = h("input", { id: "public", type: "checkbox", checked: true });
  const spectatorsChat = h("input", { id: "spectators-chat", type: "checkbox" });
  const pace = h("select", { id: "pace" },
    PACES.map((p) => h("option", { value: p, text: t(`pace.${p}`) })));
  const options = h("textarea", { id: "options", rows: 2, spellcheck: "false" });
  const optionList = h("dl", { class: "options-help" });
  const about = h("div", { id: "preset-about", class: "hint", "aria-live": "polite" });
  presetSelect.setAttribute("aria-describedby", "preset-about");

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
    const name = presetSelect.value;
    rulesLink.href = `#rules&preset=${encodeURIComponent(name)}`;
    const preset = S.rules.presets.find((p) => p.name === name);
    if (preset && picked) players.value = preset.players; // not over a count typed meanwhile
    fill(about,
      name === regional
        ? h("p", { id: "preset-region",
          text: t(`create.regional.${name}`) })
        : null,
      presetAbout(name));
    drawSeats();
  };
  presetSelect.addEventListener("change", () => presetChanged());
  drawSeats();
  fetch("api/rules")
    .then((r) => r.json())
    .then((data) => {
      S.rules = data;
      fill(presetSelect, data.presets.map((p) => presetName(p.name, "option", { value: p.name })));
      fill(optionList, data.options.flatMap((o) => [
        h("dt", {}, optionName(o.name), " ", optionCode(o.name)),
        optionAbout(o.name, o.meaning),
      ]));
      const implied = regionalPreset(askedFor(document.documentElement.lang));
      regional = data.presets.some((p) => p.name === implied) ? implied : null;
      presetSelect.value = regional || DEFAULT_PRESET;
      if (PACES.includes(data.pace)) pace.value = data.pace; // the server's own default
      presetChanged(false);
    })
    .catch(() => {});

  const submit = (e) => {
    e.preventDefault();
    const name = myName();
    if (!name) return;
    const changes = {};
    for (const line of options.value.split("\n")) {
      const [key, ...rest] = line.split("=");
      if (key.trim() && rest.length) changes[key.trim()] = rest.join("=").trim();
    }
    const message = {
      type: "create",
      name,
      preset: presetSelect.value || DEFAULT_PRESET,
      players: Number(players.value) || undefined,
      options: changes,
      seats: [...seatsBox.querySelectorAll("select")].map((s) => s.value),
      turn_seconds: Number(timer.value) || 0,
      pace: pace.value,
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
    field("preset", t("create.preset"), presetSelect),
    about,
    rulesLink,
    field("players", t("create.players"), players),
    seatsBox,
    field("deals", t("create.deals"), deals),
    field("target", t("create.target"), target),
    field("timer", t("create.timer"), timer),
    field("pace", t("create.pace"), pace),
    h("p", { class: "field check" }, isPublic, h("label", { for: "public", text: t("create.public") })),
    h("p", { class: "field check" }, spectatorsChat,
      h("label", { for: "spectators-chat", text: t("chat.spectators.allow") })),
    field("options", t("create.options"), options),
    h("details", {}, h("summary", { text: t("create.options.help") }), optionList),
    h("button", { type: "submit", class: "primary", text: t("home.create") }),
  );
}
