"""`bigtwo play`: a person (seat 0) against bots, deal after deal, in the terminal."""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Sequence
from difflib import get_close_matches
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from ..bots import Bot, make_bot
from ..checks import player_name
from ..combos import Combination
from ..engine.actions import ANNOUNCE
from ..engine.game import Game
from ..engine.view import View
from ..errors import BigTwoError
from ..rules.options import Mode
from ..session import Session
from ..table import DECLINE, Event, Table
from .common import (
    RULE_OPTIONS_HELP,
    bot_lineup,
    check_seed_option,
    fail,
    interactive_output,
    load_rules,
    make_console,
    shown,
    user_errors,
)
from .deal_start import show_deal_start
from .hints import DEFAULT_HINT_LEVEL, Adviser
from .prompt import BadInput
from .records import RecordWriter
from .render import (
    action_line,
    cards_text,
    hand_line,
    hand_order,
    kind_words,
    sorted_cards,
    table_status,
    trick_note,
)
from .results import show_final, show_result, show_review
from .rulebook import print_rules
from .screen import HUMAN, QUIT_WORDS, Quit, Screen

HELP_WORDS = ("help", "?", "h")
SHOW_WORDS = ("hand", "table", "look", "show")
DEFAULT_PACE = 0.6  # seconds between bot moves when a person is watching
MAX_PACE = 60.0


def command(
    rules: Annotated[
        str, typer.Option("--rules", "-r", help="Rule set: classic, hong-kong, … (bigtwo rules).")
    ] = "classic",
    players: Annotated[
        int | None,
        typer.Option(
            "--players", "-n", help="Players at the table, you included (5 to 8: two decks)."
        ),
    ] = None,
    options: Annotated[
        list[str] | None, typer.Option("--set", help=RULE_OPTIONS_HELP, metavar="NAME=VALUE")
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Shuffle from this seed (the same deals again).")
    ] = None,
    bots: Annotated[
        str, typer.Option("--bots", help="Opponents, comma-separated, repeated to fill the table.")
    ] = "greedy",
    name: Annotated[
        str | None, typer.Option("--name", help="Your name at the table and in records.")
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option("--save", help="Write deal 1's record here, later deals beside it."),
    ] = None,
    record_dir: Annotated[
        Path | None, typer.Option("--record-dir", help="Write every deal's record in this folder.")
    ] = None,
    hint: Annotated[
        str,
        typer.Option(
            "--hint", help="Who gives hints: a level (beginner … expert) or a bot's name."
        ),
    ] = DEFAULT_HINT_LEVEL,
    pace: Annotated[
        float | None,
        typer.Option(
            "--pace", help="Seconds between bot moves (default: a short pause on a terminal)."
        ),
    ] = None,
) -> None:
    """Play Big Two against bots: you sit in seat 0; type cards to play them."""
    player = name.strip() if name is not None else ""
    if name is not None and not player:
        fail("--name can't be empty")
    if shown(player) != player:  # a terminal shows a name as is: nothing it must escape
        fail(f"--name can't hold control or invisible characters: {shown(player)}")
    if player:
        with user_errors():
            player_name(player, "--name")  # the check every name passes, its length included
    if pace is not None and not 0 <= pace <= MAX_PACE:  # NaN fails every comparison
        fail(f"--pace must be a number of seconds from 0 to {MAX_PACE:g}, not {pace}")
    check_seed_option(seed)
    with user_errors():
        chosen = load_rules(rules, players, options or ())
        lineup = bot_lineup(bots, chosen.players - 1)
        adviser = Adviser(hint)
        writer = RecordWriter(save, record_dir)
    bot_names = [f"{bot}-{seat}" for seat, bot in enumerate(lineup, start=1)]
    seated = [player or "You", *bot_names]
    recorded = [player or "player", *bot_names]  # "You" would read oddly in a replay
    opponents: dict[int, Bot] = {
        seat: make_bot(bot, None if seed is None else seed * 100 + seat)
        for seat, bot in enumerate(lineup, start=1)
    }
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):  # line editing and history at the prompt
            import readline  # noqa: F401
    wait = pace if pace is not None else (DEFAULT_PACE if interactive_output() else 0.0)
    console = make_console()
    seats = [None, *(opponents[s] for s in range(1, chosen.players))]
    table = Table(chosen, seats, seed=seed, names=recorded)  # each deal commits to the names
    match = Match(console, table, seated, adviser, writer, wait)
    try:
        match.run()
    except (EOFError, KeyboardInterrupt):
        console.print()
        with contextlib.suppress(KeyboardInterrupt):  # a second Ctrl-C cuts the totals short
            match.farewell()
    except BadInput as exc:
        console.print()
        match.farewell()
        fail(str(exc))


class Match:
    """One sitting: deals until the person stops, with running totals. It drives the table
    and shows the person only their own view, the table's offers and what happened."""

    def __init__(
        self,
        console: Console,
        table: Table,
        names: Sequence[str],
        adviser: Adviser,
        writer: RecordWriter,
        pace: float,
    ) -> None:
        self.screen = Screen(console, names)
        self.console, self.table, self.names = console, table, self.screen.names
        self.adviser, self.writer, self.pace = adviser, writer, pace
        self.farewell_said = False

    @property
    def session(self) -> Session:
        return self.table.session

    @property
    def view(self) -> View:
        """The person's view of the deal in play."""
        return self.table.view(HUMAN)

    @property
    def teams(self) -> bool:
        return self.session.rules.mode is Mode.TEAMS

    # -- the sitting ------------------------------------------------------------------------
    def run(self) -> None:
        rules = self.session.rules
        if self.teams:
            company = f"partner: {self.names[2]}; opponents: {self.names[1]}, {self.names[3]}"
        else:
            company = f"opponents: {', '.join(self.names[1:])}"
        self.console.print(
            Text("Big Two", style="bold")
            + Text(f" · {rules.name} rules · you are {self.names[HUMAN]}; {company}")
        )
        if self.teams:
            self.say(f"Teams: {self.screen.team_name(0)} against {self.screen.team_name(1)}.")
        self.console.print(Text("Type 'help' at any time for the commands.", style="dim"))
        try:
            events = self.table.start()
            while True:
                finished = self.play_deal(events)
                show_result(self.screen, finished, self.session, self.writer)
                if not self.session.shootout and not self.after_deal(finished):
                    break  # (mode.teams: a tie is settled before anyone may leave)
                events = self.table.next_deal()
        except Quit:
            pass
        self.farewell()

    def farewell(self) -> None:
        if self.farewell_said:
            return
        self.farewell_said = True
        if self.session.deals_played:
            show_final(self.screen, self.session)
        self.console.print("Goodbye.")

    def after_deal(self, finished: Game) -> bool:
        """Ask whether to play on; 'review' lists where the expert would have differed."""
        while True:
            answer = self.ask("Play another deal? [Y/n] (or 'review') ").lower()
            if answer == "review":
                show_review(self.screen, finished, self.adviser)
            elif not answer or answer in ("y", "yes"):
                return True
            elif answer in ("n", "no", *QUIT_WORDS):
                return False
            else:
                self.say("Please answer y or n (or 'review').")

    # -- one deal ---------------------------------------------------------------------------
    def play_deal(self, events: list[Event]) -> Game:
        """Show the deal that ``events`` began, then answer for the person whenever the table
        awaits them, until the deal is over; the finished deal."""
        dealt = self.table.dealt_view(HUMAN)
        self.console.print()
        if self.session.shootout:
            title = "Five-card shootout: the teams are tied"
        else:
            title = f"Deal {self.session.deals_played + 1}"
        dealer = events[0].data["dealer"]
        self.console.rule(Text(f"{title} · dealer {self.names[dealer]}"))
        if dealt.commitment:  # fair.shuffle: shown before any play, to hold the record against
            self.console.print(Text(f"  commitment {dealt.commitment}", style="dim"))
        show_deal_start(self.screen, dealt, self.session)
        self.console.print(hand_line(sorted_cards(dealt.hand, hand_order(dealt))))
        self.show(events[1:])
        while self.table.awaiting:
            offer = self.table.offer
            if offer is None:
                events = self.human_turn()
            elif offer.kind == "claim":
                events = self.offer_claims()
            elif offer.kind == "announce":
                events = self.offer_announce()
            else:
                events = self.out_of_turn()
            self.show(events)
        return self.table.games[-1]

    def show(self, events: Sequence[Event]) -> None:
        """Say what happened: every action, who took each trick, and the person going out;
        bots' moves at the sitting's pace."""
        actor = None
        for event in events:
            if event.kind == "act" and event.seat is not None and event.move is not None:
                actor = event.seat
                human = actor == HUMAN
                self.console.print(
                    action_line(
                        self.names[actor], event.move, self.screen.width, own=human, you=human
                    )
                )
                if not human and self.pace:
                    time.sleep(self.pace)
            elif event.kind == "trick" and event.seat is not None:
                note = trick_note(self.names[event.seat], self.names[event.data["next"]])
                self.console.print(Text(f"  {' ' * self.screen.width}  {note}", style="dim"))
            elif event.kind == "out" and event.seat is not None and actor == HUMAN:
                who, place = event.seat, event.data["place"]
                goes = "You go" if who == HUMAN else f"{self.names[who]} goes"
                self.say(f"{goes} out, {_ORDINALS.get(place, f'{place}th')}.")

    def offer_claims(self) -> list[Event]:
        """Before the first play: tell the person when their hand may claim a redeal or win
        with four 2s, and let them."""
        claims = [m for m in self.table.offers(HUMAN) if m != DECLINE]
        words = " or ".join(f"'{m}'" for m in claims)
        self.show_status(self.view)
        self.say(f"Your hand lets you claim {words} before anyone plays; press Enter to play on.")
        return self.read_move("Claim › ", optional=True)

    def offer_announce(self) -> list[Event]:
        """Right after the person's play leaves the cards the rules ask them to announce."""
        left = len(self.view.hand)
        self.say(
            f"You are down to {left} card{'s' * (left > 1)}: these rules oblige you to"
            " 'announce' it. If you keep quiet and then go out, you pay everyone's penalty"
            " and they score 0. Type 'announce', or press Enter to keep quiet."
        )
        return self.read_move("Announce › ", optional=True)

    # -- the person's turns -----------------------------------------------------------------
    def human_turn(self) -> list[Event]:
        view = self.view
        self.show_status(view)
        if ANNOUNCE in self.table.offers(HUMAN):
            self.say("You may 'announce' your last card(s) now: the rules ask you to.")
        if view.table is not None and view.table_seat == HUMAN:
            self.say("Everyone else passed on your play: beat it yourself, or pass to lead afresh.")
        return self.read_move(self.prompt(view), optional=False)

    def out_of_turn(self) -> list[Event]:
        """Offer the person a play out of turn before the next bot moves."""
        view = self.view
        self.show_status(view)
        plays = [m for m in self.table.offers(HUMAN) if isinstance(m, Combination)]
        example = Text("  for example ") + cards_text(plays[0].cards) if plays else Text()
        legal = self.table.legal(HUMAN)  # counted, not listed: two decks can hold millions
        count = legal.total() - sum(1 for m in legal.candidates() if not m.is_play)
        self.say(
            f"You may play out of turn now, before {self.names[view.to_move]}"
            f" ({count} play{'s' * (count != 1)} you hold can):"
            " type the cards, or press Enter to let play go on."
        )
        if plays:
            self.console.print(example + Text(f"  {kind_words(plays[0])}", style="dim"))
        return self.read_move("Out of turn › ", optional=True)

    def read_move(self, prompt: str, *, optional: bool) -> list[Event]:
        """Read commands until the table takes a move (or, when ``optional``, an empty line
        declines the offer); what followed."""
        while True:
            view = self.view
            text = self.ask(prompt)
            word = " ".join(text.lower().split())
            if not word:
                if optional:
                    return self.table.submit(HUMAN, DECLINE)
                self.say("Type the cards to play, 'pass', 'hint' or 'help'.")
            elif word in HELP_WORDS:
                self.show_help(view)
            elif word == "hint":
                self.show_hint(view)
            elif word == "rules":
                print_rules(self.console, view.rules)
            elif word in SHOW_WORDS:
                self.show_status(view)
            elif word in QUIT_WORDS:
                if self.screen.confirm("Leave in the middle of this deal? [y/N] ", default=False):
                    raise Quit
            else:
                try:
                    return self.table.submit(HUMAN, text)
                except BigTwoError as exc:
                    refusal = shown(f"{exc}{_did_you_mean(word)}")
                    self.console.print(Text(f"  ✗ {refusal}", style="red"))

    def prompt(self, view: View) -> str:
        if view.pending is not None:
            _, receiver, count, _ = view.pending
            if receiver < 0:
                return "Trade the lead card for the extra card? (trade/keep) › "
            return f"Give {count} card{'s' * (count > 1)} to {self.names[receiver]} (give …) › "
        if view.table is None:
            return "Your lead › "
        return "Your move (cards or pass) › "

    def show_status(self, view: View) -> None:
        self.console.print()
        self.console.print(table_status(view, self.names, hand_order(view)))

    def show_hint(self, view: View) -> None:
        if view.to_move != HUMAN:
            self.say("Hints are for your own turn.")
            return
        with self.console.status(f"{self.adviser.name} is thinking…"):
            advice = self.adviser.suggest(view, self.table.legal(HUMAN).candidates())
        move = advice.move
        line = Text(f"  {self.adviser.name} would ")
        if isinstance(move, Combination):
            line += Text("play ") + cards_text(move.cards)
        else:
            line += Text(str(move))
        self.console.print(line + Text(f"  (type: {move})", style="dim"))
        self.console.print(Text(f"  why: {advice.reason}", style="dim"))

    def show_help(self, view: View) -> None:
        lines = [
            "Type the cards to play, in any common notation: 3d 3s · 10h · T♠ · 3♦3♠",
            "(rank 3-9, 10 or T, J, Q, K, A, 2; then suit d c h s or ♦ ♣ ♥ ♠; jokers BJ RJ)",
            "  pass    pass this trick (not when you have the lead)",
            f"  hint    what {self.adviser.name} would play here, and why",
            "  hand    show the table and your hand again",
            "  rules   the rules of this game in plain words",
            "  quit    leave (asks first)",
        ]
        claims = sorted(
            {m.kind for m in self.table.legal(HUMAN).candidates() if not (m.is_play or m.is_pass)}
            - {"give", "trade", "keep"}
        )
        if view.rules.announce.value != "none":
            claims = sorted({*claims, "announce"})
        if claims:
            lines.append(f"  {' / '.join(claims)}   claims these rules allow")
        if view.pending is not None:
            lines.append("  give 3D 4C   the cards you hand over; trade / keep   the extra card")
        for line in lines:
            self.console.print(line, markup=False)

    # -- talking to the person --------------------------------------------------------------
    def say(self, text: str) -> None:
        self.screen.say(text)

    def ask(self, prompt: str) -> str:
        return self.screen.ask(prompt)


_ORDINALS = {1: "first", 2: "second", 3: "third"}
_COMMANDS = ("pass", "hint", "help", "hand", "rules", "quit", "announce", "review")


def _did_you_mean(word: str) -> str:
    """ " (did you mean 'pass'?)" for a near miss of a command, else nothing."""
    if not word.isalpha() or len(word) < 3:
        return ""
    close = get_close_matches(word, _COMMANDS, n=1, cutoff=0.75)
    return f" (did you mean '{close[0]}'?)" if close else ""
