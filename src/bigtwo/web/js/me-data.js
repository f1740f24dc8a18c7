// The person's data: everything about them as a JSON download (api/me/export), the switch that
// gives their finished games to the open dataset of human games (the profile's `dataset`), and
// deleting their account, which asks for their handle typed again (what it removes and keeps:
// docs/privacy.md, said here in short).
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { api, identify } from "./net.js";
import { refusalText } from "./reading.js";
import { say } from "./state.js";

export async function dataPart(box, me) {
  let profile;
  try {
    ({ profile } = await api("api/me/profile"));
  } catch (problem) {
    fill(box, h("p", { class: "error", text: refusalText(problem) }));
    return;
  }
  if (!box.isConnected) return;
  const said = h("p", { id: "me-data-said", role: "status", class: "hint" });
  const given = h("button", {
    type: "button", class: "switch", role: "switch", "aria-checked": String(profile.dataset),
    "aria-describedby": "me-dataset-about", text: t("me.data.dataset"),
    onclick: async () => {
      const wanted = given.getAttribute("aria-checked") !== "true";
      try {
        const now = (await api("api/me/profile", { dataset: wanted })).profile;
        given.setAttribute("aria-checked", String(now.dataset));
        said.textContent = t(now.dataset ? "me.data.dataset.on" : "me.data.dataset.off");
      } catch (problem) {
        said.textContent = refusalText(problem);
      }
    },
  });
  const handle = h("input", { id: "me-delete-handle", autocomplete: "off", spellcheck: "false",
    oninput: () => { gone.disabled = handle.value !== me.person.handle; } });
  const gone = h("button", { type: "submit", class: "danger", disabled: true, text: t("me.delete.button") });
  const remove = h("form", {
    class: "me-delete",
    onsubmit: async (e) => {
      e.preventDefault();
      try {
        await api("api/me/delete", { handle: handle.value }, true);
      } catch (problem) {
        said.textContent = refusalText(problem);
        return;
      }
      await identify(); // `api` asked who this browser is now: somebody new
      // said once the home screen is drawn: drawing a screen clears what was said before
      window.addEventListener("hashchange", () => say(t("me.delete.done")), { once: true });
      location.hash = "";
    },
  },
  h("p", { class: "hint", text: t("me.delete.about") }),
  h("p", { class: "field" },
    h("label", { for: "me-delete-handle", text: t("me.delete.confirm", { handle: me.person.handle }) }),
    handle),
  h("p", { class: "row" }, gone));
  fill(box, h("section", { class: "card-box", "aria-labelledby": "me-data-h" },
    h("h2", { id: "me-data-h", text: t("me.data.heading") }),
    h("p", { class: "row" },
      h("a", { href: "api/me/export", class: "button", download: "", text: t("me.data.export") })),
    h("p", { class: "hint", text: t("me.data.export.about") }),
    h("p", { class: "row" }, given),
    h("p", { id: "me-dataset-about", class: "hint", text: t("me.data.dataset.about") }),
    h("details", {},
      h("summary", { text: t("me.delete.heading") }),
      remove),
    said));
}
