// The room's heading: its code, status, rules and progress, and while it waits for players
// the share link with a copy button.
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { room } from "./reading.js";
import { S, shareLink } from "./state.js";

export function roomHead() {
  const r = room();
  const box = document.getElementById("room-head");
  if (!r) {
    fill(box, h("h2", { text: t("room.heading", { code: S.code || "" }) }));
    return;
  }
  const link = shareLink(r.code);
  const copied = h("span", { class: "hint", "aria-live": "polite" });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      copied.textContent = t("room.copied");
    } catch {
      copied.textContent = t("room.copy.failed");
    }
  };
  const view = S.state.view;
  const session = view && view.session;
  let progress = null;
  if (session && r.status !== "waiting") {
    progress = session.deals_target
      ? t("table.deals", { played: Math.min(session.deals_played + 1, session.deals_target),
        target: session.deals_target })
      : t("table.deals.open", { played: session.deals_played });
  }
  fill(
    box,
    h("h2", { text: t("room.heading", { code: r.code }) }),
    h("p", { class: "status" },
      h("span", { text: t(`room.status.${r.status}`) }),
      h("span", { text: t("room.rules", { rules: r.rules }) }),
      progress ? h("span", { text: progress }) : null,
      S.seat === null ? h("span", { text: t("room.watching") }) : null),
    r.status === "waiting"
      ? h("p", { class: "share" },
        h("label", { for: "share-link", text: t("room.share") }),
        h("input", { id: "share-link", readonly: true, value: link,
          onfocus: (e) => e.target.select() }),
        h("button", { type: "button", "data-focus": "copy", text: t("room.copy"), onclick: copy }),
        copied)
      : null,
  );
}
