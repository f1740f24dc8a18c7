"""The optional parts of the package and the extra that brings each: a feature whose library
is missing says which extra to install, in one line, instead of failing on an import.

>>> EXTRAS["arena"]
('openskill', 'matplotlib')
>>> str(MissingExtraError("arena", "rating the bots", ["openskill"]))
"rating the bots needs openskill: install the 'arena' extra (pip install 'bigtwo[arena]')"
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib.util import find_spec

from .errors import BigTwoError

# The modules each extra of pyproject.toml brings (its import names; uvloop is left out, as
# the server runs without it and it isn't installed on Windows).
EXTRAS: dict[str, tuple[str, ...]] = {
    "arena": ("openskill", "matplotlib"),
    "server": ("starlette", "uvicorn", "websockets", "sqlalchemy", "alembic", "orjson"),
    "postgres": ("psycopg",),
    "rl": ("pyarrow", "gymnasium", "pettingzoo"),  # numpy is a core dependency
    "openspiel": ("open_spiel",),  # also brings the rl extra
    "ray": ("ray",),  # `bigtwo.spread`: deals and self-play on a Ray cluster
    # training: `bigtwo train` (torch) and the examples (examples/; sb3_contrib only there)
    "train": ("torch", "sb3_contrib"),
    "rllib": ("ray", "torch"),
}
# the extras above that bring torch or ray (hundreds of MB) and serve training alone: left out
# of the fresh-install checks (tests/test_extras.py); their own tests run them instead
LARGE = ("train", "rllib", "ray")


class MissingExtraError(BigTwoError, ImportError):
    """A feature used without the optional libraries it needs; the message names the extra.
    An `ImportError` too, so that code which tries an import and falls back still does."""

    def __init__(self, extra: str, feature: str, missing: Sequence[str]) -> None:
        super().__init__(
            f"{feature} needs {' and '.join(missing)}: install the {extra!r} extra"
            f" (pip install 'bigtwo[{extra}]')"
        )
        self.extra = extra


def missing(extra: str, modules: Sequence[str] | None = None) -> list[str]:
    """The modules of ``extra`` (or those of them named) that can't be imported here."""
    return [m for m in (modules or EXTRAS[extra]) if find_spec(m) is None]


def require(extra: str, feature: str, modules: Sequence[str] | None = None) -> None:
    """Refuse ``feature`` with a `MissingExtraError` when a module it needs from ``extra`` is
    missing; ``modules`` narrows the check to those the feature imports."""
    absent = missing(extra, modules)
    if absent:
        raise MissingExtraError(extra, feature, absent)
