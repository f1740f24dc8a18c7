"""The page's code is checked against the protocol: ``types/protocol.d.ts`` is made from the
protocol's models (through its JSON Schema) and is current, and ``tsc`` finds no message the
page sends or reads that the protocol doesn't have (in the modules that say ``// @ts-check``:
the socket, the change applier and the router that reads every message), nor a field of the
view that a view has not (the modules that draw the table from it), nor a field or word of
the room that a room has not (those that read the room: its heading, controls, scores, the
summary, spectators, and the lobby and a room's link on the home screen)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from protocol_types import OUT, typescript

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "src" / "bigtwo" / "web"
TSC = ROOT / ".venv" / "node" / "node_modules" / ".bin" / "tsc"  # where dev.py puts it


def test_the_declarations_are_made_from_the_protocol() -> None:
    assert OUT.read_text(encoding="utf-8") == typescript(), "run: python tests/protocol_types.py"


def test_the_pages_messages_are_the_protocols() -> None:
    tsc = str(TSC) if TSC.exists() else shutil.which("tsc")
    if tsc is None:
        pytest.skip("no TypeScript checker: `python3 dev.py test` installs it where npm exists")
    checked = [p.name for p in (WEB / "js").glob("*.js") if "// @ts-check" in p.read_text()]
    assert {"app.js", "net.js", "changes.js"} <= set(checked)
    view_readers = ("board", "hand", "arrange", "journal", "trick", "seats", "motion", "reading")
    room_readers = ("room-head", "controls", "results", "summary", "spectators", "home")
    assert {f"{name}.js" for name in (*view_readers, *room_readers)} <= set(checked)
    done = subprocess.run(
        [tsc, "-p", str(WEB / "tsconfig.json")], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
