"""A refusal in the person's language: the engine's code and parameters said through the
catalogue by `bigtwo.refusal_words`, as the server says them to a program."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import BigTwoError
from ..i18n import Catalogue
from ..refusal_words import say


def refusal_words(exc: BigTwoError, t: Catalogue, names: Sequence[str]) -> str:
    """Why ``exc`` refused a move, in the language of ``t`` (text that isn't a move is
    ``bad_input``, every `BigTwoError`'s code unless it names another)."""
    return say(t, exc.code, exc.params, str(exc), names)
