"""How a sitting of `bigtwo play` tells results: a finished deal (who won, every hand left,
the scores), the expert's review of the person's moves, and the final totals and settlement.

A finished deal is read as a record is: each seat's final view shows its cards left (every
hand is laid down at the end), and the deal's public result gives the scores and the outcome
scoring saw. Nothing here looks at a deal in play."""

from __future__ import annotations

from rich.text import Text

from ..combos import Combination, Move
from ..engine.game import Game
from ..i18n import Catalogue
from ..rules.options import Mode
from ..scoring.reasons import Reason, reasons
from ..session import Session, settlement_words
from .common import user_errors
from .hints import Adviser
from .outcomes import ending_words, finish_order_words
from .records import RecordWriter
from .render import cards_text, hand_order, phrase, scores_table, sorted_cards
from .screen import HUMAN, Screen


def show_result(screen: Screen, finished: Game, session: Session, writer: RecordWriter) -> None:
    """The deal's ending in words, the cards everyone was left with, the scores and totals;
    the deal's record saved when asked for."""
    names, say, t = screen.names, screen.say, screen.t
    views = [finished.view(seat) for seat in range(len(names))]
    end, winner = views[HUMAN].end, views[HUMAN].winner
    teams = session.rules.mode is Mode.TEAMS
    shown_end = "last" if teams and end == "out" else end  # the team decides
    screen.console.print()
    screen.console.print(Text(ending_words(shown_end, winner, names, t, HUMAN), style="bold"))
    if teams and end == "out":
        if session.shootout:  # mode.teams: a tie on cards left
            say(t("term.result.shootout"))
        else:
            won = 0 if (finished.scores or (0,))[0] > 0 else 1
            say(t("term.result.team", team=screen.team_name(won)))
    outcome = finished.outcome()
    if outcome is not None and outcome.forgot_announce and winner is not None:
        if winner == HUMAN:
            say(t("term.result.forgot.you"))
        else:
            say(t("term.result.forgot", name=names[winner]))
    if outcome is not None and len(outcome.finish_order) > 1 and end == "last":
        say(t("term.result.order", order=finish_order_words(outcome.finish_order, names)))
    left = [sorted_cards(v.hand, hand_order(views[HUMAN])) for v in views]
    scores = finished.scores or (0,) * len(names)
    if session.shootout:
        scores = (0,) * len(names)  # the shootout's result stands for the deal
    screen.console.print(scores_table(names, left, scores, session.totals, t))
    if outcome is not None and not session.shootout:
        for seat, said in enumerate(reasons(outcome, finished.rules)):
            if said:  # why each seat scored what it did, as the browser's summary says it
                words = " · ".join(reason_words(reason, t) for reason in said)
                screen.console.print(f"  {screen.pad(names[seat])}  {words}", markup=False)
    if teams:
        a, b = session.team_totals
        first, second = screen.team_name(0), screen.team_name(1)
        say(
            t(
                "term.result.team_totals",
                first=first,
                a=t.number(a, signed=True),
                second=second,
                b=t.number(b, signed=True),
            )
        )
    if writer.active:
        with user_errors():
            paths = writer.write(session, finished)
        for path in paths:
            say(t("term.result.saved", path=path))


def reason_words(reason: Reason, t: Catalogue) -> str:
    """One of `scoring.reasons`' reasons in words (``summary.reason.CODE``), its numbers
    written as the language writes them; a code the catalogue lacks as itself."""
    code, params = reason
    if not t.has(f"summary.reason.{code}"):
        return code
    shown = {k: t.number(v) if type(v) is int else v for k, v in params.items()}
    n = params.get("count")
    if type(n) is int:  # `KEY.one` where the language's plural rules ask for it
        return t.count(f"summary.reason.{code}", n, **shown)
    return t(f"summary.reason.{code}", **shown)


def show_review(screen: Screen, finished: Game, adviser: Adviser) -> None:
    """The person's moves in the finished deal where the expert would have played otherwise."""
    t = screen.t
    history = finished.view(HUMAN).history
    if not any(seat == HUMAN for seat, move in history if move.is_play or move.is_pass):
        screen.say(t("term.review.no_moves"))
        return
    with screen.console.status(t("term.review.thinking")):
        notes = adviser.review(finished, HUMAN)
    if not notes:
        screen.say(t("term.review.agrees"))
        return
    screen.say(t("term.review.heading", count=len(notes)))
    for note in notes:
        where = t("term.review.on", table=note.table) if note.table else t("term.review.leading")
        yours, theirs = move_words(note.played, screen), move_words(note.expert, screen)
        line = phrase(t, "term.review.note", where=where, yours=yours, theirs=theirs)
        screen.console.print(Text("  ") + line)
        screen.console.print(Text(f"      {note.reason}", style="dim"))


def move_words(move: Move, screen: Screen) -> Text:
    if isinstance(move, Combination):
        return phrase(screen.t, "term.review.played", cards=cards_text(move.cards))
    return Text(screen.t("term.review.passed") if move.is_pass else str(move))


def show_final(screen: Screen, session: Session) -> None:
    """The totals after the last deal, and who pays whom at 1 a point."""
    names, say, t = screen.names, screen.say, screen.t
    totals = session.totals
    screen.console.rule(t.count("term.final", session.deals_played))
    for seat, name in enumerate(names):
        screen.console.print(
            f"  {screen.pad(name)}  {t.number(totals[seat], signed=True)}", markup=False
        )
    payments = session.settlement(1.0)
    if not payments:
        return
    how = t("term.settle.winners" if session.rules.winner_only else "term.settle.pairs")
    for line in settlement_words(session, t):
        say(line)
    say(t("term.settle.heading", how=how))
    money = [0.0] * len(names)
    for p in payments:
        payee, amount = names[p.payee], t.number(p.amount)
        if p.payer == HUMAN:
            say("  " + t("term.settle.pay.you", payee=payee, amount=amount))
        else:
            say("  " + t("term.settle.pay", payer=names[p.payer], payee=payee, amount=amount))
        money[p.payer] -= p.amount
        money[p.payee] += p.amount
    all_money = ", ".join(f"{names[s]} {t.number(m, signed=True)}" for s, m in enumerate(money))
    say("  " + t("term.settle.all", money=all_money))
