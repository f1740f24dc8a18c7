"""Fuzzers: hypothesis throws values of every shape at the public API and at the command line.
Whatever comes in, the answer is a result or a `BigTwoError` (the API), or an exit code with at
most one line on standard error (the commands); never another exception or a traceback.

They run a few hundred examples in the normal suite; ``pytest --long`` runs many more.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest
from cli_run import run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_api_walk import SURFACE, VALID, Target

import bigtwo
from bigtwo import BigTwoError, Jokers, Rules

# the normal suite, and --long
EXAMPLES = {"api": (400, 20_000), "play": (60, 3_000), "cli": (150, 6_000)}


def _examples(request: pytest.FixtureRequest, name: str) -> int:
    short, long = EXAMPLES[name]
    return long if request.config.getoption("--long") else short


def _settings(n: int) -> settings:
    return settings(  # failures are kept in .hypothesis/ and tried first next time
        max_examples=n,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


# -- the API ------------------------------------------------------------------------------
any_text = st.text(st.characters(blacklist_categories=()), max_size=30)  # surrogates too
numbers = st.one_of(
    st.integers(-3, 130),
    st.integers(),
    st.sampled_from([2**63, 2**64, 2**128, 2**129, -(2**200)]),
    st.builds(lambda: 10**5000),  # too long to print: built, so that repr() never sees it
    st.floats(allow_nan=True, allow_infinity=True),
)
card_texts = st.lists(
    st.sampled_from(["3D", "4c", "5♠", "10h", "TS", "2S", "BJ", "RJ", "3D", "\u212aS", "x"]),
    max_size=8,
).map(" ".join)
scalars = st.one_of(
    numbers,
    st.booleans(),
    st.none(),
    any_text,
    card_texts,
    st.binary(max_size=20),
    st.sampled_from(list(Jokers) + list(bigtwo.SuitOrder) + [bigtwo.PASS, Rules()]),
    st.sampled_from(["pass", "classic", "greedy", "expert", "hong-kong", "lowest", "choose"]),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.lists(inner, max_size=5).map(tuple),
        st.dictionaries(st.text(max_size=8), inner, max_size=3),
    ),
    max_leaves=12,
)


def _call(target: Target, args: dict[str, Any]) -> None:
    try:
        target.call(**args)
    except BigTwoError as exc:
        assert str(exc) and len(str(exc)) < 600, str(exc)[:200]


def test_api_fuzz(request: pytest.FixtureRequest) -> None:
    """Each example calls one public callable with each argument either valid or random."""
    targets = [t for t in SURFACE if t.params and "choose" not in t.label]
    targets += [t for t in SURFACE if t.label == "RandomBot.choose"]

    @_settings(_examples(request, "api"))
    @given(st.sampled_from(targets), st.data())
    def run(target: Target, data: st.DataObject) -> None:
        args = dict(VALID[target.label])
        for param in target.params:
            if data.draw(st.booleans(), label=f"change {param}"):
                key = "players" if param == "**" else param
                args[key] = data.draw(values, label=param)
        if target.label == "ExpertBot.__init__" and "samples" not in args:
            args["samples"] = 2  # keeps the search short if it ever runs
        _call(target, args)

    run()


def test_play_fuzz(request: pytest.FixtureRequest) -> None:
    """Random rule sets, seats and moves (typed, made up or legal) through a whole deal: every
    step is a new state or a refusal in words, and the deal still ends."""
    presets = list(Rules.presets())

    @_settings(_examples(request, "play"))
    @given(st.sampled_from(presets), st.integers(0, 2**32), st.data())
    def run(preset: str, seed: int, data: st.DataObject) -> None:
        game = bigtwo.Game.deal(Rules.preset(preset), seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if game.is_over:
                break
            if data.draw(st.booleans(), label="hostile step"):
                move = data.draw(st.one_of(any_text, card_texts, values), label="move")
                seat = data.draw(st.one_of(st.none(), st.integers(-2, 9), values), label="seat")
                with contextlib.suppress(BigTwoError):
                    game = game.play(move, seat=seat)
                continue
            moves = game.legal_moves()
            game = game.play(moves[rng.randrange(len(moves))])
        assert game.is_over or len(game.history) >= 100

    run()


# -- the command line ---------------------------------------------------------------------
hostile_words = st.one_of(
    any_text,
    st.sampled_from(
        [
            "nan",
            "inf",
            "-inf",
            "-1",
            "0",
            "1e308",
            "9" * 40,
            "[red]x[/]",
            "\x1b[2J",
            "\u202e",
            "",
            " ",
            "--",
            "-",
            "x" * 5000,
        ]
    ),
    st.integers(-10, 3).map(str),
)
OPTIONS: dict[str, dict[str, Any]] = {
    "play": {
        "--rules": st.one_of(st.sampled_from(["classic", "president", "pusoy-dos"]), hostile_words),
        "--players": st.one_of(st.integers(2, 8).map(str), hostile_words),
        "--set": st.one_of(
            st.builds(
                "{}={}".format,
                st.sampled_from(
                    ["flushes", "jokers", "cards_each", "straight_lengths", "players", "x"]
                ),
                hostile_words,
            ),
            hostile_words,
        ),
        "--seed": st.one_of(st.integers(-5, 5).map(str), hostile_words),
        "--bots": st.one_of(st.sampled_from(["greedy", "random,greedy"]), hostile_words),
        "--name": hostile_words,
        "--hint": st.one_of(st.sampled_from(["easy", "greedy"]), hostile_words),
        "--pace": st.one_of(st.sampled_from(["0", "0.0"]), hostile_words),
    },
    "simulate": {  # a valid large --games would run for long: the strategy keeps them small
        "--games": st.one_of(
            st.integers(-3, 2).map(str),
            st.sampled_from(["10000001"]),
            hostile_words.filter(lambda w: not w.strip().isdigit()),
        ),
        "--rules": st.one_of(st.sampled_from(["classic", "taiwan"]), hostile_words),
        "--bots": st.one_of(st.sampled_from(["greedy", "random"]), hostile_words),
        "--players": st.one_of(st.integers(2, 8).map(str), hostile_words),
        "--set": hostile_words,
        "--seed": hostile_words,
    },
    "rules": {},
    "replay": {"--seat": hostile_words},
    "verify": {},
}


def test_command_line_fuzz(request: pytest.FixtureRequest) -> None:
    @_settings(_examples(request, "cli"))
    @given(st.sampled_from(sorted(OPTIONS)), st.data())
    def run(command: str, data: st.DataObject) -> None:
        argv = [command]
        for option, values_of in OPTIONS[command].items():
            if data.draw(st.booleans(), label=f"use {option}"):
                argv += [option, data.draw(values_of, label=option)]
        if command in ("rules", "replay", "verify") and data.draw(st.booleans()):
            argv.append(data.draw(hostile_words, label="argument"))
        if command == "play":
            argv += ["--pace", "0"]
        if command == "simulate" and "--games" not in argv:
            argv += ["--games", "1"]
        stdin = data.draw(
            st.one_of(
                st.binary(max_size=60), any_text.map(lambda t: t.encode("utf-8", "surrogatepass"))
            ),
            label="stdin",
        )
        decode = data.draw(st.sampled_from(["strict", "surrogateescape"]), label="decode")
        interrupt = data.draw(st.booleans(), label="ctrl-c")
        result = run_cli(argv, stdin, decode, interrupt=interrupt)
        assert "Traceback" not in result.out + result.err
        assert result.code in (0, 1, 2), (argv, result)
        if result.err:
            assert result.err.count("\n") == 1 and result.err.startswith("bigtwo: "), (
                argv,
                result.err[:300],
            )
            assert result.err[:-1].isprintable(), result.err[:300]
        if result.code == 2:
            assert result.err, argv

    run()


def test_fuzz_values_cover_the_bad_kinds() -> None:
    """The value strategy makes each kind of bad value the walk names (at any depth)."""
    seen: set[type] = set()

    def note(value: object) -> None:
        seen.add(type(value))
        if isinstance(value, list | tuple):
            for item in value:
                note(item)
        elif isinstance(value, dict):
            for item in value.values():
                note(item)

    @settings(max_examples=300, database=None)
    @given(values)
    def run(value: object) -> None:
        note(value)

    run()
    assert seen >= {int, float, bool, type(None), str, bytes, list, tuple, dict, Jokers}
