"""The record fuzzer: real records of every preset (deals and sessions, mid-deal and finished),
mutated by hypothesis (a value replaced by one of any JSON shape, a key dropped or added, a list
shortened, lengthened or reordered, the text cut or a byte flipped). Reading, replaying and
verifying the result gives a record and its verdict, or a `BigTwoError`: never another
exception. ``pytest --long`` runs many more examples."""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bigtwo
from bigtwo import BigTwoError
from bigtwo.session import Session
from bigtwo.session_record import SessionRecord

PRESETS = bigtwo.Rules.presets()
EXAMPLES = (300, 20_000)  # the normal suite, and --long


@cache
def deal_text(preset: str, seed: int, steps: int) -> str:
    game = bigtwo.Game.deal(bigtwo.Rules.preset(preset), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game = game.play(rng.choice(game.legal_moves()))
    return game.record().dumps()


@cache
def session_text(preset: str, seed: int) -> str:
    session = Session.start(bigtwo.Rules.preset(preset), seed)
    games = []
    for _ in range(2):
        game = session.next_deal()
        while not game.is_over:
            game = game.play(game.legal_moves()[0])
        session = session.finish(game)
        games.append(game)
    return SessionRecord.of(session, games).dumps()


json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
    st.sampled_from(["3D", "p0 pass", "2S 2H", "AB" * 32, "ab" * 32, "seeded", "choose", ""]),
)
json_value = st.recursive(
    json_leaf,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += _paths(value, (*path, i))
    return out


def _parent(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path[:-1]:
        data = data[key]
    return data


@st.composite
def mutated(draw: st.DrawFn) -> str:
    preset = draw(st.sampled_from(PRESETS))
    seed = draw(st.integers(0, 40))
    if draw(st.booleans()):
        text = deal_text(preset, seed, draw(st.sampled_from([0, 3, 1000])))
    else:
        text = session_text(preset, seed % 5)
    if draw(st.integers(0, 9)) == 0:  # damage the text itself
        i = draw(st.integers(0, len(text) - 1))
        how = draw(st.sampled_from(["cut", "flip", "insert"]))
        if how == "cut":
            return text[:i]
        if how == "flip":
            return text[:i] + chr(draw(st.integers(0, 0x2FFF))) + text[i + 1 :]
        return text[:i] + draw(st.text(max_size=10)) + text[i:]
    data = json.loads(text)
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(data) if p]
        path = draw(st.sampled_from(paths))
        parent, key = _parent(data, path), path[-1]
        how = draw(st.sampled_from(["replace", "drop", "add", "grow", "shuffle"]))
        if how == "replace":
            parent[key] = draw(json_value)
        elif how == "drop":
            del parent[key]
        elif how == "add" and isinstance(parent, dict):
            parent[draw(st.text(max_size=8))] = draw(json_value)
        elif how == "grow" and isinstance(parent[key], list) and parent[key]:
            parent[key] = parent[key] + parent[key][: draw(st.integers(1, 3))]
        elif how == "shuffle" and isinstance(parent[key], list):
            parent[key] = draw(st.permutations(parent[key]))
    return json.dumps(data, ensure_ascii=draw(st.booleans()))


def _check(text: str) -> None:
    try:
        if '"bigtwo-session"' in text[:200]:
            bigtwo.load_session_record(text).verify()
            return
        record = bigtwo.load_record(text)
        problems = record.verify()
        assert isinstance(problems, list) and all(isinstance(p, str) and p for p in problems)
        if record.viewer is None and record.hands is not None:
            record.replay()
    except BigTwoError as exc:
        assert str(exc) and "Traceback" not in str(exc)


def test_a_mutated_record_gets_a_verdict_or_a_refusal(request: pytest.FixtureRequest) -> None:
    n = EXAMPLES[1] if request.config.getoption("--long") else EXAMPLES[0]

    @settings(
        max_examples=n,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(mutated())
    def run(text: str) -> None:
        _check(text)

    run()


@pytest.mark.parametrize("preset", PRESETS)
def test_an_unmutated_record_of_every_preset_verifies(preset: str) -> None:
    assert bigtwo.load_record(deal_text(preset, 1, 1000)).verify() == []
    assert bigtwo.load_session_record(session_text(preset, 1)).verify() == []
