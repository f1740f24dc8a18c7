// The person's profile form: display name (POST api/me), initials and a colour from a fixed
// palette (drawn by the page: there are no uploads), the languages they read, and the rules
// and bots' level they prefer (POST api/me/profile). The server checks every field; a field it
// refuses is named in words beside the form, and the focus goes to it.
import { fill, h } from "./dom.js";
import { has, languages as pageLanguages, t } from "./i18n.js";
import { api } from "./net.js";
import { refusalText } from "./reading.js";
import { presetName } from "./rule-text.js";
import { BOT_KINDS } from "./state.js";

// Each colour by its catalogue name; all of them hold white initials at AA contrast.
export const PALETTE = {
  green: "#2e7d5b", blue: "#1f5fa8", red: "#b3261e", orange: "#a84f00",
  purple: "#6a3d9a", teal: "#00695c", brown: "#6d4c41", grey: "#546e7a",
};

export async function profilePart(box, me) {
  let profile;
  let presets;
  try {
    [{ profile }, { presets }] = await Promise.all([
      api("api/me/profile"),
      fetch("api/rules").then((r) => r.json()),
    ]);
  } catch (problem) {
    fill(box, h("p", { class: "error", text: refusalText(problem) }));
    return;
  }
  if (!box.isConnected) return;
  const said = h("p", { id: "me-profile-said", role: "status", class: "hint" });
  const display = h("input", { id: "me-display", maxlength: 32, value: me.person.display_name,
    autocomplete: "nickname", placeholder: me.person.handle });
  const initials = h("input", { id: "me-initials", maxlength: 3, value: profile.initials,
    autocomplete: "off", oninput: () => preview() });
  const colours = h("fieldset", { class: "me-colours" },
    h("legend", { text: t("me.profile.colour") }),
    Object.entries(PALETTE).map(([name, hex]) => h("label", { class: "me-colour" },
      h("input", { type: "radio", name: "me-colour", value: hex, checked: profile.colour === hex,
        onchange: () => preview() }),
      swatch(hex, ""),
      h("span", { text: t(`me.colour.${name}`) }))));
  const languages = h("fieldset", { class: "me-languages" },
    h("legend", { text: t("me.profile.languages") }),
    Object.entries(pageLanguages()).map(([tag, name]) => h("label", { class: "field check", lang: tag },
      h("input", { type: "checkbox", name: "me-language", value: tag,
        checked: profile.languages.includes(tag) }),
      h("span", { text: name }))));
  const preset = h("select", { id: "me-preset" },
    presets.map((p) => h("option", { value: p.name }, presetName(p.name))));
  preset.value = profile.preset;
  const level = h("select", { id: "me-level" },
    BOT_KINDS.map((k) => h("option", { value: k, text: t(`kind.${k}`) })));
  level.value = profile.bot_level;
  const shown = h("span", { class: "me-preview" });
  const preview = () => fill(shown, swatch(chosenColour(colours, profile.colour),
    initials.value.trim()));
  preview();
  const form = h("form", { class: "card-box me-profile", "aria-labelledby": "me-profile-h",
    onsubmit: async (e) => {
      e.preventDefault();
      said.textContent = "";
      const changes = {
        initials: initials.value.trim(),
        colour: chosenColour(colours, profile.colour),
        languages: [...languages.querySelectorAll("input:checked")].map((i) => i.value),
        preset: preset.value,
        bot_level: level.value,
      };
      const fields = { display_name: display, initials, colour: colours, languages, preset, bot_level: level };
      try {
        const name = display.value.trim();
        if (name !== me.person.display_name) {
          me.person = (await api("api/me", { display_name: name })).person; // a line in the log
        }
        profile = (await api("api/me/profile", changes)).profile;
        said.textContent = t("me.profile.saved");
      } catch (problem) {
        said.textContent = refused(problem);
        const field = problem.params && problem.params.field;
        const at = fields[field] || (problem.code === "bad_display_name" ? display : null);
        if (at) (at.querySelector("input") || at).focus();
      }
    } },
  h("h2", { id: "me-profile-h", text: t("me.profile.heading") }),
  h("p", { class: "row" }, shown, h("span", { text: t("me.profile.handle", { handle: me.person.handle }) })),
  h("p", { class: "field" }, h("label", { for: "me-display", text: t("me.profile.display") }), display),
  h("p", { class: "field" }, h("label", { for: "me-initials", text: t("me.profile.initials") }), initials),
  colours,
  languages,
  h("p", { class: "field" }, h("label", { for: "me-preset", text: t("me.profile.preset") }), preset),
  h("p", { class: "field" }, h("label", { for: "me-level", text: t("me.profile.level") }), level),
  h("p", { class: "row" }, h("button", { type: "submit", class: "primary", text: t("me.profile.save") })),
  said);
  fill(box, form);
}

function chosenColour(colours, fallback) {
  const checked = colours.querySelector("input:checked");
  return checked ? checked.value : fallback;
}

// A round badge in `hex` holding `text` (the initials), as the tables may show the person.
export function swatch(hex, text) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 40 40");
  svg.setAttribute("class", "me-swatch");
  svg.setAttribute("aria-hidden", "true");
  const circle = document.createElementNS(svg.namespaceURI, "circle");
  for (const [k, v] of Object.entries({ cx: 20, cy: 20, r: 19, fill: hex })) circle.setAttribute(k, String(v));
  svg.append(circle);
  if (text) {
    const label = document.createElementNS(svg.namespaceURI, "text");
    for (const [k, v] of Object.entries({ x: 20, y: 25, "text-anchor": "middle" })) label.setAttribute(k, String(v));
    label.textContent = text;
    svg.append(label);
  }
  return svg;
}

// A refusal in words: a profile field the server refused by its own sentence here.
function refused(problem) {
  const field = problem && problem.params && problem.params.field;
  if (problem && problem.code === "bad_field" && has(`me.profile.bad.${field}`)) {
    return t(`me.profile.bad.${field}`);
  }
  if (!problem || !problem.code || problem.code === "network") return t("account.network");
  return refusalText(problem);
}
