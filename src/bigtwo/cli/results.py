"""How a sitting of `bigtwo play` tells results: a finished deal (who won, every hand left,
the scores), the expert's review of the person's moves, and the final totals and settlement.

A finished deal is read as a record is: each seat's final view shows its cards left (every
hand is laid down at the end), and the deal's public result gives the scores and the outcome
scoring saw. Nothing here looks at a deal in play."""

from __future__ import annotations

from rich.text import Text

from ..combos import Combination, Move
from ..engine.game import Game
from ..rules.options import Mode
from ..session import Session, settlement_words
from .common import user_errors
from .hints import Adviser
from .outcomes import ending_words, finish_order_words
from .records import RecordWriter
from .render import cards_text, hand_order, scores_table, sorted_cards
from .screen import HUMAN, Screen


def show_result(screen: Screen, finished: Game, session: Session, writer: RecordWriter) -> None:
    """The deal's ending in words, the cards everyone was left with, the scores and totals;
    the deal's record saved when asked for."""
    names, say = screen.names, screen.say
    views = [finished.view(seat) for seat in range(len(names))]
    end, winner = views[HUMAN].end, views[HUMAN].winner
    teams = session.rules.mode is Mode.TEAMS
    shown_end = "last" if teams and end == "out" else end  # the team decides
    screen.console.print()
    screen.console.print(Text(ending_words(shown_end, winner, names, HUMAN), style="bold"))
    if teams and end == "out":
        if session.shootout:  # mode.teams: a tie on cards left
            say("The teams hold as many cards: a five-card shootout decides the deal.")
        else:
            won = 0 if (finished.scores or (0,))[0] > 0 else 1
            say(f"{screen.team_name(won)} hold fewer cards and win the deal.")
    outcome = finished.outcome()
    if outcome is not None and outcome.forgot_announce and winner is not None:
        who = "You" if winner == HUMAN else names[winner]
        say(
            f"{who} never announced the last card, so {who.lower() if who == 'You' else who}"
            f" {'pay' if who == 'You' else 'pays'} what the others would have paid, and they"
            " score 0."
        )
    if outcome is not None and len(outcome.finish_order) > 1 and end == "last":
        say("Finishing order: " + finish_order_words(outcome.finish_order, names))
    left = [sorted_cards(v.hand, hand_order(views[HUMAN])) for v in views]
    scores = finished.scores or (0,) * len(names)
    if session.shootout:
        scores = (0,) * len(names)  # the shootout's result stands for the deal
    screen.console.print(scores_table(names, left, scores, session.totals))
    if teams:
        a, b = session.team_totals
        say(f"Team totals: {screen.team_name(0)} {a:+d}, {screen.team_name(1)} {b:+d}")
    if writer.active:
        with user_errors():
            paths = writer.write(session, finished)
        for path in paths:
            say(f"Record saved to {path}")


def show_review(screen: Screen, finished: Game, adviser: Adviser) -> None:
    """The person's moves in the finished deal where the expert would have played otherwise."""
    history = finished.view(HUMAN).history
    if not any(seat == HUMAN for seat, move in history if move.is_play or move.is_pass):
        screen.say("You made no moves in this deal.")
        return
    with screen.console.status("the expert is looking over your moves…"):
        notes = adviser.review(finished, HUMAN)
    if not notes:
        screen.say("The expert would have played every move as you did.")
        return
    screen.say(f"Where the expert would have played otherwise ({len(notes)}):")
    for note in notes:
        table = f"on {note.table}" if note.table else "leading"
        screen.console.print(
            Text(f"  {table}: you ")
            + move_words(note.played)
            + Text("; the expert ")
            + move_words(note.expert)
        )
        screen.console.print(Text(f"      {note.reason}", style="dim"))


def move_words(move: Move) -> Text:
    if isinstance(move, Combination):
        return Text("played ") + cards_text(move.cards)
    return Text("passed" if move.is_pass else str(move))


def show_final(screen: Screen, session: Session) -> None:
    """The totals after the last deal, and who pays whom at 1 a point."""
    names, say = screen.names, screen.say
    totals = session.totals
    played = session.deals_played
    screen.console.rule(f"After {played} deal{'s' * (played != 1)}")
    for seat, name in enumerate(names):
        screen.console.print(f"  {name.ljust(screen.width)}  {totals[seat]:+d}", markup=False)
    payments = session.settlement(1.0)
    if not payments:
        return
    how = (
        "only the winners collect"
        if session.rules.winner_only
        else ("each pair settles the difference")
    )
    for line in settlement_words(session):
        say(line)
    say(f"Settling up at 1 a point ({how}):")
    money = [0.0] * len(names)
    for p in payments:
        payer = "You pay" if p.payer == HUMAN else f"{names[p.payer]} pays"
        say(f"  {payer} {names[p.payee]} {p.amount:g}")
        money[p.payer] -= p.amount
        money[p.payee] += p.amount
    say("  In all: " + ", ".join(f"{names[s]} {m:+g}" for s, m in enumerate(money)))
