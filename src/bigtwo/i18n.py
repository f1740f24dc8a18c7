"""The message catalogues every front end speaks from: the JSON files the browser loads
(``web/i18n/<tag>.json``), read here for the terminal. A language is laid over its parents
and English exactly as ``web/js/i18n.js`` does, and tags are matched as the browser matches
them, so one catalogue says the same thing in the page and in the terminal.

>>> english = catalogue("en")
>>> english("table.turn_of", name="Ann")
"Ann's turn"
>>> match("zh_TW.UTF-8"), match("tl-PH"), match("in"), match("C"), match("xx")
('zh-Hant', 'fil', 'id', 'en', None)
>>> english.count("term.cards", 1), english.count("term.cards", 2), english.number(12345)
('1 card', '2 cards', '12,345')

Counts and numbers follow CLDR, as the browser's ``Intl`` does: a count's sentence is
``KEY.<category>`` for the language's plural category of the number (``one``, ``few``,
``many``, …, from Babel's CLDR data), else ``KEY``; a number is written with the language's
digits' grouping and signs.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.numbers import format_decimal

FALLBACK = "en"
CATALOGUES = Path(__file__).resolve().parent / "web" / "i18n"
# lower-case tag (or a prefix of one) → the catalogue that speaks for it (as js/i18n.js)
ALIASES = {
    "zh": "zh-Hans",
    "zh-cn": "zh-Hans",
    "zh-sg": "zh-Hans",
    "zh-my": "zh-Hans",
    "zh-tw": "zh-Hant",
    "zh-hk": "zh-HK",
    "zh-mo": "zh-HK",
    "zh-hant-hk": "zh-HK",
    "zh-hant-mo": "zh-HK",
    "tl": "fil",
    "in": "id",
}
POSIX_ENGLISH = ("c", "posix")  # the locales that mean "no language chosen"
ENVIRONMENT = ("LC_ALL", "LC_MESSAGES", "LANG")  # POSIX order: the first one set decides
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


@cache
def listed() -> dict[str, Any]:
    """``languages.json``: the catalogues' names and which one a catalogue only amends."""
    data: dict[str, Any] = json.loads((CATALOGUES / "languages.json").read_text("utf-8"))
    return data


def match(tag: str | None) -> str | None:
    """The catalogue that speaks for ``tag`` (a BCP 47 tag or a POSIX locale such as
    ``zh_TW.UTF-8``), or None. Subtags are dropped from the end until one is found, each form
    also looked up among the aliases, as the browser does."""
    if not tag:
        return None
    bare = tag.split(".")[0].split("@")[0].strip().lower()  # zh_TW.UTF-8@euro → zh_tw
    if bare in POSIX_ENGLISH:
        return FALLBACK
    known: dict[str, str] = {t.lower(): t for t in listed()["names"]}
    subtags = re.split(r"[-_]", bare)
    for n in range(len(subtags), 0, -1):
        prefix = "-".join(subtags[:n])
        found = known.get(prefix) or known.get(ALIASES.get(prefix, "").lower())
        if found:
            return found
    return None


def choose(wanted: Iterable[str | None]) -> str:
    """The first of ``wanted`` (tags, best first) that has a catalogue, else English."""
    for tag in wanted:
        found = match(tag)
        if found:
            return found
    return FALLBACK


def from_environment(environ: Mapping[str, str]) -> str:
    """The language the POSIX locale asks for: the first of ``LC_ALL``, ``LC_MESSAGES`` and
    ``LANG`` that is set decides (``C`` and an unknown language are English)."""
    setting = next((environ[v] for v in ENVIRONMENT if environ.get(v)), None)
    return choose([setting])


def accepted(header: str | None) -> list[str]:
    """The tags of an HTTP ``Accept-Language`` header, most wanted first (by ``q``; ``*`` and
    ``q=0`` left out): ``"vi;q=0.8, en-GB"`` → ``["en-GB", "vi"]``."""
    weighed: list[tuple[float, int, str]] = []
    for i, part in enumerate((header or "")[:1000].split(",")):
        tag, _, rest = part.strip().partition(";")
        q = 1.0
        if rest.strip().startswith("q="):
            try:
                q = float(rest.strip()[2:])
            except ValueError:
                q = 0.0
        if tag and tag != "*" and q > 0:
            weighed.append((-q, i, tag))
    return [tag for _, _, tag in sorted(weighed)]


def lineage(lang: str) -> list[str]:
    """``lang`` and the catalogues it amends, nearest first; English not included."""
    parents: dict[str, str] = listed().get("parents", {})
    chain: list[str] = []
    tag: str | None = lang
    while tag and tag != FALLBACK and tag not in chain:
        chain.append(tag)
        tag = parents.get(tag)
    return chain


class Catalogue:
    """One language's sentences over its parents' and English: ``catalogue(key, **params)``
    fills the sentence's ``{placeholders}``; a key no layer has reads as itself."""

    def __init__(self, lang: str, messages: Mapping[str, str]) -> None:
        self.lang, self.messages = lang, dict(messages)

    def __call__(self, key: str, **params: object) -> str:
        return fill(self.template(key), params)

    def template(self, key: str) -> str:
        """The sentence for ``key`` with its placeholders unfilled."""
        return self.messages.get(key, key)

    def has(self, key: str) -> bool:
        return key in self.messages

    def count(self, key: str, n: int, **params: object) -> str:
        """The sentence about ``n`` things: ``KEY.<category>`` for ``n``'s CLDR plural
        category in this language where the catalogue has it, else ``KEY``; ``{count}`` is
        ``n`` as this language writes numbers unless ``params`` give it otherwise."""
        chosen = f"{key}.{plural_category(self.lang, n)}"
        return self(chosen if self.has(chosen) else key, **({"count": self.number(n)} | params))

    def number(self, value: float, signed: bool = False) -> str:
        """``value`` written as this language writes numbers (grouping, decimal sign), with
        its sign even when positive where ``signed`` (a score, an amount won or paid)."""
        shape = "+#,##0.###;-#,##0.###" if signed else None
        return format_decimal(value, format=shape, locale=_locale(self.lang))

    def bot(self, level: str, seat: int) -> str:
        """The name of the bot of ``level`` in ``seat`` (``easy bot 2``), as the page names it;
        a level this catalogue doesn't know goes by its code."""
        kind = self(f"kind.{level}") if self.has(f"kind.{level}") else level
        return self("seat.bot", kind=kind, n=seat + 1)


@cache
def _locale(lang: str) -> Locale:
    """The CLDR locale for a catalogue's tag (``zh-Hant``, ``fil``); English where CLDR has
    none (a pseudo-locale)."""
    try:
        return Locale.parse(lang, sep="-")
    except (UnknownLocaleError, ValueError):
        return Locale.parse(FALLBACK)


def plural_category(lang: str, count: float) -> str:
    """CLDR's plural category of ``count`` in ``lang``: ``zero``, ``one``, ``two``, ``few``,
    ``many`` or ``other`` (``pl``: 1 one, 3 few, 5 many; ``zh-Hant``: always other)."""
    category: str = _locale(lang).plural_form(abs(count))
    return category


def fill(template: str, params: Mapping[str, object]) -> str:
    """``{name}`` replaced by ``params["name"]`` as text; an unknown placeholder stays as is."""
    return _PLACEHOLDER.sub(
        lambda m: str(params[m.group(1)]) if m.group(1) in params else m.group(0), template
    )


@cache
def catalogue(lang: str) -> Catalogue:
    """``lang``'s catalogue laid over its parents and English (``lang`` as `match` gives it).
    A listed catalogue that is missing makes it English, rather than a patchwork."""
    layers = [_read(FALLBACK)]
    try:
        layers += [_read(tag) for tag in reversed(lineage(lang))]
    except FileNotFoundError:
        return catalogue(FALLBACK)
    merged: dict[str, str] = {}
    for layer in layers:
        merged.update(layer)
    return Catalogue(lang, merged)


def _read(tag: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((CATALOGUES / f"{tag}.json").read_text("utf-8"))
    return data
