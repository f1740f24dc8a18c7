// The language picker in the page's header, on every screen (and a second one in the room's
// menu, for a phone's table, where the header is hidden): a labelled <select> of the
// languages the page has, each in its own name and marked with its own `lang`. A choice is kept
// for later visits (i18n.keep) and the page is loaded again in it: every screen, the log and
// the table's sentences included, is drawn afresh, and the seat is kept because its token lives
// in localStorage (a watching tab's mark in sessionStorage), which a reload keeps.
import { h } from "./dom.js";
import { keep, languages, t } from "./i18n.js";

// The picker showing `lang`; `id` tells a second one on the page from the header's.
export function languagePicker(lang, id = "language") {
  const names = languages();
  const select = h(
    "select",
    { id, onchange: (e) => choose(e.target.value) },
    Object.entries(names).map(([tag, name]) => h("option", { value: tag, lang: tag, text: name })),
  );
  // a pseudo-locale (en-XA) is in no list: the select shows no language rather than a wrong one
  select.value = lang in names ? lang : "";
  return h("p", { class: "language" }, h("label", { for: id, text: t("lang.label") }), select);
}

function choose(tag) {
  keep(tag);
  const url = new URL(location.href);
  if (url.searchParams.has("lang")) {
    url.searchParams.delete("lang"); // the address's ?lang= would win over the choice
    location.replace(url.href);
  } else {
    location.reload();
  }
}
