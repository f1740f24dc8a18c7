"""The public API, pinned: every name in `bigtwo.__all__` and the public members of the classes
outside code uses, with their signatures, must match `public_api.txt`. A change to the surface
is then a decision: after one, rewrite the file with ``python tests/test_public_api.py`` and
review the diff (DESIGN.md: add freely, never break)."""

from __future__ import annotations

import enum
import functools
import inspect
import sys
import types
from pathlib import Path

import bigtwo
from bigtwo.bots import ExpertBot, GreedyBot, HeuristicBot, RandomBot
from bigtwo.bots.heuristic import MediumBot
from bigtwo.engine.game import Record
from bigtwo.session import Session

PINNED = Path(__file__).with_name("public_api.txt")
CLASSES: list[type] = [
    bigtwo.Card,
    bigtwo.Rules,
    bigtwo.Game,
    bigtwo.View,
    Record,
    bigtwo.Deal,
    Session,
    bigtwo.Combination,
    bigtwo.Move,
    RandomBot,
    GreedyBot,
    MediumBot,
    HeuristicBot,
    ExpertBot,
]


def _signature(obj: object) -> str:
    try:
        return str(inspect.signature(obj))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return "(…)"


def _members(cls: type) -> list[str]:
    out = []
    names = set(vars(cls))
    for base in cls.__mro__[1:]:  # members inherited from a base of ours that isn't pinned itself
        if base.__module__.startswith("bigtwo") and base not in CLASSES:
            names |= set(vars(base))
    for name in sorted(names):
        if name.startswith("_") and name not in ("__init__", "__new__"):
            continue
        static = inspect.getattr_static(cls, name)
        if isinstance(static, property | enum.property | functools.cached_property):
            out.append(f"  {name}: property")
        elif isinstance(static, types.MemberDescriptorType):
            out.append(f"  {name}: attribute")
        elif isinstance(static, classmethod | staticmethod):
            out.append(f"  {name}{_signature(getattr(cls, name))}  [{type(static).__name__}]")
        elif callable(static):
            out.append(f"  {name}{_signature(static)}")
    return out


def describe_api() -> str:
    """The public surface as text, one line a name or member."""
    lines = ["bigtwo.__all__:"]
    for name in sorted(bigtwo.__all__):
        obj = getattr(bigtwo, name)
        if isinstance(obj, type) and issubclass(obj, enum.Enum):
            lines.append(f"  {name}: enum {', '.join(m.value for m in obj)}")
        elif isinstance(obj, type):
            lines.append(f"  {name}: class{_signature(obj)}")
        elif callable(obj) and not isinstance(obj, bigtwo.Move):
            lines.append(f"  {name}{_signature(obj)}")
        else:
            lines.append(f"  {name}: {type(obj).__name__}")
    for cls in CLASSES:
        lines.append(f"{cls.__module__}.{cls.__qualname__}:")
        lines.extend(_members(cls))
    return "\n".join(lines) + "\n"


def test_the_public_api_is_the_pinned_one() -> None:
    now = describe_api()
    pinned = PINNED.read_text(encoding="utf-8")
    if now != pinned:
        import difflib

        diff = "".join(
            difflib.unified_diff(
                pinned.splitlines(keepends=True), now.splitlines(keepends=True), "pinned", "now"
            )
        )
        raise AssertionError(
            "the public API changed; if that is intended, run 'python tests/test_public_api.py'"
            f" and commit tests/public_api.txt:\n{diff}"
        )


if __name__ == "__main__":
    PINNED.write_text(describe_api(), encoding="utf-8")
    sys.stdout.write(f"wrote {PINNED}\n")
