"""The learned bot's network in numpy: format 1, shared by the training side (which converts
its torch model to and from it) and the play side (which needs numpy alone).

A network scores each offered move: one row a move, the seat's observation followed by the
move's features (`inputs`), through an MLP ``Linear → ReLU → … → Linear(·, 1)`` whose output
is the move's value (the points of the deal it expects for the seat that makes it). The bot
plays the move of highest value. A file is one ``.npz``: ``w0, b0, w1, b1, …`` (``w_i`` shaped
(out, in) as ``torch.nn.Linear.weight``, ``b_i`` (out,), all float32) and ``meta``, a 0-d string
array of JSON: the format, the rules (`Rules.to_dict`), the preset's name, the versions of the
observation and the move features, the hidden sizes and free notes on its training.

>>> import numpy as np
>>> from bigtwo import Game, Rules
>>> rules = Rules.preset("classic")
>>> net = Network.random(rules, hidden=(16,), seed=1)
>>> net.input_size, net.hidden
(659, (16,))
>>> game = Game.deal(rules, seed=1)
>>> moves = game.legal_moves()
>>> x = inputs(game.view(game.to_move), moves)
>>> x.shape == (len(moves), 659), net.scores(x).dtype
(True, dtype('float32'))
"""

from __future__ import annotations

import itertools
import json
import zipfile
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ...checks import describe
from ...combos import Move
from ...engine.view import View
from ...errors import BigTwoError, RulesError
from ...features.moves import MOVE_FEATURES_VERSION, MoveLayout
from ...features.observation import OBSERVATION_VERSION, Layout, decision_of
from ...rules.config import Rules

FORMAT = 1
Array = npt.NDArray[np.float32]
META_KEYS = ("format", "rules", "observation_version", "move_features_version", "hidden")


@lru_cache(maxsize=16)
def layouts(rules: Rules) -> tuple[Layout, MoveLayout]:
    """The observation and move-feature layouts of ``rules``, made once (a few rule sets kept)."""
    return Layout(rules), MoveLayout(rules)


def input_size(rules: Rules) -> int:
    """The numbers a network reads a move under ``rules``: the observation's and a move's."""
    layout, move_layout = layouts(rules)
    return layout.size + move_layout.size


def inputs(view: View, moves: Sequence[Move]) -> Array:
    """One float32 row a move of ``moves`` (in their order): the observation of ``view``'s seat
    for the decision it faces, then the move's features."""
    layout, move_layout = layouts(view.rules)
    n = len(moves)
    out = np.empty((n, layout.size + move_layout.size), np.float32)
    out[:, : layout.size] = layout.encode(view, decision_of(view))
    out[:, layout.size :] = move_layout.encode(view, moves)
    return out


class Network:
    """An MLP that scores moves (format 1); make one with `load`, `from_arrays` or `random`."""

    def __init__(self, weights: Sequence[Array], biases: Sequence[Array], meta: dict[str, Any]):
        self.weights = tuple(weights)
        self.biases = tuple(biases)
        self.meta = meta
        # x @ w.T, kept transposed and contiguous: one matrix product a layer, no copy a call
        self._layers = tuple(
            (np.ascontiguousarray(w.T), b) for w, b in zip(self.weights, self.biases, strict=True)
        )

    # -- making one ------------------------------------------------------------------------
    @classmethod
    def from_arrays(
        cls, weights: Sequence[Any], biases: Sequence[Any], meta: Mapping[str, Any]
    ) -> Network:
        """A network of these layers (``weights[i]`` shaped (out, in), ``biases[i]`` (out,),
        the last layer one output) and ``meta`` (format 1's fields; ``hidden`` and ``format``
        filled in when left out). Refused in words when the shapes don't chain, the input size
        is not the rules' or the versions are not this package's."""
        if not isinstance(meta, Mapping):
            raise BigTwoError(f"a network's meta is a mapping, not {describe(meta)}")
        if not isinstance(weights, Sequence) or not isinstance(biases, Sequence):
            raise BigTwoError("a network's weights and biases are sequences of arrays")
        ws = [np.asarray(w, np.float32) for w in weights]
        bs = [np.asarray(b, np.float32) for b in biases]
        if not ws or len(ws) != len(bs):
            raise BigTwoError(
                f"a network needs as many bias vectors as weight matrices, at least one:"
                f" {len(ws)} weights, {len(bs)} biases"
            )
        full = {
            "format": FORMAT,
            "preset": None,
            "observation_version": OBSERVATION_VERSION,
            "move_features_version": MOVE_FEATURES_VERSION,
            "hidden": [int(w.shape[0]) for w in ws[:-1] if w.ndim == 2],
            "trained": {},
            **dict(meta),
        }
        _check_meta(full)
        _check_shapes(ws, bs, full)
        return cls(ws, bs, full)

    @classmethod
    def random(
        cls,
        rules: Rules,
        hidden: Sequence[int] = (256, 256),
        seed: int = 0,
        trained: Mapping[str, Any] | None = None,
    ) -> Network:
        """An untrained network for ``rules`` (He-initialised layers of sizes ``hidden``): a
        starting point, and what the tests play with."""
        rng = np.random.default_rng(seed)
        sizes = [input_size(rules), *hidden, 1]
        ws = [
            (rng.standard_normal((o, i)) * np.sqrt(2.0 / i)).astype(np.float32)
            for i, o in itertools.pairwise(sizes)
        ]
        bs = [np.zeros(o, np.float32) for o in sizes[1:]]
        meta = {
            "rules": rules.to_dict(),
            "preset": rules.name if rules.name in Rules.presets() else None,
            "trained": dict(trained or {"method": "random", "seed": seed}),
        }
        return cls.from_arrays(ws, bs, meta)

    def grown(self, hidden: Sequence[int], seed: int = 0) -> Network:
        """This network made wider and deeper to layers ``hidden``, scoring every move exactly
        as it does: a layer keeps its units and gains new ones that read everything at random
        but feed nothing yet (their outgoing weights are zero), and a layer added after the
        last passes that layer's units through (the ReLU of a ReLU's output is itself). So
        training goes on from what the network knows, with room to learn more."""
        old = self.hidden
        new = tuple(hidden)
        if len(new) < len(old) or any(
            h < o for h, o in zip(new, (*old, *[old[-1]] * (len(new) - len(old))), strict=False)
        ):
            raise BigTwoError(
                f"a network of layers {list(old)} grows only wider and deeper: each layer at"
                f" least as wide, an added one at least {old[-1]} wide, not {list(new)}"
            )
        rng = np.random.default_rng(seed)
        ws: list[Array] = []
        bs: list[Array] = []
        inputs = self.input_size
        for i, width in enumerate(new):
            w = np.zeros((width, inputs), np.float32)
            b = np.zeros(width, np.float32)
            if i < len(old):  # the old units, reading only what they read before
                kept = self.weights[i]
                w[: kept.shape[0], : kept.shape[1]] = kept
                b[: kept.shape[0]] = self.biases[i]
                first_new = kept.shape[0]
            else:  # an added layer passes the last old layer's units through
                first_new = old[-1]
                w[:first_new, :first_new] = np.eye(first_new, dtype=np.float32)
            # new units read everything, at half He's scale: small beside the trained ones
            w[first_new:] = rng.standard_normal((width - first_new, inputs)) * np.sqrt(0.5 / inputs)
            ws.append(w)
            bs.append(b)
            inputs = width
        out = np.zeros((1, inputs), np.float32)
        out[:, : old[-1]] = self.weights[-1]
        ws.append(out)
        bs.append(self.biases[-1].copy())
        meta = {**self.meta, "hidden": list(new)}
        return Network.from_arrays(ws, bs, meta)

    @classmethod
    def load(cls, path: str | Path) -> Network:
        """The network saved at ``path``; a file that isn't one of format 1, or was made for
        other versions of the encoders, is refused in words."""
        where = Path(path)
        try:
            with np.load(where, allow_pickle=False) as data:
                arrays = {name: data[name] for name in data.files}
        except FileNotFoundError:
            raise BigTwoError(f"no network at {where}: no such file") from None
        except IsADirectoryError:
            raise BigTwoError(f"no network at {where}: it is a folder") from None
        except (OSError, ValueError, zipfile.BadZipFile, EOFError):
            raise BigTwoError(
                f"{where} is not a learned bot's network (a .npz file of format {FORMAT})"
            ) from None
        if "meta" not in arrays:
            raise BigTwoError(f"{where} is not a learned bot's network: it has no meta")
        meta_array = arrays.pop("meta")
        try:
            meta = json.loads(str(meta_array[()]))
        except (ValueError, IndexError, TypeError):
            raise BigTwoError(f"{where}: its meta is not JSON") from None
        if not isinstance(meta, dict):
            raise BigTwoError(f"{where}: its meta is not a JSON object")
        layers = len(arrays) // 2
        names = {f"{k}{i}" for i in range(layers) for k in "wb"}
        if set(arrays) != names:
            raise BigTwoError(
                f"{where}: a network holds w0, b0, w1, b1, … and meta, not"
                f" {', '.join(sorted(arrays))}"
            )
        try:
            _check_meta(meta)  # a file carries every field; `from_arrays` fills some in
            return cls.from_arrays(
                [arrays[f"w{i}"] for i in range(layers)],
                [arrays[f"b{i}"] for i in range(layers)],
                meta,
            )
        except BigTwoError as exc:
            raise BigTwoError(f"{where}: {exc}") from None

    def save(self, path: str | Path) -> None:
        """Write the network to ``path`` (a ``.npz`` file, written under exactly that name)."""
        arrays: dict[str, Any] = {}
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            arrays[f"w{i}"], arrays[f"b{i}"] = w, b
        arrays["meta"] = np.array(json.dumps(self.meta, sort_keys=True))
        with open(path, "wb") as out:
            np.savez_compressed(out, **arrays)  # float32 weights: a tenth smaller

    # -- what it is ------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        """The rules it was made for."""
        return Rules.from_dict(self.meta["rules"])

    @property
    def input_size(self) -> int:
        return int(self.weights[0].shape[1])

    @property
    def hidden(self) -> tuple[int, ...]:
        return tuple(int(w.shape[0]) for w in self.weights[:-1])

    def fits(self, rules: Rules) -> bool:
        """Whether it reads the inputs of ``rules`` (the same number of them)."""
        return input_size(rules) == self.input_size

    def check(self, rules: Rules) -> None:
        """Refuse, in words, to play under ``rules`` it can't read."""
        if not self.fits(rules):
            made = self.meta.get("preset") or "custom"
            raise BigTwoError(
                f"this network reads {self.input_size} numbers a move (made for the {made}"
                f" rules); the table's rules ({rules.name}) give {input_size(rules)}"
            )

    # -- scoring ---------------------------------------------------------------------------
    def scores(self, x: Array) -> Array:
        """The value of each row of ``x`` (shaped (n, `input_size`)): float32, shaped (n,)."""
        if x.ndim != 2 or x.shape[1] != self.input_size:
            raise BigTwoError(
                f"a network of {self.input_size} inputs scores rows of that many numbers,"
                f" not an array shaped {x.shape}"
            )
        h = x
        last = len(self._layers) - 1
        for i, (wt, b) in enumerate(self._layers):
            h = h @ wt
            h += b
            if i < last:
                np.maximum(h, 0.0, out=h)
        out: Array = h[:, 0]
        return out

    def best(self, view: View, moves: Sequence[Move]) -> int:
        """The place in ``moves`` of the move of highest value (the first, on a tie)."""
        return int(np.argmax(self.scores(inputs(view, moves))))


def _check_meta(meta: dict[str, Any]) -> None:
    """Format 1's fields, with versions this package reads."""
    if meta.get("format") != FORMAT:
        raise BigTwoError(
            f"the network is of format {describe(meta.get('format'))}; this version of bigtwo"
            f" reads format {FORMAT}"
        )
    absent = [k for k in META_KEYS if k not in meta]
    if absent:
        raise BigTwoError(f"the network's meta lacks {', '.join(absent)}")
    for key, ours in (
        ("observation_version", OBSERVATION_VERSION),
        ("move_features_version", MOVE_FEATURES_VERSION),
    ):
        if meta[key] != ours:
            raise BigTwoError(
                f"the network reads {key.replace('_', ' ')} {describe(meta[key])}; this version"
                f" of bigtwo writes version {ours}"
            )
    try:
        Rules.from_dict(meta["rules"])
    except RulesError as exc:
        raise BigTwoError(f"the network's rules are not rules this version knows: {exc}") from None
    try:
        json.dumps(meta)
    except (TypeError, ValueError):
        raise BigTwoError("the network's meta must be JSON values") from None


def _check_shapes(ws: list[Array], bs: list[Array], meta: dict[str, Any]) -> None:
    """The layers chain from the rules' input size to one output, as ``hidden`` says."""
    for i, (w, b) in enumerate(zip(ws, bs, strict=True)):
        if w.ndim != 2 or b.shape != (w.shape[0],):
            raise BigTwoError(
                f"layer {i}: a weight is shaped (out, in) and its bias (out,), not {w.shape}"
                f" and {b.shape}"
            )
        if i and w.shape[1] != ws[i - 1].shape[0]:
            raise BigTwoError(
                f"layer {i} reads {w.shape[1]} numbers but layer {i - 1} gives {ws[i - 1].shape[0]}"
            )
        if not np.isfinite(w).all() or not np.isfinite(b).all():
            raise BigTwoError(f"layer {i} holds numbers that are not finite")
    if ws[-1].shape[0] != 1:
        raise BigTwoError(f"the last layer gives one value a move, not {ws[-1].shape[0]}")
    if list(meta["hidden"]) != [int(w.shape[0]) for w in ws[:-1]]:
        raise BigTwoError(
            f"the meta's hidden sizes {meta['hidden']} are not the layers'"
            f" {[int(w.shape[0]) for w in ws[:-1]]}"
        )
    rules = Rules.from_dict(meta["rules"])
    if ws[0].shape[1] != input_size(rules):
        raise BigTwoError(
            f"the first layer reads {ws[0].shape[1]} numbers a move, but its rules"
            f" ({rules.name}) give {input_size(rules)}"
        )
