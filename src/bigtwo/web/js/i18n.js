// The message catalogue: every string the page shows comes from i18n/<lang>.json.
let catalogue = {};

export async function load(lang = "en") {
  const response = await fetch(`i18n/${lang}.json`);
  catalogue = await response.json();
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
