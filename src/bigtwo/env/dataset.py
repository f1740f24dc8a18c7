"""Decision datasets: every choice bots make at a table of bots, as rows of a Parquet file,
so that supervised and offline RL work starts from files (``bigtwo simulate --dataset``,
``bigtwo arena --dataset``).

A row is one call of a bot's ``choose(view, legal_moves)``: its turns, and the gifts or the
lead-card trade it decides. Side decisions every bot leaves to the shared rule (announcing a
last card, claims, out-of-turn plays) are not the bot's choice and are not rows. Columns:

- ``observation``: the environments' encoding of the view the bot was given (`Layout`); a
  table of bots plays one deal at a time, so the session fields are zero;
- ``legal``: the mask as the action indices it offers (a dense mask is ``actions`` bytes a
  row: 43,382 under the classic rules), `dense_masks` makes the dense form;
- ``action``: the index of the move chosen (`ActionCodec`); ``decision``: ``turn`` or
  ``exchange``; ``bot``, ``seat``, ``deal`` (the deal's number in the run) and ``game`` (a
  running number of the deals recorded: an arena plays each deal in several line-ups);
- ``score`` and ``won``: the deal's outcome for the seat, filled in once the deal ends;
- for offline RL, each seat's decisions in a deal are an episode: ``next_observation`` is the
  observation of the same seat's next decision in the deal (zeros after its last), ``reward``
  is 0 but on the seat's last decision, which is paid the deal's score, and ``done`` marks
  that last decision.

The schema is versioned (``FORMAT``, in the file's metadata): version 2 added
``next_observation``, ``reward`` and ``done``; `load` reads version 1 files without them.

A dynamic action space (two decks, wild jokers, long plays) offers the first
``dynamic_actions`` card moves; a choice past them has no index, and the row is left out
(`DecisionRecorder.dropped` counts them).

>>> from bigtwo import Rules, make_bot
>>> from bigtwo.arena import bots_deal
>>> rules = Rules.preset("classic")
>>> recorder = DecisionRecorder(rules)
>>> bots = recorder.seat([make_bot("greedy", s) for s in range(4)])
>>> recorder.begin(deal=0)
>>> game = bots_deal(rules, bots, 7, 0)
>>> recorder.end(game.scores or (0, 0, 0, 0), game.winner)
>>> rows = recorder.rows()
>>> len(rows["action"]) == len(game.history), rows["observation"].shape[1]
(True, 524)
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pyarrow as pa  # type: ignore[import-untyped]
import pyarrow.parquet as pq  # type: ignore[import-untyped]

from ..bots import Bot
from ..bots.base import bounded
from ..combos import Move
from ..engine.view import View
from ..errors import BigTwoError
from ..features.observation import OBSERVATION_VERSION, Layout, decision_of
from ..rules.config import Rules
from .actions import ActionCodec

FORMAT = "bigtwo-decisions/2"
FORMATS = ("bigtwo-decisions/1", FORMAT)  # the versions `load` reads
ROW_GROUP = 8192  # rows kept before a row group is written


class RecordingBot:
    """A bot that lets ``recorder`` see each choice it makes, and is otherwise the bot it
    wraps (its name, level and any other method, such as ``out_of_turn``)."""

    def __init__(self, bot: Bot, recorder: DecisionRecorder, label: str | None = None) -> None:
        self.bot, self.recorder = bot, recorder
        self.name, self.level = bot.name, bot.level
        self.label = bot.name if label is None else label

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        move = self.bot.choose(view, legal_moves)
        self.recorder.note(self.label, view, legal_moves, move)
        return move

    def __getattr__(self, name: str) -> Any:
        return getattr(self.bot, name)


class DecisionRecorder:
    """Rows of the decisions bots make under ``rules``; written to ``path`` (Parquet) as they
    fill, when a path is given, else kept for `rows`."""

    def __init__(
        self,
        rules: Rules,
        path: str | Path | None = None,
        *,
        dynamic_actions: int | None = None,
    ) -> None:
        self.rules = rules
        self.layout = Layout(rules)
        self.codec = (
            ActionCodec(rules) if dynamic_actions is None else ActionCodec(rules, dynamic_actions)
        )
        self.path = None if path is None else Path(path)
        self._none = np.zeros(self.layout.size, np.float32)  # no next observation (yet)
        self.dropped = 0  # choices with no action index (past a dynamic space's end)
        self.written = 0  # rows written to the file so far
        self._deal = 0
        self._game = -1
        self._open = 0  # rows of the deal in play start here
        self._columns: dict[str, list[Any]] = {name: [] for name in _SCHEMA.names}
        self._writer: pq.ParquetWriter | None = None

    # -- at the table ------------------------------------------------------------------------
    def seat(self, bots: Sequence[Bot], labels: Sequence[str] | None = None) -> list[Bot]:
        """``bots`` wrapped so that their choices are recorded (``labels`` name them in the
        ``bot`` column; their own names by default)."""
        names = [None] * len(bots) if labels is None else list(labels)
        return [RecordingBot(b, self, name) for b, name in zip(bots, names, strict=True)]

    def begin(self, deal: int) -> None:
        """A deal (number ``deal`` of the run) starts."""
        self._deal, self._game = deal, self._game + 1
        self._open = len(self._columns["action"])

    def note(self, bot: str, view: View, legal_moves: Sequence[Move], move: Move) -> None:
        """``bot`` at ``view.seat`` chose ``move`` among ``legal_moves``."""
        found = self.codec.indices(bounded(legal_moves))  # the moves the bot chose among
        action = next((i for i, m in found.items() if m == move), None)
        if action is None:
            self.dropped += 1
            return
        decision = decision_of(view)
        c = self._columns
        c["observation"].append(self.layout.encode(view, decision))
        c["legal"].append(np.fromiter(found, np.int32, len(found)))
        c["action"].append(action)
        c["decision"].append(decision)
        c["bot"].append(bot)
        c["seat"].append(view.seat)
        c["deal"].append(self._deal)
        c["game"].append(self._game)
        c["score"].append(0.0)
        c["won"].append(False)
        c["next_observation"].append(self._none)  # linked once the deal ends (`_link`)
        c["reward"].append(0.0)
        c["done"].append(False)

    def end(self, scores: Sequence[float], winner: int | None) -> None:
        """The deal begun last ended with ``scores`` (by seat) and ``winner`` (None for none):
        its rows get their outcome."""
        c = self._columns
        last = self._link()
        for row in range(self._open, len(c["action"])):
            seat = c["seat"][row]
            c["score"][row] = float(scores[seat])
            c["won"][row] = winner == seat
        for row in last.values():
            c["reward"][row] = float(scores[c["seat"][row]])
            c["done"][row] = True
        self._open = len(c["action"])
        if self.path is not None and self._open >= ROW_GROUP:
            self._flush()

    # -- out ---------------------------------------------------------------------------------
    def rows(self) -> dict[str, npt.NDArray[Any]]:
        """The rows not yet written, as `load` returns them."""
        out = _arrays(self._table(), self.layout.size)
        out["actions"] = np.array(self.codec.size)
        return out

    def close(self) -> int:
        """Write what is left (the rows of finished deals) and close the file; the number of
        rows written."""
        if self.path is None:
            raise BigTwoError("this recorder keeps its rows: it was given no file")
        self._link()  # a deal cut short keeps score 0, won False and no row done
        self._open = len(self._columns["action"])
        self._flush(final=True)
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        return self.written

    def _link(self) -> dict[int, int]:
        """Each row of the open deal gets the observation of its seat's next decision (zeros
        after the last); the row of each seat's last decision, by seat."""
        c = self._columns
        last: dict[int, int] = {}
        for row in range(self._open, len(c["action"])):
            seat = c["seat"][row]
            if seat in last:
                c["next_observation"][last[seat]] = c["observation"][row]
            last[seat] = row
        for row in last.values():
            c["next_observation"][row] = self._none
        return last

    def _table(self) -> pa.Table:
        c = self._columns
        size = self.layout.size
        observations = np.concatenate(c["observation"]) if c["observation"] else np.zeros(0)
        following = np.concatenate(c["next_observation"]) if c["next_observation"] else np.zeros(0)
        legal = c["legal"]
        offsets = np.zeros(len(legal) + 1, np.int32)
        np.cumsum([len(x) for x in legal], out=offsets[1:])
        values = np.concatenate(legal) if legal else np.zeros(0, np.int32)
        arrays = {
            "observation": pa.FixedSizeListArray.from_arrays(
                pa.array(observations.astype(np.float32, copy=False)), size
            ),
            "legal": pa.ListArray.from_arrays(pa.array(offsets), pa.array(values, pa.int32())),
            "next_observation": pa.FixedSizeListArray.from_arrays(
                pa.array(following.astype(np.float32, copy=False)), size
            ),
            **{
                name: pa.array(c[name], _SCHEMA.field(name).type)
                for name in _SCHEMA.names
                if name not in _VECTORS
            },
        }
        return pa.table(arrays, schema=self._schema())

    def _schema(self) -> pa.Schema:
        schema = _SCHEMA
        for name in ("observation", "next_observation"):
            vector = pa.field(name, pa.list_(pa.float32(), self.layout.size))
            schema = schema.set(schema.get_field_index(name), vector)
        return schema.with_metadata(
            {
                "format": FORMAT,
                "rules": self.rules.name,
                "observation_version": str(OBSERVATION_VERSION),
                "observation_size": str(self.layout.size),
                "actions": str(self.codec.size),
            }
        )

    def _flush(self, final: bool = False) -> None:
        """Write the rows of finished deals as a row group."""
        assert self.path is not None
        done = self._open
        if done == 0 and not (final and self._writer is None):
            return
        keep = {name: values[done:] for name, values in self._columns.items()}
        for name in self._columns:
            del self._columns[name][done:]
        if self._writer is None:
            self._writer = pq.ParquetWriter(self.path, self._schema(), compression="zstd")
        self._writer.write_table(self._table())
        self.written += done
        self._columns, self._open = keep, 0


_SCHEMA = pa.schema(
    [
        ("observation", pa.list_(pa.float32())),
        ("legal", pa.list_(pa.int32())),
        ("action", pa.int32()),
        ("decision", pa.string()),
        ("bot", pa.string()),
        ("seat", pa.int8()),
        ("deal", pa.int64()),
        ("game", pa.int64()),
        ("score", pa.float64()),
        ("won", pa.bool_()),
        ("next_observation", pa.list_(pa.float32())),
        ("reward", pa.float64()),
        ("done", pa.bool_()),
    ]
)
_VECTORS = ("observation", "legal", "next_observation")  # columns built from numpy at once


def load(path: str | Path) -> dict[str, npt.NDArray[Any]]:
    """A decision dataset as numpy arrays: ``observation`` (rows × observation size,
    float32), ``legal`` (every row's offered indices, one after another) with
    ``legal_offsets`` (row ``i``'s are ``legal[legal_offsets[i]:legal_offsets[i + 1]]``),
    ``action``, ``seat``, ``deal``, ``game``, ``score``, ``won``, ``bot`` and ``decision``
    (strings), and from version 2 on ``next_observation`` (as ``observation``), ``reward``
    and ``done``; ``actions``, a 0-d array, is the size of the action space."""
    table = pq.read_table(path)
    meta = table.schema.metadata or {}
    if meta.get(b"format", b"").decode(errors="replace") not in FORMATS:
        raise BigTwoError(f"{path} is not a decision dataset (no format {' or '.join(FORMATS)})")
    out = _arrays(table, int(meta[b"observation_size"]))
    out["actions"] = np.array(int(meta[b"actions"]))
    return out


def _arrays(table: pa.Table, size: int) -> dict[str, npt.NDArray[Any]]:
    out: dict[str, npt.NDArray[Any]] = {}
    names = table.schema.names
    for name in ("observation", "next_observation"):
        if name in names:
            vectors = table.column(name).combine_chunks().flatten()
            out[name] = vectors.to_numpy(zero_copy_only=False).astype(np.float32).reshape(-1, size)
    legal = table.column("legal").combine_chunks()
    if len(legal):
        out["legal"] = legal.flatten().to_numpy(zero_copy_only=False).astype(np.int32)
        out["legal_offsets"] = legal.offsets.to_numpy(zero_copy_only=False).astype(np.int64)
        out["legal_offsets"] -= out["legal_offsets"][0]
    else:
        out["legal"] = np.zeros(0, np.int32)
        out["legal_offsets"] = np.zeros(1, np.int64)
    for name in ("action", "seat", "deal", "game", "score", "won", "reward", "done"):
        if name in names:
            out[name] = table.column(name).to_numpy()
    for name in ("bot", "decision"):
        out[name] = np.array(table.column(name).to_pylist(), dtype=object)
    return out


def dense_masks(
    data: dict[str, npt.NDArray[Any]], rows: npt.ArrayLike | None = None
) -> npt.NDArray[np.int8]:
    """The masks of ``rows`` (all by default) as int8 0/1 rows of the action space's size."""
    offsets = data["legal_offsets"]
    chosen = np.arange(len(offsets) - 1) if rows is None else np.asarray(rows, np.intp)
    out = np.zeros((len(chosen), int(data["actions"])), np.int8)
    for k, row in enumerate(chosen):
        out[k, data["legal"][offsets[row] : offsets[row + 1]]] = 1
    return out
