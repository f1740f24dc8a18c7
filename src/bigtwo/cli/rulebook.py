"""`bigtwo rules`: a rule set in plain words, or the list of named rule sets."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..cards import Card, deck
from ..combos import tables_for
from ..rules.catalogue import changed, describe
from ..rules.config import Rules
from ..rules.options import FirstPlay, Mode
from ..rules.presets import PRESETS
from .common import make_console, user_errors

_RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
_SUITS = ("♦", "♣", "♥", "♠")


def primer(rules: Rules) -> list[str]:
    """How this rule set plays, in a few sentences for a newcomer, read off the rules' own
    strength tables: the card order, who leads, the plays, how the deal is won."""
    t = tables_for(rules)
    ranks = sorted(range(13), key=lambda r: t.rank_pos[r])
    suits = sorted(range(4), key=lambda s: t.suit_key[s])
    if len(set(t.suit_key)) == 1:
        suit_words = "suits don't rank, so an equal play can't beat another"
    else:
        suit_words = "suits break ties: " + " < ".join(_SUITS[s] for s in suits)
    lead = Card(t.lowest(sum(1 << c for c in deck(rules.decks))))
    first = {
        FirstPlay.INCLUDE: f"must include {lead.symbol()}",
        FirstPlay.ALONE: f"must be {lead.symbol()} on its own",
        FirstPlay.OPTIONAL: "may be anything",
    }[rules.first_play]
    plays = ["singles", "pairs"] + ["triples"] * rules.triples
    plays += ["two pairs"] * rules.two_pairs + ["fours of a kind"] * rules.quads_alone
    five = {
        "straight": True,
        "flush": rules.flushes,
        "full_house": True,
        "four_of_a_kind": rules.quads_kicker,
        "straight_flush": True,
        "butterfly": rules.butterfly,
        "triple_junk": rules.trips_junk,
        "sisters": rules.sisters,
        "five_of_a_kind": rules.five_of_a_kind,
    }
    kinds = sorted((k for k, on in five.items() if on), key=lambda k: t.five_type[k])
    words = ", ".join(
        "four of a kind with a card" if k == "four_of_a_kind" else k.replace("_", " ")
        for k in kinds
    )
    bombs = (
        rules.honours_beat_all
        or rules.override_two
        or rules.quads_beat_all
        or rules.smackdown
        or rules.out_of_turn_bombs
    )
    goal = (
        "play goes on until one player is left; places decide the score"
        if rules.mode in (Mode.UNTIL_LAST, Mode.PRESIDENT)
        else "the first player out of cards wins, and the others pay for the cards they hold"
    )
    return [
        "Cards rank " + " ".join(_RANKS[r] for r in ranks) + f" (lowest to highest); {suit_words}.",
        f"The holder of {lead.symbol()} leads the first trick; the first play {first}.",
        f"Plays: {', '.join(plays)} and five-card hands ({words}, lowest to highest).",
        "Each play must have as many cards as the lead and beat the play before it"
        + (" (bombs aside: see the options below)" if bombs else "")
        + ", or pass; when everyone else passes, the last player leads anything.",
        f"Goal: {goal}.",
    ]


def print_rules(console: Console, rules: Rules) -> None:
    """Every option of ``rules`` with its value and what it means; the options that differ
    from the classic game are marked. The one place that prints a rule set."""
    preset = PRESETS.get(rules.name)
    console.print(Text(f"Rules: {rules.name}", style="bold"), f"({rules.players} players)")
    if preset is not None:
        console.print(preset.summary, soft_wrap=False)
    console.print(Text("How it plays", style="bold"))
    for sentence in primer(rules):
        console.print(Text(f"  {sentence}"))
    console.print(Text("Every option", style="bold"))
    differs = changed(rules)
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=1)
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    for option, value, meaning in describe(rules):
        mark = option in differs
        grid.add_row(
            "*" if mark else "",
            Text(f"{option} = ", style="bold" if mark else "")
            + Text(value, style="bold cyan" if mark else "cyan"),
            Text(meaning, style="" if mark else "dim"),
        )
    console.print(grid)
    console.print(Text("* differs from the classic game", style="dim"))


def print_presets(console: Console) -> None:
    """Every named rule set with the other names it answers to."""
    table = Table(box=None, padding=(0, 1), show_edge=False)
    table.add_column("preset", style="bold")
    table.add_column("what it is", ratio=1)
    for preset in PRESETS.values():
        aliases = f"\nalso: {', '.join(preset.aliases)}" if preset.aliases else ""
        table.add_row(preset.name, Text(preset.summary) + Text(aliases, style="dim"))
    console.print(table)
    console.print("Show one in full with: bigtwo rules PRESET")


def command(
    preset: Annotated[
        str | None, typer.Argument(help="A rule set such as classic or hong-kong.")
    ] = None,
) -> None:
    """Print a rule set in plain words, or list the rule sets."""
    console = make_console()
    if preset is None:
        print_presets(console)
        return
    with user_errors():
        rules = Rules.preset(preset)
    print_rules(console, rules)
