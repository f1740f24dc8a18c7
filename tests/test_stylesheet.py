"""The page's stylesheet read as text, for what phones that are a few years old would drop:
a nested rule (CSS nesting: Safari before 16.5, Chrome before 112) loses every declaration
inside it, and an unprefixed ``mask`` alone (Chrome before 120) leaves a ring a solid disc
over the avatar it should circle."""

from __future__ import annotations

import re
from pathlib import Path

CSS = Path(__file__).resolve().parents[1] / "src" / "bigtwo" / "web" / "style.css"


def nested_rules(text: str) -> list[str]:
    """The selectors of rules written inside another style rule (not inside an @-rule)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    found, stack, start = [], [], 0
    for match in re.finditer(r"[{}]", text):
        if match.group() == "{":
            head = text[start : match.start()].split(";")[-1].strip()
            if stack and stack[-1] == "style":
                found.append(head)
            stack.append("at" if head.startswith("@") else "style")
        elif stack:
            stack.pop()
        start = match.end()
    return found


def test_no_rule_is_nested_inside_another() -> None:
    assert nested_rules("a { b { c: d; } } @media x { e { f: g; } }") == ["b"]
    assert nested_rules(CSS.read_text(encoding="utf-8")) == []


def test_every_mask_has_its_prefixed_twin() -> None:
    text = CSS.read_text(encoding="utf-8")
    masks = re.findall(r"(?<![-\w])mask:\s*([^;]+);", text)
    prefixed = re.findall(r"-webkit-mask:\s*([^;]+);", text)
    assert sorted(masks) == sorted(prefixed)
