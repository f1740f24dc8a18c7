// The room's menu: a sheet (a modal <dialog>) that holds what is not played with: the link to
// share, the rules, leaving, the vote, the host's tools, the switches and the language (the
// header's picker is hidden at a phone's table). One button opens it;
// Tab stays inside it, Escape, the close button or a tap beside it close it, and the focus goes
// back to the button. Made once per room screen, so the updates that refill its parts leave it
// open.
import { accountButton } from "./account.js";
import { h, trap } from "./dom.js";
import { t } from "./i18n.js";
import { languagePicker } from "./language-picker.js";

const OPENER = '[data-focus="menu"]';

// The <dialog> with empty parts (ids `menu-share`, `menu-controls`, `menu-prefs`) to fill.
export function sheet() {
  const dialog = h(
    "dialog",
    {
      id: "menu",
      class: "sheet",
      "aria-labelledby": "menu-h",
      onclick: (e) => { if (e.target === dialog) dialog.close(); }, // the backdrop
      onkeydown: (e) => trap(e, dialog),
      onclose: () => {
        const opener = document.querySelector(OPENER); // redrawn meanwhile: found anew
        if (opener) opener.focus();
      },
    },
    h("div", { class: "sheet-body" },
      h("div", { class: "sheet-head" },
        h("h2", { id: "menu-h", text: t("room.menu.heading") }),
        h("button", { type: "button", "data-focus": "menu-close", text: t("room.menu.close"),
          onclick: () => dialog.close() })),
      h("div", { id: "menu-share", class: "share" }),
      h("div", { id: "menu-controls" }),
      h("div", { id: "menu-prefs" }),
      languagePicker(document.documentElement.lang, "menu-language"),
      h("p", { class: "row" }, accountButton())),
  );
  return dialog;
}

// The button that opens the sheet.
export function menuButton() {
  return h("button", {
    type: "button", class: "menu-button", "data-focus": "menu", "aria-haspopup": "dialog",
    "aria-controls": "menu", text: t("room.menu"),
    onclick: () => {
      const dialog = document.getElementById("menu");
      if (dialog && !dialog.open) dialog.showModal();
    },
  });
}
