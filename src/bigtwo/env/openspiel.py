"""Big Two as an OpenSpiel game (``pip install bigtwo[openspiel]``): one deal, registered with
``pyspiel`` as ``python_bigtwo`` when this module is imported.

The deal is dealt by chance nodes, card by card: each chance step draws the next card of the
deck from those not yet drawn (uniformly), and once the whole deck is drawn the engine deals
that order out as a shuffled deck would be (``core.deal``: the cut, the leftover cards, a
kitty or a stock), so every later card the rules turn up (a stock to draw from) is already
fixed by the chance nodes. The players then act at a `Table` with every seat an agent: the
seat to act is the seat the table awaits, its turn or a side decision it is offered (a claim,
an announcement, an out-of-turn play, a gift, the lead-card trade). Actions are the indices of
`bigtwo.encoding`'s fixed space (index 0 also declines an offer, as in `ActionCodec`), so only
rule sets with a fixed space are played: one deck, no wild jokers, no smack-downs, no dragon,
straights of at most seven cards (every preset). The returns are the deal's points; a redeal
and a deal without a winner pay nothing.

>>> import pyspiel
>>> game = pyspiel.load_game("python_bigtwo(rules=hong-kong)")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(4, 43382, 52)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from ..cards import Card, cards_of, format_cards
from ..combos import Combination, Move
from ..encoding import FIRST_CARDS, SIDE_ACTIONS, fixed_space, is_fixed
from ..engine.actions import Give
from ..engine.commitment import Terms, full_deck, seat_names
from ..engine.deal import deal_out, exposed_card
from ..engine.game import Game
from ..engine.view import View
from ..errors import BigTwoError
from ..extras import require
from ..features.observation import Layout
from ..rules.config import Rules
from ..session import Session
from ..table import SessionEnd, Table
from .actions import ActionCodec, decline_word
from .runner import decision_of

require("openspiel", "bigtwo.env.openspiel")
import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]  # noqa: E402

SHORT_NAME = "python_bigtwo"
DEFAULT_RULES = "classic"
MAX_PLAYERS = 8  # the most players a one-deck rule set seats


def checked_rules(rules: Rules | str) -> Rules:
    """``rules`` (a `Rules` or a preset's name) if its action space is fixed, else a
    `BigTwoError` saying why it can't be an OpenSpiel game."""
    if isinstance(rules, str):
        rules = Rules.preset(rules)
    if not isinstance(rules, Rules):
        raise BigTwoError(f"rules must be a Rules or a preset's name, not {type(rules).__name__}")
    if not is_fixed(rules):
        raise BigTwoError(
            f"{rules.name}: the OpenSpiel game needs a fixed action space (one deck, no wild"
            " jokers, no smack-downs, no dragon, straights of at most seven cards)"
        )
    return rules


def max_game_length(rules: Rules) -> int:
    """A bound on a deal's length, chance steps included: every card drawn; every card
    played once, each play followed by at most a pass or an out-of-turn offer declined by
    every other seat and an announcement; a claim offered to every seat and the gifts."""
    cards, n = len(full_deck(rules)), rules.players
    return cards + cards * (2 * n + 1) + 4 * n


def utility_bound(rules: Rules) -> float:
    """A loose bound on a seat's points in one deal: every card at the largest value (13) and
    rate (4), doubled for every 2 and honour a hand can hold and for the finish, paid by or to
    every other seat."""
    cards = len(full_deck(rules))
    return float(cards * 13 * 4 * 2**8 * (rules.players - 1))


_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Big Two (one deal)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,  # some systems pay the winner alone
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"rules": DEFAULT_RULES},
)


class Setup:
    """What every state of one rule set shares: the actions' codec, the observation's layout
    and the deck. States keep their rules, not their game: a clone copies what a state holds."""

    def __init__(self, rules: Rules) -> None:
        self.codec = ActionCodec(rules)
        self.layout = Layout(rules)
        self.deck = tuple(sorted(full_deck(rules)))


@lru_cache(maxsize=8)
def setup(rules: Rules) -> Setup:
    return Setup(rules)


class BigTwoGame(pyspiel.Game):  # type: ignore[misc]
    """One deal of Big Two under ``rules`` (a preset's name, the ``rules`` parameter of
    ``pyspiel.load_game``, or a `Rules` given from Python)."""

    def __init__(self, params: dict[str, Any] | None = None, rules: Rules | None = None) -> None:
        params = dict(params or {})
        self.rules = checked_rules(rules if rules is not None else params.get("rules", "classic"))
        if rules is not None:
            params["rules"] = rules.name
        self.deck = setup(self.rules).deck
        bound = utility_bound(self.rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=setup(self.rules).codec.size,
            max_chance_outcomes=max(self.deck) + 1,
            num_players=self.rules.players,
            min_utility=-bound,
            max_utility=bound,
            max_game_length=max_game_length(self.rules),
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> BigTwoState:
        return BigTwoState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> BigTwoObserver:
        return BigTwoObserver(self, iig_obs_type, params)


class BigTwoState(pyspiel.State):  # type: ignore[misc]
    """A deal being dealt (chance nodes) or played (a table with every seat an agent)."""

    def __init__(self, game: BigTwoGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self.drawn: list[int] = []  # the deck's cards in the order the chance nodes drew them
        self.table: Table | None = None  # once the whole deck is drawn
        self._offered: dict[int, Move] | None = None  # the seat to act's moves by index

    # -- OpenSpiel's state interface --------------------------------------------------------
    def current_player(self) -> int:
        table = self.table
        if table is None:
            return int(pyspiel.PlayerId.CHANCE)
        if table.game is None:  # the deal is over
            return int(pyspiel.PlayerId.TERMINAL)
        return table.awaiting[0]

    def is_terminal(self) -> bool:
        return self.table is not None and self.table.game is None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        drawn = set(self.drawn)
        left = [c for c in setup(self.rules).deck if c not in drawn]
        return [(c, 1.0 / len(left)) for c in left]

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.offered())

    def _apply_action(self, action: int) -> None:
        if self.table is None:
            self._draw(int(action))
            return
        seat = self.current_player()
        move = self.offered().get(int(action))
        if move is None:
            raise BigTwoError(f"action {action} isn't offered to seat {seat} now")
        self._offered = None
        self.table.submit(seat, move)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {format_cards([action])}"
        return action_text(self.rules, int(action))

    def returns(self) -> list[float]:
        table = self.table
        if table is None or table.game is not None or table.last is None:
            return [0.0] * self.rules.players
        scores = table.last.scores or (0,) * self.rules.players
        return [float(s) for s in scores]

    def __str__(self) -> str:
        table = self.table
        if table is None:
            return f"dealing: {len(self.drawn)} of {len(setup(self.rules).deck)} cards drawn"
        game = table.game or table.last
        assert game is not None
        hands = " | ".join(format_cards(cards_of(h)) for h in game.hands)
        beat = "" if game.table is None else f"; to beat {game.table}"
        return f"hands {hands}{beat}"

    # -- inside ---------------------------------------------------------------------------------
    def offered(self) -> dict[int, Move]:
        """The move behind each action index the seat to act is offered (none while dealing
        and once the deal is over)."""
        table = self.table
        if table is None or table.game is None:
            return {}
        if self._offered is None:
            seat = table.awaiting[0]
            self._offered = setup(self.rules).codec.indices(table.offers(seat))
        return self._offered

    def _draw(self, card: int) -> None:
        """The next card of the deck; the deal is dealt once the deck is all drawn."""
        rules, deck = self.rules, setup(self.rules).deck
        if card not in deck or card in self.drawn:
            raise BigTwoError(f"card {card} can't be drawn now")
        self.drawn.append(card)
        if len(self.drawn) < len(deck):
            return
        order = tuple(Card(c) for c in self.drawn)
        direction = Session.start(rules).direction()  # the first deal's
        terms = Terms(players=seat_names(rules.players), dealer=0, direction=direction)
        dealt = Game.from_deal(rules, deal_out(order, rules, terms, exposed_card(order, rules)))
        self.table = Table(
            rules, [None] * rules.players, end=SessionEnd(deals=1), offer_before_people=True
        )
        self.table.start(dealt)


def action_text(rules: Rules, index: int) -> str:
    """An action index in words: ``pass`` (or declining an offer), a side action, the cards
    of a play, ``give`` and the cards of a gift."""
    if index == 0:
        return "pass"
    if index < FIRST_CARDS:
        return str(SIDE_ACTIONS[index - 1])
    space = fixed_space(rules)
    if index >= space.gifts:
        return "give " + format_cards(cards_of(space.gift_mask(index)))
    return format_cards(cards_of(space.plays[index - FIRST_CARDS]))


# the kinds of action an information state's rows tell apart: a pass (or an offer declined),
# a play, a gift the seat saw, a gift it only knows the size of, each side action, another word
ACTION_KINDS = ("pass", "play", "give", "hidden_give", *(a.word for a in SIDE_ACTIONS), "word")


class RecallLayout:
    """Where each piece of the information-state tensor sits: the seat's ``observation``
    (`Layout`), its hand as ``dealt``, and ``actions``, one row per action of the deal it saw,
    in order (unused rows 0): the actor (one-hot, relative: column 0 the seat itself), the
    kind (`ACTION_KINDS`), the cards (a card slot each, as in `Layout`; none for a gift the
    seat had no part in) and the number of cards divided by 13."""

    def __init__(self, rules: Rules) -> None:
        self.layout = layout = setup(rules).layout
        self.players, self.cards = rules.players, layout.cards
        self.rows = max_game_length(rules) - len(setup(rules).deck)  # every action a deal has
        self.width = self.players + len(ACTION_KINDS) + self.cards + 1
        self.pieces = (
            ("observation", (layout.size,)),
            ("dealt", (self.cards,)),
            ("actions", (self.rows, self.width)),
        )

    def fill(self, view: View, decision: str, pieces: dict[str, Any]) -> None:
        """Write ``view``'s information state into ``pieces`` (views of one tensor)."""
        layout, p = self.layout, self.players
        layout.encode(view, decision, pieces["observation"])
        layout.write_cards(pieces["dealt"], [_mask(view.dealt)])
        rows = pieces["actions"]
        rows.fill(0.0)
        history = view.history[: self.rows]
        if not history:
            return
        masks = []
        for row, (actor, move) in enumerate(history):
            kind, mask, count = _kind(move)
            rows[row, (actor - view.seat) % p] = 1.0
            rows[row, p + kind] = 1.0
            rows[row, -1] = count / 13.0
            masks.append(mask)
        cards = np.zeros((len(masks), self.cards), np.float32)
        layout.write_cards(cards.reshape(-1), masks)
        start = p + len(ACTION_KINDS)
        rows[: len(masks), start : start + self.cards] = cards


def _mask(cards: Any) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _kind(move: Move) -> tuple[int, int, int]:
    """An action's place in `ACTION_KINDS`, the cards it shows and how many cards it moves."""
    if isinstance(move, Combination):
        return 1, move.mask, move.mask.bit_count()
    if isinstance(move, Give):
        return 2, move.mask, move.mask.bit_count()
    if move.is_pass or decline_word(move):
        return 0, 0, 0
    word = getattr(move, "word", None)
    if getattr(move, "kind", None) == "give":  # a gift seen from outside: "give 2 cards"
        return 3, 0, int(str(word).split()[1])
    words = ACTION_KINDS[4:-1]
    return (4 + words.index(word) if word in words else len(ACTION_KINDS) - 1), 0, 0


class BigTwoObserver:
    """What one seat sees (OpenSpiel's ``PyObserver``), its private cards and the public
    information, never another seat's cards. Without perfect recall (the observation) the
    tensor is the seat's observation as the other environments encode it (`Layout`,
    ``docs/rl.md``) and the string its hand, every count, the play to beat and who passed;
    with perfect recall (the information state) the tensor is `RecallLayout`'s (that
    observation, the hand as dealt and every action the seat saw, in order) and the string its
    hand as dealt and those actions."""

    def __init__(self, game: BigTwoGame, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"the Big Two observer takes no parameters, not {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if kind.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not kind.public_info:
            raise ValueError(
                "the Big Two observer gives a seat's own view: its private cards and the public"
                " information (PrivateInfoType.SINGLE_PLAYER, public_info=True)"
            )
        self.layout = setup(game.rules).layout
        self.recall = RecallLayout(game.rules) if kind.perfect_recall else None
        shapes = self.recall.pieces if self.recall else (("observation", (self.layout.size,)),)
        self.tensor = np.zeros(sum(int(np.prod(shape)) for _, shape in shapes), np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for name, shape in shapes:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[at : at + size].reshape(shape)
            at += size

    def set_from(self, state: BigTwoState, player: int) -> None:
        table = state.table
        if table is None:  # nothing is dealt yet
            self.tensor.fill(0.0)
            return
        decision = decision_of(table, player) if state.current_player() == player else "turn"
        view = table.view(player)
        if self.recall is None:
            self.layout.encode(view, decision, self.tensor)
        else:
            self.recall.fill(view, decision, self.dict)

    def string_from(self, state: BigTwoState, player: int) -> str:
        table = state.table
        if table is None:
            deck = setup(state.rules).deck
            return f"seat {player}: dealing, {len(state.drawn)} of {len(deck)} drawn"
        view = table.view(player)
        if self.recall:
            seen = " ".join(f"{s}:{m}" for s, m in view.history)
            return f"seat {player}: dealt {format_cards(view.dealt)}; actions {seen}"
        counts = " ".join(map(str, view.counts))
        beat = "-" if view.table is None else f"{view.table} by {view.table_seat}"
        passed = " ".join(map(str, view.passed)) or "-"
        return (
            f"seat {player}: hand {format_cards(view.hand)}; counts {counts}; to beat {beat};"
            f" passed {passed}; to move {view.to_move}"
        )


pyspiel.register_game(_GAME_TYPE, BigTwoGame)
