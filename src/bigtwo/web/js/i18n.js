// The message catalogue: every string the page shows comes from i18n/<lang>.json. The language
// is the address's ?lang= if it has a catalogue, else the browser's first language that has one
// (a regional tag such as "pt-BR" also takes "pt"), else English. i18n/languages.json lists
// the catalogues. English is loaded under the chosen one, so a key it lacks still says
// something. The pseudo-locale is made from English here at load time rather than kept as a
// file: it can never fall behind en.json, and the page needs no build step.
import { PSEUDO, PSEUDO_RTL, pseudoCatalogue } from "./pseudo.js";

const FALLBACK = "en";
let catalogue = {};

async function json(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

// The first of `wanted` (language tags, best first) that `available` has, or English.
export function choose(available, wanted) {
  const known = new Map([...available, PSEUDO, PSEUDO_RTL].map((t) => [t.toLowerCase(), t]));
  for (const tag of wanted) {
    if (typeof tag !== "string" || !tag) continue;
    const lower = tag.toLowerCase();
    const found = known.get(lower) || known.get(lower.split("-")[0]);
    if (found) return found;
  }
  return FALLBACK;
}

// Load the catalogue of the page's language; that language's tag.
export async function load() {
  const asked = new URLSearchParams(location.search).get("lang");
  let available = [FALLBACK];
  try {
    available = Object.keys(await json("i18n/languages.json"));
  } catch {
    // English only
  }
  let lang = choose(available, [asked, ...(navigator.languages || [navigator.language])]);
  const english = await json(`i18n/${FALLBACK}.json`);
  let own = {};
  if (lang === PSEUDO || lang === PSEUDO_RTL) {
    own = pseudoCatalogue(english, lang);
  } else if (lang !== FALLBACK) {
    try {
      own = await json(`i18n/${lang}.json`);
    } catch {
      lang = FALLBACK;
    }
  }
  catalogue = { ...english, ...own };
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

export function has(key) {
  return Object.prototype.hasOwnProperty.call(catalogue, key);
}
