"""A person as the server knows them, and the rules of the handle they are called by.

A handle is short, plain and unique regardless of case (it may appear in addresses, and two
people must never look alike): 3 to 20 of ``a-z``, ``A-Z``, ``0-9``, ``_`` and ``-``. A
guest's is made up (``guest-`` and six letters or digits); anyone may change theirs.

>>> handle_problem("ann_99") is None
True
>>> handle_problem("a b")
'bad_handle'
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

HANDLE = re.compile(r"[A-Za-z0-9_-]{3,20}")
RANDOM_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"  # nothing read two ways aloud
MAX_DISPLAY = 32


@dataclass(frozen=True)
class Person:
    """Who is asking: ``id`` never changes (rooms and records store it), ``kind`` is
    ``guest`` or ``account`` (an account signs in with a passkey; a guest only has this
    browser's cookie)."""

    id: str
    handle: str
    display_name: str
    kind: str
    created: float
    suspended: bool = False

    def public(self) -> dict[str, object]:
        return {
            "id": self.id,
            "handle": self.handle,
            "display_name": self.display_name,
            "kind": self.kind,
            "created": self.created,
        }


def new_id() -> str:
    return secrets.token_hex(12)


def guest_handle() -> str:
    """A made-up handle: ``guest-`` and six random letters or digits (31**6: about 900
    million, so a clash is rare and simply drawn again)."""
    return "guest-" + "".join(secrets.choice(RANDOM_LETTERS) for _ in range(6))


def handle_problem(handle: object) -> str | None:
    """Why ``handle`` can't be a handle (an error code), or None."""
    if not isinstance(handle, str) or not HANDLE.fullmatch(handle):
        return "bad_handle"
    return None


def display_problem(name: object) -> str | None:
    """Why ``name`` can't be a display name (an error code), or None: up to `MAX_DISPLAY`
    characters, none of them control or direction marks."""
    if not isinstance(name, str) or len(name) > MAX_DISPLAY:
        return "bad_display_name"
    if any(not c.isprintable() or c in "\u200e\u200f\u202a\u202b\u202c\u202d\u202e" for c in name):
        return "bad_display_name"
    return None
