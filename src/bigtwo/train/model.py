"""The value network in torch, and the step that fits it.

Deep Monte Carlo: the network scores one (observation, move) row with the points the seat
can expect from the deal when it makes that move; a sample's target is the points the deal
actually gave. A sample with several moves (imitating a bot) adds a ranking loss: the
softmax of its moves' values should pick the move the bot made.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any

import numpy as np
import torch
from torch import nn

from ..bots.learned.network import Network
from .selfplay import Array, Layers, Samples

OUTPUT_SCALE = 10.0  # the last layer's output in tens of points: its weights start small


class ValueNet(nn.Module):
    """Linear, ReLU, …, Linear(…, 1): the move's value in points."""

    def __init__(self, inputs: int, hidden: Sequence[int]) -> None:
        super().__init__()
        sizes = [inputs, *hidden]
        layers: list[nn.Module] = []
        for a, b in pairwise(sizes):
            layers += [nn.Linear(a, b), nn.ReLU()]
        layers.append(nn.Linear(sizes[-1], 1))
        self.net = nn.Sequential(*layers)
        self.inputs, self.hidden = inputs, tuple(hidden)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.net(x).squeeze(-1) * OUTPUT_SCALE
        return out

    def linears(self) -> list[nn.Linear]:
        return [m for m in self.net if isinstance(m, nn.Linear)]


def to_layers(model: ValueNet) -> list[tuple[Array, Array]]:
    """The network as float32 (weight, bias) arrays, the output scale folded into the last."""
    out = []
    linears = model.linears()
    with torch.no_grad():
        for i, lin in enumerate(linears):
            k = OUTPUT_SCALE if i == len(linears) - 1 else 1.0
            w = (lin.weight * k).numpy().astype(np.float32, copy=True)
            b = (lin.bias * k).numpy().astype(np.float32, copy=True)
            out.append((w, b))
    return out


def from_layers(layers: Layers) -> ValueNet:
    """A `ValueNet` holding ``layers`` (as `to_layers` gives them)."""
    model = ValueNet(layers[0][0].shape[1], [w.shape[0] for w, _ in layers[:-1]])
    with torch.no_grad():
        for i, (lin, (w, b)) in enumerate(zip(model.linears(), layers, strict=True)):
            k = OUTPUT_SCALE if i == len(layers) - 1 else 1.0
            lin.weight.copy_(torch.from_numpy(np.asarray(w)) / k)
            lin.bias.copy_(torch.from_numpy(np.asarray(b)) / k)
    return model


def to_network(model: ValueNet, meta: Mapping[str, Any]) -> Network:
    """The model as the play side's `Network` (format 1), described by ``meta``."""
    layers = to_layers(model)
    return Network.from_arrays([w for w, _ in layers], [b for _, b in layers], meta)


def from_network(net: Network) -> ValueNet:
    """A `ValueNet` holding ``net``'s layers."""
    return from_layers(list(zip(net.weights, net.biases, strict=True)))


def loss(model: ValueNet, batch: Samples, rank_weight: float = 1.0) -> torch.Tensor:
    """Mean squared error of the move made's value against the deal's points, plus, where
    samples hold several moves, ``rank_weight`` × the cross-entropy of the move made under
    the softmax of the moves' values (in tens of points)."""
    obs = torch.from_numpy(batch.obs)
    moves = torch.from_numpy(batch.moves)
    n, k, _ = moves.shape
    x = torch.cat([obs[:, None, :].expand(n, k, obs.shape[1]), moves], dim=2)
    q = model(x.reshape(n * k, -1)).reshape(n, k)
    target = torch.from_numpy(batch.target)
    out = torch.mean(((q[:, 0] - target) / OUTPUT_SCALE) ** 2)
    if k > 1 and rank_weight:
        valid = torch.from_numpy(batch.valid)
        logits = (q / OUTPUT_SCALE).masked_fill(~valid, float("-inf"))
        made = torch.zeros(n, dtype=torch.long)
        out = out + rank_weight * nn.functional.cross_entropy(logits, made)
    return out
