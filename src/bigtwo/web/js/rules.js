// The rules page: a room's rules (#rules&room=CODE) or a preset's (#rules&preset=NAME) in
// words, every option with its value and meaning. The names and meanings are the catalogue's
// (rule-text.js); an option's code and value stay the engine's, as `bigtwo play --set` takes them.
import { fill, h } from "./dom.js";
import { has, t } from "./i18n.js";
import { optionAbout, optionName, presetAbout, presetName } from "./rule-text.js";

export function rulesScreen(root, params, say) {
  const code = (params.get("room") || "").trim().toUpperCase();
  const preset = params.get("preset") || "classic";
  const url = code
    ? `api/rooms/${encodeURIComponent(code)}/rules`
    : `api/rules/${encodeURIComponent(preset)}`;
  const body = h("div", { id: "rules-body" });
  fill(
    root,
    h("section", { class: "card-box rules", "aria-labelledby": "rules-h" },
      h("h2", { id: "rules-h", text: code ? t("rules.room", { code }) : t("rules.heading") }),
      body,
      h("p", { class: "row" },
        code ? h("a", { href: `#room=${code}`, class: "button", text: t("replay.back") }) : null,
        h("a", { href: "#", class: "button", text: t("room.home") }))),
  );
  load(url, body, say);
}

async function load(url, body, say) {
  let answer;
  try {
    const response = await fetch(url);
    answer = await response.json();
    if (!response.ok) {
      const key = `rules.error.${answer.code}`;
      say(has(key) ? t(key) : t("error.unknown", answer));
      return;
    }
  } catch {
    say(t("rules.error.unreachable"));
    return;
  }
  const changed = answer.options.filter((o) => o.changed).length;
  fill(
    body,
    h("p", { class: "status" },
      h("span", { text: t("rules.name", { name: answer.name }) }),
      presetLine(answer.preset),
      h("span", { text: t("rules.players", { players: answer.players }) })),
    presetAbout(answer.preset, "p", { class: "hint" }),
    h("p", { class: "hint",
      text: changed ? t("rules.changed.count", { count: changed }) : t("rules.changed.none") }),
    h("dl", { class: "rule-list" }, answer.options.flatMap((o) => [
      h("dt", {},
        optionName(o.name),
        // the code and value as typed in the rule-changes box: the engine's words, in English
        h("code", { lang: "en", translate: "no", text: t("rules.option", o) }),
        o.changed ? h("span", { class: "changed", text: t("rules.changed") }) : null),
      optionAbout(o.name, o.meaning),
    ])),
  );
}

// "Based on: NAME", the preset's name in the page's language where the catalogue has it.
function presetLine(preset) {
  const [before, after = ""] = t("rules.preset", { preset: "\u0000" }).split("\u0000");
  return h("span", {}, before, presetName(preset), after);
}
