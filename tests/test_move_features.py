"""Moves scored by their cards: the features of offered moves (`bigtwo.env.moves`), asserted
by hand for known moves, aligned with the moves the environments offer, and kept whole where a
two-deck, wild-joker position offers more moves than the fixed head's 1,024."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from bigtwo import PASS, BigTwoError, Game, Jokers, Rules, View, classify, parse_cards
from bigtwo.bots.base import bounded
from bigtwo.encoding import FIRST_CARDS
from bigtwo.engine.actions import REDEAL, Give
from bigtwo.env import BigTwoAEC, BigTwoEnv, Layout, MoveLayout, move_features
from bigtwo.env.actions import DYNAMIC_ACTIONS
from bigtwo.env.moves import KINDS, MOVE_TYPES

CLASSIC = Rules.preset("classic")
WILD_TWO_DECKS = Rules(decks=2, players=4, jokers=Jokers.WILD)
HAND = "3D 3S 4H 5C 6D 7S 9H JC QD KS AH 2D 2S"


def view_holding(hand: str, rules: Rules = CLASSIC, twos_low: bool = False) -> View:
    view = Game.deal(rules, seed=1).view(0)
    return dataclasses.replace(view, hand=parse_cards(hand), twos_low=twos_low)


def column(layout: MoveLayout, row: np.ndarray, name: str) -> list[float]:
    return [round(float(x), 6) for x in row[layout.slice(name)]]


def test_known_moves_have_the_features_worked_out_by_hand() -> None:
    view = view_holding(HAND)
    layout = MoveLayout(CLASSIC)
    pair = classify(parse_cards("3D 3S"), CLASSIC)
    straight = classify(parse_cards("3S 4H 5C 6D 7S"), CLASSIC)
    two = classify(parse_cards("2S"), CLASSIC)
    low_two = classify(parse_cards("2D"), CLASSIC)
    assert pair and straight and two and low_two
    moves = [pair, PASS, straight, two, REDEAL, Give(1 << parse_cards("AH")[0]), low_two]
    rows = move_features(view, moves)
    assert rows.shape == (7, layout.size) == (7, 52 + 52 + 8 + 17 + 6)
    cards = Layout(CLASSIC)
    # the pair: 3♦ (slot 0) and 3♠ (slot 3); it leaves the other eleven cards
    p = rows[0]
    assert np.flatnonzero(p[layout.slice("cards")]).tolist() == [0, 3]
    assert cards.card_mask(p[layout.slice("leaves")]) == view.hand_mask & ~pair.mask
    assert column(layout, p, "type") == [0, 0, 0, 0, 0, 0, 1, 0]
    assert np.flatnonzero(p[layout.slice("kind")]).tolist() == [KINDS.index("pair")]
    assert column(layout, p, "size") == [round(2 / 13, 6)]
    assert column(layout, p, "high_rank") == column(layout, p, "low_rank") == [0.0]
    assert column(layout, p, "left") == [round(11 / 13, 6)]
    assert column(layout, p, "goes_out") == [0.0]
    assert column(layout, p, "strength") == [1.0]  # the only pair offered
    # a pass: no cards, the whole hand left, no kind
    s = rows[1]
    assert not s[layout.slice("cards")].any()
    assert cards.card_mask(s[layout.slice("leaves")]) == view.hand_mask
    assert column(layout, s, "type")[0] == 1.0 and not s[layout.slice("kind")].any()
    assert column(layout, s, "size") == [0.0]
    # the straight 3-7: ranks 0 (the 3) to 4 (the 7) of 12
    st = rows[2]
    assert np.flatnonzero(st[layout.slice("kind")]).tolist() == [KINDS.index("straight")]
    assert column(layout, st, "high_rank") == [round(4 / 12, 6)]
    assert column(layout, st, "low_rank") == [0.0]
    assert column(layout, st, "left") == [round(8 / 13, 6)]
    # singles: 2♠ the strongest of the two singles offered, 2♦ the weakest
    assert column(layout, rows[3], "high_rank") == [1.0]
    assert column(layout, rows[3], "strength") == [1.0]
    assert column(layout, rows[6], "strength") == [0.0]
    # a word and a gift
    assert column(layout, rows[4], "type")[MOVE_TYPES.index("redeal")] == 1.0
    g = rows[5]
    assert column(layout, g, "type")[-1] == 1.0 and not g[layout.slice("kind")].any()
    assert cards.card_mask(g[layout.slice("cards")]) == 1 << parse_cards("AH")[0]
    assert column(layout, g, "high_rank") == [round(11 / 12, 6)]


def test_ranks_follow_the_deal_order_when_twos_are_low() -> None:
    layout = MoveLayout(CLASSIC)
    two = classify(parse_cards("2S"), CLASSIC)
    three = classify(parse_cards("3D"), CLASSIC)
    assert two and three
    rows = move_features(view_holding(HAND, twos_low=True), [two, three])
    assert column(layout, rows[0], "high_rank") == [0.0]  # the 2 is the lowest rank
    assert column(layout, rows[1], "high_rank") == [round(1 / 12, 6)]


def test_a_play_that_empties_the_hand_goes_out() -> None:
    view = view_holding("4H 4S")
    pair = classify(parse_cards("4H 4S"), CLASSIC)
    assert pair
    layout = MoveLayout(CLASSIC)
    row = move_features(view, [pair])[0]
    assert column(layout, row, "goes_out") == [1.0] and column(layout, row, "left") == [0.0]


def test_a_bots_legal_moves_are_described_as_they_come() -> None:
    """A bot's ``choose`` gets the engine's lazy sequence, not a list: a policy scoring its
    legal moves hands that on as it is."""
    game = Game.deal(CLASSIC, seed=3)
    lazy = game.moves()
    assert not isinstance(lazy, list | tuple)
    features = move_features(game.view(game.to_move), lazy)
    expected = move_features(game.view(game.to_move), list(lazy))
    assert features.shape[0] == len(lazy) > 1 and np.array_equal(features, expected)


def test_bad_input_is_refused_in_words() -> None:
    view = view_holding(HAND)
    with pytest.raises(BigTwoError, match="moves must be a sequence of moves"):
        move_features(view, ["3D"])  # type: ignore[list-item]
    with pytest.raises(BigTwoError, match="moves must be a sequence of moves, not 'pass'"):
        move_features(view, "pass")  # type: ignore[arg-type]
    with pytest.raises(BigTwoError, match="actions is one of index, offered"):
        BigTwoEnv("classic", actions="cards")
    with pytest.raises(BigTwoError, match="other rules"):
        MoveLayout(WILD_TWO_DECKS).encode(view, [PASS])


def test_rows_are_aligned_with_the_moves_the_environment_offers() -> None:
    env = BigTwoAEC("tournament", move_features=True)
    env.reset(seed=4)
    steps = 0
    rng = np.random.default_rng(4)
    layout = Layout(env.rules)
    while env.agents and steps < 200:
        _, _, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        mask = env.observe(env.agent_selection)["action_mask"]
        features, actions = info["move_features"], info["move_actions"]
        # a fixed space: every row has its index, in the index order
        assert actions.tolist() == np.flatnonzero(mask).tolist()
        moves, _ = env.runner.offered_moves()
        assert len(features) == len(moves) == len(info["moves"])
        for row, index, move in zip(features, actions, moves, strict=True):
            assert info["moves"][int(index)] == str(move)
            assert layout.card_mask(row[MoveLayout(env.rules).slice("cards")]) == move.mask
        env.step(int(rng.choice(actions)))
        steps += 1
    assert steps == 200 or not env.agents


def test_acting_by_offered_place_plays_the_same_games_as_by_index() -> None:
    played = []
    for actions in ("index", "offered"):
        env = BigTwoEnv("classic", opponents="greedy", actions=actions, move_features=True)
        _, info = env.reset(seed=9)
        done, history = False, []
        while not done:
            k = len(info["move_actions"]) // 2  # the middle move of the offered rows
            history.append(info["moves"][int(info["move_actions"][k])])
            action = k if actions == "offered" else int(info["move_actions"][k])
            _, _, done, _, info = env.step(action)
            assert not info["illegal_action"]
        played.append(history)
    assert played[0] == played[1] and len(played[0]) > 3


def test_a_two_deck_wild_joker_position_keeps_every_offered_move() -> None:
    env = BigTwoAEC(WILD_TWO_DECKS, actions="offered", readable_infos=False)
    env.reset(seed=0)
    env.step(0)  # the lowest single (with the lead card), then three passes: a free lead
    for _ in range(3):
        env.step(0)
    runner, seat = env.runner, env.runner.seat
    assert seat is not None
    info = env.infos[env.agent_selection]
    features, actions = info["move_features"], info["move_actions"]
    every = bounded(runner.moves(seat))
    assert len(features) == len(every) > FIRST_CARDS + DYNAMIC_ACTIONS
    moves, _ = runner.offered_moves()
    assert {(type(m), m.mask) for m in moves} == {(type(m), m.mask) for m in every}
    cards = Layout(WILD_TWO_DECKS)
    columns = MoveLayout(WILD_TWO_DECKS).slice("cards")
    assert [cards.card_mask(r[columns]) for r in features] == [m.mask for m in moves]
    # the fixed head's indices cover the first 1,024 card moves; the rest have none
    head = env.observe(env.agent_selection)["action_mask"]
    assert sorted(a for a in actions.tolist() if a >= 0) == np.flatnonzero(head).tolist()
    assert (actions == -1).sum() == len(moves) - int(head.sum()) > 0
    last = len(moves) - 1  # past the head's end, still playable by its place
    assert actions[last] == -1
    env.step(last)
    assert runner.table.game is not None
    assert runner.table.game.history[-1] == (seat, moves[last])


def test_an_offered_place_past_the_end_is_refused_in_words() -> None:
    env = BigTwoAEC("classic", actions="offered")
    env.reset(seed=1)
    with pytest.raises(BigTwoError, match=r"isn't offered to seat .* offered moves 0 to"):
        env.step(10_000)
    single = BigTwoEnv("classic", actions="offered")
    single.reset(seed=1)
    _, _, _, _, info = single.step(10_000)
    assert info["illegal_action"]
    with pytest.raises(BigTwoError, match="action_masks is for actions='index'"):
        single.action_masks()


def test_acting_by_offered_place_passes_check_env_with_nothing_skipped() -> None:
    import warnings

    import gymnasium
    from gymnasium.utils.env_checker import check_env

    env = gymnasium.make(
        "bigtwo/BigTwo-v0", opponents="greedy", actions="offered", render_mode="ansi"
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a skipped check warns: here it fails
        check_env(env.unwrapped)
