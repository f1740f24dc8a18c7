"""`bigtwo play` in every language it has a catalogue for: a whole session played through a pipe
(every move the hint's, the settlement at the end) says nothing in English that the language
says otherwise; the language comes from --lang or the POSIX locale, and the catalogues are
laid over each other and matched as the browser does."""

from __future__ import annotations

import os
import re
import select
import subprocess
import time

import pytest
from test_cli_support import BIGTWO, seed_where_you_lead

from bigtwo import i18n

LANGUAGES = [tag for tag in i18n.listed()["names"] if tag != "en"]
ENGLISH = i18n.catalogue("en")
# the terminal's columns are two spaces or more apart; a seat's scoring reasons, " · "
SEPARATOR = re.compile(r"\s{2,}|^\s+| · ")


def environment(**extra: str) -> dict[str, str]:
    """A plain environment: no colour, no locale, the sources under test first on the path."""
    env = {"NO_COLOR": "1", "PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "utf-8"}
    if "PYTHONPATH" in os.environ:
        env["PYTHONPATH"] = os.path.abspath(os.environ["PYTHONPATH"].split(os.pathsep)[0])
    return {**env, **extra}


class Pipe:
    """`bigtwo play` on pipes, answered line by line as its prompts arrive."""

    def __init__(self, *args: str, env: dict[str, str]) -> None:
        self.process = subprocess.Popen(
            [str(BIGTWO), "play", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        self.out = b""

    def until(self, *endings: str, timeout: float = 30) -> str:
        """Read until the output ends with one of ``endings`` (a prompt) or the program ends;
        the output read since the last answer."""
        start, wanted = len(self.out), [e.encode() for e in endings]
        deadline = time.monotonic() + timeout
        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        while len(self.out) == start or not any(self.out.endswith(w) for w in wanted):
            assert time.monotonic() < deadline, self.out[-2000:].decode(errors="replace")
            ready, _, _ = select.select([fd], [], [], 1)
            if ready:
                chunk = os.read(fd, 65536)
                if not chunk:
                    break
                self.out += chunk
        return self.out[start:].decode()

    def answer(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()

    def close(self) -> tuple[str, str, int]:
        assert self.process.stdin is not None and self.process.stderr is not None
        self.process.stdin.close()
        self.until(timeout=30)
        code = self.process.wait(30)
        return self.out.decode(), self.process.stderr.read().decode(), code


_FACE = r"(?:(?:10|[2-9TJQKA])[♦♣♥♠]|[BR]J)"
# what fills a placeholder: a name, a number, a code (no spaces), or a run of card faces
FILLING = rf"({_FACE}(?: {_FACE})*|\S+?)"


def template_pattern(template: str) -> re.Pattern[str]:
    """A catalogue sentence as a pattern, each placeholder standing for what fills it."""
    parts = re.split(r"\{\w+\}", template)
    return re.compile(FILLING.join(re.escape(p) for p in parts))


def play_session(tag: str, deals: int = 2) -> str:
    """A whole session in ``tag``: every move the medium hint's, each offer to announce taken
    and every other declined, ``deals`` deals, then the totals and the settlement."""
    t = i18n.catalogue(tag)
    pipe = Pipe("--lang", tag, "--seed", "5", "--pace", "0", "--hint", "medium", env=environment())
    optional = {t(k) + " › " for k in ("term.claim.prompt", "term.out_of_turn.prompt")}
    announce, another = t("term.announce.prompt") + " › ", t("term.another") + " "
    before, after = t.template("term.hint.type").split("{move}")
    typed = re.compile(re.escape(before) + "(.+?)" + re.escape(after))
    played = 0
    while True:
        said = pipe.until(" › ", another)
        if said.endswith(another):
            played += 1
            pipe.answer("y" if played < deals else "n")
            if played == deals:
                break
        elif said.endswith(announce):
            pipe.answer("announce")
        elif any(said.endswith(p) for p in optional):
            pipe.answer("")
        else:
            pipe.answer("hint")
            hint = pipe.until(" › ")
            found = typed.search(hint)
            assert found, hint
            pipe.answer(found.group(1))
    out, err, code = pipe.close()
    assert code == 0, err
    assert "Traceback" not in err and err == "", err
    return out


@pytest.mark.parametrize("tag", LANGUAGES)
def test_a_whole_session_speaks_the_chosen_language(tag: str) -> None:
    t = i18n.catalogue(tag)
    out = play_session(tag)
    lines = [line.strip() for line in out.splitlines() if line.strip()]
    # the session was played to its end, and settled, in the language
    assert lines[-1].endswith(t("term.goodbye")), lines[-3:]
    assert any(line.startswith(t("term.settle.all", money="")) for line in lines), out[-1500:]
    assert any(t("term.final", count=2) in line for line in lines)
    heading = t.template("term.settle.heading").split("{how}")[0]
    assert any(line.startswith(heading) for line in lines)
    # each deal's winner is told why they scored (scoring.reasons), in the language
    won = (t("summary.reason.won"), t("summary.reason.instant"))
    assert sum(any(w in line for w in won) for line in lines) >= 2, out[-1500:]
    # and no line, nor any column of one, is an English sentence this language says otherwise
    english = {
        key: template_pattern(text)
        for key, text in ENGLISH.messages.items()
        if re.search(r"[A-Za-z]", re.sub(r"\{\w+\}", "", text)) and t(key) != ENGLISH(key)
    }
    found = {
        (key, piece)
        for line in lines
        for piece in [line, *SEPARATOR.split(line)]
        for key, pattern in english.items()
        if piece and pattern.fullmatch(piece.strip(" ▶"))
    }
    assert found == set(), "English left in the terminal's output"


def test_the_check_sees_english() -> None:
    """The English session, checked as the others are, is caught at once."""
    out = play_session("en", deals=1)
    assert "Goodbye." in out and "Settling up at 1 a point" in out
    assert template_pattern(ENGLISH.template("term.trick_to")).fullmatch("trick to greedy-2")


def test_an_unknown_language_plays_in_english_with_a_note() -> None:
    run = subprocess.run(
        [str(BIGTWO), "play", "--lang", "xx", "--seed", "2", "--pace", "0"],
        input="",
        capture_output=True,
        text=True,
        timeout=30,
        env=environment(LANG="zh_TW.UTF-8"),
    )
    assert run.returncode == 0, run.stderr
    assert run.stderr.splitlines() == [ENGLISH("term.lang.unknown", tag="xx")]
    assert ENGLISH("term.help.first") in run.stdout
    assert run.stdout.rstrip().endswith("Goodbye.")


@pytest.mark.parametrize(
    ("locale", "lang"),
    [
        ({"LANG": "zh_TW.UTF-8"}, "zh-Hant"),
        ({"LANG": "zh_HK.UTF-8"}, "zh-HK"),
        ({"LC_MESSAGES": "fil_PH.UTF-8", "LANG": "C.UTF-8"}, "fil"),
        ({"LC_ALL": "C", "LANG": "zh_TW.UTF-8"}, "en"),  # LC_ALL decides over LANG
        ({"LANG": "fr_FR.UTF-8"}, "en"),
    ],
)
def test_the_locale_picks_the_language(locale: dict[str, str], lang: str) -> None:
    seed = seed_where_you_lead()
    run = subprocess.run(
        [str(BIGTWO), "play", "--seed", str(seed), "--pace", "0"],
        input="pass\n",
        capture_output=True,
        text=True,
        timeout=30,
        env=environment(**locale),
    )
    assert run.returncode == 0, run.stderr
    t = i18n.catalogue(lang)
    assert t("term.help.first") in run.stdout
    assert t("term.prompt.lead") + " › " in run.stdout
    assert run.stdout.rstrip().endswith(t("term.goodbye"))
    # a refusal by its code, in the language: passing with the lead
    # (English says the engine's own sentence, written for the terminal)
    # on the deal's first play, which must include 3♦, the sentence says so
    opening = t("error.must_lead.first_play_include", card="3♦")
    refusal = "you have the lead, so you can't pass: the first" if lang == "en" else opening
    assert f"✗ {refusal}" in " ".join(run.stdout.split())  # as wrapped to the terminal


@pytest.mark.parametrize(
    ("tag", "lang"),
    [
        ("zh-TW", "zh-Hant"),
        ("zh_TW.UTF-8", "zh-Hant"),
        ("zh-Hant-TW", "zh-Hant"),
        ("zh-HK", "zh-HK"),
        ("zh-MO", "zh-HK"),
        ("zh-Hans-HK", "zh-Hans"),
        ("zh", "zh-Hans"),
        ("zh_CN.GB2312", "zh-Hans"),
        ("tl", "fil"),
        ("fil_PH", "fil"),
        ("in", "id"),
        ("ms-MY", "ms"),
        ("vi_VN.UTF-8", "vi"),
        ("en_US.UTF-8", "en"),
        ("C", "en"),
        ("POSIX", "en"),
        ("C.UTF-8", "en"),
    ],
)
def test_tags_are_matched_as_the_browser_matches_them(tag: str, lang: str) -> None:
    assert i18n.match(tag) == lang


def test_an_unknown_tag_matches_nothing_and_chooses_english() -> None:
    assert i18n.match("xx") is None and i18n.match("") is None
    assert i18n.choose(["xx", "fr-FR", "in-ID"]) == "id"
    assert i18n.choose(["xx"]) == "en"
    assert i18n.from_environment({}) == "en"
    assert i18n.from_environment({"LC_ALL": "", "LANG": "vi_VN"}) == "vi"


def test_a_catalogue_is_laid_over_its_parents_and_english() -> None:
    hong_kong, taiwan = i18n.catalogue("zh-HK"), i18n.catalogue("zh-Hant")
    assert hong_kong("term.kind.straight") == "蛇" != taiwan("term.kind.straight")
    assert hong_kong("term.goodbye") == taiwan("term.goodbye") != ENGLISH("term.goodbye")
    assert hong_kong("app.title") == "鋤大D"
    assert i18n.catalogue("xx")("term.goodbye") == "Goodbye."  # no such catalogue: English
    assert ENGLISH("no.such.key") == "no.such.key"
    assert ENGLISH("table.to_beat", play="3♦") == "To beat: 3♦ by {name}"
