// The operator's page (#admin, linked from the person's page for operators only; the server
// answers 404 to anyone else): what needs attention, an action on a person by handle
// (suspend, restore, delete, grant or revoke the operator's role) that asks to be confirmed
// before it is sent, and the audit log's latest lines, each in words beside its code. Each
// action is logged by the server, naming the operator.
import { fill, h } from "./dom.js";
import { dateTime, fallbackLang, has, t } from "./i18n.js";
import { api } from "./net.js";
import { refusalText } from "./reading.js";

const ACTIONS = ["suspend", "restore", "delete", "grant", "revoke"];
const LINES = 50;

let pending = null; // the action waiting for its confirmation: { action, handle, reason }

export function adminScreen(root) {
  pending = null;
  fill(root, h("section", { class: "admin", "aria-labelledby": "admin-h" },
    h("h2", { id: "admin-h", text: t("admin.heading") }),
    h("p", { class: "row" },
      h("a", { href: "#me", class: "button", text: t("me.heading") }),
      h("a", { href: "#", class: "button", text: t("room.home") })),
    h("p", { id: "admin-said", role: "status", class: "hint" }),
    h("div", { id: "admin-body" })));
  draw();
}

async function draw() {
  const body = document.getElementById("admin-body");
  let attention;
  let audit;
  try {
    [attention, audit] = await Promise.all([
      api("api/admin/attention"), api(`api/admin/audit?size=${LINES}`)]);
  } catch (problem) {
    if (body) fill(body, h("p", { class: "error", text: refusalText(problem) }));
    return;
  }
  if (!body || !body.isConnected) return;
  fill(body,
    attentionPart(attention),
    actPart(),
    auditPart(audit.lines));
}

function said(text) {
  const line = document.getElementById("admin-said");
  if (line) line.textContent = text;
}

function attentionPart(a) {
  const list = (key, items, more) => h("section", { "aria-labelledby": `admin-${key}-h` },
    h("h3", { id: `admin-${key}-h`, text: t(`admin.${key}`) }),
    items.length
      ? h("ul", { class: "account-list" }, items.map((item) => h("li", {}, h("span", { text: item }), more && more(item))))
      : h("p", { class: "hint", text: t("admin.none") }));
  return h("section", { class: "card-box", "aria-labelledby": "admin-attention-h" },
    h("h2", { id: "admin-attention-h", text: t("admin.attention") }),
    list("suspended", a.suspended, (handle) => h("button", {
      type: "button", text: t("admin.action.restore"), onclick: () => ask("restore", handle, ""),
    })),
    list("operators", a.operators),
    list("rooms_unreadable", a.rooms_unreadable));
}

function actPart() {
  const handle = h("input", { id: "admin-handle", autocomplete: "off", spellcheck: "false", required: true });
  const action = h("select", { id: "admin-action" },
    ACTIONS.map((a) => h("option", { value: a, text: t(`admin.action.${a}`) })));
  const reason = h("input", { id: "admin-reason", maxlength: 200, autocomplete: "off" });
  const form = h("form", {
    class: "card-box", "aria-labelledby": "admin-act-h",
    onsubmit: (e) => {
      e.preventDefault();
      const who = handle.value.trim();
      if (who) ask(action.value, who, reason.value.trim());
    },
  },
  h("h2", { id: "admin-act-h", text: t("admin.act") }),
  h("p", { class: "field" }, h("label", { for: "admin-handle", text: t("admin.handle") }), handle),
  h("p", { class: "field" }, h("label", { for: "admin-action", text: t("admin.action") }), action),
  h("p", { class: "field" }, h("label", { for: "admin-reason", text: t("admin.reason") }), reason),
  h("p", { class: "row" }, h("button", { type: "submit", text: t("admin.go") })),
  h("div", { id: "admin-confirm" }));
  return form;
}

// The question before an action is sent: what will be done to whom, Confirm or Cancel.
function ask(action, handle, reason) {
  pending = { action, handle, reason };
  const box = document.getElementById("admin-confirm");
  if (!box) return;
  const confirm = h("button", { type: "button", class: "danger", text: t("admin.confirm"), onclick: () => send() });
  fill(box, h("div", { class: "admin-question", role: "group", "aria-labelledby": "admin-question" },
    h("p", { id: "admin-question", text: t(`admin.ask.${action}`, { handle }) }),
    h("p", { class: "row" }, confirm,
      h("button", { type: "button", text: t("admin.cancel"), onclick: () => { pending = null; fill(box); } }))));
  confirm.focus();
}

async function send() {
  const asked = pending;
  pending = null;
  if (!asked) return;
  try {
    const done = await api("api/admin/act", asked);
    said(t(`admin.done.${asked.action}`, { handle: done.handle }));
  } catch (problem) {
    said(refusalText(problem));
  }
  draw();
}

// What an audit line says happened, in words (a sign-in's with the way it was made), then its
// code, quieter: the code is what an operator searches the server's logs for. A code the page
// has no words for (a newer server's) shows alone.
function actionCell(line) {
  const reason = line.detail && line.detail.reason ? ` (${line.detail.reason})` : null;
  const base = `admin.audit.code.${line.action}`;
  const how = line.detail && typeof line.detail.how === "string" ? `${base}.${line.detail.how}` : "";
  const key = how && has(how) ? how : base;
  if (!has(key)) return h("td", {}, h("code", { text: line.action }), reason);
  return h("td", {}, h("span", { lang: fallbackLang(key), text: t(key) }), reason, " ",
    h("code", { class: "hint", text: line.action }));
}

function auditPart(lines) {
  return h("section", { class: "card-box", "aria-labelledby": "admin-audit-h" },
    h("h2", { id: "admin-audit-h", text: t("admin.audit") }),
    lines.length ? h("div", { class: "scroll-x" }, h("table", { class: "me-table" },
      h("thead", {}, h("tr", {},
        ["admin.audit.when", "admin.audit.action", "admin.audit.person", "admin.audit.by"]
          .map((k) => h("th", { scope: "col", text: t(k) })))),
      h("tbody", {}, lines.map((line) => h("tr", {},
        h("td", { text: dateTime(line.at) }),
        actionCell(line),
        h("td", { text: line.handle || t("admin.audit.gone") }),
        h("td", { text: line.by_server ? t("admin.audit.server") : line.actor || t("admin.audit.gone") }))))))
      : h("p", { class: "hint", text: t("admin.none") }));
}
