"""The project's exceptions: every refusal is a `BigTwoError` with a message meant for a player."""

from __future__ import annotations


class BigTwoError(ValueError):
    """Base of every error the library raises on purpose. Its message is English; ``params``
    name the reason for programs: ``reason`` (a word a front end keys its own sentence by,
    ``error.CODE.REASON`` in the catalogues) and that sentence's particulars. ``code`` is the
    stable code of ``docs/refusals.md``: ``bad_input`` unless a subclass names its own.

    >>> e = BigTwoError("can't read '4x' as a card", reason="not_a_card", text="4x")
    >>> e.code, e.params
    ('bad_input', {'reason': 'not_a_card', 'text': '4x'})
    """

    code = "bad_input"

    def __init__(self, message: str = "", **params: object) -> None:
        super().__init__(message)
        self.params = params


class NotationError(BigTwoError):
    """Card text that cannot be read, e.g. ``"1X"``."""


class IllegalMoveError(BigTwoError):
    """A play or pass the rules do not allow; the message says why in English, ``code`` names
    the reason for programs (a browser can say it in another language) and ``params`` hold its
    particulars. The codes are listed in ``docs/refusals.md``.

    >>> e = IllegalMoveError("it isn't your turn (seat 2 is to play)", "not_your_turn", to_move=2)
    >>> e.code, e.params, str(e)
    ('not_your_turn', {'to_move': 2}, "it isn't your turn (seat 2 is to play)")
    """

    def __init__(self, message: str, code: str = "bad_argument", **params: object) -> None:
        super().__init__(message, **params)
        self.code = code


class RulesError(BigTwoError):
    """A rule configuration that makes no sense, e.g. five of a kind with one deck."""

    code = "bad_rules"
