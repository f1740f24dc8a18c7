"""The rule sets' and rule options' texts in the browser's English catalogue (``en.json``) are
the engine's rules reference (`bigtwo.rules.presets`, `bigtwo.rules.catalogue`): every preset
has ``preset.NAME.name`` and ``preset.NAME.about`` (its summary), every option
``option.NAME.name`` and ``option.NAME.about`` (its meaning), and nothing else under those
prefixes. The names are English's own (written once, kept); the abouts follow the engine.

When the engine gains or rewords one, bring en.json in step (then translate the new keys):

    PYTHONPATH=src python tests/test_rule_texts.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from bigtwo.rules.catalogue import OPTIONS
from bigtwo.rules.presets import PRESETS

EN = Path(__file__).resolve().parents[1] / "src" / "bigtwo" / "web" / "i18n" / "en.json"
PREFIXES = ("preset.", "option.")


def first_name(prefix: str, code: str) -> str:
    """A new key's English name from the code, until someone words it better: ``hong-kong`` →
    ``Hong Kong`` for a rule set, ``suit_order`` → ``Suit order`` for an option."""
    if prefix == "preset":
        return " ".join(word.capitalize() for word in code.split("-"))
    return code.replace("_", " ").capitalize()


def engine_texts(names: dict[str, str]) -> dict[str, str]:
    """The keys en.json should hold under `PREFIXES`, in the engine's order; a name en.json
    already has (``names``) is kept."""
    out: dict[str, str] = {}
    for prefix, items in (
        ("preset", {name: p.summary for name, p in PRESETS.items()}),
        ("option", {name: meaning for name, (_, meaning) in OPTIONS.items()}),
    ):
        for code, about in items.items():
            name_key = f"{prefix}.{code}.name"
            out[name_key] = names.get(name_key) or first_name(prefix, code)
            out[f"{prefix}.{code}.about"] = about
    return out


def read() -> dict[str, str]:
    return json.loads(EN.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_english_has_every_rule_set_and_option_as_the_engine_says_them() -> None:
    english = read()
    held = {k: v for k, v in english.items() if k.startswith(PREFIXES)}
    wanted = engine_texts(held)
    assert sorted(set(held) - set(wanted)) == [], "no such preset or option in the engine"
    assert sorted(set(wanted) - set(held)) == [], "missing: run this file to add them"
    assert {k: v for k, v in held.items() if v != wanted[k]} == {}, "reworded in the engine"
    assert all(held[k].strip() for k in held if k.endswith(".name"))


def test_a_first_name_reads_like_words() -> None:
    assert first_name("preset", "hong-kong") == "Hong Kong"
    assert first_name("preset", "classic") == "Classic"
    assert first_name("option", "suit_order") == "Suit order"


def write() -> None:
    """Bring en.json in step: the other keys as they are, then the engine's texts."""
    english = read()
    kept = {k: v for k, v in english.items() if not k.startswith(PREFIXES)}
    held = {k: v for k, v in english.items() if k.startswith(PREFIXES)}
    text = json.dumps({**kept, **engine_texts(held)}, ensure_ascii=False, indent=2)
    EN.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    write()
    sys.exit(0)
