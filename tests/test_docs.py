"""The generated rules reference stays in step with the code, and names every rule."""

import re
from pathlib import Path

from bigtwo.rules.catalogue import OPTIONS, reference

ROOT = Path(__file__).resolve().parents[1]


def test_rules_reference_is_generated_from_the_code() -> None:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert text == reference(), "regenerate: python -m bigtwo.rules.catalogue > docs/rules.md"


def test_every_rule_option_names_a_variation_id() -> None:
    for option, (ids, meaning) in OPTIONS.items():
        assert ids.split() and meaning, option
        assert all(re.fullmatch(r"[a-z_]+\.[a-z0-9_*]+", i) for i in ids.split()), option
