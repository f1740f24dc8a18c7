"""The browser's message catalogues (`src/bigtwo/web/i18n/<tag>.json`) against English and the
translators' glossaries, for every language `languages.json` lists (a listed language whose
catalogue isn't written yet is skipped, saying so).

A catalogue holds only keys `en.json` has, with the same ``{placeholders}``; laid over the
catalogues it amends (``parents`` in `languages.json`: zh-HK over zh-Hant) it has every key,
and a catalogue that amends another repeats none of its values. Its card ranks, suits and kinds
of play (``rank.*``, ``suit.*``, ``combo.*``) and the President titles (``title.*``) use its
glossary's terms: a value agrees with a term when it holds the term, or the term's main word
(what comes before a note in parentheses: ``2（老二）`` → ``2``, ``two pair (dalawang pares)``
→ ``two pair``), as a whole word, ignoring case; a word inside a longer one doesn't count
(``同花``, a flush, does not hold Hong Kong's ``花``), while ``isang pares`` holds ``pares``.
`review.json` says per language which keys a native speaker has reviewed, and who.

The keys under `NOT_YET_TRANSLATED` may be missing from any catalogue: the page shows the English
sentence for each, marked ``lang="en"`` (docs/languages.md lists them), rather than a
catalogue copying English.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from babel import Locale
from test_glossaries import GLOSSARIES, rows, ruled_out, term

I18N = Path(__file__).resolve().parents[1] / "src" / "bigtwo" / "web" / "i18n"
NOT_CATALOGUES = ("languages.json", "review.json")
PLACEHOLDER = re.compile(r"\{(\w+)\}")
CHECKED = ("combo.", "rank.", "suit.", "title.")
# a Chinese catalogue's characters stay in its script: GB 2312 holds no Traditional-only forms,
# Big5 (and Hong Kong's supplement to it) no Simplified-only ones
SCRIPT_CODECS = {"zh-Hans": "gb2312", "zh-Hant": "big5", "zh-HK": "big5hkscs"}
# what English says where a glossary concept comes up in a sentence: there the catalogue says it in
# the glossary's term, so that one word never names two things (the trick's word for a round of
# ten deals, the word for four of a kind plus one where four cards are played alone), nor one
# thing two words (leading said one way on the table and another in the rules)
CONCEPT_WORDS = {
    "term.trick": r"\btricks?\b",
    "term.bomb": r"\bbombs?\b",
    "term.round": r"\brounds? of ten deals\b",
    "combo.quads": r"\bfour-card plays?\b",
    # playing first in a trick (leads, the lead, led, the leader); "the lead card" the terminal
    # offers to trade is a card (the lowest, which decides who leads), not the act: it keeps
    # its own noun ("kartu pembuka", 首出的牌)
    "term.lead": r"\b(?:lead(?:s|ing|er)?|led)\b(?! card)",
}
CJK = re.compile(r"[\u2e80-\u9fff]")
# key prefixes a catalogue may leave to English, and why
# key prefix -> why its keys may wait for translators (empty: every catalogue has every key)
NOT_YET_TRANSLATED: dict[str, str] = {}


def read(path: Path) -> Any:
    """A JSON file, refusing a key written twice (json.load would keep the last silently)."""

    def unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [k for k, _ in pairs]
        twice = sorted({k for k in keys if keys.count(k) > 1})
        assert twice == [], f"{path.name} writes these keys twice"
        return dict(pairs)

    return json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=unique)


ENGLISH: dict[str, str] = read(I18N / "en.json")
LANGUAGES = read(I18N / "languages.json")
NAMES: dict[str, str] = LANGUAGES["names"]
PARENTS: dict[str, str] = LANGUAGES.get("parents", {})
TRANSLATED = [tag for tag in NAMES if tag != "en"]


def catalogue(tag: str) -> dict[str, str]:
    path = I18N / f"{tag}.json"
    if not path.is_file():
        pytest.skip(f"{path.name} is not written yet (the page shows English for {tag})")
    return read(path)  # type: ignore[no-any-return]


def lineage(tag: str) -> list[str]:
    """``tag`` and the catalogues it amends, nearest first, as the page loads them."""
    chain = [tag]
    while chain[-1] in PARENTS:
        assert PARENTS[chain[-1]] not in chain, f"the parents of {tag} go round: {chain}"
        chain.append(PARENTS[chain[-1]])
    return chain


def merged(tag: str) -> dict[str, str]:
    """What the page shows for ``tag``: English, then each parent, then the catalogue."""
    out = dict(ENGLISH)
    for layer in reversed(lineage(tag)):
        out.update(catalogue(layer))
    return out


def main_word(text: str) -> str:
    return re.split(r"\s*[（(]", text, maxsplit=1)[0].strip()


def forms(glossary_term: str) -> list[str]:
    """The forms a sentence may give a term, listed in its main word (``mauuna, nauna``)."""
    return [word.strip() for word in main_word(glossary_term).split(",") if word.strip()]


def agrees(value: str, glossary_term: str) -> bool:
    """Whether a catalogue value uses a glossary term, by the rule in this module's docstring."""
    return any(
        re.search(rf"(?<!\w){re.escape(word)}(?!\w)", value, re.IGNORECASE)
        for word in {glossary_term, main_word(glossary_term)}
        if word
    )


def says(sentence: str, word: str) -> bool:
    """Whether a sentence uses ``word``: anywhere in Chinese, which puts no space between words
    (``十局為一回合`` says ``回合``), else as a whole word, ignoring case."""
    if CJK.search(word):
        return word in sentence
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", sentence, re.IGNORECASE) is not None


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def test_every_catalogue_is_listed_with_its_own_name() -> None:
    files = sorted(p.stem for p in I18N.glob("*.json") if p.name not in NOT_CATALOGUES)
    assert [tag for tag in files if tag not in NAMES] == []
    assert "en" in NAMES
    assert all(isinstance(name, str) and name.strip() for name in NAMES.values())
    for child, parent in PARENTS.items():
        assert child in NAMES and parent in NAMES and parent != "en", (child, parent)
        lineage(child)  # no cycle


@pytest.mark.parametrize("tag", TRANSLATED)
def test_a_catalogue_has_only_english_keys_with_their_placeholders(tag: str) -> None:
    own = catalogue(tag)
    assert [key for key in own if key not in ENGLISH] == []
    assert [k for k, v in own.items() if not isinstance(v, str) or not v.strip()] == []
    differ = {k: v for k, v in own.items() if placeholders(v) != placeholders(ENGLISH[k])}
    assert differ == {}


@pytest.mark.parametrize("tag", TRANSLATED)
def test_a_catalogue_over_its_parents_says_every_key(tag: str) -> None:
    layers = [catalogue(layer) for layer in lineage(tag)]
    said = set().union(*layers)
    missing = [key for key in ENGLISH if key not in said]
    assert [key for key in missing if not key.startswith(tuple(NOT_YET_TRANSLATED))] == []


@pytest.mark.parametrize("tag", [tag for tag in TRANSLATED if tag in PARENTS])
def test_an_amending_catalogue_holds_only_what_differs(tag: str) -> None:
    own, parent = catalogue(tag), merged(PARENTS[tag])
    assert own, f"{tag} amends {PARENTS[tag]} with nothing"
    assert [key for key, value in own.items() if parent[key] == value] == []


@pytest.mark.parametrize("tag", TRANSLATED)
def test_cards_and_plays_use_the_glossary_terms(tag: str) -> None:
    if not (GLOSSARIES / f"GLOSSARY.{tag}.md").is_file():
        pytest.fail(f"{tag} has a catalogue but no docs/i18n/GLOSSARY.{tag}.md")
    shown, codes = merged(tag), rows(tag)
    checked = [key for key in ENGLISH if key.startswith(CHECKED) and key in codes]
    assert checked, "the glossary names no rank, suit or kind of play the catalogue has"
    terms = {key: term(tag, key) for key in checked}
    assert {k: (shown[k], terms[k]) for k in checked if not agrees(shown[k], terms[k])} == {}


def test_only_the_rule_options_may_wait_for_translation() -> None:
    """The allowance above stays narrow: a prefix English has keys under, none of the page's own
    sentences, the rule sets' names and descriptions not among them."""
    assert all(any(key.startswith(p) for key in ENGLISH) for p in NOT_YET_TRANSLATED)
    assert not any(key.startswith(tuple(NOT_YET_TRANSLATED)) for key in ENGLISH if "preset." in key)


@pytest.mark.parametrize("tag", TRANSLATED)
def test_the_terminals_kinds_of_play_use_the_glossary_terms(tag: str) -> None:
    """``term.kind.*`` (the terminal's bare "pair", "full house") says each kind of play in the
    glossary's term, as ``combo.*`` does."""
    shown, codes = merged(tag), rows(tag)
    kinds = {
        key: "combo." + key.removeprefix("term.kind.")
        for key in ENGLISH
        if key.startswith("term.kind.") and "combo." + key.removeprefix("term.kind.") in codes
    }
    assert kinds, "the glossary names none of the terminal's kinds of play"
    terms = {key: term(tag, code) for key, code in kinds.items()}
    assert {k: (shown[k], terms[k]) for k in kinds if not agrees(shown[k], terms[k])} == {}


@pytest.mark.parametrize("tag", TRANSLATED)
def test_sentences_name_the_concepts_in_the_glossary_terms(tag: str) -> None:
    """Wherever English says a trick, a bomb, a round of ten deals, a four-card play or leading,
    the sentence holds the glossary's term for it (its main word, or one of the forms it lists:
    ``mauuna, nauna`` for a Filipino verb that changes with its tense)."""
    shown = merged(tag)
    wrong = {
        key: (code, shown[key])
        for code, english in CONCEPT_WORDS.items()
        for key, text in ENGLISH.items()
        if re.search(english, text, re.IGNORECASE)
        and not any(says(shown[key], form) for form in forms(term(tag, code)))
    }
    assert wrong == {}


@pytest.mark.parametrize("tag", TRANSLATED)
def test_no_sentence_uses_a_word_the_glossary_rules_out(tag: str) -> None:
    """A term written ``kamu (not Anda)`` (the polite "you" the page doesn't use) or ``card (not
    baraha)`` keeps the other word out of every sentence."""
    shown = merged(tag)
    banned = {word: code for code in rows(tag) for word in ruled_out(term(tag, code))}
    used = {
        key: (banned[word], word)
        for key, text in shown.items()
        for word in banned
        if says(text, word)
    }
    assert used == {}


@pytest.mark.parametrize(
    "tag", [tag for tag in TRANSLATED if not Locale.parse(tag, sep="-").plural_form.tags]
)
def test_a_language_with_no_singular_writes_one_as_the_plain_key(tag: str) -> None:
    """CLDR gives Chinese, Indonesian and Malay no ``one`` category: neither the page nor the
    terminal ever shows their ``KEY.one``, so each repeats ``KEY`` (which must then read right
    for 1 as well) instead of a singular sentence nobody sees."""
    shown = merged(tag)
    differ = {
        key: (shown[key], shown[key.removesuffix(".one")])
        for key in ENGLISH
        if key.endswith(".one")
        and key.removesuffix(".one") in ENGLISH
        and placeholders(ENGLISH[key]) == placeholders(ENGLISH[key.removesuffix(".one")])
        and shown[key] != shown[key.removesuffix(".one")]
    }
    assert differ == {}


def test_the_agreement_rule() -> None:
    assert agrees("對子", "對子")
    assert agrees("2", "2（老二）")  # the main word, before the note
    assert agrees("蝴蝶（兩對帶一張）", "蝴蝶（兩對帶一張）")
    assert agrees("two pair", "two pair (dalawang pares)")
    assert agrees("isang pares", "pares")  # a whole word inside a longer value
    assert agrees("lá lẻ", "Lá lẻ")  # case aside
    assert not agrees("同花", "花")  # inside a longer word
    assert not agrees("順子", "蛇")
    assert not agrees("spades", "espada")
    assert says("十局為一回合", "回合")  # Chinese words sit between other characters
    assert says("sampung laro bawat serye", "Serye")
    assert not says("tanda", "Anda")  # inside a longer word
    assert forms("mauuna, nauna (not …)") == ["mauuna", "nauna"]
    assert forms("membuka (not jalan duluan)") == ["membuka"]
    assert forms("2（老二）") == ["2"]


@pytest.mark.parametrize("tag", [tag for tag in TRANSLATED if tag in SCRIPT_CODECS])
def test_chinese_is_written_in_its_own_script(tag: str) -> None:
    codec = SCRIPT_CODECS[tag]
    stray = set()
    for value in catalogue(tag).values():
        for char in value:
            if "\u2e80" <= char <= "\u9fff":  # the CJK radicals, symbols and ideographs
                try:
                    char.encode(codec)
                except UnicodeEncodeError:
                    stray.add(char)
    assert sorted(stray) == []


# Cantonese as Hong Kong speaks it, which its written Chinese does not use (GLOSSARY.zh-HK.md,
# "Register"): the zh-HK sentences are written as the zh-Hant ones they fall back to are, with
# Hong Kong's words for the plays, so that a page never changes register from line to line
SPOKEN_CANTONESE = re.compile(
    r"[嘅唔咗佢冇喺啲嚟畀俾睇嘢]|(?<![關聯維])係|點樣|同埋|一齊|即刻|細過|大細|最細|打得過|打唔過"
)


def test_hong_kong_writes_in_the_written_register() -> None:
    spoken = {k: v for k, v in merged("zh-HK").items() if SPOKEN_CANTONESE.search(v)}
    assert spoken == {}
    assert SPOKEN_CANTONESE.search("花係可以出的五張牌型") and not SPOKEN_CANTONESE.search("關係")


def test_the_script_check_sees_the_other_script() -> None:
    assert [c for c in "这对" if not c.encode("big5", errors="ignore")] == ["这", "对"]
    assert [c for c in "這對" if not c.encode("gb2312", errors="ignore")] == ["這", "對"]


def test_the_review_status_of_every_language() -> None:
    """No language is left out of review.json, and a reviewed key is one English has, signed."""
    review = read(I18N / "review.json")
    assert sorted(review) == sorted(TRANSLATED)
    for tag, status in review.items():
        assert set(status) == {"reviewed", "by"}, tag
        reviewed, by = status["reviewed"], status["by"]
        assert [key for key in reviewed if key not in ENGLISH] == [], tag
        assert len(reviewed) == len(set(reviewed)), tag
        assert all(isinstance(name, str) and name.strip() for name in by), tag
        assert bool(by) == bool(reviewed), f"{tag}: keys reviewed with nobody named, or the reverse"
