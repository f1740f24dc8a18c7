"""The accessibility scan: axe-core (vendored in vendor/axe-core, added to the page by the test,
never by the page) runs on every screen of `screens.SCREENS`; a finding of serious or critical
impact fails. Every screen also has the language picker, labelled, each language marked with its
own `lang`, and reached with the Tab key."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .screens import SCREENS, Visit

AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
FAILING = ("serious", "critical")
RUN_AXE = """async () => {
  const found = await axe.run(document, { resultTypes: ["violations"] });
  return found.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => n.target.join(" ") + ": " + n.failureSummary).slice(0, 5),
  }));
}"""


def scan(page: Any) -> list[dict[str, Any]]:
    """axe's violations on the page as it is now."""
    page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(RUN_AXE)
    return found


def report(findings: list[dict[str, Any]]) -> str:
    return "\n".join(
        f"{f['impact']}: {f['id']} ({f['help']})\n    " + "\n    ".join(f["nodes"])
        for f in findings
    )


@pytest.mark.parametrize("screen", SCREENS)
def test_no_serious_accessibility_finding(browser: Any, server: str, screen: str) -> None:
    visit = Visit(browser, server, bypass_csp=True)  # the page's policy refuses inline scripts
    try:
        page = SCREENS[screen](visit)
        picker = page.get_by_role("banner").get_by_label(visit.t(page, "lang.label"), exact=True)
        options = picker.locator("option").evaluate_all("os => os.map(o => [o.value, o.lang])")
        reached = tabbed_to(page, "language")
        findings = scan(page)
    finally:
        visit.close()
    assert ["en", "en"] in options and all(tag == lang for tag, lang in options), options
    assert reached, "the language picker is not reached with the Tab key"
    serious = [f for f in findings if f["impact"] in FAILING]
    assert not serious, report(serious)


def tabbed_to(page: Any, element_id: str, presses: int = 5) -> bool:
    """Whether the Tab key, from the page's title (a click there starts the keyboard's path),
    reaches the element within a few presses."""
    page.locator("#title").click()
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.id") == element_id:
            return True
    return False


def test_the_scan_finds_a_planted_fault(browser: Any, server: str) -> None:
    """The scan itself works: an unlabelled field and low-contrast text added by the test are
    reported at the impacts that fail."""
    visit = Visit(browser, server, bypass_csp=True)
    try:
        page = visit.page()
        page.goto(visit.url())
        page.set_content(
            '<html lang="en"><body style="background:#fff"><main>'
            '<input type="text"><p style="color:#eee">faint</p></main></body></html>'
        )
        found = {f["id"]: f["impact"] for f in scan(page)}
    finally:
        visit.close()
    assert found.get("label") in FAILING and found.get("color-contrast") in FAILING
