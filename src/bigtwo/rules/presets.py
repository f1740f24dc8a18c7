"""Named rule sets as `Rules` options, with the names players type for them. `Rules.preset`
builds a rule set from them; this module knows only the options' names and enums, so it sits
below `config`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..checks import bare, describe
from ..errors import RulesError
from .options import (
    Announce,
    Direction,
    FirstLead,
    FirstPlay,
    FlushOrder,
    LastPlayBan,
    Mode,
    Scoring,
    StraightOrder,
    SuitOrder,
)


@dataclass(frozen=True)
class Preset:
    name: str
    summary: str
    sources: str
    options: dict[str, Any]
    aliases: tuple[str, ...] = ()


PRESETS: dict[str, Preset] = {}


def _add(preset: Preset) -> None:
    PRESETS[preset.name] = preset


_add(
    Preset(
        "classic",
        "Big Two as pagat.com describes the Chinese game: ♠ > ♥ > ♣ > ♦, 3♦ leads, A-2-3-4-5 the"
        " lowest straight and 10-J-Q-K-A the highest, flushes by suit, 1/2/3 points a card.",
        "pagat.com (seed 002); Wikipedia (seeds 000, 001, 004)",
        {},
        (
            "standard",
            "default",
            "pagat",
            "big-two",
            "big2",
            "deuces",
            "big-deuce",
            "top-dog",
            "choh-dai-di",
            "chor-dai-di",
            "choi-dai-dee",  # pagat's name for the game it describes
        ),
    )
)
_add(
    Preset(
        "hong-kong",
        "Ivan Ip's Hong Kong game: flushes ranked by their top card, A-2-3-4-5 the highest straight"
        " then 2-3-4-5-6 (J-Q-K-A-2 is no straight), a dealt dragon wins outright, a single 2 can't"
        " be the last card, and each deal after the first is led by the previous winner.",
        "pagat.com, Hong Kong Big Two (seed 002); the straight order also in Wikipedia (001, 004)",
        {
            "flush_order": FlushOrder.HIGH_CARD,
            "straight_order": StraightOrder.HONG_KONG,
            "dragon_wins": True,
            "last_play_ban": LastPlayBan.SINGLE_TWO,
            "first_lead": FirstLead.WINNER,
        },
        ("hk", "dai-di", "sho-tai-ti", "cantonese"),
    )
)
_add(
    Preset(
        "taiwan",
        "A Taiwanese table: bridge suit order (♠ > ♥ > ♦ > ♣, so 3♣ leads), A-2-3-4-5 the lowest"
        " straight and 2-3-4-5-6 the highest, four of a kind and straight flushes beat singles,"
        " pairs and triples (Lukang), and the single loser pays the winner.",
        "pagat.com (suits, Lukang honours, Taiwanese loser-pays scoring; seed 002); Wikipedia's"
        " Taiwan straight row (seed 004)",
        {
            "suit_order": SuitOrder.BRIDGE,
            "straight_order": StraightOrder.SINGAPORE,
            "honours_beat_all": True,
            "scoring": Scoring.TAIWAN_LOSER,
        },
        ("tw", "taiwanese", "lukang"),
    )
)
_add(
    Preset(
        "singapore",
        "Singapore rules: no triples and no flushes; A-2-3-4-5 the lowest straight and 2-3-4-5-6"
        " the highest.",
        "pagat.com (Gary Chan's report; seed 002); Wikipedia's Singapore straight order (seed 001)",
        {"triples": False, "flushes": False, "straight_order": StraightOrder.SINGAPORE},
        ("sg", "singaporean"),
    )
)
_add(
    Preset(
        "malaysia",
        "Malaysian straights: 10-J-Q-K-A < A-2-3-4-5 < 2-3-4-5-6 at the top, the suit of the 2"
        " breaking ties.",
        "Wikipedia (seeds 001, 004)",
        {"straight_order": StraightOrder.MALAYSIA},
        ("my", "malaysian"),
    )
)
_add(
    Preset(
        "indonesia",
        "Capsa as Harold Hutabarat describes it: clockwise play, straights with a 2 beat all"
        " others, no playing again after a pass within a trick, one or two cards left must be"
        " announced, rounds of ten deals (only the first led with 3♦), and Indonesian scoring.",
        "pagat.com, Indonesia (seed 002)",
        {
            "direction": Direction.CLOCKWISE,
            "straight_order": StraightOrder.INDONESIA_TWOS,
            "no_play_after_pass": True,
            "announce": Announce.ONE_OR_TWO,
            "first_lead": FirstLead.INDONESIA_ROUNDS,
            "scoring": Scoring.INDONESIA,
        },
        ("capsa", "cap-sa", "indonesian", "id"),
    )
)
_add(
    Preset(
        "philippines",
        "Pusoy dos: suits ♦ > ♥ > ♠ > ♣ (so 3♣ leads), and positive points: the winner scores 1,"
        " doubled for each 2 in the last play.",
        "pagat.com, Pusoy Dos (seed 002); Wikipedia (seeds 000, 001)",
        {"suit_order": SuitOrder.PUSOY, "scoring": Scoring.PUSOY_DOS},
        ("pusoy-dos", "pusoy", "filipino", "chikicha", "sikitcha", "ph"),
    )
)
_add(
    Preset(
        "vietnam",
        "The Vietnamese straight order: 3-4-5-6-7 up to 10-J-Q-K-A, no straights with a 2.",
        "Wikipedia (seed 004)",
        {"straight_order": StraightOrder.NO_TWOS},
        ("vietnamese", "vn"),
    )
)
_add(
    Preset(
        "hawaii",
        "Penning: suits ♦ > ♥ > ♠ > ♣, and play goes on after the first player is out so that"
        " second and third places are played for; points by finishing order.",
        "Wikipedia (seeds 001, 004)",
        {
            "suit_order": SuitOrder.PUSOY,
            "mode": Mode.UNTIL_LAST,
            "lowest_leads_play_on": True,
            "scoring": Scoring.RANKING,
        },
        ("penning", "hawaiian"),
    )
)
_add(
    Preset(
        "malta",
        "Ciniża: a dealt dragun (six pairs and one card) wins at once, and loses at once if one of"
        " its pairs is of 3s.",
        "Wikipedia (seeds 001, 004)",
        {"malta_dragun": True},
        ("ciniza", "giappuniza", "maltese"),
    )
)
_add(
    Preset(
        "da-lao-er",
        "Da Lao Er / Bu Bu Gao Sheng: no flushes, a full house can't beat a straight, four of a"
        " kind or a straight flush may be played out of turn to beat anything, and losers pay 1 a"
        " card with 10 or fewer, 2 a card with 11 or more.",
        "pagat.com, GameSky's rules (seed 002)",
        {
            "flushes": False,
            "no_full_house_on_straight": True,
            "out_of_turn_bombs": True,
            "scoring": Scoring.DA_LAO_ER,
        },
        ("dalaoer", "bu-bu-gao-sheng", "da-lao-2"),
    )
)
_add(
    Preset(
        "president",
        "Big Two with President: play goes on until one player is left; titles by finishing order;"
        " from the second deal the President and the Scum swap two cards, the Vice-President and"
        " the Vice-Scum one; points 5, 3, 1, 0 by place.",
        "Wikipedia (seeds 000, 001, 004)",
        {"mode": Mode.PRESIDENT, "scoring": Scoring.RANKING},
        ("big-two-president", "scum"),
    )
)
_add(
    Preset(
        "teams",
        "Two against two, partners opposite: when a player goes out the team with fewer cards in"
        " hand wins; a tie goes to a five-card shootout.",
        "Wikipedia (seeds 000, 001, 004)",
        {"mode": Mode.TEAMS},
        ("team", "partners", "2v2"),
    )
)
_add(
    Preset(
        "tournament",
        "A common online and research rule set. Straights: 3-4-5-6-7 (lowest) up to 10-J-Q-K-A,"
        " then J-Q-K-A-2 (highest); A-2-3-4-5 and 2-3-4-5-6 are not straights (a 2 ends a"
        " straight only at the top). Flushes by top card then suit, two pairs and four of a"
        " kind as four-card plays, the 3♦ led alone, one point a card left.",
        "the straights follow the variant Wikipedia lists as Vietnamese and Indonesian"
        " (seed 001: 3-4-5-6-7 < … < 10-J-Q-K-A < J-Q-K-A-2), which is also Karl Boehnker's"
        " Hong Kong rule on pagat (seed 002: 2 and 3 never consecutive); not seed 001's main"
        " rule, which ranks a straight by its top card and so also allows 2-3-4-5-6 (and"
        " A-2-3-4-5). pagat (seed 002) for the flush order",
        {
            "straight_order": StraightOrder.INDONESIA,
            "flush_order": FlushOrder.HIGH_CARD,
            "quads_alone": True,
            "two_pairs": True,
            "quads_kicker": False,
            "first_play": FirstPlay.ALONE,
            "scoring": Scoring.FLAT,
        },
        ("online", "research"),
    )
)


def _norm(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def find_preset(name: str) -> Preset:
    """The preset called ``name`` or one of its aliases; `RulesError` lists the choices."""
    key = _norm(name)
    for preset in PRESETS.values():
        if key == preset.name or key in preset.aliases:
            return preset
    raise RulesError(
        f"no rule set called {describe(name)}; choose one of: {', '.join(PRESETS)}",
        reason="no_preset",
        name=bare(name),
        choices=", ".join(PRESETS),
    )
