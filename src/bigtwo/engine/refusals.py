"""Reading a typed move and deciding whether a move may be made, with the reason when it may
not: every refusal is an `IllegalMoveError` whose sentence a player understands and whose code
and parameters a front end can say in another language. Legality is decided by classifying the
cards and the rules, never by searching a list of moves."""

from __future__ import annotations

from ..cards import Card, cards_of, format_cards, parse_cards
from ..checks import describe
from ..checks import text as checked_text
from ..combos import PASS, Combination, Move
from ..combos.beats import KIND_WORDS, beats, can_lead, why_not
from ..combos.classify import classify_mask
from ..errors import IllegalMoveError
from ..rules.options import FirstPlay
from . import questions, turns
from .actions import ANNOUNCE, REDEAL, WHOOPIN, WORDS, Give
from .moves import first_copies
from .state import State

_CARD_IDS = sum(1 << c for c in range(128) if c & 63 < 54)  # the bits that name cards
_MOVE_TEXT = 1_000  # characters of a typed move that are read at all


def checked(state: State, move: Move | str, seat: int | None) -> tuple[int, Move]:
    """The seat that acts and the move to make, once ``move`` by ``seat`` (the player to move
    by default) is found legal: text is read, and a play becomes the hand's combination. Raises
    `IllegalMoveError` saying why not."""
    actor = state.to_move if seat is None else state._seat(seat)
    if state.end is not None:
        raise IllegalMoveError("the deal is over", "deal_over")
    if isinstance(move, str):
        move = parse_move(state, move, actor)
    elif not isinstance(move, Move):
        raise IllegalMoveError(
            f"a move is a Move or text such as '3D 3S' or 'pass', not {describe(move)}",
            reason="wrong_value",
            argument="move",
        )
    if isinstance(move, Combination):
        hand = state.hands[actor]
        mask = first_copies(move.mask, hand) if state.rules.decks > 1 else move.mask
        return actor, _check_play(state, mask, actor)
    if move.is_pass:
        _check_pass(state, actor)
    elif isinstance(move, Give):
        _check_give(state, move.mask, actor)
    elif move not in questions.claims(state, actor):
        reason = _why_not_action(state, move)
        if state.pending:
            raise IllegalMoveError(reason, "pending", action=str(move), giver=state.pending[0][0])
        raise IllegalMoveError(reason, "unavailable", action=str(move))
    return actor, move


def parse_move(state: State, text: str, seat: int) -> Move:
    """Read a typed move; cards are matched to ``seat``'s hand by face."""
    text = checked_text(text, "a typed move", _MOVE_TEXT)
    words = " ".join(text.strip().lower().replace("!", "").split())
    if words in ("pass", "p", "-"):
        return PASS
    if words in WORDS:
        return WORDS[words]
    giving = words.startswith("give ")
    mask = _match_cards(state, text.strip()[5:] if giving else text, seat)
    if giving:
        return Give(mask)
    return combination(state, mask)


def combination(state: State, mask: int) -> Combination:
    """The combination ``mask`` makes; `IllegalMoveError` when it makes none."""
    combo = classify_mask(mask, state.tables)
    if combo is None:
        raise IllegalMoveError(_not_a_combination(state, mask), "no_combination", cards=_text(mask))
    return combo


def text_mask(text: str) -> int:
    """Typed cards as a mask (each card as named, first deck unless the text says otherwise)."""
    mask = 0
    for c in parse_cards(text):
        mask |= 1 << c
    return mask


def _match_cards(state: State, text: str, seat: int) -> int:
    wanted = parse_cards(text)
    if not wanted:
        raise IllegalMoveError("type some cards, or 'pass'", "no_cards")
    hand = state.hands[seat]
    mask = 0
    missing: list[Card] = []
    for card in wanted:
        face = card & 63
        for copy in (face, face + 64):
            if hand >> copy & 1 and not mask >> copy & 1:
                mask |= 1 << copy
                break
        else:
            missing.append(card)
    if missing:
        raise IllegalMoveError(
            _missing_words(missing, wanted), "not_held", cards=format_cards(missing)
        )
    return mask


def _missing_words(missing: list[Card], wanted: tuple[Card, ...]) -> str:
    card = missing[0]
    named = sum(1 for c in wanted if c.face == card.face)
    if named > 1:
        return f"{card.symbol()} is named {named} times; you hold fewer than that"
    return f"you don't hold {format_cards(missing, symbols=True)}"


def _not_your_turn(state: State) -> str:
    """Why a seat may not act now, in words: whose turn it is, and what the rules let a player
    do out of turn, if anything."""
    text = f"it isn't your turn (seat {state.to_move} is to play)"
    allowed = []
    if state.rules.out_of_turn_bombs and state.table is not None:
        allowed.append("a four of a kind or straight flush that beats the table")
    if state.rules.smackdown and state.table is not None:
        allowed.append(
            "a smack-down (a four of a kind or a run of pairs on a single 2♠, or a higher"
            " one on it)"
        )
    if allowed:
        text += f"; out of turn only {' or '.join(allowed)} may be played"
    return text


def _not_a_combination(state: State, mask: int) -> str:
    text = format_cards(cards_of(mask), symbols=True)
    n = mask.bit_count()
    ranks = {c.rank for c in cards_of(mask)}
    if n == 3 and not state.rules.triples and len(ranks) == 1:
        return f"{text}: triples may only be played inside five-card hands under these rules"
    if n == 4 and len(ranks) == 1:
        return f"{text}: a four of a kind needs a fifth card under these rules"
    if n not in (1, 2, 3, 5):
        return f"{text} is not a combination: {n} cards make no play under these rules"
    return f"{text} is not a combination under these rules"


def _check_play(state: State, mask: int, actor: int) -> Combination:
    hand = state.hands[actor]
    if mask & ~hand:
        if mask & ~_CARD_IDS or mask < 0:
            raise IllegalMoveError(
                "that play names bits that are no cards", reason="wrong_value", argument="move"
            )
        missing = format_cards(cards_of(mask & ~hand), symbols=True)
        raise IllegalMoveError(f"you don't hold {missing}", "not_held", cards=missing)
    if state.pending:
        raise IllegalMoveError(_pending_words(state), "pending", giver=state.pending[0][0])
    t = state.tables
    combo = combination(state, mask)
    if actor != state.to_move:
        if questions.side_allows(state, combo, actor):
            return combo
        raise IllegalMoveError(_not_your_turn(state), "not_your_turn", to_move=state.to_move)
    table = state.table
    if table is None:
        if not can_lead(combo, t):
            raise IllegalMoveError(
                f"{KIND_WORDS[combo.kind]} can't be led; it only answers",
                "only_answers",
                kind=combo.kind,
            )
        if state.opening >= 0:
            _check_opening(state, combo)
    else:
        if state.rules.no_play_after_pass and state.passed >> actor & 1:
            raise IllegalMoveError(
                "you passed in this trick, so you can't play until it ends", "passed"
            )
        if not beats(combo, table, t):
            raise IllegalMoveError(
                why_not(combo, table, t),
                "does_not_beat",
                play=_text(combo.mask),
                table=_text(table.mask),
            )
    if state.rules.narrows_turns:
        reason, params = turns.refusal(state, actor, combo)
        if reason:
            raise IllegalMoveError(reason, "turn_rule", **params)
    return combo


def _check_opening(state: State, combo: Combination) -> None:
    rule = state.rules.first_play
    card = str(Card(state.opening))  # the parameter its notation, the sentence its symbol
    if rule is FirstPlay.ALONE and combo.mask != 1 << state.opening:
        raise IllegalMoveError(_opening_words(state), "first_play_alone", card=card)
    if rule is FirstPlay.INCLUDE and not combo.mask >> state.opening & 1:
        raise IllegalMoveError(_opening_words(state), "first_play_include", card=card)


def _opening_words(state: State) -> str:
    """What the deal's first play must be, where the rules tie it to the opening card."""
    card = Card(state.opening).symbol()
    if state.rules.first_play is FirstPlay.ALONE:
        return f"the first play must be {card} on its own"
    return f"the first play must include {card}"


def _check_pass(state: State, actor: int) -> None:
    if actor != state.to_move:
        raise IllegalMoveError(_not_your_turn(state), "not_your_turn", to_move=state.to_move)
    if state.pending:
        raise IllegalMoveError(_pending_words(state), "pending", giver=state.pending[0][0])
    if state.table is None:
        if questions.has_play(state, actor):
            raise _must_lead(state)
    elif state.rules.three_threes and not questions.can_pass(state, actor):
        raise IllegalMoveError(turns.pass_refusal(state, actor), "must_play", rule="three_threes")


def _must_lead(state: State) -> IllegalMoveError:
    """A pass refused on the lead; on the deal's first play it says what that play must be
    ("any combination" would mislead there)."""
    rule = state.rules.first_play
    if state.opening >= 0 and rule in (FirstPlay.ALONE, FirstPlay.INCLUDE):
        return IllegalMoveError(
            f"you have the lead, so you can't pass: {_opening_words(state)}",
            "must_lead",
            rule="first_play_alone" if rule is FirstPlay.ALONE else "first_play_include",
            card=str(Card(state.opening)),
        )
    return IllegalMoveError(
        "you have the lead, so you can't pass: play any combination", "must_lead"
    )


def _check_give(state: State, mask: int, actor: int) -> None:
    """Is this gift the one the pending exchange asks of ``actor``? Checked directly, not
    by listing every possible gift (a hand of 26 cards has millions)."""
    if not state.pending or state.pending[0][1] < 0:
        raise IllegalMoveError("no cards are to be given now", "nothing_to_give")
    giver, receiver, count, _ = state.pending[0]
    if actor != giver:
        raise IllegalMoveError(_pending_words(state), "pending", giver=giver)
    hand = state.hands[actor]
    if mask & ~hand:
        missing = format_cards(cards_of(mask & ~hand))
        raise IllegalMoveError(f"you don't hold {missing}", "not_held", cards=missing)
    if mask.bit_count() != count:
        plural = "s" * (count > 1)
        raise IllegalMoveError(
            f"give exactly {count} card{plural} to seat {receiver}",
            "gift_size",
            count=count,
            receiver=receiver,
        )
    if (mask >> 64) & ~mask & hand:  # of two identical cards, the first deck's goes first
        raise IllegalMoveError(
            "of two identical cards, give the first deck's copy first", "gift_copy"
        )


def _pending_words(state: State) -> str:
    giver, receiver, count, _ = state.pending[0]
    if receiver < 0:
        return f"seat {giver} must first 'trade' the lead card for the extra card, or 'keep' it"
    return f"seat {giver} must first give {count} card{'s' * (count > 1)} to seat {receiver}"


def _why_not_action(state: State, move: Move) -> str:
    if state.pending:
        return _pending_words(state)
    if move == ANNOUNCE:
        return "you can announce only when you are down to your last card(s), once"
    if move in (REDEAL, WHOOPIN):
        return f"'{move}' is only open before the first play, to a hand that qualifies"
    return f"'{move}' is not open to you now"


def _text(mask: int) -> str:
    """Cards in canonical notation, for a refusal's parameters."""
    return format_cards(cards_of(mask))
