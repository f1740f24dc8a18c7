"""Retake the README's screenshots of the table mid-deal: the person has played the hint's
play, the bots have played on, and it is the person's turn again with the hint's play picked:
``docs/browser-desktop.png`` at 1280x800 and ``docs/browser-phone.png`` at 390x844, each the
screen as that device shows it. It serves a fresh ``bigtwo serve`` and drives Debian's Chromium
as the browser tests do (`conftest.serving`, `screens.open_room`)::

    PYTHONPATH=src:tests .venv/bin/python -m browser.readme_screens
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from playwright import sync_api

from .conftest import CHROMIUM_ARGS, serving
from .screens import Visit, home_page, open_room, your_turn

DOCS = Path(__file__).resolve().parents[2] / "docs"
SHOTS = {"browser-desktop.png": (1280, 800), "browser-phone.png": (390, 844)}


def main() -> None:
    executable = shutil.which("chromium")
    if executable is None:
        sys.exit("Debian's chromium is not installed (python3 dev.py installs it as root)")
    with (
        tempfile.TemporaryDirectory() as folder,
        serving(Path(folder) / "rooms.db") as base,
        sync_api.sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            for name, viewport in SHOTS.items():
                visit = Visit(browser, base, lang="en", viewport=viewport)
                try:
                    page = home_page(visit)
                    open_room(visit, page)
                    hand = page.get_by_role("group", name=visit.t(page, "table.hand"))
                    your_turn(visit, page).wait_for()
                    hint = page.get_by_role("button", name=visit.t(page, "table.hint"), exact=True)
                    hint.click()
                    page.get_by_role("button", name=visit.t(page, "table.play"), exact=True).click()
                    hand.get_by_role("button").nth(12).wait_for(state="detached")
                    your_turn(visit, page).wait_for()
                    hint.click()
                    page.wait_for_timeout(600)  # the last slide lands
                    page.evaluate("window.scrollTo(0, 0)")
                    page.screenshot(path=str(DOCS / name))
                    print(f"wrote docs/{name} ({viewport[0]}x{viewport[1]})")
                finally:
                    visit.close()
        finally:
            browser.close()


if __name__ == "__main__":
    main()
