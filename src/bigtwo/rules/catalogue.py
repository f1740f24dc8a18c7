"""The rules reference: every `Rules` option with the variation IDs it covers, what it means in
plain words, and the readings chosen where the sources are vague. ``docs/rules.md`` is generated
from here (``python -m bigtwo.rules.catalogue > docs/rules.md``), and a test keeps it in step.
"""

from __future__ import annotations

from dataclasses import fields
from enum import Enum

from .config import SPEED_REFUSALS, Rules
from .presets import PRESETS

# option -> (variation IDs, meaning)
OPTIONS: dict[str, tuple[str, str]] = {
    "players": (
        "core.deal cards.two_decks",
        "number of players: 2-4 with one deck, up to 8 with two",
    ),
    "decks": ("cards.two_decks", "packs of 52 shuffled together"),
    "jokers": (
        "cards.jokers_wild cards.jokers_valueless",
        "two jokers a deck: wild (any card; as singles above 2♠, black above red) or"
        " valueless (a single that beats any card and is beaten by any card)",
    ),
    "suit_order": (
        "core.deck suits.bridge suits.pusoy suits.hearts_high suits.penning suits.none",
        "suit ranking: standard ♠>♥>♣>♦, bridge ♠>♥>♦>♣, pusoy ♦>♥>♠>♣,"
        " hearts-high ♥>♠>♦>♣, or none (equal plays can't beat each other)",
    ),
    "twos_low_on_quads": (
        "cards.bomb_flips_twos",
        "a dealt four of a kind makes 2s the lowest cards for that deal",
    ),
    "identical_beats": ("cards.two_decks", "with two decks, a play may beat an identical one"),
    "triples": (
        "core.triple combo.no_triples combo.no_triples_no_flushes",
        "triples may be played on their own",
    ),
    "flushes": (
        "core.five combo.no_flushes combo.no_triples_no_flushes",
        "flushes are playable five-card hands",
    ),
    "quads_alone": (
        "combo.quads_alone combo.quads_no_two_pairs",
        "four of a kind may be played alone, beating only lower fours",
    ),
    "two_pairs": ("combo.four_card", "two pairs are a four-card play, beaten by four of a kind"),
    "quads_kicker": (
        "core.five combo.no_quads_kicker",
        "four of a kind plus any card is a five-card hand",
    ),
    "butterfly": ("combo.butterfly", "two pairs and a card is a five-card hand below the straight"),
    "trips_junk": (
        "combo.trips_junk",
        "a triple and two odd cards is a five-card hand below the straight",
    ),
    "sisters": ("combo.sisters", "two consecutive pairs and a card: the weakest five-card hand"),
    "straight_lengths": (
        "combo.long_straights",
        "straight lengths besides five (3 to 13); a straight only beats one of its length",
    ),
    "dragon_play": ("combo.dragon_play", "a 13-card straight is a playable combination"),
    "sf_plus_two": (
        "combo.sf_plus_two",
        "a straight flush is played with two extra cards; four of a kind plus one"
        " and straight flush plus two beat anything",
    ),
    "five_of_a_kind": (
        "combo.five_kind cards.two_decks",
        "five of a kind (two decks or wild jokers) beats four of a kind",
    ),
    "five_kind_over_straight_flush": (
        "cards.two_decks",
        "five of a kind also beats a straight flush",
    ),
    "straight_order": ("core.straight straight.*", "which runs are straights and how they rank"),
    "flush_order": (
        "core.flush flush.by_high_card flush.poker",
        "how flushes compare: suit first, top card first, or poker-style",
    ),
    "five_beating": (
        "core.five five.same_type_only five.by_card_value",
        "how five-card hands beat each other: a higher type beats a lower one, only"
        " the same type, or by the value of the hand's card",
    ),
    "straight_over_flush": ("five.straight_over_flush", "a straight beats a flush"),
    "royal_only_beats_quads": (
        "five.royal_only_beats_quads",
        "four of a kind beats every straight flush but a royal flush",
    ),
    "poker_exact": (
        "five.poker_exact",
        "poker ranking throughout; a play must win outright, never on a suit",
    ),
    "honours_beat_all": (
        "bomb.honours_beat_all",
        "four of a kind plus one and straight flushes beat singles, pairs and triples",
    ),
    "override_two": (
        "bomb.override_two",
        "four of a kind plus one or a straight flush may be played on a single 2",
    ),
    "quads_beat_all": (
        "bomb.quads_beat_all",
        "a play holding four of a kind beats every play without one",
    ),
    "smackdown": (
        "bomb.smackdown",
        "a single 2♠ may be smacked down by four of a kind or a run"
        " of three or more pairs, and smacked back",
    ),
    "out_of_turn_bombs": (
        "bomb.out_of_turn mode.da_lao_er",
        "four of a kind or a straight flush may be played out of turn to beat anything",
    ),
    "first_play": (
        "core.lead start.lead_card_alone start.lowest_optional",
        "the first play must include the lowest card, be it alone, or need not include it",
    ),
    "no_full_house_on_straight": ("mode.da_lao_er", "a full house can't beat a straight"),
    "direction": (
        "core.deal deal.clockwise deal.alternate deal.race",
        "direction of play: counter-clockwise, clockwise, alternating each deal, or"
        " set by a race between the leader's neighbours",
    ),
    "cut": ("core.cut deal.no_cut", "an exposed card chooses who is dealt the first card"),
    "cards_each": (
        "deal.thirteen_each deal.two_player_sizes",
        "cards dealt to each player (unset: the whole pack)",
    ),
    "leftover": (
        "deal.leftover_to_lead deal.leftover_discard deal.leftover_lowest_diamond"
        " deal.leftover_trade deal.leftover_2s_or_3d",
        "where cards that don't divide evenly go",
    ),
    "ghost_hand": (
        "deal.ghost_hand",
        "three players: four hands are dealt and one is never played",
    ),
    "draw_on_pass": (
        "deal.draw_on_pass",
        "a player who passes draws one card, or as many as the play needed",
    ),
    "reshuffle_stock": ("deal.draw_on_pass", "played cards are shuffled into a new stock"),
    "first_lead": (
        "core.lead start.winner_leads start.loser_leads start.indonesia_rounds",
        "who leads each deal of a session",
    ),
    "three_player_exchange": (
        "start.three_player_exchange",
        "three players: the loser gives the winner their highest card for"
        " one the winner doesn't want",
    ),
    "no_play_after_pass": (
        "trick.no_play_after_pass",
        "a player who passed may not play again in the same trick",
    ),
    "one_pass_ends": ("trick.one_pass_ends", "the trick ends as soon as one player passes"),
    "unbeatable_ends": ("trick.unbeatable_ends", "a play nothing can beat ends the trick at once"),
    "three_threes": (
        "trick.three_threes",
        "after a lead of three 3s, the next player must play if they hold three 2s",
    ),
    "announce": ("last.announce", "a player left with one card (or two) must announce it"),
    "precaution": (
        "last.precaution",
        "before a player with one card, play your highest single or a combination",
    ),
    "last_play_ban": ("last.no_single_two last.no_two_spades", "plays that may not end a deal"),
    "dragon_wins": ("instant.dragon instant.grand_dragon", "a dealt dragon (A to 2) wins at once"),
    "four_twos": ("instant.four_twos", "all four 2s dealt: an immediate win, a draw or a redeal"),
    "four_twos_three_players": ("instant.four_twos", "the four-2s rule also with three players"),
    "golden_whoopin": (
        "instant.golden_whoopin",
        "all four 2s laid down before any play win; the losers' counts are tripled",
    ),
    "malta_dragun": (
        "instant.malta_dragun",
        "six pairs and a card dealt wins at once (a pair of 3s loses)",
    ),
    "weak_hand_redeal": (
        "redeal.weak_hand",
        "a hand worth 3 points or less may be shown for a redeal",
    ),
    "no_faces_redeal": ("redeal.no_faces", "a hand without J, Q or K may be shown for a redeal"),
    "mode": (
        "core.end mode.until_last mode.president mode.teams",
        "standard (first out ends the deal), until the last, President, or teams",
    ),
    "president_free_choice": (
        "mode.president",
        "the President gives any two cards after receiving",
    ),
    "lowest_leads_play_on": (
        "suits.penning",
        "once a player is out, the holder of the lowest card leads the play for the next places",
    ),
    "scoring": ("core.score score.*", "the scoring system"),
    "three_player_scale": ("score.three_player", "three players: x3 with 17 cards, x2 with 12-16"),
    "winner_only": (
        "score.winner_only",
        "only the winner collects; losers don't settle among themselves",
    ),
    "starter_double": (
        "score.starter_double",
        "the doubling for 10+ cards applies only to the player who led the deal",
    ),
    "pairwise_kam": ("score.pairwise_kam", "doubling by the difference of each pair's counts"),
    "twos_finish_double": ("score.twos_finish", "penalties double when the last play is all 2s"),
    "assistance": (
        "score.assistance",
        "whoever let the next player win with a single they could"
        " have beaten pays the other losers' penalties too",
    ),
}

# The options by theme, in the order `Rules` declares them (the form that opens a room groups
# its controls so); a test keeps every option in exactly one group.
GROUPS: dict[str, tuple[str, ...]] = {
    "cards": (
        "players",
        "decks",
        "jokers",
        "suit_order",
        "twos_low_on_quads",
        "identical_beats",
    ),
    "combinations": (
        "triples",
        "flushes",
        "quads_alone",
        "two_pairs",
        "quads_kicker",
        "butterfly",
        "trips_junk",
        "sisters",
        "straight_lengths",
        "dragon_play",
        "sf_plus_two",
        "five_of_a_kind",
        "five_kind_over_straight_flush",
    ),
    "orders": (
        "straight_order",
        "flush_order",
        "five_beating",
        "straight_over_flush",
        "royal_only_beats_quads",
        "poker_exact",
    ),
    "bombs": (
        "honours_beat_all",
        "override_two",
        "quads_beat_all",
        "smackdown",
        "out_of_turn_bombs",
    ),
    "first_play": ("first_play", "no_full_house_on_straight"),
    "dealing": (
        "direction",
        "cut",
        "cards_each",
        "leftover",
        "ghost_hand",
        "draw_on_pass",
        "reshuffle_stock",
        "first_lead",
        "three_player_exchange",
    ),
    "tricks": (
        "no_play_after_pass",
        "one_pass_ends",
        "unbeatable_ends",
        "three_threes",
        "announce",
        "precaution",
        "last_play_ban",
    ),
    "instant": (
        "dragon_wins",
        "four_twos",
        "four_twos_three_players",
        "golden_whoopin",
        "malta_dragun",
        "weak_hand_redeal",
        "no_faces_redeal",
    ),
    "scoring": (
        "mode",
        "president_free_choice",
        "lowest_leads_play_on",
        "scoring",
        "three_player_scale",
        "winner_only",
        "starter_double",
        "pairwise_kam",
        "twos_finish_double",
        "assistance",
    ),
}

# Readings chosen where the sources are vague or cut off.
READINGS: tuple[tuple[str, str], ...] = (
    (
        "core.score",
        "a loser who never played pays 3 a card (with 13 cards or more too); bigger hands than 13"
        " keep the top rate, as pagat says for three players.",
    ),
    (
        "core.session",
        "pagat's settlement: each pair of players settles the difference of their penalty points"
        " (the winner's 0), so a loser also pays each loser who kept fewer points and the winner"
        " collects exactly its score; with score.winner_only only the winner collects. Deals"
        " whose scores already are payments (pairwise doubling, assistance, teams) settle as"
        " scored; deals scored in points (Pusoy Dos, rankings, Indonesia) by the differences.",
    ),
    (
        "start.indonesia_rounds",
        "pagat: after each round of ten deals 'all the cards are placed face down and each"
        " player draws one card. The highest will shuffle the cards and deal'. Read as: the"
        " whole pack is shuffled (from the session's seed), seat 0 draws first and the others"
        " in seat order, the highest card as a single under the rules deals the round's first"
        " deal, which the holder of the lowest card (3♦) leads; with two decks seats that drew"
        " the same highest card draw again from what is left. The terminal shows the draw.",
    ),
    (
        "score.starter_double",
        "pagat's 'double score for 10 or more cards' covers the whole raised rate: a player"
        " other than the starter pays one point a card even with all 13 left (13, not 39).",
    ),
    (
        "score.doubling_004",
        "each held card counts once: fours of a kind first, then straight flushes among the"
        " rest; finishing with a 2, a four of a kind or a straight flush doubles once more.",
    ),
    (
        "score.taiwan_loser",
        "the loser is the player with most cards; among ties, the holder of the highest card;"
        " the stake is one point.",
    ),
    (
        "score.indonesia",
        "scores are pagat's tally negated so that higher is better, as in every other system;"
        " unbeaten honours score for their player; it is not zero-sum.",
    ),
    (
        "score.card_values",
        "scale A counts a 2 as 4 (its '2-10 = 1' means the numerals 3-10); jokers count as 2s.",
    ),
    (
        "score.ranking",
        "places score 5, 3, 1, 0 with four players; in general the last scores 0 and each place"
        " above it 2 more, starting from 1.",
    ),
    (
        "mode.teams",
        "partners share one score: each member of the winning team scores the losing team's"
        " penalties and each loser loses them; a tied count goes to a five-card shootout whose"
        " result stands for the deal.",
    ),
    (
        "last.announce",
        "a winner who forgot to announce pays what the others would have paid, and they score"
        " 0 (the one score that isn't zero-sum).",
    ),
    (
        "core.straight",
        "A-2-3-4-5 ties are broken by the suit of its top card (the 5), 2-3-4-5-6"
        " by its 6; in orders that put these runs at the top, by the suit of the 2.",
    ),
    (
        "straight.by_top_two_high",
        "001 ranks straights by their biggest card, 2 high: 2-3-4-5-6 <"
        " A-2-3-4-5 < J-Q-K-A-2, compared by their cards from the top down.",
    ),
    (
        "combo.long_straights",
        "runs of other lengths follow the order's line: ace at either end"
        " where A-2-3-4-5 stands, 2 high where J-Q-K-A-2 stands; the top card breaks ties.",
    ),
    (
        "suits.none",
        "without suits, the lowest card is still found with ♠>♥>♣>♦ so that a deal"
        " can start; equal plays never beat each other.",
    ),
    (
        "five.by_card_value",
        "a five-card hand's value is its defining card: a straight's"
        " tie-break card, a flush's top card, the set of a full house or four of a kind, the"
        " higher pair of a butterfly or sisters.",
    ),
    ("five.poker_exact", "suits never break ties; flushes compare like poker (flush_order=poker)."),
    ("cards.jokers_wild", "a wild joker takes whatever reading makes the play strongest."),
    ("cards.jokers_valueless", "valueless jokers are played only as singles."),
    (
        "cards.bomb_flips_twos",
        "when 2s are flipped low the 2♦ is the lowest card and its holder"
        " leads; straights keep their order.",
    ),
    (
        "bomb.smackdown",
        "the smack-down answers the top single of the deck (2♠ in the standard"
        " order); a four of a kind only smacks back a four, a run of pairs only a run as long.",
    ),
    (
        "deal.leftover_2s_or_3d",
        "the extra card goes to the holder of 2♠ (the 3♦ holder is the"
        " deal.leftover_to_lead option).",
    ),
    (
        "deal.race",
        "the first of the leader's two neighbours to answer the first play sets the"
        " direction for the deal.",
    ),
    (
        "deal.draw_on_pass",
        "drawing from the stock happens when a player passes on a play, not"
        " when a stuck leader hands the lead on.",
    ),
    (
        "last.announce",
        "the announcement is due right after the play that leaves one card (or two); once"
        " another player acts it has been forgotten.",
    ),
    (
        "last.no_single_two",
        "a leader whose only plays are barred passes the lead on; if every player is stuck the"
        " deal is drawn.",
    ),
    (
        "trick.three_threes",
        "the player after a lead of three 3s may not pass while they can play a triple; with no"
        " other triple that means three 2s.",
    ),
    (
        "mode.president",
        "players after the President may follow its last play (001 and 004 say 'can'; 000's"
        " 'must' is not enforced).",
    ),
    (
        "suits.penning",
        "the holder of the lowest card leads each restart of the play for 2nd and 3rd place"
        " once the trick the winner went out on is over.",
    ),
    (
        "trick.unbeatable_ends",
        "decided for singles, pairs and triples from the cards still out"
        " when no bomb rule is in force.",
    ),
    (
        "start.loser_leads",
        "among tied losers, the one whose largest combination has the fewest"
        " cards leads, then the one whose such combination is weakest.",
    ),
    (
        "instant.malta_dragun",
        "six pairs and one card means the 13 cards split into six pairs"
        " and one; with a pair of 3s the holder loses at once.",
    ),
)


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value) or "none"
    return "unset" if value is None else str(value)


def describe(rules: Rules) -> list[tuple[str, str, str]]:
    """Every option of ``rules`` as (option, value in words, meaning)."""
    return [
        (f.name, _value(getattr(rules, f.name)), OPTIONS[f.name][1])
        for f in fields(rules)
        if f.name in OPTIONS
    ]


def choices(option: str) -> str:
    """The values an option takes, in words: each choice of a scheme, yes/no, or a number."""
    default = next(f.default for f in fields(Rules) if f.name == option)
    if isinstance(default, Enum):
        return ", ".join(f"`{m.value}`" for m in type(default))
    if isinstance(default, bool):
        return "yes, no"
    if isinstance(default, tuple):
        return "lengths, e.g. `3,5,7`"
    return "a number" + (" or none (deal all)" if default is None else "")


def changed(rules: Rules) -> dict[str, object]:
    """The options where ``rules`` differs from the classic game."""
    base = Rules()
    return {
        f.name: getattr(rules, f.name)
        for f in fields(rules)
        if f.name in OPTIONS and getattr(rules, f.name) != getattr(base, f.name)
    }


def reference() -> str:
    """The text of ``docs/rules.md``."""
    base = Rules()
    out = [
        "# Rules reference",
        "",
        "Generated from `bigtwo.rules.catalogue`; do not edit by hand"
        " (`python -m bigtwo.rules.catalogue > docs/rules.md`).",
        "",
        "## Presets",
        "",
    ]
    for p in PRESETS.values():
        options = changed(Rules.preset(p.name))
        out += [
            f"### `{p.name}`",
            "",
            p.summary,
            "",
            f"- Sources: {p.sources}",
            f"- Also called: {', '.join(f'`{a}`' for a in p.aliases) or '-'}",
            "- Options: "
            + (", ".join(f"`{k}={_value(v)}`" for k, v in options.items()) or "the defaults"),
            "",
        ]
    out += [
        "## Options",
        "",
        "Any option can be changed at the command line with `--set NAME=VALUE`"
        " (`bigtwo play --set flushes=no --set straight_order=hong-kong`).",
        "",
        "| option | IDs | meaning | choices | default | presets that change it |",
        "|---|---|---|---|---|---|",
    ]
    for f in fields(Rules):
        if f.name not in OPTIONS:
            continue
        ids, meaning = OPTIONS[f.name]
        users = [p.name for p in PRESETS.values() if f.name in changed(Rules.preset(p.name))]
        out.append(
            f"| `{f.name}` | {' '.join(f'`{i}`' for i in ids.split())} | {meaning} |"
            f" {choices(f.name)} | {_value(getattr(base, f.name))} | {', '.join(users) or '-'} |"
        )
    out += [
        "",
        "## Option sets refused because they can't be played in time",
        "",
        "`Rules` refuses these with a `RulesError` that says why; every other option set plays"
        " a random deal within 2 s, the heuristic within 20 ms a move (95th percentile) and the"
        " expert within its 1 s (`benchmarks/engine.py --sets`).",
        "",
    ]
    out += [f"- {what}: {why}." for what, why in SPEED_REFUSALS]
    out += ["", "## Readings of vague rules", ""]
    out += [f"- `{rid}`: {text}" for rid, text in READINGS]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    print(reference(), end="")
