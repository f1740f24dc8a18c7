"""One table stepped by action indices: the part every environment shares.

The people's seats are the agents; bots play the other seats inside the table. The agent to
act is the seat the table awaits: the table offers each out-of-turn play to a person before
anyone's turn, a person's too (``Table(offer_before_people=True)``), each play on the table
once.
Between deals the next deal starts by itself; an episode is a session of ``deals`` deals.

``side_actions="agents"`` (the default) makes every side decision an agent's action: claims,
announcements, out-of-turn plays, gifts and the lead-card trade. ``"default"`` hands them to
the rules' default, what `Table.timeout` does: offers are declined, an exchange gives the
lowest cards asked, the lead card is kept.

``reward`` picks what a seat is paid when a deal ends (`rewards`): its points, normalised
points or a win/loss.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..bots import Bot
from ..bots.base import bounded
from ..combos import Move
from ..engine.view import View
from ..errors import BigTwoError
from ..features.observation import Layout, Vector
from ..rules.config import Rules
from ..table import Event, SessionEnd, Table
from .actions import ActionCodec, Mask
from .rewards import check_reward, deal_rewards

SIDE_ACTIONS = ("agents", "default")


class TableRunner:
    """A session at one table, advanced one action index at a time."""

    def __init__(
        self,
        rules: Rules,
        bots: Sequence[Bot | None],
        *,
        deals: int = 1,
        side_actions: str = "agents",
        dynamic_actions: int | None = None,
        reward: str = "points",
    ) -> None:
        if side_actions not in SIDE_ACTIONS:
            raise BigTwoError(f"side_actions is one of {', '.join(SIDE_ACTIONS)}")
        self.rules, self.bots, self.deals = rules, list(bots), deals
        self.side_actions = side_actions
        self.reward = check_reward(reward)
        self.layout = Layout(rules)
        self.codec = (
            ActionCodec(rules) if dynamic_actions is None else ActionCodec(rules, dynamic_actions)
        )
        self.table = self._table(0)
        self.seat: int | None = None  # the seat to act, None once the session is over
        self._decision = "turn"  # the kind of decision the seat to act faces
        self.rewards = np.zeros(rules.players, np.float32)  # rewards of the deals just ended
        self.paid = False  # did a deal end in the last step (are `rewards` set)?
        self.events: list[Event] = []
        self._moves: dict[int, Move] = {}
        self._seen: dict[int, Vector] = {}  # observations made since the last step
        self._listed: tuple[list[Move], list[int]] | None = None  # `offered_moves`, once a step

    # -- stepping -------------------------------------------------------------------------------
    def _table(self, seed: int) -> Table:
        end = SessionEnd(deals=self.deals)
        return Table(self.rules, self.bots, seed=seed, end=end, offer_before_people=True)

    def reset(self, seed: int) -> None:
        self.table = self._table(seed)
        self.rewards[:] = 0.0
        self.paid = False
        self.events = self.table.start()
        self._settle()

    def act(self, index: int) -> None:
        """The seat to act takes the action at ``index`` (`BigTwoError` if it isn't offered)."""
        seat = self.seat
        if seat is None:
            raise BigTwoError("the session is over: reset the environment")
        move = self._offers().get(int(index))
        if move is None:
            raise BigTwoError(f"action {index} isn't offered to seat {seat} now")
        self._submit(seat, move)

    def act_offered(self, k: int) -> None:
        """The seat to act makes the ``k``-th move of `offered_moves` (`BigTwoError` if
        there is none)."""
        seat = self.seat
        if seat is None:
            raise BigTwoError("the session is over: reset the environment")
        moves, _ = self.offered_moves()
        if not 0 <= int(k) < len(moves):
            raise BigTwoError(
                f"move {k} isn't offered to seat {seat} now: it is offered moves 0 to"
                f" {len(moves) - 1}"
            )
        self._submit(seat, moves[int(k)])

    def _submit(self, seat: int, move: Move) -> None:
        self.rewards[:] = 0.0
        self.paid = False
        self.events = self.table.submit(seat, move)
        self._settle()

    def act_default(self) -> None:
        """The seat to act takes the rules' default (what `Table.timeout` does)."""
        seat = self.seat
        if seat is None:
            raise BigTwoError("the session is over: reset the environment")
        self.rewards[:] = 0.0
        self.paid = False
        self.events = self.table.timeout(seat)
        self._settle()

    def offers(self) -> dict[int, Move]:
        """The move behind each index the acting seat is offered (none once the session is
        over)."""
        return dict(self._offers()) if self.seat is not None else {}

    def offered_moves(self) -> tuple[list[Move], list[int]]:
        """Every move offered to the seat to act, none dropped, in the offered order, with
        each one's action index (-1 past a dynamic space's end; `ActionCodec.offered`): what
        `act_offered` counts in. Empty once the session is over."""
        if self.seat is None:
            return [], []
        if self._listed is None:
            self._listed = self.codec.offered(self.moves(self.seat))
        return self._listed

    def offered(self, index: int) -> bool:
        """Is the action at ``index`` offered to the seat to act?"""
        return self.seat is not None and int(index) in self._offers()

    def _settle(self) -> None:
        """Play on to the next agent's decision, starting deals and applying defaults."""
        table = self.table
        self._moves, self._seen, self._listed = {}, {}, None
        while True:
            for event in self.events:
                if event.kind == "deal_over":
                    scores, teams = event.data["scores"], self.rules.teams
                    self.rewards += deal_rewards(self.reward, scores, event.seat, teams)
                    self.paid = True
            if table.is_over:
                self.seat = None
                return
            if table.between_deals:
                self.events = table.next_deal()
                continue
            awaiting = table.awaiting
            if not awaiting:  # every seat is a bot's: the table played the deal through
                raise BigTwoError("an environment needs at least one agent's seat")
            seat = awaiting[0]
            decision = self._decide(seat)
            if self.side_actions == "default" and decision != "turn":
                self.events = table.timeout(seat)
                continue
            self.seat, self._decision = seat, decision
            return

    # -- what the seat sees ---------------------------------------------------------------------
    def decision(self, seat: int) -> str:
        """The kind of decision ``seat`` faces now (`observation.DECISIONS`): the seat to act's
        found once a step."""
        return self._decision if seat == self.seat else self._decide(seat)

    def _decide(self, seat: int) -> str:
        return decision_of(self.table, seat)

    def moves(self, seat: int) -> Sequence[Move]:
        """What ``seat`` may do now, as the table offers it."""
        return self.table.offers(seat)

    def view(self, seat: int) -> View:
        return self.table.view(seat)

    def observe(
        self, seat: int, obs: Vector | None = None, mask: Mask | None = None
    ) -> tuple[Vector, Mask]:
        """``seat``'s observation and action mask (all zeros unless it is the seat to act),
        built once a step: asked again, the same values from what was kept (the vector, and
        the offered moves behind the mask)."""
        acting = seat == self.seat
        kept = self._seen.get(seat)
        if kept is None:
            decision = self.decision(seat) if acting else "turn"
            vector = self.layout.encode(self.view(seat), decision, obs)
            self._seen[seat] = vector.copy()
        elif obs is None:
            vector = kept.copy()
        else:
            vector = obs
            vector[:] = kept
        return vector, self.codec.mask_of(self._offers() if acting else (), mask)

    def _offers(self) -> dict[int, Move]:
        """The move behind each index offered to the seat to act, found once a step (without
        the observation: the readable infos and a step need only these)."""
        if not self._moves and self.seat is not None:
            self._moves = self.codec.indices(bounded(self.moves(self.seat)))
        return self._moves


def decision_of(table: Table, seat: int) -> str:
    """The kind of decision ``seat`` faces at ``table`` (`observation.DECISIONS`): an offer's
    kind, an exchange or trade awaited of it, else its turn."""
    offer = table.offer
    if offer is not None and offer.seat == seat:
        return offer.kind
    game = table.game
    if game is not None and game.pending and game.to_move == seat:
        return "exchange"
    return "turn"
