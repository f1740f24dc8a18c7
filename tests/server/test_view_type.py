"""The protocol's type of a view (`bigtwo.server.view_type.ViewData`, the ``view`` of a
``state`` in the published schema and the page's declarations) is what `View.to_dict` writes:
views of seeded deals of every preset and of the option sets ``tests/test_views.py`` adds
(two decks, jokers, exchanges, trades, races), at every step, for every seat and a spectator,
in a session and out of one, read as the JSON sent against the type with no key left over."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError
from test_views import CASES, _step

from bigtwo import Game, Rules
from bigtwo.engine.view import SessionSummary
from bigtwo.server.protocol import schema
from bigtwo.server.view_type import ViewData
from bigtwo.session import Session

VIEW: TypeAdapter[ViewData] = TypeAdapter(ViewData)


# the keys whose value may be null (or empty: ``exchanges``)
OPTIONAL = ("table", "lead_card", "winner", "end", "pending", "exchanges", "session")


def _check(data: dict[str, Any]) -> None:
    VIEW.validate_json(json.dumps(data), strict=True)


def _views(rules: Rules, deals: int) -> Iterator[dict[str, Any]]:
    """``to_dict`` of every seat's view and a spectator's at every step of ``deals`` seeded
    deals, and of the spectator's in a session."""
    rng = random.Random(rules.name)
    session = Session.start(rules, seed=rng.randrange(10**6))
    summary = SessionSummary(totals=(0,) * rules.players, deals_played=1, target_score=50)
    for _ in range(deals):
        game = session.next_deal()
        while True:
            for seat in range(rules.players):
                yield game.view(seat).to_dict()
            yield game.spectator_view().to_dict()
            yield replace(game.spectator_view(), session=summary).to_dict()
            if game.is_over:
                break
            game = _step(game, rng)
        session = session.finish(game)


def test_every_view_of_a_deal_is_the_protocols_type() -> None:
    """Each view passes; and the fields the type lets be null or empty were seen both ways,
    so the type is no looser than the views need."""
    seen: dict[str, set[bool]] = {}
    for _, rules, deals in CASES:
        for data in _views(rules, deals):
            VIEW.validate_json(json.dumps(data), strict=True)
            for key in (*OPTIONAL, "history"):  # null or empty, and not (a seat 0 is not null)
                seen.setdefault(key, set()).add(data[key] not in (None, []))
            kinds = {entry[2] is None for entry in data["history"]}
            seen.setdefault("kind", set()).update(kinds)
    assert {key: ways for key, ways in seen.items() if ways != {True, False}} == {}


def test_a_key_the_type_does_not_declare_is_refused() -> None:
    """What makes the test above fail when ``to_dict`` grows a key, or changes one's shape."""
    data = Game.deal(seed=1).view(0).to_dict()
    for wrong in (
        {**data, "new": 1},
        {**data, "rules": {**data["rules"], "new_option": True}},
        {**data, "history": [[0, "3D"]]},  # the layout before the play's kind
        {k: v for k, v in data.items() if k != "dealt"},
    ):
        with pytest.raises(ValidationError):
            _check(wrong)


def test_the_published_schema_describes_the_view() -> None:
    """The state's ``view`` in the schema is the view's type, closed to other keys."""
    defs = schema()["server"]["$defs"]
    assert defs["State"]["properties"]["view"]["anyOf"][0] == {"$ref": "#/$defs/ViewData"}
    shape = defs["ViewData"]
    assert shape["additionalProperties"] is False
    assert set(shape["required"]) == set(Game.deal(seed=1).view(0).to_dict())
    entry = shape["properties"]["history"]["items"]
    assert [p.get("type") for p in entry["prefixItems"]] == ["integer", "string", None]
