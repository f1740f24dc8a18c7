// The rule sets' and rule options' names and meanings in the page's language: catalogue keys
// (`preset.NAME.name`, `preset.NAME.about`, `option.NAME.name`, `option.NAME.about`) that
// en.json takes from the engine's rules reference. A key the page's catalogue lacks shows the
// English sentence, marked lang="en"; a name no key has (a rule set of no preset's name) shows
// as the code it is.
import { h } from "./dom.js";
import { fallbackLang, has, t } from "./i18n.js";

// `tag` showing the text of `key`, or `code` (the engine's name, in English) without one.
export function ruleText(tag, key, code, attrs = {}) {
  return has(key)
    ? h(tag, { ...attrs, lang: fallbackLang(key), text: t(key) })
    : h(tag, { ...attrs, lang: "en", text: code });
}

export const presetName = (code, tag = "span", attrs = {}) =>
  ruleText(tag, `preset.${code}.name`, code, attrs);
export const presetAbout = (code, tag = "p", attrs = {}) =>
  ruleText(tag, `preset.${code}.about`, "", attrs);
export const optionName = (code, tag = "span") => ruleText(tag, `option.${code}.name`, code);
export const optionAbout = (code, meaning, tag = "dd") =>
  ruleText(tag, `option.${code}.about`, meaning);

// An option's code (or variation IDs) as the engine writes them (--set NAME=VALUE): never translated.
export const optionCode = (text) => h("code", { lang: "en", translate: "no", text });

// The sentence of ``key`` with its placeholder ``name`` filled by ``params[name]`` shown as the
// engine's code (`optionCode`: "Rules: classic+custom", "under standard scoring"), the rest in
// the page's language; a span.
export function withCode(key, params, name) {
  const mark = "\u0001";
  const [before, after = ""] = t(key, { ...params, [name]: mark }).split(mark);
  return h("span", {}, before, optionCode(params[name]), after);
}
