"""`bigtwo play`: a person (seat 0) against bots, deal after deal, in the terminal."""

from __future__ import annotations

import contextlib
import os
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
from ..i18n import Catalogue, catalogue, from_environment, match
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
from .refusals import refusal_words
from .render import (
    action_line,
    cards_text,
    hand_line,
    hand_order,
    kind_words,
    phrase,
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
        typer.Option(
            "--save",
            help="Write deal 1's record here, later deals beside it; a deal you quit is"
            " saved as far as it went.",
        ),
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
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help="The game's language: en, zh-Hant, zh-HK, zh-Hans, fil, id, ms, vi"
            " (default: from LC_ALL, LC_MESSAGES or LANG).",
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
    t = language(lang)
    with user_errors():
        chosen = load_rules(rules, players, options or ())
        lineup = bot_lineup(bots, chosen.players - 1, chosen)
        adviser = Adviser(hint)
        writer = RecordWriter(save, record_dir)
    bot_names = [f"{bot}-{seat}" for seat, bot in enumerate(lineup, start=1)]
    seated = [player or t("term.you"), *bot_names]
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
    sitting = Match(console, table, seated, adviser, writer, wait, t)
    try:
        sitting.run()
    except (EOFError, KeyboardInterrupt):
        console.print()
        with contextlib.suppress(KeyboardInterrupt):  # a second Ctrl-C cuts the totals short
            sitting.farewell()
    except BadInput as exc:
        console.print()
        try:
            sitting.farewell()
        finally:  # said even when the farewell's own save failed
            fail(str(exc))


def language(asked: str | None) -> Catalogue:
    """The catalogue of ``--lang``, else of the POSIX locale; a ``--lang`` no catalogue speaks
    plays in English, with a note saying so on standard error."""
    if asked is None:
        return catalogue(from_environment(os.environ))
    found = match(asked)
    english = catalogue("en")
    if found is None:
        note = english("term.lang.unknown", tag=shown(asked))
        make_console(stderr=True).print(note, markup=False, highlight=False)
        return english
    return catalogue(found)


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
        t: Catalogue,
    ) -> None:
        self.screen = Screen(console, names, t)
        self.t = t
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
        rules, t, names = self.session.rules, self.t, self.names
        if self.teams:
            company = t("term.company.teams", partner=names[2], left=names[1], right=names[3])
        else:
            company = t("term.company", names=", ".join(names[1:]))
        welcome = t("term.welcome", rules=rules.name, name=names[HUMAN], company=company)
        self.console.print(Text(t("app.title"), style="bold") + Text(f" · {welcome}"))
        if self.teams:
            first, second = self.screen.team_name(0), self.screen.team_name(1)
            self.say(t("term.teams", first=first, second=second))
        self.console.print(Text(t("term.help.first"), style="dim"))
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
        """The deal in play saved, the standings and goodbye; a record that can't be written
        is said on standard error, and the goodbye still comes before the exit code says so."""
        if self.farewell_said:
            return
        self.farewell_said = True
        failed: typer.Exit | None = None
        try:
            self.save_unfinished()
        except typer.Exit as exc:  # said already
            failed = exc
        if self.session.deals_played:
            show_final(self.screen, self.session)
        self.console.print(self.t("term.goodbye"))
        if failed is not None:
            raise failed

    def save_unfinished(self) -> None:
        """The deal in play when the person stops, saved as far as it went (``--save``,
        ``--record-dir``): quitting in the first deal still leaves a record."""
        record = self.table.record_so_far()
        if not self.writer.active or record is None:
            return
        with user_errors():
            paths = self.writer.write_unfinished(self.session, record)
        for path in paths:
            self.say(self.t("term.result.saved.unfinished", path=path))

    def after_deal(self, finished: Game) -> bool:
        """Ask whether to play on; 'review' lists where the expert would have differed."""
        while True:
            answer = self.ask(self.t("term.another") + " ").lower()
            if answer == "review":
                show_review(self.screen, finished, self.adviser)
            elif not answer or answer in ("y", "yes"):
                return True
            elif answer in ("n", "no", *QUIT_WORDS):
                return False
            else:
                self.say(self.t("term.answer.review"))

    # -- one deal ---------------------------------------------------------------------------
    def play_deal(self, events: list[Event]) -> Game:
        """Show the deal that ``events`` began, then answer for the person whenever the table
        awaits them, until the deal is over; the finished deal."""
        dealt = self.table.dealt_view(HUMAN)
        self.console.print()
        t = self.t
        if self.session.shootout:
            title = t("term.deal.shootout")
        else:
            title = t("term.deal", n=self.session.deals_played + 1)
        dealer = self.names[events[0].data["dealer"]]
        self.console.rule(Text(t("term.deal.title", title=title, name=dealer)))
        if dealt.commitment:  # fair.shuffle: shown before any play, to hold the record against
            said = t("term.commitment", digest=dealt.commitment)
            self.console.print(Text(f"  {said}", style="dim"))
        show_deal_start(self.screen, dealt, self.session)
        self.console.print(hand_line(sorted_cards(dealt.hand, hand_order(dealt)), t))
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
        actor, t = None, self.t
        for event in events:
            if event.kind == "act" and event.seat is not None and event.move is not None:
                actor = event.seat
                human = actor == HUMAN
                self.console.print(
                    action_line(
                        self.names[actor], event.move, self.screen.width, t, own=human, you=human
                    )
                )
                if not human and self.pace:
                    time.sleep(self.pace)
            elif event.kind == "trick" and event.seat is not None:
                note = trick_note(self.names[event.seat], self.names[event.data["next"]], t)
                self.console.print(Text(f"  {' ' * self.screen.width}  {note}", style="dim"))
            elif event.kind == "out" and event.seat is not None and actor == HUMAN:
                who, place = event.seat, event.data["place"]
                key = f"term.place.{place}"
                said = t(key) if t.has(key) else t("term.place", place=place)
                if who == HUMAN:
                    self.say(t("term.out.you", place=said))
                else:
                    self.say(t("term.out", name=self.names[who], place=said))

    def offer_claims(self) -> list[Event]:
        """Before the first play: tell the person when their hand may claim a redeal or win
        with four 2s, and let them."""
        claims = [f"'{m}'" for m in self.table.offers(HUMAN) if m != DECLINE]
        words = claims[0]
        for claim in claims[1:]:
            words = self.t("term.either", first=words, second=claim)
        self.show_status(self.view)
        self.say(self.t("term.claim", claims=words))
        return self.read_move(self.t("term.claim.prompt") + " › ", optional=True)

    def offer_announce(self) -> list[Event]:
        """Right after the person's play leaves the cards the rules ask them to announce."""
        self.say(self.t.count("term.announce", len(self.view.hand)))
        return self.read_move(self.t("term.announce.prompt") + " › ", optional=True)

    # -- the person's turns -----------------------------------------------------------------
    def human_turn(self) -> list[Event]:
        view = self.view
        self.show_status(view)
        if ANNOUNCE in self.table.offers(HUMAN):
            self.say(self.t("term.announce.may"))
        if view.table is not None and view.table_seat == HUMAN:
            self.say(self.t("term.passed_round"))
        return self.read_move(self.prompt(view), optional=False)

    def out_of_turn(self) -> list[Event]:
        """Offer the person a play out of turn before the next bot moves."""
        view, t = self.view, self.t
        self.show_status(view)
        plays = [m for m in self.table.offers(HUMAN) if isinstance(m, Combination)]
        legal = self.table.legal(HUMAN)  # counted, not listed: two decks can hold millions
        count = legal.total() - sum(1 for m in legal.candidates() if not m.is_play)
        self.say(t.count("term.out_of_turn", count, name=self.names[view.to_move]))
        if plays:
            example = Text(f"  {t('term.out_of_turn.example')} ") + cards_text(plays[0].cards)
            self.console.print(example + Text(f"  {kind_words(plays[0], t)}", style="dim"))
        return self.read_move(t("term.out_of_turn.prompt") + " › ", optional=True)

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
                self.say(self.t("term.empty_line"))
            elif word in HELP_WORDS:
                self.show_help(view)
            elif word == "hint":
                self.show_hint(view)
            elif word == "rules":
                print_rules(self.console, view.rules)
            elif word in SHOW_WORDS:
                self.show_status(view)
            elif word in QUIT_WORDS:
                if self.screen.confirm(self.t("term.leave") + " ", default=False):
                    raise Quit
            else:
                try:
                    return self.table.submit(HUMAN, text)
                except BigTwoError as exc:
                    refusal = refusal_words(exc, self.t, self.names)
                    close = _did_you_mean(word)
                    if close:
                        refusal = self.t("term.did_you_mean", refusal=refusal, command=close)
                    self.console.print(Text(f"  ✗ {shown(refusal)}", style="red"))

    def prompt(self, view: View) -> str:
        t = self.t
        if view.pending is not None:
            _, receiver, count, _ = view.pending
            if receiver < 0:
                return t("term.prompt.trade") + " › "
            return t.count("term.prompt.give", count, name=self.names[receiver]) + " › "
        if view.table is None:
            return t("term.prompt.lead") + " › "
        return t("term.prompt.move") + " › "

    def show_status(self, view: View) -> None:
        self.console.print()
        self.console.print(table_status(view, self.names, hand_order(view), self.t))

    def show_hint(self, view: View) -> None:
        t, name = self.t, self.adviser.name
        if view.to_move != HUMAN:
            self.say(t("term.hint.own_turn"))
            return
        with self.console.status(t("term.hint.thinking", name=name)):
            advice = self.adviser.suggest(view, self.table.legal(HUMAN).candidates())
        move = advice.move
        if isinstance(move, Combination):
            line = phrase(t, "term.hint.play", name=name, cards=cards_text(move.cards))
        elif move.is_pass:
            line = Text(t("term.hint.pass", name=name))
        else:
            line = Text(t("term.hint.other", name=name, move=move))
        self.console.print(Text("  ") + line + Text(f"  {t('term.hint.type', move=move)}", "dim"))
        self.console.print(Text(f"  {t('term.hint.why', reason=advice.reason)}", style="dim"))

    def show_help(self, view: View) -> None:
        t = self.t
        lines = [
            t("term.help.cards"),
            t("term.help.notation"),
            f"  pass    {t('term.help.pass')}",
            f"  hint    {t('term.help.hint', name=self.adviser.name)}",
            f"  hand    {t('term.help.hand')}",
            f"  rules   {t('term.help.rules')}",
            f"  quit    {t('term.help.quit')}",
        ]
        claims = sorted(
            {m.kind for m in self.table.legal(HUMAN).candidates() if not (m.is_play or m.is_pass)}
            - {"give", "trade", "keep"}
        )
        if view.rules.announce.value != "none":
            claims = sorted({*claims, "announce"})
        if claims:
            lines.append(f"  {' / '.join(claims)}   {t('term.help.claims')}")
        if view.pending is not None:
            give, trade = t("term.help.give"), t("term.help.trade")
            lines.append(f"  give 3D 4C   {give}; trade / keep   {trade}")
        for line in lines:
            self.console.print(line, markup=False)

    # -- talking to the person --------------------------------------------------------------
    def say(self, text: str) -> None:
        self.screen.say(text)

    def ask(self, prompt: str) -> str:
        return self.screen.ask(prompt)


_COMMANDS = ("pass", "hint", "help", "hand", "rules", "quit", "announce", "review")


def _did_you_mean(word: str) -> str:
    """The command ``word`` nearly is ("pas" → "pass"), else nothing: a command typed right
    ("pass" refused on the lead) is no near miss."""
    if not word.isalpha() or len(word) < 3 or word in _COMMANDS:
        return ""
    close = get_close_matches(word, _COMMANDS, n=1, cutoff=0.75)
    return close[0] if close else ""
