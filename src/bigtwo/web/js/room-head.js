// @ts-check
// The room's heading: its code, status, rules and progress, the button to the room's menu, and
// the room's link to share: shown in full with a copy button while it waits for players, then
// a copy button alone in the menu (for friends to watch), and an Invite button where the
// device can share (phones).
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { room } from "./reading.js";
import { withCode } from "./rule-text.js";
import { menuButton } from "./sheet.js";
import { S, shareLink } from "./state.js";

// What the last copy said: kept across the re-renders that every move brings.
const copyNote = { text: "" };

export function roomHead() {
  const r = room();
  const box = document.getElementById("room-head");
  if (!r) {
    fill(box, h("h2", { text: t("room.heading", { code: S.code || "" }) }));
    return;
  }
  const link = shareLink(r.code);
  const copied = h("span", { class: "hint", "aria-live": "polite", text: copyNote.text });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      copyNote.text = t("room.copied");
    } catch {
      copyNote.text = t("room.copy.failed");
    }
    copied.textContent = copyNote.text;
  };
  const share = navigator.share
    ? h("button", { type: "button", "data-focus": "invite", text: t("room.invite"),
      onclick: () => navigator.share({ title: t("app.title"), text: t("room.invite.text"),
        url: link }).catch(() => {}) })
    : null;
  const copyButton = h("button", { type: "button", "data-focus": "copy", text: t("room.copy"),
    onclick: copy });
  const state = /** @type {import("../types/protocol").State} */ (S.state); // room() found its room
  const view = state.view;
  const session = view && view.session;
  let progress = null;
  if (session && r.status !== "waiting") {
    // while a deal's summary shows, the deal in hand is that one, not the next
    const current = session.deals_played + (state.summary ? 0 : 1);
    progress = session.deals_target
      ? t("table.deals", { played: Math.min(current, session.deals_target),
        target: session.deals_target })
      : t("table.deals.open", { played: session.deals_played });
  }
  fill(
    box,
    h("div", { class: "head-row" },
      h("div", { class: "head-text" },
        h("h2", { text: t("room.heading", { code: r.code }) }),
        // the deal's number first: a phone shows this line on one row, cut where it ends
        h("p", { class: "status" },
          progress ? h("span", { text: progress }) : null,
          h("span", { text: t(`room.status.${r.status}`) }),
          withCode("room.rules", { rules: r.rules }, "rules"),
          S.seat === null ? h("span", { text: t("room.watching") }) : null)),
      menuButton()),
    r.status === "waiting"
      ? h("p", { class: "share" },
        h("label", { for: "share-link", text: t("room.share") }),
        h("input", { id: "share-link", readonly: true, value: link,
          onfocus: (e) => e.target.select() }),
        copyButton, share, copied)
      : null,
  );
  const shared = r.status === "playing" || r.status === "over";
  fill(document.getElementById("menu-share"), shared ? [copyButton, share, copied] : []);
}
