// The player's switches, remembered in localStorage: sort by suit, auto-pass, the table's
// sounds (off: muted), a buzz on your turn (off until turned on), the your-turn title, the
// four-colour deck, a hint picked on each turn. Each shows as a switch (a button with
// role="switch").
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { store } from "./state.js";

const DEFAULTS = {
  suit: false, autopass: false, sound: true, vibrate: false, title: true, colours: false,
  hints: false,
};

export function pref(name) {
  const kept = store.get(`bigtwo.pref.${name}`);
  return kept === null ? DEFAULTS[name] : kept === "1";
}

export function setPref(name, on) {
  store.set(`bigtwo.pref.${name}`, on ? "1" : "0");
}

// A switch for `name`, labelled from the catalogue (`label`, else `pref.NAME`); `changed` runs
// after a flip.
export function prefSwitch(name, changed = () => {}, label = `pref.${name}`) {
  const on = pref(name);
  return h("button", {
    type: "button",
    role: "switch",
    class: "switch",
    "aria-checked": on ? "true" : "false",
    "data-focus": `pref-${name}`,
    text: t(label),
    onclick: (e) => {
      setPref(name, !pref(name));
      e.currentTarget.setAttribute("aria-checked", pref(name) ? "true" : "false");
      changed(pref(name));
    },
  });
}

// The four-colour deck (spades black, hearts red, diamonds blue, clubs green), for people who
// tell red from black poorly: a class on the page that the cards' colours follow.
export function fourColours() {
  document.documentElement.classList.toggle("four-colour", pref("colours"));
}
