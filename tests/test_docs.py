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


def test_every_rules_field_is_in_the_reference_with_its_choices() -> None:
    from dataclasses import fields
    from enum import Enum

    from bigtwo import Rules

    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for f in fields(Rules):
        if f.name == "name":
            continue
        assert f.name in OPTIONS, f"{f.name} is missing from the catalogue"
        if isinstance(f.default, Enum):
            row = next(line for line in text.splitlines() if line.startswith(f"| `{f.name}` |"))
            for member in type(f.default):
                assert f"`{member.value}`" in row, (f.name, member.value)


def test_presets_answer_to_the_names_players_type() -> None:
    from bigtwo import Rules

    for typed, preset in {
        "pusoy dos": "philippines",
        "Capsa": "indonesia",
        "big deuce": "classic",
        "top-dog": "classic",
        "choi dai dee": "classic",  # pagat's name for the game it describes
        "dai-di": "hong-kong",
        "da lao er": "da-lao-er",
    }.items():
        assert Rules.preset(typed).name == preset, typed
