"""What the Filipino, Indonesian, Malay and Vietnamese catalogues (``web/i18n/<tag>.json``) are
held to beyond every catalogue's checks (`test_catalogues`: keys, placeholders, the glossary's
card ranks, suits and kinds of play): NFC text, nothing left in English without a reason
written here, and the glossary's own words for passing (the button, a seat's mark) and the
game's name
(``docs/i18n/GLOSSARY.<tag>.md``)."""

from __future__ import annotations

import unicodedata

import pytest
from test_catalogues import ENGLISH, I18N, PLACEHOLDER, main_word, read
from test_glossaries import rows, term

TAGS = ("fil", "id", "ms", "vi")

# catalogue keys that say a glossary concept kept under another code
ALIASES = {"table.pass": "action.pass", "table.pass.mark": "action.pass", "app.title": "game.name"}
# the letters in a card's corner: those printed on the cards sold there (J Q K A in all four),
# which are also the face that begins each card's name (card.label's {face})
CARD_INDEX = "card.index."

# Values that read exactly as in English, and why. Not listed: a value with no letters besides
# its placeholders ("10", "{name}: {text}"), a value that is the glossary's own term (the
# Filipino button "Pass", the game's name "Big Two" in Malay and Vietnamese), and the corner
# letters of a card (CARD_INDEX), and a rule set named after a place (PROPER_NAMES).
SAME_AS_ENGLISH = {
    "fil": {
        "room.seat.host": "Taglish: Filipino game apps call the room's owner the host",
        "chat.heading": "Taglish: Filipino apps label the chat 'Chat'",
        "term.cards.one": "Taglish: the glossary keeps 'card', and a count leaves it as it is",
        "table.seat.one": "Taglish: as term.cards.one (CLDR's 'one' is 1, 2, 3, 5, … here)",
        "room.menu": "Taglish: Filipino apps label their menu button 'Menu'",
        "admin.handle": "Taglish: the account sheet keeps 'handle' (ang handle mo), as apps do",
        "me.profile.heading": "Taglish: Filipino apps head a person's page 'Profile'",
    },
    "id": {
        "kind.program": "'program' is the Indonesian word",
        "room.menu": "'menu' is the Indonesian word (KBBI)",
    },
    "ms": {
        "kind.program": "'program' is the Malay word",
        "room.menu": "'menu' is the Malay word (DBP)",
    },
    "vi": {"room.menu": "Vietnamese apps write the borrowed 'Menu' on the button"},
}


# Rule sets named after a place or by the game's own name there, which a language may write as
# English does (Malaysia, Hawaii (Penning), Da Lao Er) or in its own way (Hồng Kông, Filipina).
PROPER_NAMES = {
    f"preset.{name}.name"
    for name in (
        "hong-kong",
        "taiwan",
        "singapore",
        "malaysia",
        "indonesia",
        "philippines",
        "vietnam",
        "hawaii",
        "malta",
        "da-lao-er",
    )
}


def catalogue(tag: str) -> dict[str, str]:
    path = I18N / f"{tag}.json"
    assert path.is_file(), f"{path.name} is missing"
    return read(path)  # type: ignore[no-any-return]


def glossary_terms(tag: str) -> dict[str, str]:
    """Catalogue key → the term its glossary gives it (capitalised where it is a title)."""
    codes = rows(tag)
    wanted = {code: code for code in codes if code in ENGLISH}
    wanted.update(ALIASES)
    found = {key: term(tag, code) for key, code in wanted.items()}
    found["app.title"] = found["app.title"][:1].upper() + found["app.title"][1:]
    for code in codes:  # the terminal's bare kind of play: the glossary term's main word
        if code.startswith("combo."):
            found[f"term.kind.{code.removeprefix('combo.')}"] = main_word(term(tag, code))
    return found


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
        and not key.startswith(CARD_INDEX)
        and key not in PROPER_NAMES
    }
    assert sorted(same - set(SAME_AS_ENGLISH[tag])) == [], "still English"
    assert sorted(set(SAME_AS_ENGLISH[tag]) - same) == [], "listed but translated: unlist it"


@pytest.mark.parametrize("tag", TAGS)
def test_the_pass_words_and_the_title_are_the_glossary_words(tag: str) -> None:
    own, glossary = catalogue(tag), glossary_terms(tag)
    assert {k: own[k] for k in ALIASES if own[k] != glossary[k]} == {}
