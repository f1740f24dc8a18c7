"""Every refusal the server can send has a sentence in the browser's catalogue: the codes are
read from the sources (every `IllegalMoveError`, `ProtocolError`, `RoomError` and `Refusal`
made, their subclasses' own codes, the web app's refused HTTP requests, and the helpers that
pass a code through to one), then matched against the keys of ``web/i18n/en.json``, with
each sentence's placeholders among the parameters sent with it."""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from pathlib import Path

from bigtwo.combos.beats import KIND_WORDS

SRC = Path(__file__).resolve().parents[1] / "src" / "bigtwo"
CATALOGUE = SRC / "web" / "i18n" / "en.json"
# what makes a refusal, and where its code goes among the positional arguments
# (`http_error` and `ReplayError` are refusals of HTTP requests)
MAKERS = {
    "IllegalMoveError": 1,
    "ProtocolError": 0,
    "RoomError": 0,
    "Refusal": 1,
    "http_error": 1,
    "ReplayError": 1,
    "Refused": 1,  # an account request's
    "AdminError": 0,  # an operator's (the operator's page shows it)
}
DEFAULT = "bad_argument"  # IllegalMoveError's code when none is given
CLIENT_ONLY = {"unknown"}  # the page's own sentence for a code it doesn't know
ALWAYS = {"message"}  # the page passes the English sentence to every refusal's text


@dataclass(frozen=True)
class Site:
    code: str
    params: frozenset[str] | None  # None: passed as **params, not readable here
    where: str


def _callee(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _params(call: ast.Call) -> frozenset[str] | None:
    if any(k.arg is None for k in call.keywords):
        return None
    return frozenset(k.arg for k in call.keywords if k.arg and k.arg != "code")


def _super_calls(tree: ast.AST) -> dict[int, str]:
    """``super().__init__(...)`` in a refusal's subclass, as a call of the refusal it extends:
    {id of the call: the base's name}."""
    found = {}
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        bases = [b.id for b in cls.bases if isinstance(b, ast.Name) and b.id in MAKERS]
        for call in (n for n in ast.walk(cls) if isinstance(n, ast.Call) and bases):
            f = call.func
            if not (isinstance(f, ast.Attribute) and f.attr == "__init__"):
                continue
            if isinstance(f.value, ast.Call) and _callee(f.value) == "super":
                found[id(call)] = bases[0]
    return found


def _functions(tree: ast.AST) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]


def refusal_sites() -> tuple[list[Site], list[str]]:
    """Every place a refusal's code is written, and the places whose code can't be read."""
    trees = {p: ast.parse(p.read_text(encoding="utf-8")) for p in SRC.rglob("*.py")}
    makers: dict[str, tuple[int, frozenset[str] | None]] = {
        name: (pos, frozenset()) for name, pos in MAKERS.items()
    }
    while True:  # until no helper passing a code through is newly found
        sites, unread, before = [], [], len(makers)
        for path, tree in trees.items():
            supers = _super_calls(tree)
            for fn in _functions(tree):
                args = [a.arg for a in fn.args.args if a.arg not in ("self", "cls")]
                for call in (n for n in ast.walk(fn) if isinstance(n, ast.Call)):
                    name = supers.get(id(call), _callee(call))
                    if name not in makers:
                        continue
                    pos, inner = makers[name]
                    where = f"{path.relative_to(SRC)}:{call.lineno}"
                    given = [k.value for k in call.keywords if k.arg == "code"]
                    code = given[0] if given else call.args[pos] if len(call.args) > pos else None
                    params = _params(call) if name in MAKERS else inner
                    if code is None and name == "IllegalMoveError":
                        sites.append(Site(DEFAULT, params, where))
                    elif isinstance(code, ast.Constant) and isinstance(code.value, str):
                        sites.append(Site(code.value, params, where))
                    elif isinstance(code, ast.Name) and code.id in args:
                        makers.setdefault(fn.name, (args.index(code.id), params))
                    elif not (isinstance(code, ast.Attribute) and code.attr == "code"):
                        unread.append(where)  # (`exc.code` passes on a code made elsewhere)
        if len(makers) == before:
            return sites, unread


def catalogue() -> dict[str, str]:
    data: dict[str, str] = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    return data


def test_the_scan_reads_every_code() -> None:
    sites, unread = refusal_sites()
    assert unread == []
    codes = {s.code for s in sites}
    # from the engine, the table, the protocol's edge, the rooms, the hub, the web app
    assert {"not_your_turn", "bot_seat", "bad_json", "seat_taken", "no_room", "no_record"} <= codes
    assert {"bad_name", "bad_text"} <= codes  # passed through a helper


def test_every_refusal_code_has_a_sentence() -> None:
    keys = catalogue()
    missing = sorted({s.code for s in refusal_sites()[0] if f"error.{s.code}" not in keys})
    assert missing == []


def test_each_sentence_uses_only_the_parameters_sent_with_it() -> None:
    keys = catalogue()
    wrong = []
    for site in refusal_sites()[0]:
        text = keys.get(f"error.{site.code}", "")
        used = set(re.findall(r"\{(\w+)\}", text))
        if site.params is not None and not used <= site.params | ALWAYS:
            wrong.append(f"{site.where}: {site.code} sends {sorted(site.params)}, uses {used}")
    assert wrong == []


def test_no_sentence_for_a_code_that_is_never_sent() -> None:
    codes = {s.code for s in refusal_sites()[0]} | CLIENT_ONLY
    stale = [k for k in catalogue() if k.startswith("error.") and k.split(".")[1] not in codes]
    assert stale == []


def test_every_kind_of_play_has_a_name() -> None:
    """`only_answers` names the kind of play; the page says it from the catalogue."""
    keys = catalogue()
    assert [k for k in KIND_WORDS if f"combo.{k}" not in keys] == []
