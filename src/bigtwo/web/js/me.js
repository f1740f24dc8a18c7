// The person's own page (#me, from the home screen): their finished deals, newest first and
// paged, each opening in the replay viewer from their seat and downloading as the record
// `bigtwo verify` checks; their statistics (me-stats.js), profile (me-profile.js) and data
// (me-data.js). An operator finds the operator's page (#admin) from here. Every answer is the
// signed-in person's own: the server reads whose from the session.
import { fill, h } from "./dom.js";
import { count as countOf, dateTime, number, t } from "./i18n.js";
import { api, identify } from "./net.js";
import { botName, refusalText } from "./reading.js";
import { presetName } from "./rule-text.js";
import { dataPart } from "./me-data.js";
import { profilePart } from "./me-profile.js";
import { statsPart } from "./me-stats.js";

const PAGE_SIZE = 10;

export async function meScreen(root, params) {
  const page = Math.max(0, Number(params.get("page")) || 0);
  const games = h("section", { class: "card-box", "aria-labelledby": "me-games-h" },
    h("h2", { id: "me-games-h", text: t("me.games.heading") }),
    h("div", { id: "me-games" }));
  const links = h("p", { class: "row" }, h("a", { href: "#", class: "button", text: t("room.home") }));
  fill(root, h("section", { class: "me", "aria-labelledby": "me-h" },
    h("h2", { id: "me-h", text: t("me.heading") }),
    links,
    games,
    h("div", { id: "me-stats" }),
    h("div", { id: "me-profile" }),
    h("div", { id: "me-data" })));
  const me = await identify(true); // afresh: a rename or a sign-in since says who now
  if (!me || !root.contains(games)) return;
  if (me.operator) links.append(h("a", { href: "#admin", class: "button", text: t("admin.heading") }));
  gamesPage(page);
  statsPart(document.getElementById("me-stats"));
  profilePart(document.getElementById("me-profile"), me);
  dataPart(document.getElementById("me-data"), me);
}

async function gamesPage(page) {
  const box = document.getElementById("me-games");
  let found;
  try {
    found = await api(`api/me/games?page=${page}&size=${PAGE_SIZE}`);
  } catch (problem) {
    fill(box, h("p", { class: "error", text: refusalText(problem) }));
    return;
  }
  if (!box.isConnected) return;
  if (!found.total) {
    fill(box, h("p", { class: "hint", text: t("me.games.none") }));
    return;
  }
  const first = page * PAGE_SIZE + 1;
  const last = page * PAGE_SIZE + found.games.length;
  fill(box,
    h("p", { class: "hint", text: t("me.games.shown", {
      from: number(first), to: number(last), total: number(found.total) }) }),
    h("ol", { class: "me-games" }, found.games.map(gameItem)),
    h("p", { class: "row" },
      page > 0 ? h("a", { href: `#me&page=${page - 1}`, class: "button", text: t("me.games.newer") }) : null,
      last < found.total
        ? h("a", { href: `#me&page=${page + 1}`, class: "button", text: t("me.games.older") })
        : null));
}

// A seat's name as played: a person's name, a bot ({"bot": level}) as the table names it.
function seatName(player, seat) {
  if (player && typeof player === "object") return botName(player.bot, seat);
  return player || t("seat.default", { n: seat + 1 });
}

function gameItem(g) {
  const seats = g.players.map((p, s) => (s === g.seat
    ? t("me.games.you", { name: seatName(p, s) }) : seatName(p, s)));
  const result = g.won ? t("me.games.won")
    : t("me.games.place", { place: number(g.place), count: number(g.players.length) });
  return h("li", { class: "me-game" },
    h("p", { class: "status" },
      h("span", { text: dateTime(g.at) }),
      presetName(g.preset),
      h("span", { text: t("me.games.deal", { code: g.room, n: number(g.deal) }) })),
    h("p", { text: t("me.games.seats", { names: seats.join(" · ") }) }),
    h("p", { class: "me-result" },
      h("strong", { text: countOf("me.games.points", g.points, { count: number(g.points, true) }) }),
      h("span", { text: result })),
    h("p", { class: "row" },
      h("a", { href: g.replay, class: "button", text: t("me.games.replay") }),
      h("a", {
        href: g.record.replace(/^\//, ""), class: "button",
        download: `bigtwo-${g.room}-${g.deal}.json`, text: t("me.games.record"),
      })));
}
