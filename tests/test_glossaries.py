"""The translators' glossaries (`docs/i18n/GLOSSARY.<tag>.md`) cover every kind of play the
engine knows, give every term a source, and say who has reviewed them.

Each glossary's terms sit in Markdown tables whose header is ``| Code | English | Term | Source |``;
the code is a catalogue key (``combo.pair``, ``suit.S``, ``action.pass``) or a glossary-only one
(``term.trick``, ``title.scum``, ``score.penalty``). A term written ``→ zh-Hant`` falls back to
that language's glossary. A source is a quoted seed line (``seed 001: "..."``, checked against
the seed files when they are at hand), a linked page, or ``project's choice:`` (or
``project's choice, unreviewed:``) with a reason. A term may end in the words the catalogues must
not use for it, ``kamu (not Anda)``: `test_catalogues` holds every sentence to that. A term whose
word changes with the sentence lists its forms before any note, ``mauuna, nauna``; a sentence
that names the concept holds one of them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bigtwo.combos.beats import KIND_WORDS

ROOT = Path(__file__).resolve().parents[1]
GLOSSARIES = ROOT / "docs" / "i18n"
TAGS = ("zh-Hant", "zh-HK", "zh-Hans", "fil", "id", "ms", "vi")
HEADER = ["Code", "English", "Term", "Source"]
# every concept a glossary names besides the kinds of play
CONCEPTS = (
    *(f"rank.{r}" for r in "JQKA2"),
    *(f"suit.{s}" for s in "SHCD"),
    "action.pass",
    "action.announce",
    "term.trick",
    "term.bomb",
    "term.round",
    "term.lead",
    "address.you",
    *(f"title.{t}" for t in ("president", "vice_president", "vice_scum", "scum")),
    *(f"score.{s}" for s in ("point", "penalty", "settlement", "stake")),
    "game.name",
)
SEED_QUOTE = re.compile(r'seed (\d{3}): "([^"]+)"')
LINK = re.compile(r"\]\(https?://[^)\s]+\)")
CHOICE = re.compile(r"project's choice(, unreviewed)?: \S")
FALLBACK = re.compile(r"→ (\S+)")
RULED_OUT = re.compile(r"\(not ([^)]+)\)")


def rows(tag: str) -> dict[str, tuple[str, str, str]]:
    """Code → (English, term, source) for every table row under the fixed header."""
    path = GLOSSARIES / f"GLOSSARY.{tag}.md"
    assert path.is_file(), f"{path.relative_to(ROOT)} is missing"
    found: dict[str, tuple[str, str, str]] = {}
    in_table = False
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("|"):
            in_table = False
        elif cells == HEADER:
            in_table = True
        elif in_table and not set(line) <= set("|-: "):
            assert len(cells) == 4, f"{tag}: a row has {len(cells)} cells: {line}"
            code = cells[0].strip("`")
            assert code not in found, f"{tag}: {code} is listed twice"
            found[code] = (cells[1], cells[2], cells[3])
    return found


def term(tag: str, code: str) -> str:
    """The term a language uses for ``code``, following a fallback to another glossary."""
    value = rows(tag)[code][1]
    fallback = FALLBACK.fullmatch(value)
    return term(fallback.group(1), code) if fallback else value


def ruled_out(glossary_term: str) -> list[str]:
    """The words a term says its catalogue must not use: ``kamu (not Anda)`` → ``["Anda"]``."""
    note = RULED_OUT.search(glossary_term)
    return [word.strip() for word in note.group(1).split(",")] if note else []


def seeds() -> dict[str, str]:
    """The seed files by number (``001``), their whitespace folded; empty when not at hand."""
    # beside the checkout (../shared) or beside its worktrees' folder (../../shared)
    for folder in (ROOT.parent / "shared" / "seeds", ROOT.parents[1] / "shared" / "seeds"):
        if folder.is_dir():
            files = sorted(folder.glob("*.txt"))
            return {f.name[:3]: " ".join(f.read_text("utf-8").split()) for f in files}
    return {}


@pytest.mark.parametrize("tag", TAGS)
def test_every_kind_of_play_the_engine_knows_is_named(tag: str) -> None:
    """Adding a kind of play to the engine fails here until each glossary names it."""
    codes = rows(tag)
    assert [k for k in KIND_WORDS if f"combo.{k}" not in codes] == []
    assert [k for k in KIND_WORDS if not term(tag, f"combo.{k}")] == []


def test_the_catalogue_names_no_kind_the_glossaries_lack() -> None:
    catalogue = json.loads((ROOT / "src/bigtwo/web/i18n/en.json").read_text("utf-8"))
    combos = [k for k in catalogue if k.startswith("combo.")]
    assert combos, "en.json names no kind of play"
    for tag in TAGS:
        assert [k for k in combos if k not in rows(tag)] == [], tag


@pytest.mark.parametrize("tag", TAGS)
def test_every_concept_is_named(tag: str) -> None:
    codes = rows(tag)
    assert [c for c in CONCEPTS if c not in codes] == []
    assert [c for c in CONCEPTS if not term(tag, c)] == []


@pytest.mark.parametrize("tag", TAGS)
def test_every_term_has_a_source(tag: str) -> None:
    unsourced = [
        code
        for code, (_, value, source) in rows(tag).items()
        if not FALLBACK.fullmatch(value)
        and not (SEED_QUOTE.search(source) or LINK.search(source) or CHOICE.search(source))
    ]
    assert unsourced == []


@pytest.mark.parametrize("tag", TAGS)
def test_fallbacks_lead_to_a_glossary_with_the_term(tag: str) -> None:
    for code, (_, value, _) in rows(tag).items():
        fallback = FALLBACK.fullmatch(value)
        if fallback:
            assert fallback.group(1) in TAGS and fallback.group(1) != tag, (code, value)
            assert code in rows(fallback.group(1)), (code, value)


@pytest.mark.parametrize("tag", TAGS)
def test_quoted_seed_lines_are_in_the_seeds(tag: str) -> None:
    text = seeds()
    if not text:
        pytest.skip("the seed files (../shared/seeds) are not beside this checkout")
    misquoted = [
        (code, number, quote)
        for code, (_, _, source) in rows(tag).items()
        for number, quote in SEED_QUOTE.findall(source)
        if " ".join(quote.split()) not in text.get(number, "")
    ]
    assert misquoted == []


@pytest.mark.parametrize("tag", TAGS)
def test_each_glossary_says_who_reviewed_it(tag: str) -> None:
    text = (GLOSSARIES / f"GLOSSARY.{tag}.md").read_text(encoding="utf-8")
    assert re.search(r"^Reviewed by: \S", text, re.M), "a 'Reviewed by:' line"
    assert "\n## Reviewing\n" in text


def test_the_ruled_out_words_are_read_from_the_term() -> None:
    assert ruled_out("kamu (not Anda)") == ["Anda"]
    assert ruled_out("anda (not kamu, awak)") == ["kamu", "awak"]
    assert ruled_out("2（老二）") == []
    assert ruled_out("two pair (dalawang pares)") == []
