"""The Filipino, Indonesian, Malay and Vietnamese catalogues (``web/i18n/<tag>.json``) say
everything ``en.json`` says, keep its placeholders, are translated, and use their glossary's
words (``docs/i18n/GLOSSARY.<tag>.md``) for the cards and the kinds of play."""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from pathlib import Path

import pytest
from test_glossaries import rows, term

ROOT = Path(__file__).resolve().parents[1]
I18N = ROOT / "src" / "bigtwo" / "web" / "i18n"
TAGS = ("fil", "id", "ms", "vi")
PLACEHOLDER = re.compile(r"\{(\w+)\}")

# catalogue keys that say a glossary concept kept under another code
ALIASES = {"table.pass": "action.pass", "app.title": "game.name"}

# Values that read exactly as in English, and why. Not listed: a value with no letters besides
# its placeholders ("10", "{name}: {text}"), and a value that is the glossary's own term
# (the Filipino button "Pass", the game's name "Big Two" in Malay and Vietnamese).
SAME_AS_ENGLISH = {
    "fil": {
        "room.seat.host": "Taglish: Filipino game apps call the room's owner the host",
        "chat.heading": "Taglish: Filipino apps label the chat 'Chat'",
    },
    "id": {"kind.program": "'program' is the Indonesian word"},
    "ms": {"kind.program": "'program' is the Malay word"},
    "vi": {},
}


def catalogue(tag: str) -> dict[str, str]:
    path = I18N / f"{tag}.json"
    assert path.is_file(), f"{path.relative_to(ROOT)} is missing"
    return dict(json.loads(path.read_text(encoding="utf-8")))


ENGLISH = catalogue("en")


def glossary_terms(tag: str) -> dict[str, str]:
    """Catalogue key → the term its glossary gives it (capitalised where it is a title)."""
    codes = rows(tag)
    wanted = {code: code for code in codes if code in ENGLISH}
    wanted.update(ALIASES)
    found = {key: term(tag, code) for key, code in wanted.items()}
    found["app.title"] = found["app.title"][:1].upper() + found["app.title"][1:]
    return found


@pytest.mark.parametrize("tag", TAGS)
def test_every_key_of_english_and_no_other(tag: str) -> None:
    own = catalogue(tag)
    assert sorted(set(ENGLISH) - set(own)) == [], "keys missing"
    assert sorted(set(own) - set(ENGLISH)) == [], "keys English does not have"
    assert [k for k, v in own.items() if not isinstance(v, str) or not v.strip()] == []


@pytest.mark.parametrize("tag", TAGS)
def test_the_same_placeholders_per_key(tag: str) -> None:
    own = catalogue(tag)
    names = PLACEHOLDER.findall
    differ = {
        key: (text, own[key])
        for key, text in ENGLISH.items()
        if key in own and Counter(names(text)) != Counter(names(own[key]))
    }
    assert differ == {}


@pytest.mark.parametrize("tag", TAGS)
def test_values_are_nfc(tag: str) -> None:
    # a decomposed "ế" (e + two combining marks) looks the same but compares and sorts apart
    own = catalogue(tag)
    assert [k for k, v in own.items() if unicodedata.normalize("NFC", v) != v] == []


@pytest.mark.parametrize("tag", TAGS)
def test_nothing_is_left_in_english_but_the_listed_words(tag: str) -> None:
    own = catalogue(tag)
    glossary = glossary_terms(tag)
    same = {
        key
        for key, text in ENGLISH.items()
        if own.get(key) == text
        and any(c.isalpha() for c in PLACEHOLDER.sub("", text))
        and glossary.get(key) != text
    }
    assert sorted(same - set(SAME_AS_ENGLISH[tag])) == [], "still English"
    assert sorted(set(SAME_AS_ENGLISH[tag]) - same) == [], "listed but translated: unlist it"


@pytest.mark.parametrize("tag", TAGS)
def test_cards_and_plays_use_the_glossary_terms(tag: str) -> None:
    own = catalogue(tag)
    glossary = glossary_terms(tag)
    # every kind of play, suit and named rank the catalogue has is in the glossary
    ranks = {f"rank.{r}" for r in "JQKA2"}
    named = [k for k in ENGLISH if k.startswith(("combo.", "suit.")) or k in ranks]
    assert [k for k in named if k not in glossary] == []
    assert {k: own.get(k) for k in glossary if own.get(k) != glossary[k]} == {}
