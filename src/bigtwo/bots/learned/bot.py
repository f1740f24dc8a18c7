"""`LearnedBot`: plays the offered move its network values most (the first, on a tie).

Without a network of its own it plays the one shipped in the package for the table's rules:
the preset's file under ``weights/`` (``classic.npz``, ``tournament.npz``), else the shipped
network whose rules are nearest (the fewest options differing) among those that read the
table's input size, else it refuses in words. Networks are loaded once a process.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from ...combos import Move
from ...engine.view import View
from ...errors import BigTwoError
from ...rules.config import Rules
from ..base import bounded, check_choice, check_seed
from .network import Network, input_size

WEIGHTS = Path(__file__).resolve().parent / "weights"  # the networks shipped, one a preset


@lru_cache(maxsize=8)
def _load(path: Path, stamp: float) -> Network:
    """``path``'s network, read once (``stamp``, its modification time, rereads a new file)."""
    return Network.load(path)


def shipped(folder: Path | None = None) -> dict[str, Path]:
    """The networks in ``folder`` (the package's `WEIGHTS`) by their file's name (a preset's),
    in name order."""
    folder = WEIGHTS if folder is None else folder
    if not folder.is_dir():
        return {}
    return {p.stem: p for p in sorted(folder.glob("*.npz"))}


def network_for(rules: Rules, folder: Path | None = None) -> Network:
    """The shipped network that plays ``rules``: the one made for them, else the nearest
    among those that read as many numbers a move as ``rules`` give."""
    found = shipped(folder)
    size = input_size(rules)
    wanted = rules.to_dict()
    wanted.pop("name", None)
    best: tuple[int, Network] | None = None
    for path in found.values():
        net = _load(path, path.stat().st_mtime)
        if net.input_size != size:
            continue
        theirs = net.meta["rules"]
        differ = sum(1 for k, v in wanted.items() if theirs.get(k) != v)
        if best is None or differ < best[0]:
            best = (differ, net)
    if best is None:
        have = ", ".join(
            f"{name} ({_load(p, p.stat().st_mtime).input_size})" for name, p in found.items()
        )
        raise BigTwoError(
            f"no learned network fits these rules ({rules.name}: {size} numbers a move);"
            + (f" the package ships {have}" if have else " the package ships none")
            + "; load one of your own with LearnedBot(Network.load(path))"
        )
    return best[1]


class LearnedBot:
    """Plays the move of highest value under ``network`` (by default the shipped network for
    the table's rules, found at its first move under them). Needs numpy, never torch."""

    name = "learned"
    level = "learned"  # beside the ladder: its strength is measured, not set (docs/rl.md)

    def __init__(
        self, network: Network | None = None, seed: int | None = None, folder: Path | None = None
    ) -> None:
        check_seed(seed)  # a network plays without randomness: the seed changes nothing
        if network is not None and not isinstance(network, Network):
            raise BigTwoError(f"a learned bot plays a Network, not {type(network).__name__}")
        self.network = network
        self.folder = folder
        self._for: dict[Rules, Network] = {}  # the network each rule set met is played with

    def network_for(self, rules: Rules) -> Network:
        net = self._for.get(rules)
        if net is None:
            if self.network is None:
                net = network_for(rules, self.folder)
            else:
                self.network.check(rules)
                net = self.network
            self._for[rules] = net
        return net

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        moves = bounded(legal_moves)
        check_choice(view, moves)
        if len(moves) == 1:
            return moves[0]
        return moves[self.network_for(view.rules).best(view, moves)]
