"""A seat's view as a fixed-size vector of numbers (``docs/rl.md`` lists every field).

The vector is built from a `View` and the kind of decision the seat faces, nothing else, so it
can hold no card the seat may not see. Its length depends only on the rules (the number of
card slots and of players). Seats are relative: slot 0 of every per-seat field is the seat
itself, slot k the seat k places after it in seat order.

Card slots: one per card of the deck, ``face + copy * width`` where ``face`` is the card's id
(``rank * 4 + suit``, jokers 52 and 53), ``copy`` 0 or 1 (second deck) and ``width`` 52, or 54
with jokers.

>>> from bigtwo import Game, Rules
>>> layout = Layout(Rules.preset("classic"))
>>> layout.size, layout.cards
(524, 52)
>>> game = Game.deal(layout.rules, seed=1)
>>> obs = layout.encode(game.view(game.to_move), "turn")
>>> int(obs[layout.slice("hand")].sum())
13
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import numpy.typing as npt

from ..cards import COPY_STRIDE
from ..combos import Move
from ..engine.actions import Give
from ..engine.view import EXCHANGE_WAYS, View
from ..rules.config import Rules
from ..rules.options import Jokers

OBSERVATION_VERSION = 1
DECISIONS = ("turn", "claim", "announce", "out_of_turn", "exchange")
Vector = npt.NDArray[np.float32]
_U64 = np.dtype("<u8")  # made once: a dtype named by text is parsed at every use
_WORD = (1 << COPY_STRIDE) - 1  # one deck's card ids (COPY_STRIDE is 64: a uint64)


def decision_of(view: View) -> str:
    """The kind of decision a bot's ``choose`` is asked for (`DECISIONS`): a gift or the
    lead-card trade when an exchange awaits the seat, else its turn."""
    pending = view.pending
    return "exchange" if pending is not None and pending[0] == view.seat else "turn"


def placed(sizes: Sequence[tuple[str, int]]) -> tuple[dict[str, tuple[int, int]], int]:
    """Fields of these sizes one after another: each one's (start, stop), and the total."""
    fields: dict[str, tuple[int, int]] = {}
    at = 0
    for name, size in sizes:
        fields[name] = (at, at + size)
        at += size
    return fields, at


class Layout:
    """Where each field sits in the observation of one rule set."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.players = p = rules.players
        self.width = 52 + (2 if rules.jokers is not Jokers.NONE else 0)
        self.cards = c = self.width * rules.decks
        # the card id of each slot, to read a hand's bitmask slot by slot
        self._ids = np.array(
            [(s % self.width) + (s // self.width) * COPY_STRIDE for s in range(c)], np.intp
        )
        sizes: list[tuple[str, int]] = [
            ("hand", c),  # the seat's own cards
            ("played", c),  # every card played this deal, by anyone
            *((f"played_by_{k}", c) for k in range(p)),  # the cards each seat played
            ("table", c),  # the play to beat (empty when leading)
            ("shown", c),  # undealt cards everyone sees (a face-up extra card, a discard)
            ("lead_card", c),  # the card that must lead the deal
            ("counts", p),  # cards in each hand, divided by 13
            ("passed", p),  # has passed since the last play to the table
            ("out", p),  # has gone out (play until the last)
            ("may_act", p),  # the seats the table waits on, as far as this seat may know
            ("to_move", p),  # one-hot: the player to move
            ("table_seat", p + 1),  # one-hot: who played the play to beat; last: nobody
            ("direction", 3),  # one-hot: clockwise (1), anticlockwise (-1), a race is open (0)
            ("twos_low", 1),  # a dealt four of a kind flipped the 2s low
            ("announce_due", 1),  # this seat must announce its last card now
            ("decision", len(DECISIONS)),  # one-hot: the kind of decision asked (`DECISIONS`)
            ("pending", 1),  # an exchange or trade is awaited
            ("pending_giver", p),  # one-hot: who gives
            ("pending_receiver", p + 1),  # one-hot: who receives; last: the kitty (a trade)
            ("pending_count", 1),  # how many cards, divided by 3
            ("pending_how", len(EXCHANGE_WAYS)),  # one-hot: lowest, highest, choose, trade
            ("stock_count", 1),  # cards left to draw, divided by 52
            ("totals", p),  # the session's running totals, divided by 100
            ("deals_played", 1),  # deals finished in the session, divided by 10
        ]
        self.fields, self.size = placed(sizes)
        # the card fields lead the vector, one after another: one bitmask each, written in
        # one numpy pass (in this order)
        self._card_fields = 5 + p
        assert self.fields["lead_card"][1] == self._card_fields * c
        edge = self._card_fields * c
        self._rest_at = {name: start - edge for name, (start, _) in self.fields.items()}
        # each seat's last history read and the cards each seat played in it: a step adds an
        # action or two to a deal's history, and only those are read again
        self._walked: dict[int, tuple[tuple[tuple[int, Move], ...], list[int]]] = {}

    def slice(self, name: str) -> slice:
        start, stop = self.fields[name]
        return slice(start, stop)

    def card_bits(self, mask: int) -> npt.NDArray[np.uint8]:
        """One 0/1 per card slot of a bitmask of card ids."""
        raw = np.frombuffer(mask.to_bytes(2 * COPY_STRIDE // 8, "little"), np.uint8)
        bits: npt.NDArray[np.uint8] = np.unpackbits(raw, bitorder="little")[self._ids]
        return bits

    def card_mask(self, bits: npt.NDArray[np.generic]) -> int:
        """The inverse of `card_bits`: the bitmask of the slots set."""
        mask = 0
        for slot in np.flatnonzero(bits):
            mask |= 1 << int(self._ids[slot])
        return mask

    def encode(
        self,
        view: View,
        decision: str,
        out: Vector | None = None,
    ) -> Vector:
        """The observation of ``view`` for a seat facing ``decision`` (one of `DECISIONS`),
        written into ``out`` when given."""
        obs = np.empty(self.size, np.float32) if out is None else out
        p, me = self.players, view.seat
        by_seat = self._played_by(view)
        played = 0
        for mask in by_seat:
            played |= mask
        shown = 0
        for card in view.shown:
            shown |= 1 << card
        masks = [
            view.hand_mask,
            played,
            *(by_seat[(me + k) % p] for k in range(p)),  # played_by_k: k places after me
            0 if view.table is None else view.table.mask,
            shown,
            0 if view.lead_card is None else 1 << view.lead_card,
        ]
        edge = self.cards * self._card_fields
        self.write_cards(obs[:edge], masks)
        obs[edge:] = self._rest(view, decision, edge)
        return obs

    def _played_by(self, view: View) -> list[int]:
        """The cards each seat played this deal, by seat: read from the part of the history
        that is new since this seat's last observation (all of it in a new deal)."""
        history = view.history
        walked = self._walked.get(view.seat)
        start, by_seat = 0, [0] * self.players
        if walked is not None:
            before, masks = walked
            n = len(before)
            if n <= len(history) and history[:n] == before:  # compared in C, moves by identity
                start, by_seat = n, list(masks)
        if view.exchanges:
            for seat, move in history[start:]:
                if not isinstance(move, Give):  # a pass or a word holds no card: mask 0
                    by_seat[seat] |= move.mask
        else:  # no exchange at this deal: nothing was given
            for seat, move in history[start:]:
                by_seat[seat] |= move.mask
        self._walked[view.seat] = (history, by_seat)
        return by_seat

    def _rest(self, view: View, decision: str, edge: int) -> list[float]:
        """The fields after the card fields, as a list (from offset ``edge``): numbers set
        one by one in a list, then written to the vector at once."""
        rest = [0.0] * (self.size - edge)
        p, me = self.players, view.seat
        at = self._rest_at

        def seat_flags(name: str, seats: Sequence[int]) -> None:
            start = at[name]
            for s in seats:
                rest[start + (s - me) % p] = 1.0

        start = at["counts"]
        for s, n in enumerate(view.counts):
            rest[start + (s - me) % p] = n / 13.0
        seat_flags("passed", view.passed)
        seat_flags("out", view.out)
        seat_flags("may_act", view.may_act)
        rest[at["to_move"] + (view.to_move - me) % p] = 1.0
        ts = view.table_seat
        rest[at["table_seat"] + ((ts - me) % p if ts >= 0 else p)] = 1.0
        rest[at["direction"] + (2, 0, 1)[view.direction]] = 1.0
        rest[at["twos_low"]] = float(view.twos_low)
        rest[at["announce_due"]] = float(view.announce_due)
        rest[at["decision"] + DECISIONS.index(decision)] = 1.0
        if view.pending is not None:
            giver, receiver, count, how = view.pending
            rest[at["pending"]] = 1.0
            rest[at["pending_giver"] + (giver - me) % p] = 1.0
            rest[at["pending_receiver"] + ((receiver - me) % p if receiver >= 0 else p)] = 1.0
            rest[at["pending_count"]] = count / 3.0
            rest[at["pending_how"] + EXCHANGE_WAYS.index(how)] = 1.0
        rest[at["stock_count"]] = view.stock_count / 52.0
        if view.session is not None:
            start = at["totals"]
            for s, total in enumerate(view.session.totals):
                rest[start + (s - me) % p] = total / 100.0
            rest[at["deals_played"]] = view.session.deals_played / 10.0
        return rest

    def write_cards(self, out: Vector, masks: Sequence[int]) -> None:
        """`card_bits` of each of ``masks``, one after another, written into ``out``: each
        deck's 64 card ids of every mask as one little-endian uint64, all unpacked in one
        numpy call a deck."""
        shape = (len(masks), self.cards)
        rows = out.reshape(shape) if out.flags.c_contiguous else np.empty(shape, np.float32)
        width, decks = self.width, self.rules.decks
        for d in range(decks):
            words = masks if decks == 1 else [(m >> (d * COPY_STRIDE)) & _WORD for m in masks]
            raw = np.array(words, _U64).view(np.uint8)
            bits = np.unpackbits(raw, bitorder="little").reshape(len(masks), COPY_STRIDE)
            rows[:, d * width : (d + 1) * width] = bits[:, :width]
        if not out.flags.c_contiguous:  # reshape would have made a copy: write it back
            out[:] = rows.ravel()

    def decode(self, obs: npt.NDArray[np.float32]) -> Mapping[str, object]:
        """The observation's fields read back: card fields as bitmasks of card ids, the
        others as lists of numbers (relative seats, as encoded)."""
        out: dict[str, object] = {}
        card_fields = {"hand", "played", "table", "shown", "lead_card"}
        card_fields.update(f"played_by_{k}" for k in range(self.players))
        for name in self.fields:
            part = obs[self.slice(name)]
            out[name] = self.card_mask(part) if name in card_fields else [float(x) for x in part]
        return out

    def bounds(self) -> tuple[Vector, Vector]:
        """The lowest and highest value of every entry (totals may be negative)."""
        low = np.zeros(self.size, np.float32)
        high = np.ones(self.size, np.float32)
        high[self.slice("counts")] = self.cards / 13.0
        high[self.slice("stock_count")] = self.cards / 52.0
        low[self.slice("totals")] = -1e7
        high[self.slice("totals")] = 1e7
        high[self.slice("deals_played")] = 1e8
        return low, high
