"""`docs/protocol.md` is enough to write a client from: every code the server can refuse with,
read from the sources as the refusal catalogue's test reads them (every `ProtocolError`,
`RoomError`, `http_error` and `ReplayError` made, and the helpers that pass a code on), is in
its table of codes with the situations it comes in and the parameters sent with it; the
engine's own refusals are in `docs/refusals.md`; the table lists no code nobody sends, and
the table of messages has every message a client may send."""

from __future__ import annotations

import dataclasses
import json
import re
from collections import defaultdict
from pathlib import Path

from test_refusal_catalogue import Site, refusal_sites

from bigtwo.server.protocol import INBOUND, OUTBOUND, TYPES, schema

DOCS = Path(__file__).resolve().parents[2] / "docs"
NAMED = re.compile(r"`([a-z_]+)`")


def _table(page: str, heading: str) -> dict[str, list[str]]:
    """The rows of the first table under ``heading`` in ``docs/PAGE``, keyed by the code in
    their first cell, each the row's other cells."""
    text = (DOCS / page).read_text(encoding="utf-8")
    after = ("\n" + text).split(f"\n{heading}\n", 1)[1]
    rows: dict[str, list[str]] = {}
    for line in after.splitlines():
        if not line.startswith("|"):
            if rows:
                return rows
            continue
        first, *rest = [cell.strip() for cell in line.strip().strip("|").split("|")]
        named = NAMED.fullmatch(first)
        if named is not None:
            rows[named.group(1)] = rest
    return rows


def _sites() -> tuple[list[Site], list[Site]]:
    """The server's own refusals, and the engine's and the table's."""
    sites, unread = refusal_sites()
    assert unread == []
    server = [s for s in sites if s.where.startswith("server/")]
    return server, [s for s in sites if not s.where.startswith("server/")]


def test_every_code_the_server_sends_is_documented_with_its_situations() -> None:
    codes = _table("protocol.md", "## Error codes")
    engine = _table("refusals.md", "# Refusals: codes and parameters")
    server, others = _sites()
    assert {"too_large", "seat_taken", "bad_seat", "no_record", "bad_number"} <= {
        s.code for s in server
    }  # the scan reaches the edge, the rooms and the HTTP endpoints
    missing = sorted({s.code for s in server} - set(codes))
    assert missing == [], "codes the server sends that docs/protocol.md doesn't list"
    engine_missing = sorted({s.code for s in others} - set(engine) - set(codes))
    assert engine_missing == [], "engine refusals in neither docs/refusals.md nor the protocol"
    blank = sorted(code for code, (_, when) in codes.items() if len(when) < 10)
    assert blank == [], "codes listed without the situations they come in"


def test_the_parameters_documented_are_those_sent() -> None:
    codes = _table("protocol.md", "## Error codes")
    sent: dict[str, set[str]] = defaultdict(set)
    wrong = []
    for site in _sites()[0]:
        if site.params is None:  # passed on as **params: an engine refusal's own
            continue
        sent[site.code] |= site.params
        documented = set(NAMED.findall(codes.get(site.code, ["", ""])[0]))
        if not site.params <= documented:
            wrong.append(f"{site.where}: {site.code} sends {sorted(site.params)}")
    assert wrong == []
    phantom = {
        c: NAMED.findall(row[0]) for c, row in codes.items() if set(NAMED.findall(row[0])) - sent[c]
    }
    assert phantom == {}, "parameters documented that nothing sends"


def test_no_code_is_documented_that_nothing_sends() -> None:
    sent = {s.code for s in _sites()[0]}
    assert sorted(set(_table("protocol.md", "## Error codes")) - sent) == []


def test_every_message_a_client_may_send_is_in_the_table_of_messages() -> None:
    listed = _table("protocol.md", "## Messages at a glance")
    assert sorted(set(TYPES) - set(listed)) == []
    assert all(answer for _, answer in listed.values())


def _fields(cell: str) -> set[str]:
    return set(NAMED.findall(cell))


def test_the_table_of_messages_names_every_message_and_its_fields() -> None:
    """Both tables of "Messages at a glance" against the models: every type either side sends,
    each with the fields its model has (a field the model lacks, or one left out, fails)."""
    sent_by_clients = _table("protocol.md", "## Messages at a glance")
    for kind, model in INBOUND.items():
        named = _fields(sent_by_clients[kind][0])
        assert named == set(model.model_fields) - {"type", "id"} | ({"id"} & named), kind
    text = (DOCS / "protocol.md").read_text(encoding="utf-8")
    servers = text.split("What the server sends:", 1)[1]
    rows = {
        NAMED.fullmatch(cells[0]).group(1): cells[1:]  # type: ignore[union-attr]
        for line in servers.split("\n## ", 1)[0].splitlines()
        if line.startswith("| `")
        for cells in [[c.strip() for c in line.strip().strip("|").split("|")]]
    }
    assert sorted(rows) == sorted(OUTBOUND)
    for kind, message in OUTBOUND.items():
        fields = {f.name for f in dataclasses.fields(message)} - {"type"}
        assert _fields(rows[kind][1]) == fields, kind


def test_the_published_schema_is_the_models() -> None:
    published = json.loads((DOCS / "protocol.schema.json").read_text(encoding="utf-8"))
    again = "python -m bigtwo.server.protocol > docs/protocol.schema.json"
    assert published == schema(), f"out of date: {again}"
    assert set(published["server"]["discriminator"]["mapping"]) == set(OUTBOUND)
    assert set(published["client"]["discriminator"]["mapping"]) == set(INBOUND)


def test_the_events_shown_carry_combo_where_the_server_puts_it() -> None:
    """Each `act` event in the page's examples has the fields the server writes: a play its
    `combo` beside `move` (not in `data`), a pass none."""
    text = (DOCS / "protocol.md").read_text(encoding="utf-8")
    decoder = json.JSONDecoder()
    shown = [decoder.raw_decode(text, m.start())[0] for m in re.finditer(r'\{"kind": "act"', text)]
    assert len(shown) >= 5
    for event in shown:
        if event["move"] == "pass":
            assert set(event) == {"kind", "seat", "move", "data"}, event
        else:
            assert set(event) == {"kind", "seat", "move", "data", "combo"}, event
            assert event["combo"] == {1: "single", 2: "pair"}[len(event["move"].split())], event
            assert "combo" not in event["data"], event
