// While the connection is lost, what would speak to the server is disabled and the line under
// the hand says why (the banner says the page is reconnecting). Nothing pressed meanwhile is
// kept to send later (net.js keeps no queue): once back, the table is drawn anew and enabled.
import { t } from "./i18n.js";
import { S } from "./state.js";

const SENDS = [
  "#hand-box .actions button[data-focus=play]", "#hand-box .actions button[data-focus=pass]",
  "#side button", "#controls button:not([role=switch])", ".chat-form button",
].join(", ");

export function offline() {
  if (S.connected && !S.restarting) return;
  for (const button of document.querySelectorAll(SENDS)) button.disabled = true;
  const line = document.getElementById("hand-hint");
  if (line) line.textContent = t("offline.actions");
}
