// The replay viewer: a finished deal step by step, from a room (#replay&room=CODE&seat=S&deal=N)
// or from an uploaded record (#replay). The server replays the record with the engine and
// sends the steps with only the hands the record reveals; the page shows what it is sent.
import * as cards from "./cards.js";
import { arrowStep, fill, h } from "./dom.js";
import { count as countOf, has, number, t } from "./i18n.js";
import { botName, giftLabel, leadWords, moveLabel, refusalText } from "./reading.js";
import { withCode } from "./rule-text.js";

const MAX_BYTES = 1 << 20; // the server's cap on a deal's record

// { body, data, step, source, say, text (an uploaded record's), review: { seat, notes } }
let R = null;

// Arrows, Home and End step through the deal while the viewer is on screen.
document.addEventListener("keydown", (e) => {
  if (!R || !R.data || !R.body.isConnected) return; // the viewer is gone: keys are the page's
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const tag = e.target && e.target.tagName;
  if (["INPUT", "TEXTAREA", "SELECT"].includes(tag)) return;
  const step = arrowStep(e.key);
  const last = R.data.steps.length - 1;
  if (step) go(R.step + step);
  else if (e.key === "Home") go(0);
  else if (e.key === "End") go(last);
  else return;
  e.preventDefault();
});

export function replayScreen(root, params, say) {
  const code = (params.get("room") || "").trim().toUpperCase();
  const seat = params.get("seat");
  const deal = Number(params.get("deal"));
  const source = code
    ? { code, seat: /^\d+$/.test(seat || "") ? seat : null, number: deal >= 1 ? deal - 1 : "last" }
    : null;
  const body = h("div", { id: "replay-body" });
  R = { body, data: null, step: 0, source, say, text: null, review: null };
  fill(
    root,
    h("section", { class: "card-box replay", "aria-labelledby": "replay-h" },
      h("h2", { id: "replay-h", text: t("replay.heading") }),
      source ? h("p", { class: "hint", text: t("replay.room", { code }) }) : uploadForm(),
      body,
      h("p", { class: "row" },
        source ? h("a", { href: `#room=${code}`, class: "button", text: t("replay.back") }) : null,
        h("a", { href: "#", class: "button", text: t("room.home") }))),
  );
  if (source) fromRoom();
}

function uploadForm() {
  const input = h("input", {
    id: "replay-file", type: "file", accept: ".json,application/json",
    onchange: () => input.files[0] && upload(input.files[0]),
  });
  return h("div", {},
    h("p", { class: "hint", text: t("replay.upload.hint") }),
    h("p", { class: "field" }, h("label", { for: "replay-file", text: t("replay.upload") }), input));
}

async function upload(file) {
  R.say("");
  if (file.size > MAX_BYTES) {
    refused({ code: "too_large", message: "" });
    return;
  }
  R.text = await file.text();
  await load(fetch("api/replay", { method: "POST", body: R.text }));
}

async function fromRoom() {
  const { code, seat, number } = R.source;
  const query = seat === null ? "" : `?seat=${seat}`;
  await load(fetch(`api/rooms/${encodeURIComponent(code)}/replays/${number}${query}`));
}

async function load(request) {
  let answer;
  try {
    const response = await request;
    answer = await response.json();
    if (!response.ok) {
      refused(answer);
      return;
    }
  } catch {
    refused({ code: "unreachable", message: "" });
    return;
  }
  R.data = answer;
  R.step = 0;
  R.review = null;
  draw();
}

function refused(answer) {
  R.data = null;
  R.say(refusal(answer));
  const body = document.getElementById("replay-body");
  if (body) fill(body);
}

// A refused request in the page's words: a reason the catalogue says (a record's particular
// fault) in its own words, else the code's sentence.
function refusal(answer) {
  const key = `replay.error.${answer.code}`;
  const reason = answer.params && answer.params.reason;
  if (reason && has(`error.${answer.code}.${reason}`)) return refusalText(answer);
  return has(key) ? t(key, { message: answer.message }) : t("error.unknown", answer);
}

function go(step) {
  const last = R.data.steps.length - 1;
  R.step = Math.max(0, Math.min(last, step));
  drawStep();
}

// A seat's name from the record: a bot ({"bot": level}) as the table names it; names that
// repeat (in records written before bots were kept by level: "easy bot") say their seat too.
function name(seat) {
  if (seat === null || seat === undefined) return "";
  const names = R.data.players;
  const own = names[seat];
  if (own && typeof own === "object") return botName(own.bot, seat);
  if (!own) return t("seat.default", { n: seat + 1 });
  const twins = names.filter((x) => x === own).length > 1;
  return twins ? t("replay.seat_name", { name: own, n: seat + 1 }) : own;
}

// -- the whole viewer: the deal, the fairness check, the controls, the step, the plays -------
function draw() {
  const d = R.data;
  const body = document.getElementById("replay-body");
  if (!body) return;
  const picker = R.source && d.deals > 1 ? dealPicker(d) : null;
  fill(
    body,
    h("p", { class: "status" },
      h("span", { text: R.source
        ? t("replay.deal", { n: d.number + 1, count: d.deals }) : t("replay.uploaded") }),
      withCode("room.rules", { rules: d.rules }, "rules"),
      h("span", { text: d.seat === null ? t("replay.all_hands") : t("replay.as_seat", { name: name(d.seat) }) })),
    picker,
    fairness(d),
    d.replayed ? null : h("p", { class: "hint", text: t("replay.export", { name: name(d.seat) }) }),
    h("div", { class: "row steps", role: "group", "aria-label": t("replay.controls") },
      stepButton("first", () => go(0)),
      stepButton("previous", () => go(R.step - 1)),
      stepButton("next", () => go(R.step + 1)),
      stepButton("last", () => go(d.steps.length - 1))),
    h("p", { class: "hint", text: t("replay.keys") }),
    d.replayed ? reviewBox(d) : null,
    // one live line says each step; the region below is redrawn whole and stays quiet
    h("p", { id: "replay-said", class: "visually-hidden", "aria-live": "polite" }),
    h("section", { id: "replay-step", "aria-label": t("replay.step.label") }),
    h("section", { "aria-labelledby": "replay-plays-h" },
      h("h3", { id: "replay-plays-h", text: t("replay.plays") }),
      h("ol", { id: "replay-plays", class: "replay-plays" })),
  );
  drawStep();
}

function dealPicker(d) {
  const select = h("select", {
    id: "replay-deal",
    onchange: (e) => {
      const { code, seat } = R.source;
      location.hash = `replay&room=${code}${seat === null ? "" : `&seat=${seat}`}&deal=${e.target.value}`;
    },
  }, Array.from({ length: d.deals }, (_, i) =>
    h("option", { value: i + 1, text: t("table.score.deal", { n: i + 1 }) })));
  select.value = String(d.number + 1);
  return h("p", { class: "field" }, h("label", { for: "replay-deal", text: t("replay.pick") }), select);
}

function fairness(d) {
  const v = d.verification;
  const lines = v.status === "verified"
    ? h("ul", { class: "checks" }, ["opens", "deals", "terms", "play"].map((k) =>
      h("li", { text: t(`replay.check.${k}`) })))
    : null;
  return h("section", { class: "fairness", "aria-labelledby": "fair-h" },
    h("h3", { id: "fair-h", text: t("replay.fairness") }),
    h("p", { class: "hint", text: t("table.commitment") }),
    h("p", {}, h("code", { text: d.commitment || t("table.commitment.none") })),
    h("p", { class: `verdict ${v.status}`, text: t(`replay.status.${v.status}`) }),
    v.reason ? h("p", { class: "hint", text: t("replay.reason", { reason: v.reason }) }) : null,
    lines,
    v.status === "verified"
      ? h("p", { class: "hint", text: t(v.kept ? "replay.check.kept" : "replay.check.alone") })
      : null);
}

function stepButton(which, onclick) {
  return h("button", { type: "button", "data-focus": `step-${which}`, text: t(`replay.${which}`), onclick });
}

// -- one step: what happened, the table, every seat ------------------------------------------------
function drawStep() {
  const d = R.data;
  const step = d.steps[R.step];
  const last = d.steps.length - 1;
  // A control that goes out of use at an end hands the keyboard focus to the one that leads
  // back (Next and Last to Previous, First and Previous to Next), not to the page's body.
  const focused = document.activeElement;
  let refocus = null;
  for (const [which, off, back] of [["first", R.step === 0, "next"], ["previous", R.step === 0, "next"],
    ["next", R.step === last, "previous"], ["last", R.step === last, "previous"]]) {
    const button = /** @type {HTMLButtonElement | null} */ (document.querySelector(`[data-focus="step-${which}"]`));
    if (!button) continue;
    if (off && button === focused) refocus = back;
    button.disabled = off;
  }
  if (refocus) {
    const button = /** @type {HTMLButtonElement | null} */ (document.querySelector(`[data-focus="step-${refocus}"]`));
    if (button && !button.disabled) button.focus();
  }
  const box = document.getElementById("replay-step");
  if (!box) return;
  const said = document.getElementById("replay-said");
  const position = t("replay.position", { n: R.step, count: last });
  if (said) { // the step, then the expert's note on it when there is one
    const what = t("replay.said", { position, what: happened(step) });
    const note = adviceText(R.step);
    said.textContent = note === null ? what : t("replay.said.advice", { said: what, advice: note });
  }
  const shown = d.replayed ? step : d.steps[0]; // an export: the cards as dealt throughout
  fill(
    box,
    h("p", { class: "position", text: position }),
    h("p", { class: "to-beat", text: happened(step) }),
    d.replayed && step.end === null ? h("p", { text: tableLine(d, step) }) : null,
    d.replayed ? null : h("h4", { text: t("replay.dealt") }),
    h("ul", { class: "seat-list" }, d.players.map((_, s) => seatItem(d, shown, s))),
    advice(R.step),
    R.step === last ? result(d) : null,
  );
  const list = document.getElementById("replay-plays");
  if (list) {
    fill(list, d.steps.slice(1).map((x, i) => h("li", {},
      h("button", {
        type: "button",
        class: "link",
        "data-focus": `play-${i + 1}`,
        "aria-current": i + 1 === R.step ? "step" : null,
        text: happened(x),
        onclick: () => go(i + 1),
      }))));
    const current = list.querySelector('[aria-current="step"]');
    if (current) { // keep the step in sight in the list's own scroll, not the page's
      const top = current.offsetTop; // the list is positioned: offsets are within it
      if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = top - list.clientHeight / 2;
      }
    }
  }
}

function happened(step) {
  if (step.seat === null) return t("replay.start", { name: name(R.data.dealer) });
  const who = name(step.seat);
  let text;
  if (step.move === "pass") text = t("log.pass", { name: who });
  else if (step.move.startsWith("give ")) text = t("log.give", { name: who, move: giftLabel(step.move) });
  else text = t("log.act", { name: who, move: moveLabel(step.move) });
  if (step.trick !== null && step.trick !== undefined) {
    text = t("replay.then", { first: text, then: t("log.trick", { name: name(step.trick) }) });
  }
  if (step.end) {
    text = t("replay.then", { first: text, then: t("log.deal_over", { name: name(step.winner) }) });
  }
  return text;
}

function tableLine(d, step) {
  if (step.table) return t("table.to_beat", { play: cards.show(step.table), name: name(step.table_seat) });
  return leadWords(name(step.to_move), d.first_play, step.lead_card);
}

function seatItem(d, step, s) {
  const count = step.counts[s];
  const flags = [];
  if (s === d.seat) flags.push(R.source ? t("room.seat.you") : t("replay.viewer"));
  if (d.replayed && step.end === null && step.to_move === s) flags.push(t("table.seat.turn"));
  if (d.replayed && (step.passed || []).includes(s)) flags.push(t("table.seat.passed"));
  if (d.replayed && step.end && step.winner === s) flags.push(t("table.seat.winner"));
  const held = step.hands[s];
  return h("li", { class: "seat" },
    h("span", { class: "seat-name",
      text: countOf("table.seat", count, { name: name(s) }) }),
    flags.length ? h("span", { class: "flags", text: flags.join(" · ") }) : null,
    held === null || held === undefined
      ? h("span", { class: "hint", text: t("replay.hidden") })
      : miniHand(held, name(s), step.twos_low));
}

// A hand to look at, not to play: each card's symbol shown, its name read out.
function miniHand(text, who, twosLow) {
  const list = cards.sorted(cards.words(text), twosLow);
  if (!list.length) return h("span", { class: "hint", text: t("replay.no_cards") });
  return h("ul", { class: "mini-hand", "aria-label": t("replay.hand", { name: who }) },
    list.map((c) => h("li", { class: c.red ? "red" : "" },
      h("span", { "aria-hidden": "true", text: cards.short(c) }),
      h("span", { class: "visually-hidden", text: cards.spoken(c) }))));
}

// -- the expert's review of one seat's play: asked for, then a line on each step it differs ---
function reviewBox(d) {
  const chooser = d.seat === null
    ? h("p", { class: "field" },
      h("label", { for: "review-seat", text: t("replay.review.seat") }),
      h("select", { id: "review-seat", onchange: () => { R.review = null; drawStep(); } },
        d.players.map((_, s) => h("option", { value: s, text: name(s) }))))
    : null;
  return h("section", { class: "review", "aria-labelledby": "review-h" },
    h("h3", { id: "review-h", text: t("replay.review.heading") }),
    h("p", { class: "hint", text: t("replay.review.hint") }),
    chooser,
    h("p", { class: "row" },
      h("button", { type: "button", id: "review-go", text: t("replay.review.button"), onclick: reviewSeat })),
    h("p", { id: "review-status", role: "status" }));
}

async function reviewSeat() {
  const d = R.data;
  const chosen = document.getElementById("review-seat");
  const seat = chosen ? Number(chosen.value) : d.seat;
  const status = document.getElementById("review-status");
  const button = document.getElementById("review-go");
  const said = (text) => { if (status && status.isConnected) status.textContent = text; };
  R.say("");
  R.review = null;
  drawStep();
  said(t("replay.review.running", { name: name(seat) }));
  if (button) button.disabled = true;
  const data = d;
  let answer;
  let ok = false;
  try {
    const response = await (R.source
      ? fetch(`api/rooms/${encodeURIComponent(R.source.code)}/reviews/${d.number}?seat=${seat}`)
      : fetch(`api/review?seat=${seat}`, { method: "POST", body: R.text }));
    answer = await response.json();
    ok = response.ok;
  } catch {
    answer = { code: "unreachable", message: "" };
  }
  if (button) button.disabled = false;
  if (R.data !== data) return; // another deal is shown now
  if (!ok) {
    said("");
    R.say(refusal(answer));
    return;
  }
  R.review = { seat, notes: new Map(answer.notes.map((note) => [note.step, note])) };
  const n = answer.notes.length;
  said(n ? countOf("replay.review.count", n, { name: name(seat) })
    : t("replay.review.none", { name: name(seat) }));
  drawStep();
}

// The expert's line on this step: the move it would have played instead, and why. A pass on
// either side has sentences of its own ("would have passed here instead of playing Q♣").
function adviceText(step) {
  const note = R.review && R.review.notes.get(step);
  if (!note) return null;
  const why = note.reason;
  if (why.code !== "go_out" && why.code !== "search") return null; // a reason this page doesn't know yet
  const words = { expert: moveLabel(note.expert), played: moveLabel(note.played) };
  const pass = note.expert === "pass" ? ".pass" : note.played === "pass" ? ".passed" : "";
  const key = has(`replay.review.${why.code}${pass}`) ? `replay.review.${why.code}${pass}` : `replay.review.${why.code}`;
  if (why.code === "go_out") return t(key, words);
  const edge = number(Math.round(why.edge * 10) / 10);
  return t(key, { ...words, n: number(why.samples), edge });
}

function advice(step) {
  const text = adviceText(step);
  return text === null ? null : h("p", { class: "advice", text });
}

function result(d) {
  // a record saved as far as a quit deal went ("result": null) ends before the deal does
  if (!d.scores) return h("p", { class: "hint", text: t("replay.unfinished") });
  return h("section", { "aria-labelledby": "replay-result-h" },
    h("h4", { id: "replay-result-h", text: t("table.score") }),
    h("ul", {}, d.scores.map((score, s) =>
      h("li", { text: t("replay.score", { name: name(s), score }) }))));
}
