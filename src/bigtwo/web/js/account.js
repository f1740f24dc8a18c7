// The account sheet (a modal <dialog>, opened from the home screen and from the room's menu):
// who this browser plays as and its handle, passkeys (make an account, sign in, add, name,
// remove), recovery codes (made and shown once; signing in with one), passwords where the
// server has them on, this person's devices (revoke one) and signing out. Where passkeys
// can't work (an IP address, plain http, a browser without them) it says why: guests play on.
// Every request goes through net.js's `api`, which carries the CSRF token.
import { fill, h, trap } from "./dom.js";
import { t } from "./i18n.js";
import { api, identify } from "./net.js";
import * as passkey from "./passkey.js";
import { refusalText } from "./reading.js";

let opener = null; // the button that opened the sheet: the focus goes back to it
let said = { text: "", bad: false }; // the outcome of the last thing done here
let fresh = []; // recovery codes just made: shown until the person says they saved them

// The button that opens the sheet.
export function accountButton() {
  return h("button", {
    type: "button", class: "account-button", "data-focus": "account", "aria-haspopup": "dialog",
    "aria-controls": "account", text: t("account.open"),
    onclick: (e) => openAccount(e.currentTarget),
  });
}

// Open the sheet (made on first use, outside <main>, so a change of screen leaves it be).
export function openAccount(from) {
  opener = from;
  let dialog = document.getElementById("account");
  if (!dialog) {
    dialog = made();
    document.body.append(dialog);
  }
  said = { text: "", bad: false };
  if (!dialog.open) dialog.showModal();
  draw();
}

function made() {
  const dialog = h(
    "dialog",
    {
      id: "account", class: "sheet account", "aria-labelledby": "account-h",
      onclick: (e) => { if (e.target === dialog) dialog.close(); }, // the backdrop
      onkeydown: (e) => trap(e, dialog),
      onclose: () => {
        fresh = [];
        if (opener && opener.isConnected) opener.focus();
      },
    },
    h("div", { class: "sheet-body" },
      h("div", { class: "sheet-head" },
        h("h2", { id: "account-h", text: t("account.heading") }),
        h("button", { type: "button", text: t("account.close"), onclick: () => dialog.close() })),
      h("p", { id: "account-said", role: "status", class: "hint" }),
      h("div", { id: "account-body", class: "account-body" })),
  );
  return dialog;
}

// What a refusal or a failed ceremony says to the person.
function words(problem) {
  if (problem instanceof Error || (problem && problem.name)) {
    if (problem.name === "InvalidStateError") return t("account.passkeys.exists");
    if (problem.name === "NotAllowedError" || problem.name === "AbortError") {
      return t("account.passkeys.cancelled");
    }
    return t("account.passkeys.failed");
  }
  if (!problem || problem.code === "network" || !problem.code) return t("account.network");
  return refusalText(problem);
}

// Do `work` (its answer: what to say), then draw the sheet again.
async function act(work) {
  try {
    said = { text: (await work()) || "", bad: false };
  } catch (problem) {
    said = { text: words(problem), bad: true };
  }
  await draw();
}

function when(seconds) {
  try {
    return new Intl.DateTimeFormat(document.documentElement.lang || "en",
      { dateStyle: "medium", timeStyle: "short" }).format(new Date(seconds * 1000));
  } catch {
    return new Date(seconds * 1000).toISOString().slice(0, 16).replace("T", " ");
  }
}

async function draw() {
  const body = document.getElementById("account-body");
  const note = document.getElementById("account-said");
  if (!body || !note) return;
  let me;
  let devices = [];
  let keys = [];
  let left = null;
  try {
    me = await identify(true);
    if (!me) throw { code: "network" };
    const account = me.person.kind === "account";
    [devices, keys, left] = await Promise.all([
      api("api/me/sessions").then((a) => a.sessions),
      api("api/me/passkeys").then((a) => a.passkeys),
      account ? api("api/me/recovery-codes").then((a) => a.left) : null,
    ]);
  } catch (problem) {
    note.textContent = words(problem);
    note.className = "error";
    return;
  }
  note.textContent = said.text;
  note.className = said.bad ? "error" : "hint";
  // after a refusal, what was typed stays to be corrected (a handle, a code), but no password
  const typed = said.bad
    ? [...body.querySelectorAll("input:not([type=password])")].map((i) => [i.id, i.value])
    : [];
  const account = me.person.kind === "account";
  fill(body,
    h("p", { text: account
      ? t("account.signed_in", { handle: me.person.handle })
      : t("account.guest", { handle: me.person.handle }) }),
    handleForm(me.person.handle),
    passkeySection(account, keys),
    recoverySection(account, left),
    me.passwords ? passwordSection(account) : null,
    deviceSection(devices),
    account
      ? h("p", { class: "row" }, h("button", { type: "button", "data-focus": "sign-out",
        text: t("account.sign_out"),
        onclick: () => act(async () => {
          await api("api/signout", {}, true);
          return t("account.signed_out");
        }) }))
      : null);
  for (const [id, value] of typed) {
    const input = document.getElementById(id);
    if (input && body.contains(input)) input.value = value;
  }
}

// A labelled input, its id under the sheet.
function field(id, label, attrs = {}) {
  const input = h("input", { id, "data-focus": id, autocomplete: "off", ...attrs });
  return [h("p", { class: "field" }, h("label", { for: id, text: label }), input), input];
}

function form(submit, ...children) {
  return h("form", { onsubmit: (e) => { e.preventDefault(); act(submit); } }, ...children);
}

function handleForm(handle) {
  const [row, input] = field("account-handle", t("account.handle"),
    { value: handle, required: true, maxlength: 20, autocapitalize: "none" });
  return form(async () => {
    await api("api/me", { handle: input.value.trim() });
    return t("account.handle.saved");
  }, row, h("button", { type: "submit", "data-focus": "account-handle-save",
    text: t("account.handle.save") }));
}

function passkeySection(account, keys) {
  const why = passkey.unavailable();
  const box = h("section", { class: "account-part", "aria-labelledby": "passkeys-h" },
    h("h3", { id: "passkeys-h", text: t("account.passkeys.heading") }));
  if (why) {
    box.append(h("p", { class: "hint", id: "passkeys-unavailable",
      text: t(`account.unavailable.${why}`) }));
    return box;
  }
  box.append(h("p", { class: "hint", text: t("account.passkeys.about") }));
  if (keys.length) {
    box.append(h("ul", { class: "account-list" }, keys.map((k) => h("li", {},
      h("span", { text: `${k.name} · ${t("account.passkeys.added_on", { date: when(k.created) })}` }),
      h("button", { type: "button", text: t("account.passkeys.remove", { name: k.name }),
        onclick: () => act(async () => {
          await api(`api/me/passkeys/${encodeURIComponent(k.id)}/remove`, {});
          return t("account.passkeys.removed");
        }) })))));
  }
  const [row, name] = field("passkey-name", t("account.passkeys.name"),
    { value: t("account.passkeys.default", { n: keys.length + 1 }), maxlength: 64 });
  box.append(form(async () => {
    const options = await api("api/passkeys/register/begin", {});
    const credential = await passkey.create(options);
    await api("api/passkeys/register/finish", { credential, name: name.value.trim() });
    return t(account ? "account.passkeys.added" : "account.passkeys.made");
  }, row, h("button", { type: "submit", class: account ? null : "primary", "data-focus": "passkey-add",
    text: t(account ? "account.passkeys.add" : "account.passkeys.create") })));
  if (!account) {
    box.append(h("p", { class: "row" }, h("button", { type: "button", "data-focus": "passkey-sign-in",
      text: t("account.passkeys.sign_in"),
      onclick: () => act(async () => {
        const options = await api("api/passkeys/sign-in/begin", {});
        const credential = await passkey.get(options);
        const me = await api("api/passkeys/sign-in/finish", { credential }, true);
        return t("account.signed_in", { handle: me.person.handle });
      }) })));
  }
  return box;
}

function recoverySection(account, left) {
  const box = h("section", { class: "account-part", "aria-labelledby": "recovery-h" },
    h("h3", { id: "recovery-h", text: t("account.recovery.heading") }));
  if (!account) {
    const [handleRow, handle] = field("recover-handle", t("account.sign_in.handle"),
      { required: true, autocapitalize: "none", autocomplete: "username" });
    const [codeRow, code] = field("recover-code", t("account.recovery.code"),
      { required: true, autocapitalize: "none" });
    box.append(form(async () => {
      const me = await api("api/recover", { handle: handle.value.trim(), code: code.value }, true);
      return t("account.signed_in", { handle: me.person.handle });
    }, handleRow, codeRow, h("button", { type: "submit", "data-focus": "recover",
      text: t("account.recovery.sign_in") })));
    return box;
  }
  if (fresh.length) {
    box.append(h("p", { class: "hint", text: t("account.recovery.about") }),
      h("ol", { class: "recovery-codes", id: "recovery-codes" },
        fresh.map((c) => h("li", {}, h("code", { text: c })))),
      h("p", { class: "row" }, h("button", { type: "button", "data-focus": "recovery-saved",
        text: t("account.recovery.saved"),
        onclick: () => act(async () => { fresh = []; return ""; }) })));
    return box;
  }
  box.append(h("p", { text: t("account.recovery.left", { count: left ?? 0 }) }),
    h("p", { class: "row" }, h("button", { type: "button", "data-focus": "recovery-make",
      text: t("account.recovery.make"),
      onclick: () => act(async () => {
        fresh = (await api("api/me/recovery-codes", {})).codes;
        return "";
      }) })));
  return box;
}

function passwordSection(account) {
  const box = h("section", { class: "account-part", "aria-labelledby": "password-h" },
    h("h3", { id: "password-h", text: t("account.password.heading") }));
  if (!account) {
    const [handleRow, handle] = field("password-handle", t("account.sign_in.handle"),
      { required: true, autocapitalize: "none", autocomplete: "username" });
    const [secretRow, secret] = field("password-secret", t("account.password.label"),
      { type: "password", required: true, autocomplete: "current-password" });
    box.append(form(async () => {
      const me = await api("api/password/sign-in",
        { handle: handle.value.trim(), password: secret.value }, true);
      return t("account.signed_in", { handle: me.person.handle });
    }, handleRow, secretRow, h("button", { type: "submit", "data-focus": "password-sign-in",
      text: t("account.password.sign_in") })));
  }
  const [newRow, chosen] = field("password-new", t("account.password.new"),
    { type: "password", required: true, minlength: 10, maxlength: 200,
      autocomplete: "new-password" });
  box.append(form(async () => {
    await api("api/me/password", { password: chosen.value });
    return t("account.password.saved");
  }, newRow, h("button", { type: "submit", "data-focus": "password-set",
    text: t("account.password.set") })));
  return box;
}

function deviceSection(devices) {
  return h("section", { class: "account-part", "aria-labelledby": "devices-h" },
    h("h3", { id: "devices-h", text: t("account.devices.heading") }),
    h("ul", { class: "account-list", id: "devices" }, devices.map((d) => h("li", {},
      h("span", { text: t("account.devices.seen", { agent: d.agent || "?", date: when(d.last_seen) }) }),
      d.current
        ? h("strong", { text: t("account.devices.this") })
        : h("button", { type: "button", text: t("account.devices.revoke"),
          onclick: () => act(async () => {
            await api(`api/me/sessions/${encodeURIComponent(d.ref)}/revoke`, {});
            return t("account.devices.revoked");
          }) })))));
}
