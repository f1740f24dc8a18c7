"""The project's exceptions: every refusal is a `BigTwoError` with a message meant for a player."""

from __future__ import annotations


class BigTwoError(ValueError):
    """Base of every error the library raises on purpose."""


class NotationError(BigTwoError):
    """Card text that cannot be read, e.g. ``"1X"``."""


class IllegalMoveError(BigTwoError):
    """A play or pass the rules do not allow; the message says why."""


class RulesError(BigTwoError):
    """A rule configuration that makes no sense, e.g. five of a kind with one deck."""
