// The player's name: one field on every screen that asks for it, remembered in localStorage.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { say, store } from "./state.js";

export function nameField(id) {
  const input = h("input", {
    id,
    "data-focus": id,
    name: "name",
    autocomplete: "nickname",
    maxlength: 24,
    required: true,
    value: store.get("bigtwo.name") || "",
    oninput: (e) => store.set("bigtwo.name", e.target.value),
  });
  return h("p", { class: "field" }, h("label", { for: id, text: t("home.name") }), input);
}

export function myName() {
  const name = (store.get("bigtwo.name") || "").trim();
  if (!name) say(t("error.bad_name"));
  return name;
}
