// The message catalogue: every string the page shows comes from i18n/<lang>.json. The language
// is the address's ?lang= if it has a catalogue, else the one chosen with the page's language
// picker on an earlier visit (kept in localStorage), else the browser's first language that has
// one, else English. A tag is looked up as RFC 4647 does, dropping subtags from the end ("pt-BR"
// takes "pt", "zh-Hant-TW" takes "zh-Hant"), each form also through ALIASES: the tags browsers
// send for a catalogue named otherwise ("zh-TW" is the Taiwan catalogue "zh-Hant").
// i18n/languages.json lists the catalogues ("names") and which one a catalogue only amends
// ("parents": zh-HK holds only Hong Kong's own words over zh-Hant). The page loads English, then
// each parent, then the chosen catalogue over them, so a key one lacks still says something.
// The pseudo-locale is made from English here at load time rather than kept as a file: it can
// never fall behind en.json, and the page needs no build step.
import { PSEUDO, PSEUDO_RTL, pseudoCatalogue } from "./pseudo.js";

const FALLBACK = "en";
// lower-case tag (or a prefix of one) → the catalogue that speaks for it
const ALIASES = new Map([
  ["zh", "zh-Hans"], ["zh-cn", "zh-Hans"], ["zh-sg", "zh-Hans"], ["zh-my", "zh-Hans"],
  ["zh-tw", "zh-Hant"],
  ["zh-hk", "zh-HK"], ["zh-mo", "zh-HK"], ["zh-hant-hk", "zh-HK"], ["zh-hant-mo", "zh-HK"],
  ["tl", "fil"], ["in", "id"],
]);
const KEPT = "bigtwo.lang"; // the language picked on the page, kept across visits
let catalogue = {};
let origin = {}; // key → the tag of the catalogue whose sentence the page shows
let names = { [FALLBACK]: "English" };
let asked = []; // the tags the page was asked for, best first: address, kept choice, browser
let speaking = FALLBACK; // the page's language, for CLDR's plural rules and number forms
let pseudo = false; // the page is in a pseudo-locale

async function json(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

// The catalogue of `available` that speaks for one language tag, or null.
function match(available, tag) {
  if (typeof tag !== "string" || !tag) return null;
  const known = new Map([...available, PSEUDO, PSEUDO_RTL].map((t) => [t.toLowerCase(), t]));
  const subtags = tag.toLowerCase().split(/[-_]/);
  for (let n = subtags.length; n > 0; n--) {
    const prefix = subtags.slice(0, n).join("-");
    const found = known.get(prefix) || known.get((ALIASES.get(prefix) || "").toLowerCase());
    if (found) return found;
  }
  return null;
}

// The first of `wanted` (language tags, best first) that `available` has, or English.
export function choose(available, wanted) {
  for (const tag of wanted) {
    const found = match(available, tag);
    if (found) return found;
  }
  return FALLBACK;
}

// The tags asked for (the address's, the kept choice, the browser's) that the page's language
// `lang` speaks for, best first: "en-SG" for a Singapore browser shown English. Where the player
// is, for the rules the form offers first.
export function askedFor(lang) {
  return asked.filter((tag) => match(Object.keys(names), tag) === lang);
}

// The languages the page has, tag → the language's own name, as languages.json lists them.
export function languages() {
  return { ...names };
}

function kept() {
  try {
    return localStorage.getItem(KEPT);
  } catch {
    return null; // storage refused (a private window's settings): the browser's languages
  }
}

// Keep `tag` as the page's language for later visits (the picker's choice).
export function keep(tag) {
  try {
    localStorage.setItem(KEPT, tag);
  } catch {
    // not kept: this visit only
  }
}

// `lang` and the catalogues it amends, nearest first ("zh-HK", "zh-Hant"); English not included.
export function lineage(lang, parents) {
  const chain = [];
  for (let tag = lang; tag && tag !== FALLBACK && !chain.includes(tag); tag = parents[tag]) {
    chain.push(tag);
  }
  return chain;
}

// Load the catalogue of the page's language over its parents' and English; that language's tag.
export async function load() {
  let listed = { names: { [FALLBACK]: "English" }, parents: {} };
  try {
    listed = await json("i18n/languages.json");
  } catch {
    // English only
  }
  names = listed.names;
  const browser = navigator.languages || [navigator.language];
  asked = [new URLSearchParams(location.search).get("lang"), kept(), ...browser]
    .filter((tag) => typeof tag === "string" && tag);
  let lang = choose(Object.keys(names), asked);
  const english = await json(`i18n/${FALLBACK}.json`);
  const layers = [[FALLBACK, english]];
  if (lang === PSEUDO || lang === PSEUDO_RTL) {
    layers.push([lang, pseudoCatalogue(english, lang)]);
  } else {
    try {
      const chain = lineage(lang, listed.parents || {}).reverse();
      const loaded = await Promise.all(chain.map((tag) => json(`i18n/${tag}.json`)));
      layers.push(...chain.map((tag, i) => [tag, loaded[i]]));
    } catch {
      lang = FALLBACK; // a catalogue the server lacks: all English rather than a patchwork
    }
  }
  pseudo = lang === PSEUDO || lang === PSEUDO_RTL;
  speaking = pseudo ? FALLBACK : lang;
  catalogue = {};
  origin = {};
  for (const [tag, layer] of layers) {
    Object.assign(catalogue, layer);
    for (const key of Object.keys(layer)) origin[key] = tag;
  }
  return lang;
}

// The languages written right to left (by their main subtag), where the browser can't say.
const RTL = new Set(["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ps", "sd", "ug", "ur", "yi"]);

// "rtl" or "ltr": how the language `tag` is written (the page's <html dir>).
export function direction(tag) {
  if (tag === PSEUDO_RTL) return "rtl";
  try {
    const locale = new Intl.Locale(tag);
    const info = locale.getTextInfo ? locale.getTextInfo() : locale.textInfo;
    if (info && info.direction) return info.direction;
  } catch {
    // not a tag Intl reads: by the list
  }
  return RTL.has(tag.toLowerCase().split("-")[0]) ? "rtl" : "ltr";
}

// The catalogue's text for `key`, its {placeholders} filled from `params` (as text).
export function t(key, params = {}) {
  const text = Object.prototype.hasOwnProperty.call(catalogue, key) ? catalogue[key] : key;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole);
}

// Items said one after another as the language separates them ("，" in Chinese, ", " in
// the others): the catalogue's `list.separator`.
export function list(items) {
  return items.join(t("list.separator"));
}

// The sentence about `count` things: `key.<category>` for the page language's CLDR plural
// category of `count` (zero, one, two, few, many, other) where the catalogue has it, else
// `key`; {count} is the number as the language writes it unless `params` give it otherwise.
export function count(key, n, params = {}) {
  let category = "other";
  try {
    category = new Intl.PluralRules(speaking).select(n);
  } catch {
    category = n === 1 ? "one" : "other"; // no Intl: English's rule
  }
  const chosen = has(`${key}.${category}`) ? `${key}.${category}` : key;
  return t(chosen, { count: number(n), ...params });
}

// `value` as the page's language writes numbers (grouping, decimal sign); with its sign even
// when positive where `signed` (a score, an amount).
export function number(value, signed = false) {
  try {
    return new Intl.NumberFormat(speaking, signed ? { signDisplay: "exceptZero" } : {})
      .format(value);
  } catch {
    return String(value);
  }
}

// A moment (seconds since 1970) as the page's language writes a day and time, in the
// browser's own time zone; in digits alone in a pseudo-locale, which has no month names.
export function dateTime(seconds) {
  const moment = new Date(seconds * 1000);
  const style = pseudo
    ? { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }
    : { dateStyle: "medium", timeStyle: "short" };
  try {
    return new Intl.DateTimeFormat(speaking, /** @type {Intl.DateTimeFormatOptions} */ (style)).format(moment);
  } catch {
    return moment.toISOString();
  }
}

export function has(key) {
  return Object.prototype.hasOwnProperty.call(catalogue, key);
}

// "en" where the page's catalogues lack `key` and the English sentence shows, else null: the
// `lang` of an element that shows it (null: the page's own).
export function fallbackLang(key) {
  return origin[key] === FALLBACK ? FALLBACK : null;
}
