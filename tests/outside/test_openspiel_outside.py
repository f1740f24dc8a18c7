"""The OpenSpiel game as docs/rl.md ("OpenSpiel") promises it, checked from the page alone:
`python_bigtwo` under every preset, a rule set without a fixed action space or a name that is
no preset refused in one line, an action not offered refused, and a seat's observation
string naming no card of another hand. Skipped where open_spiel is not installed."""

from __future__ import annotations

import re

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import bigtwo.env.openspiel  # noqa: E402, F401  (registers python_bigtwo)
from bigtwo import BigTwoError, Rules  # noqa: E402
from bigtwo.env.openspiel import BigTwoGame  # noqa: E402

CARD = re.compile(r"(?<![0-9A-Za-z])([2-9TJQKA][CDHS])(?![0-9A-Za-z])")


def _dealt(spec: str, seed: int = 1):  # type: ignore[no-untyped-def]
    game = pyspiel.load_game(spec)
    state, rng = game.new_initial_state(), np.random.default_rng(seed)
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    return game, state


@pytest.mark.parametrize("preset", Rules.presets())
def test_every_preset_loads_deals_and_plays_to_the_end(preset: str) -> None:
    game, state = _dealt(f"python_bigtwo(rules={preset})")
    rng = np.random.default_rng(2)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert len(state.returns()) == game.num_players()


@pytest.mark.parametrize("name", ["nosuch", "", "classic; rm -rf /", "クラシック"])
def test_a_rules_name_that_is_no_preset_is_refused_in_words(name: str) -> None:
    with pytest.raises(Exception, match="no rule set called"):
        pyspiel.load_game(f"python_bigtwo(rules={name})")


@pytest.mark.parametrize(
    "changes", [{"decks": 2, "players": 6}, {"jokers": "wild"}], ids=["two decks", "wild"]
)
def test_rules_without_a_fixed_action_space_are_refused_in_one_line(changes: dict) -> None:  # type: ignore[type-arg]
    with pytest.raises(BigTwoError, match="fixed action space") as refused:
        BigTwoGame(rules=Rules.preset("classic").replace(**changes))
    assert "\n" not in str(refused.value)


def test_an_action_not_offered_is_refused() -> None:
    _game, state = _dealt("python_bigtwo")
    not_offered = next(a for a in range(1, 10**6) if a not in set(state.legal_actions()))
    with pytest.raises(Exception, match="offered"):
        state.apply_action(not_offered)


def test_a_seats_observation_string_names_no_card_of_another_hand() -> None:
    game, state = _dealt("python_bigtwo", seed=5)
    hands = {seat: set(CARD.findall(state.observation_string(seat).split(";")[0]))
             for seat in range(game.num_players())}  # fmt: skip
    assert all(len(h) == 13 for h in hands.values())
    rng = np.random.default_rng(3)
    for _ in range(40):
        if state.is_terminal():
            break
        for seat in range(game.num_players()):
            others = set().union(*(h for s, h in hands.items() if s != seat))
            text = state.observation_string(seat) + state.information_state_string(seat)
            played = {c for s, h in hands.items() for c in h} - {
                c for s in hands for c in CARD.findall(state.observation_string(s).split(";")[0])
            }
            assert (set(CARD.findall(text)) & others) <= played, seat
        state.apply_action(int(rng.choice(state.legal_actions())))
