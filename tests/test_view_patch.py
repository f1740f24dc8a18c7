"""The view patch of protocol 2: applying `diff(old, new)` to ``old`` gives ``new`` for any
JSON values, leaves ``old`` as it was, and a patch that doesn't fit is refused."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigtwo.view_patch import PatchError, apply, diff, follow, follow_in_place

leaves = st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from(["a", "b", "3D 4C"])
values = st.recursive(
    leaves,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.sampled_from(["hand", "counts", "x", "y", "history"]), inner, max_size=4
        )
    ),
    max_leaves=25,
)


@settings(max_examples=400, deadline=None)
@given(values, values)
def test_a_patch_turns_old_into_new(old: Any, new: Any) -> None:
    kept = copy.deepcopy(old)
    ops = diff(old, new)
    assert apply(old, ops) == new
    assert old == kept  # nothing the caller holds is changed
    json.dumps(ops)  # and it travels as JSON
    if old == new:
        assert ops == []


def test_a_growing_list_sends_only_what_it_gained() -> None:
    history = [{"seat": s % 4, "move": "pass"} for s in range(40)]
    ops = diff({"history": history}, {"history": [*history, {"seat": 0, "move": "3D"}]})
    assert ops == [["+", ["history"], [{"seat": 0, "move": "3D"}]]]


def test_one_count_changed_is_one_operation() -> None:
    assert diff({"counts": [13, 13, 13, 13]}, {"counts": [13, 12, 13, 13]}) == [
        ["=", ["counts", 1], 12]
    ]


@pytest.mark.parametrize(
    "ops",
    [[["=", ["a", "b"], 1]], [["+", ["n"], [1]]], [["-", ["missing"]]], [["?", ["n"], 1]],
     [["=", ["l", 5], 1]], [["+", [], [1]]], [["-", []]]],
)  # fmt: skip
def test_a_patch_for_another_value_is_refused(ops: list[Any]) -> None:
    with pytest.raises(PatchError):
        apply({"n": 1, "l": [1]}, ops)


@settings(max_examples=400, deadline=None)
@given(values, values)
def test_following_in_place_reaches_the_same_state(old: Any, new: Any) -> None:
    """`follow_in_place` (no copies: the client owns its state and the decoded update) ends
    where `follow` does, from a state and an update that travelled as JSON."""
    state = {"seq": 1, "view": old}
    ops = [[op[0], ["view", *op[1]], *op[2:]] for op in diff(old, new)]
    update = json.loads(json.dumps({"type": "update", "seq": 2, "base": 1, "patch": ops}))
    expected = follow(state, update)
    assert follow_in_place(json.loads(json.dumps(state)), update) == expected
    assert expected == {"seq": 2, "view": new}
    with pytest.raises(PatchError, match="another state"):
        follow_in_place({"seq": 0, "view": old}, update)


def test_following_an_update_checks_its_base_and_takes_its_version() -> None:
    """`follow`, the one way Python clients apply an update: it fits only the state it was
    made from, and the state it leads to carries the update's version."""
    state = {"seq": 4, "view": {"hand": "3D 4C", "history": []}}
    update = {"type": "update", "seq": 5, "base": 4, "patch": diff(state["view"], {})}
    update["patch"] = [[op[0], ["view", *op[1]], *op[2:]] for op in update["patch"]]
    after = follow(state, update)
    assert after == {"seq": 5, "view": {}} and state["seq"] == 4
    for stale in (None, {**state, "seq": 3}):
        with pytest.raises(PatchError, match="another state"):
            follow(stale, update)


class Counted:
    """A leaf that counts how often it is compared."""

    compared = 0

    def __init__(self, value: int) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        Counted.compared += 1
        return isinstance(other, Counted) and other.value == self.value

    __hash__ = None  # type: ignore[assignment]


def test_each_level_of_a_change_compares_its_subtree_once() -> None:
    """A diff is made of every audience's state at every change: a change deep in the state
    is compared once a level on the way down (it was twice, the caller's check and the
    callee's again), and the rest of the state not at all beyond that."""
    depth = 6
    old: Any = Counted(1)
    new: Any = Counted(2)
    for level in range(depth):
        old, new = {f"k{level}": old, "same": level}, {f"k{level}": new, "same": level}
    Counted.compared = 0
    ops = diff(old, new)
    assert len(ops) == 1 and ops[0][0] == "=" and ops[0][2].value == 2
    assert Counted.compared == depth + 1  # the whole once, then each level's subtree once


def test_a_list_grown_at_its_end_is_a_list_extended_whatever_it_holds() -> None:
    old = [{"seat": s % 4, "move": f"{s}"} for s in range(40)]
    new = [*old, {"seat": 0, "move": "x"}]
    assert diff(old, new) == [["+", [], [{"seat": 0, "move": "x"}]]]
    assert diff(new, old) == [["-", [], 40]]
    changed = [dict(old[0], move="y"), *old[1:], {"seat": 1, "move": "z"}]
    assert diff(old, changed) == [["=", [0, "move"], "y"], ["+", [], [{"seat": 1, "move": "z"}]]]
