"""What changed between two JSON values, as a short list of operations, and applying it:
protocol 2 sends a seat the patch from the view it has to the view it should have, not the
view again (``docs/protocol.md``, "Updates").

An operation is a JSON array ``[op, path, value]``; ``path`` is a list of object keys and
list indices from the root:

- ``["=", path, value]`` sets what is at ``path`` (a key added or replaced, a list item
  replaced);
- ``["+", path, items]`` appends ``items`` to the list at ``path`` (a deal's history grows
  by its new plays, never sent again);
- ``["-", path]`` removes the key at ``path``; ``["-", path, n]`` cuts the list at ``path``
  to its first ``n`` items.

An empty path means the whole value. Applying `diff(old, new)` to ``old`` gives ``new``:

>>> old = {"hand": "3D 4C", "counts": [2, 13], "history": ["p0 3C"], "end": None}
>>> new = {"hand": "4C", "counts": [1, 13], "history": ["p0 3C", "p1 pass"]}
>>> ops = diff(old, new)
>>> ops
[['=', ['hand'], '4C'], ['=', ['counts', 0], 1], ['+', ['history'], ['p1 pass']], ['-', ['end']]]
>>> apply(old, ops) == new
True
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

Path = list[str | int]
Op = list[Any]


def diff(old: Any, new: Any) -> list[Op]:
    """The operations that turn ``old`` into ``new`` (JSON values: dicts with string keys,
    lists, text, numbers, booleans, None)."""
    ops: list[Op] = []
    if old != new:
        _diff(old, new, [], ops)
    return ops


def _diff(old: Any, new: Any, path: Path, ops: list[Op]) -> None:
    """``old`` and ``new`` differ (the caller compared them, so they are not compared again
    here: each level of a change's path is compared once, not twice)."""
    if type(old) is dict and type(new) is dict:
        for key, value in new.items():
            if key not in old:
                ops.append(["=", [*path, key], value])
            else:
                was = old[key]
                if was is not value and was != value:
                    _diff(was, value, [*path, key], ops)
        ops.extend(["-", [*path, key]] for key in old if key not in new)
    elif type(old) is list and type(new) is list:
        kept = min(len(old), len(new))
        # a list that grew or shrank at its end (a deal's history) is most often the same
        # before that: one comparison in C rather than one an item here
        grew = len(new) - len(old)
        same = (grew > 0 and old == new[:kept]) or (grew < 0 and old[:kept] == new)
        changed = [] if same else [i for i in range(kept) if old[i] != new[i]]
        # items changed in place are patched one by one while that is shorter than the list
        if len(changed) * 2 > kept and kept:
            ops.append(["=", path, new])
            return
        for i in changed:
            _diff(old[i], new[i], [*path, i], ops)
        if len(new) > kept:
            ops.append(["+", path, new[kept:]])
        elif len(old) > kept:
            ops.append(["-", path, kept])
    else:
        ops.append(["=", path, new])


def apply(value: Any, ops: list[Op]) -> Any:
    """``value`` (not changed) with ``ops`` applied; `PatchError` if an operation does not fit
    it (a patch meant for another version of the value)."""
    result = copy.deepcopy(value)
    for op in ops:
        result = _apply_one(result, op)
    return result


class PatchError(ValueError):
    """A patch that doesn't fit the value it was applied to."""


def follow(state: dict[str, Any] | None, update: dict[str, Any]) -> dict[str, Any]:
    """The state an ``update`` message (its ``base``, ``seq`` and ``patch``) leads to from
    ``state``, the last state a client holds (not changed); `PatchError` if the update is
    for another state. Every Python client of protocol 2 applies updates with this (or with
    `follow_in_place`)."""
    if state is None or state.get("seq") != update["base"]:
        raise PatchError("an update for another state")
    patched: dict[str, Any] = apply(state, update["patch"])
    patched["seq"] = update["seq"]
    return patched


def follow_in_place(state: dict[str, Any], update: dict[str, Any]) -> dict[str, Any]:
    """`follow` without copies, for a client that owns ``state`` and decoded ``update``
    for this alone (the update's values become parts of the state): ``state``, patched.
    Cheaper by the copy of the whole state an update; a `PatchError` may leave it half
    patched, so read the state whole again then, as after any gap."""
    if state.get("seq") != update["base"]:
        raise PatchError("an update for another state")
    for op in update["patch"]:
        state = _apply_one(state, op, _as_is)
    state["seq"] = update["seq"]
    return state


def _as_is(value: Any) -> Any:
    return value


def _apply_one(root: Any, op: Op, fresh: Callable[[Any], Any] = copy.deepcopy) -> Any:
    holder = [root]  # the root as an item, so that an empty path is a path like any other
    try:
        kind, path = op[0], [0, *op[1]]
        parent: Any = holder
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        if kind == "=":
            if isinstance(parent, list) and not 0 <= last < len(parent):
                raise PatchError(f"no item {last} to set at {op[1]}")
            parent[last] = fresh(op[2])
        elif kind == "+":
            parent[last].extend(fresh(op[2]))
        elif kind == "-" and len(op) == 3:
            del parent[last][op[2] :]
        elif kind == "-" and len(path) > 1:
            del parent[last]
        else:
            raise PatchError(f"unknown operation {op!r}")
    except (KeyError, IndexError, TypeError, AttributeError) as exc:
        raise PatchError(f"{op!r} does not fit: {exc}") from None
    return holder[0]
