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
from ..cards import Card, cards_of
from ..combos import Combination, Move
from ..engine.actions import ANNOUNCE
from ..engine.game import Game
from ..errors import BigTwoError
from ..rules.options import Leftover, Mode
from ..session import Session, settlement_words
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
from .hints import DEFAULT_HINT_LEVEL, Adviser
from .outcomes import ending_words, finish_order_words
from .prompt import BadInput, read_line
from .records import RecordWriter
from .render import (
    action_line,
    cards_text,
    hand_line,
    kind_words,
    scores_table,
    sorted_cards,
    table_status,
    trick_note,
)
from .rulebook import print_rules

HUMAN = 0  # the person always sits in seat 0
QUIT_WORDS = ("quit", "exit", "q")
HELP_WORDS = ("help", "?", "h")
SHOW_WORDS = ("hand", "table", "look", "show")
DEFAULT_PACE = 0.6  # seconds between bot moves when a person is watching
MAX_PACE = 60.0
NAME_LENGTH = 40


class Quit(Exception):
    """The person chose to leave."""


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
    if shown(player) != player:
        fail(f"--name can't hold control or invisible characters: {shown(player)}")
    if len(player) > NAME_LENGTH:
        fail(f"--name can be at most {NAME_LENGTH} characters long")
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
    """One sitting: deals until the person stops, with running totals."""

    def __init__(
        self,
        console: Console,
        table: Table,
        names: Sequence[str],
        adviser: Adviser,
        writer: RecordWriter,
        pace: float,
    ) -> None:
        self.console, self.table, self.names = console, table, list(names)
        self.adviser, self.writer, self.pace = adviser, writer, pace
        self.width = max(len(n) for n in names)
        self.echo = not sys.stdin.isatty()  # show piped answers so the transcript reads well
        self.farewell_said = False

    @property
    def session(self) -> Session:
        return self.table.session

    @property
    def game(self) -> Game:
        """The deal in play."""
        game = self.table.game
        assert game is not None, "no deal is in play"
        return game

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
            self.say(f"Teams: {self.team_name(0)} against {self.team_name(1)}.")
        self.console.print(Text("Type 'help' at any time for the commands.", style="dim"))
        try:
            events = self.table.start()
            while True:
                game = self.play_deal(events)
                self.show_result(game)
                if not self.session.shootout and not self.after_deal(game):
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
            self.show_final()
        self.console.print("Goodbye.")

    # -- one deal ---------------------------------------------------------------------------
    def play_deal(self, events: list[Event]) -> Game:
        """Show the deal that ``events`` began, then answer for the person whenever the table
        awaits them, until the deal is over; the finished deal."""
        dealt = self.table.dealt
        assert dealt is not None, "the table has dealt"
        self.console.print()
        if self.session.shootout:
            title = "Five-card shootout: the teams are tied"
        else:
            title = f"Deal {self.session.deals_played + 1}"
        self.console.rule(Text(f"{title} · dealer {self.names[dealt.origin.dealer]}"))
        commitment = dealt.view(HUMAN).commitment
        if commitment:  # fair.shuffle: shown before any play, to hold the record against later
            self.console.print(Text(f"  commitment {commitment}", style="dim"))
        self.show_before_play(dealt)
        own = sorted_cards(dealt.view(HUMAN).hand, dealt.tables.order_key)
        self.console.print(hand_line(own))
        self.show(events[1:])
        while self.table.game is not None:
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

    def show_before_play(self, game: Game) -> None:
        """What the person should know before play starts: titles and the card exchanges
        (``mode.president``, ``start.three_player_exchange``), and an extra card dealt to
        them (``deal.leftover_*``)."""
        drawn = self.session.drawn
        if drawn:  # start.indonesia_rounds: a new round of ten deals
            cards = ", ".join(
                f"{'you' if s == HUMAN else self.names[s]} {Card(c).symbol()}"
                for s, c in enumerate(drawn)
            )
            self.say(
                f"A new round of ten deals: everyone drew a card ({cards}); the highest deals,"
                " and the 3♦ leads."
            )
        titles = self.session.titles()
        if titles:
            self.say(
                "Titles: "
                + ", ".join(f"{self.names[seat]} {title}" for seat, title in titles.items())
            )
        for giver, receiver, count, how in game.setup[1]:
            what = {"lowest": "lowest ", "highest": "highest "}.get(how, "")
            cards = f"{count} {what}card{'s' * (count > 1)}"
            if how == "choose":
                cards = f"{count} card{'s' * (count > 1)} of their choice"
            who = "You give" if giver == HUMAN else f"{self.names[giver]} gives"
            whom = "you" if receiver == HUMAN else self.names[receiver]
            self.say(f"{who} {whom} {cards}.")
        before, now = game.origin.hands[HUMAN], game.hands[HUMAN]
        gave, got = before & ~now, now & ~before
        if gave or got:
            line = Text("  ")
            if gave:
                line += Text("You gave ") + cards_text(cards_of(gave)) + Text("; ")
            line += Text("you received ") + (cards_text(cards_of(got)) if got else Text("none"))
            self.console.print(line)
        self.say_extra_cards(game)

    def say_extra_cards(self, game: Game) -> None:
        """Tell the person when the cards that don't divide evenly went to them."""
        rules, n = game.rules, len(self.names)
        extra = len(game.origin.order) % n
        placed = rules.leftover in (
            Leftover.TO_LEAD,
            Leftover.LOWEST_DIAMOND,
            Leftover.TO_TWO_SPADES,
        )
        if not extra or not placed or rules.cards_each is not None or rules.ghost_hand:
            return
        dealt = len(game.origin.order) // n
        mine = game.origin.hands[HUMAN].bit_count() - dealt
        if mine <= 0:
            return
        why = {
            Leftover.TO_LEAD: "the holder of the lowest card",
            Leftover.LOWEST_DIAMOND: "the holder of the lowest diamond",
            Leftover.TO_TWO_SPADES: "the holder of 2♠ (or of the lowest card)",
        }[rules.leftover]
        cards = "the extra card is" if mine == 1 else f"{mine} extra cards are"
        self.say(f"With {n} players the cards don't divide evenly: {cards} yours, as {why}.")

    def after_deal(self, game: Game) -> bool:
        """Ask whether to play on; 'review' lists where the expert would have differed."""
        while True:
            answer = self.ask("Play another deal? [Y/n] (or 'review') ").lower()
            if answer == "review":
                self.show_review(game)
            elif not answer or answer in ("y", "yes"):
                return True
            elif answer in ("n", "no", *QUIT_WORDS):
                return False
            else:
                self.say("Please answer y or n (or 'review').")

    def show_review(self, game: Game) -> None:
        if not any(seat == HUMAN for seat, move in game.history if move.is_play or move.is_pass):
            self.say("You made no moves in this deal.")
            return
        with self.console.status("the expert is looking over your moves…"):
            notes = self.adviser.review(game, HUMAN)
        if not notes:
            self.say("The expert would have played every move as you did.")
            return
        self.say(f"Where the expert would have played otherwise ({len(notes)}):")
        for note in notes:
            table = f"on {note.table}" if note.table else "leading"
            self.console.print(
                Text(f"  {table}: you ")
                + self.move_words(note.played)
                + Text("; the expert ")
                + self.move_words(note.expert)
            )
            self.console.print(Text(f"      {note.reason}", style="dim"))

    @staticmethod
    def move_words(move: Move) -> Text:
        if isinstance(move, Combination):
            return Text("played ") + cards_text(move.cards)
        return Text("passed" if move.is_pass else str(move))

    def show(self, events: Sequence[Event]) -> None:
        """Say what happened: every action, who took each trick, and the person going out;
        bots' moves at the sitting's pace."""
        actor = None
        for event in events:
            if event.kind == "act" and event.seat is not None and event.move is not None:
                actor = event.seat
                human = actor == HUMAN
                self.console.print(
                    action_line(self.names[actor], event.move, self.width, own=human, you=human)
                )
                if not human and self.pace:
                    time.sleep(self.pace)
            elif event.kind == "trick" and event.seat is not None:
                note = trick_note(self.names[event.seat], self.names[event.data["next"]])
                self.console.print(Text(f"  {' ' * self.width}  {note}", style="dim"))
            elif event.kind == "out" and event.seat is not None and actor == HUMAN:
                who, place = event.seat, event.data["place"]
                goes = "You go" if who == HUMAN else f"{self.names[who]} goes"
                self.say(f"{goes} out, {_ORDINALS.get(place, f'{place}th')}.")

    def offer_claims(self) -> list[Event]:
        """Before the first play: tell the person when their hand may claim a redeal or win
        with four 2s, and let them."""
        claims = [m for m in self.table.offers(HUMAN) if m != DECLINE]
        words = " or ".join(f"'{m}'" for m in claims)
        self.show_status(self.game)
        self.say(f"Your hand lets you claim {words} before anyone plays; press Enter to play on.")
        return self.read_move("Claim › ", optional=True)

    def offer_announce(self) -> list[Event]:
        """Right after the person's play leaves the cards the rules ask them to announce."""
        left = len(self.table.view(HUMAN).hand)
        self.say(
            f"You are down to {left} card{'s' * (left > 1)}: these rules oblige you to"
            " 'announce' it. If you keep quiet and then go out, you pay everyone's penalty"
            " and they score 0. Type 'announce', or press Enter to keep quiet."
        )
        return self.read_move("Announce › ", optional=True)

    # -- the person's turns -----------------------------------------------------------------
    def human_turn(self) -> list[Event]:
        game = self.game
        self.show_status(game)
        moves = self.table.offers(HUMAN)
        if ANNOUNCE in moves:
            self.say("You may 'announce' your last card(s) now: the rules ask you to.")
        if game.table is not None and game.table_seat == HUMAN:
            self.say("Everyone else passed on your play: beat it yourself, or pass to lead afresh.")
        return self.read_move(self.prompt(game), optional=False)

    def out_of_turn(self) -> list[Event]:
        """Offer the person a play out of turn before the next bot moves."""
        game = self.game
        self.show_status(game)
        plays = [m for m in self.table.offers(HUMAN) if isinstance(m, Combination)]
        example = Text("  for example ") + cards_text(plays[0].cards) if plays else Text()
        legal = game.moves(HUMAN)  # counted, not listed: two decks can hold millions
        count = legal.total() - sum(1 for m in legal.candidates() if not m.is_play)
        self.say(
            f"You may play out of turn now, before {self.names[game.to_move]}"
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
            game = self.game
            text = self.ask(prompt)
            word = " ".join(text.lower().split())
            if not word:
                if optional:
                    return self.table.submit(HUMAN, DECLINE)
                self.say("Type the cards to play, 'pass', 'hint' or 'help'.")
            elif word in HELP_WORDS:
                self.show_help(game)
            elif word == "hint":
                self.show_hint(game)
            elif word == "rules":
                print_rules(self.console, game.rules)
            elif word in SHOW_WORDS:
                self.show_status(game)
            elif word in QUIT_WORDS:
                if self.confirm("Leave in the middle of this deal? [y/N] ", default=False):
                    raise Quit
            else:
                try:
                    return self.table.submit(HUMAN, game.parse_move(text, HUMAN))
                except BigTwoError as exc:
                    refusal = shown(f"{exc}{_did_you_mean(word)}")
                    self.console.print(Text(f"  ✗ {refusal}", style="red"))

    def prompt(self, game: Game) -> str:
        if game.pending:
            _, receiver, count, _ = game.pending[0]
            if receiver < 0:
                return "Trade the lead card for the extra card? (trade/keep) › "
            return f"Give {count} card{'s' * (count > 1)} to {self.names[receiver]} (give …) › "
        if game.table is None:
            return "Your lead › "
        return "Your move (cards or pass) › "

    def show_status(self, game: Game) -> None:
        view = game.view(HUMAN)
        self.console.print()
        self.console.print(table_status(view, self.names, game.tables.order_key))

    def show_hint(self, game: Game) -> None:
        seat = HUMAN if game.to_move == HUMAN else game.to_move
        if seat != HUMAN:
            self.say("Hints are for your own turn.")
            return
        with self.console.status(f"{self.adviser.name} is thinking…"):
            advice = self.adviser.suggest(game, HUMAN)
        move = advice.move
        line = Text(f"  {self.adviser.name} would ")
        if isinstance(move, Combination):
            line += Text("play ") + cards_text(move.cards)
        else:
            line += Text(str(move))
        self.console.print(line + Text(f"  (type: {move})", style="dim"))
        self.console.print(Text(f"  why: {advice.reason}", style="dim"))

    def show_help(self, game: Game) -> None:
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
            {m.kind for m in game.moves(HUMAN).candidates() if not (m.is_play or m.is_pass)}
            - {"give", "trade", "keep"}
        )
        if game.rules.announce.value != "none":
            claims = sorted({*claims, "announce"})
        if claims:
            lines.append(f"  {' / '.join(claims)}   claims these rules allow")
        if game.pending:
            lines.append("  give 3D 4C   the cards you hand over; trade / keep   the extra card")
        for line in lines:
            self.console.print(line, markup=False)

    # -- between deals ----------------------------------------------------------------------
    @property
    def teams(self) -> bool:
        return self.session.rules.mode is Mode.TEAMS

    def team_name(self, team: int) -> str:
        """``mode.teams``: partners sit opposite, seats 0 and 2 against 1 and 3."""
        return " & ".join(self.names[team::2])

    def show_result(self, game: Game) -> None:
        end = "last" if self.teams and game.end == "out" else game.end  # the team decides
        self.console.print()
        self.console.print(Text(ending_words(end, game.winner, self.names, HUMAN), style="bold"))
        if self.teams and game.end == "out":
            if self.session.shootout:  # mode.teams: a tie on cards left
                self.say("The teams hold as many cards: a five-card shootout decides the deal.")
            else:
                won = 0 if (game.scores or (0,))[0] > 0 else 1
                self.say(f"{self.team_name(won)} hold fewer cards and win the deal.")
        outcome = game.outcome()
        if outcome is not None and outcome.forgot_announce and game.winner is not None:
            who = "You" if game.winner == HUMAN else self.names[game.winner]
            self.say(
                f"{who} never announced the last card, so {who.lower() if who == 'You' else who}"
                f" {'pay' if who == 'You' else 'pays'} what the others would have paid, and they"
                " score 0."
            )
        if outcome is not None and len(outcome.finish_order) > 1 and game.end == "last":
            self.say("Finishing order: " + finish_order_words(outcome.finish_order, self.names))
        left = [sorted_cards(cards_of(h), game.tables.order_key) for h in game.hands]
        scores = game.scores or (0,) * len(self.names)
        if self.session.shootout:
            scores = (0,) * len(self.names)  # the shootout's result stands for the deal
        self.console.print(scores_table(self.names, left, scores, self.session.totals))
        if self.teams:
            a, b = self.session.team_totals
            self.say(f"Team totals: {self.team_name(0)} {a:+d}, {self.team_name(1)} {b:+d}")
        if self.writer.active:
            with user_errors():
                paths = self.writer.write(self.session, game)
            for path in paths:
                self.say(f"Record saved to {path}")

    def show_final(self) -> None:
        totals = self.session.totals
        played = self.session.deals_played
        self.console.rule(f"After {played} deal{'s' * (played != 1)}")
        for seat, name in enumerate(self.names):
            self.console.print(f"  {name.ljust(self.width)}  {totals[seat]:+d}", markup=False)
        payments = self.session.settlement(1.0)
        if payments:
            how = (
                "only the winners collect"
                if self.session.rules.winner_only
                else ("each pair settles the difference")
            )
            for line in settlement_words(self.session):
                self.say(line)
            self.say(f"Settling up at 1 a point ({how}):")
            money = [0.0] * len(self.names)
            for p in payments:
                payer = "You pay" if p.payer == HUMAN else f"{self.names[p.payer]} pays"
                self.say(f"  {payer} {self.names[p.payee]} {p.amount:g}")
                money[p.payer] -= p.amount
                money[p.payee] += p.amount
            self.say(
                "  In all: " + ", ".join(f"{self.names[s]} {m:+g}" for s, m in enumerate(money))
            )

    # -- talking to the person --------------------------------------------------------------
    def say(self, text: str) -> None:
        self.console.print(f"  {text}", markup=False, highlight=False)

    def ask(self, prompt: str) -> str:
        """One line from the person, stripped; EOF and Ctrl-C end the sitting, and so does
        `BadInput` (all handled by the caller)."""
        text = read_line(self.console, prompt)
        if self.echo:
            self.console.print(text, markup=False)
        return text.strip()

    def confirm(self, question: str, *, default: bool) -> bool:
        while True:
            answer = self.ask(question).lower()
            if not answer:
                return default
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no", *QUIT_WORDS):
                return False
            self.say("Please answer y or n.")


_ORDINALS = {1: "first", 2: "second", 3: "third"}
_COMMANDS = ("pass", "hint", "help", "hand", "rules", "quit", "announce", "review")


def _did_you_mean(word: str) -> str:
    """ " (did you mean 'pass'?)" for a near miss of a command, else nothing."""
    if not word.isalpha() or len(word) < 3:
        return ""
    close = get_close_matches(word, _COMMANDS, n=1, cutoff=0.75)
    return f" (did you mean '{close[0]}'?)" if close else ""
