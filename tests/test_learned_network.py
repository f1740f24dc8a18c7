"""The learned bot's network (format 1): saved and loaded back bit for bit, bad files refused in
words, the same scores as torch on the same weights, and the rows it reads."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from bigtwo import BigTwoError, Game, Rules
from bigtwo.bots.learned.network import FORMAT, Network, input_size, inputs
from bigtwo.features import Layout, MoveLayout, decision_of, move_features
from conftest import untrained_network


def a_position(rules: Rules, seed: int = 3):
    game = Game.deal(rules, seed=seed)
    return game.view(game.to_move), game.legal_moves()


def test_inputs_are_the_observation_then_each_moves_features() -> None:
    rules = Rules.preset("classic")
    view, moves = a_position(rules)
    x = inputs(view, moves)
    layout = Layout(rules)
    assert x.dtype == np.float32 and x.shape == (len(moves), input_size(rules))
    assert input_size(rules) == layout.size + MoveLayout(rules).size == 659
    obs = layout.encode(view, decision_of(view))
    assert (x[:, : layout.size] == obs).all()
    assert (x[:, layout.size :] == move_features(view, moves)).all()


def test_save_and_load_give_the_same_network(tmp_path: Path) -> None:
    rules = Rules.preset("tournament")
    net = untrained_network(rules)
    path = tmp_path / "net.weights"  # written under exactly this name, no .npz added
    net.save(path)
    back = Network.load(path)
    assert back.meta == net.meta and back.meta["format"] == FORMAT
    assert back.meta["preset"] == "tournament" and back.rules == rules
    assert back.hidden == (32, 16) and back.meta["hidden"] == [32, 16]
    for a, b in zip(net.weights + net.biases, back.weights + back.biases, strict=True):
        assert a.dtype == b.dtype == np.float32 and (a == b).all()
    view, moves = a_position(rules)
    x = inputs(view, moves)
    assert (back.scores(x) == net.scores(x)).all()
    with np.load(path) as data:  # the arrays the format names, torch's (out, in) shapes
        assert sorted(data.files) == ["b0", "b1", "b2", "meta", "w0", "w1", "w2"]
        assert data["w0"].shape == (32, input_size(rules)) and data["b2"].shape == (1,)
        assert json.loads(str(data["meta"][()]))["observation_version"] == 1


def save_raw(path: Path, net: Network, **changes: object) -> Path:
    """``net`` written with its arrays or meta changed (None drops an entry)."""
    arrays: dict[str, object] = {}
    for i, (w, b) in enumerate(zip(net.weights, net.biases, strict=True)):
        arrays[f"w{i}"], arrays[f"b{i}"] = w, b
    meta = dict(net.meta)
    for key, value in changes.items():
        if key in arrays or (key.startswith(("w", "b")) and key[1:].isdigit()):
            if value is None:
                arrays.pop(key, None)
            else:
                arrays[key] = value
        elif value is None:
            meta.pop(key, None)
        else:
            meta[key] = value
    arrays["meta"] = np.array(json.dumps(meta))
    with open(path, "wb") as out:
        np.savez(out, **arrays)
    return path


def test_bad_files_are_refused_in_words(tmp_path: Path) -> None:
    net = untrained_network(Rules.preset("classic"))
    cases = {
        "no such file": tmp_path / "absent.npz",
        "not a learned bot's network": tmp_path / "text.npz",
        "is of format 2; this version of bigtwo reads format 1": save_raw(
            tmp_path / "f2.npz", net, format=2
        ),
        "move features version 7": save_raw(tmp_path / "mv.npz", net, move_features_version=7),
        "observation version 0": save_raw(tmp_path / "ob.npz", net, observation_version=0),
        "lacks hidden": save_raw(tmp_path / "hid.npz", net, hidden=None),
        "unknown rule option(s): wings": save_raw(
            tmp_path / "rules.npz", net, rules={**net.meta["rules"], "wings": 2}
        ),
        "the first layer reads 659 numbers a move, but its rules (custom) give 598": save_raw(
            tmp_path / "size.npz", net, rules=Rules(players=3).to_dict()
        ),
        "layer 1 reads 31 numbers but layer 0 gives 32": save_raw(
            tmp_path / "chain.npz", net, w1=np.zeros((16, 31), np.float32)
        ),
        "the last layer gives one value a move, not 2": save_raw(
            tmp_path / "out.npz",
            net,
            w2=np.zeros((2, 16), np.float32),
            b2=np.zeros(2, np.float32),
        ),
        "a network holds w0, b0, w1, b1, … and meta, not": save_raw(
            tmp_path / "gap.npz", net, b1=None
        ),
        "it has no meta": tmp_path / "nometa.npz",
    }
    (tmp_path / "text.npz").write_text("not a zip")
    with open(tmp_path / "nometa.npz", "wb") as out:
        np.savez(out, w0=net.weights[0])
    for words, path in cases.items():
        with pytest.raises(BigTwoError) as caught:
            Network.load(path)
        assert words in str(caught.value), (words, str(caught.value))
        assert type(caught.value) is BigTwoError


def test_a_network_refuses_rules_whose_inputs_it_cannot_read() -> None:
    net = untrained_network(Rules.preset("classic"))
    assert net.fits(Rules.preset("tournament")) and not net.fits(Rules(players=3))
    with pytest.raises(BigTwoError, match=r"reads 659 numbers a move .* \(custom\) give 598"):
        net.check(Rules(players=3))
    with pytest.raises(BigTwoError, match="scores rows of that many numbers"):
        net.scores(np.zeros((3, 10), np.float32))


def test_numpy_scores_equal_torchs_on_the_same_weights() -> None:
    torch = pytest.importorskip("torch", reason="torch (the train extra) is not installed")
    rules = Rules.preset("tournament")
    net = untrained_network(rules, hidden=(64, 32, 8), seed=5)
    layers: list[object] = []
    for i, (w, b) in enumerate(zip(net.weights, net.biases, strict=True)):
        linear = torch.nn.Linear(w.shape[1], w.shape[0])
        with torch.no_grad():
            linear.weight.copy_(torch.from_numpy(w))
            linear.bias.copy_(torch.from_numpy(b))
        layers.append(linear)
        if i < len(net.weights) - 1:
            layers.append(torch.nn.ReLU())
    model = torch.nn.Sequential(*layers)
    for seed in range(4):
        view, moves = a_position(rules, seed)
        x = inputs(view, moves)
        with torch.no_grad():
            expected = model(torch.from_numpy(x))[:, 0].numpy()
        got = net.scores(x)
        assert got.shape == (len(moves),) and got.dtype == np.float32
        np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize(
    "hidden", [(32, 16), (48, 16), (32, 40), (64, 32, 16), (40, 24, 24, 30)], ids=str
)
def test_a_grown_network_scores_every_move_as_before(hidden: tuple[int, ...]) -> None:
    rules = Rules.preset("tournament")
    net = Network.random(rules, hidden=(32, 16), seed=4)
    grown = net.grown(hidden, seed=1)
    assert grown.hidden == hidden and grown.meta["hidden"] == list(hidden)
    for seed in range(5):
        view, moves = a_position(rules, seed)
        x = inputs(view, moves)
        assert np.allclose(grown.scores(x), net.scores(x), atol=1e-5)
    # and the new units are there to learn: they read the inputs, at random
    if hidden[0] > 32:
        assert np.abs(grown.weights[0][32:]).sum() > 0


@pytest.mark.parametrize("hidden", [(16, 16), (32,), (32, 16, 8), ()], ids=str)
def test_a_network_grows_only_wider_and_deeper(hidden: tuple[int, ...]) -> None:
    net = Network.random(Rules.preset("classic"), hidden=(32, 16), seed=4)
    with pytest.raises(BigTwoError, match="grows only wider and deeper"):
        net.grown(hidden)
