// Every rule option as a labelled control, grouped as /api/rules groups them (a fieldset with a
// legend each), with its one-line meaning and its variation IDs: a checkbox for yes/no, a select
// of the engine's words for a choice, a number field, a checkbox per straight length. The
// controls start at a preset's values (`show`); `changes` gives what differs from them as the
// rule-changes of a `create` message take it (NAME=VALUE text, as `bigtwo play --set`).
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { optionAbout, optionCode, optionName } from "./rule-text.js";

// A value as the server reads it in NAME=VALUE (yes/no, numbers, "3,5", "none", a word).
export function typed(value) {
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.join(",");
  return value === null || value === undefined ? "none" : String(value);
}

const idOf = (name) => `opt-${name}`;

// One option's control: [the element, read() -> typed text, write(value)].
function control(o) {
  const id = idOf(o.name);
  const about = `${id}-about`;
  if (o.control === "lengths") {
    const boxes = [];
    for (let n = o.min; n <= o.max; n++) {
      boxes.push(h("input", { type: "checkbox", id: `${id}-${n}`, value: n }));
    }
    const el = h("fieldset", { class: "lengths", id, "aria-describedby": about },
      h("legend", {}, optionName(o.name)),
      boxes.map((b) => h("span", { class: "check" }, b, h("label", { for: b.id, text: b.value }))));
    const read = () => boxes.filter((b) => b.checked).map((b) => b.value).join(",");
    const write = (v) => { for (const b of boxes) b.checked = v.includes(Number(b.value)); };
    return [el, read, write];
  }
  let input;
  if (o.control === "yes-no") input = h("input", { type: "checkbox", id });
  else if (o.control === "choice") {
    input = h("select", { id, lang: "en" }, o.choices.map((c) => h("option", { value: c, text: c })));
  } else {
    input = h("input", { type: "number", id, min: o.min, max: o.max, inputmode: "numeric" });
  }
  input.setAttribute("aria-describedby", about);
  const label = h("label", { for: id }, optionName(o.name));
  const el = o.control === "yes-no"
    ? h("span", { class: "check" }, input, label)
    : h("span", { class: "field" }, label, input);
  const read = () => {
    if (o.control === "yes-no") return input.checked ? "yes" : "no";
    return o.blank && input.value === "" ? "none" : input.value;
  };
  const write = (v) => {
    if (o.control === "yes-no") input.checked = Boolean(v);
    else input.value = v === null ? "" : String(v);
  };
  return [el, read, write];
}

// The grouped controls for `options` (/api/rules), and how to set and read them.
export function ruleControls(options) {
  const made = new Map(); // option name -> [read, write]
  const groups = new Map();
  for (const o of options) {
    const [el, read, write] = control(o);
    made.set(o.name, [read, write]);
    const line = h("div", { class: "rule-option" }, el,
      h("p", { id: `${idOf(o.name)}-about`, class: "hint" },
        optionAbout(o.name, o.meaning, "span"), " ",
        optionCode(o.ids.join(" "))));
    if (!groups.has(o.group)) groups.set(o.group, []);
    groups.get(o.group).push(line);
  }
  const element = h("div", { class: "rule-groups" },
    [...groups].map(([group, lines]) => h("fieldset", { class: "rule-group" },
      h("legend", { text: t(`create.group.${group}`) }), lines)));
  let base = {};
  return {
    element,
    // Start every control at `values` (a preset's options, /api/rules).
    show(values) {
      base = values;
      for (const [name, [, write]] of made) if (name in values) write(values[name]);
    },
    // The options set otherwise than the values shown last: {name: text}.
    changes() {
      const out = {};
      for (const [name, [read]] of made) {
        if (read() !== typed(base[name])) out[name] = read();
      }
      return out;
    },
  };
}
