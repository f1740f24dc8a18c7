"""The accessibility scan: axe-core (vendored in vendor/axe-core, added to the page by the test,
never by the page) runs on every screen of `screens.SCREENS`; a finding of serious or critical
impact fails. Every screen also has the language picker, labelled, each language marked with its
own `lang`, and reached with the Tab key (unless a modal sheet holds the keys); and narrowed
to a 360 px phone, the page doesn't scroll sideways and no control lies past its edges."""

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
        findings = scan(page)
        picker = page.get_by_label(visit.t(page, "lang.label"), exact=True).first
        options = picker.locator("option").evaluate_all("os => os.map(o => [o.value, o.lang])")
        # behind a modal sheet the page is inert: the keys stay in the sheet (test_felt.py)
        modal = page.locator("dialog[open]").count() > 0
        reached = modal or tabbed_to(page, "language")
        overflow = narrowed(page)
    finally:
        visit.close()
    assert ["en", "en"] in options and all(tag == lang for tag, lang in options), options
    assert reached, "the language picker is not reached with the Tab key"
    assert overflow == [], overflow
    serious = [f for f in findings if f["impact"] in FAILING]
    assert not serious, report(serious)


# what makes a page scroll sideways, or sits past the screen's edges where nobody can reach it
SIDEWAYS = """() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  if (document.documentElement.scrollWidth > width) {
    found.push(`the page is ${document.documentElement.scrollWidth}px wide`);
  }
  for (const el of document.querySelectorAll("button, a, select, input, textarea, summary")) {
    if (!el.checkVisibility({ visibilityProperty: true })) continue;
    const box = el.getBoundingClientRect();
    if (box.left < -1 || box.right > width + 1) {
      found.push(`${el.tagName} "${el.innerText.trim().slice(0, 30)}" is past the edge`);
    }
  }
  return found;
}"""


def narrowed(page: Any) -> list[str]:
    """What scrolls sideways or sits past the edge once the page is a 360 px phone's."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.wait_for_function("document.documentElement.clientWidth === 360")
    found: list[str] = page.evaluate(SIDEWAYS)
    return found


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
