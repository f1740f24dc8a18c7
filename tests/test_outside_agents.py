"""Agents from outside the package: loaded by module path, seated from Python objects, in the
arena without touching the bot registry; every refusal is one line that says what was wrong."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bigtwo import Game, Rules
from bigtwo.arena import ArenaConfig, run_arena
from bigtwo.bots import REGISTRY, Bot, GreedyBot
from bigtwo.bots.outside import CallableBot, load_agent
from bigtwo.errors import BigTwoError
from conftest import make_package

AGENTS = '''
from bigtwo.bots import GreedyBot

def make_agent(seed=None):
    return GreedyBot(seed)

def make_plain():
    return GreedyBot()

def policy(view, legal_moves):
    return legal_moves[-1]

class Agent:
    """Only choose(): no name, no level."""

    def __init__(self, seed=None):
        self.seed = seed

    def choose(self, view, legal_moves):
        return legal_moves[0]

BOT = GreedyBot(3)
NUMBER = 3

def makes_a_number():
    return 3

def breaks(seed):
    raise RuntimeError("no weights\\nfound")
'''


@pytest.fixture
def agents(tmp_path: Path) -> Path:
    path = tmp_path / "agents.py"
    path.write_text(AGENTS)
    return path


def a_position() -> Game:
    return Game.deal(Rules.preset("classic"), seed=4)


@pytest.mark.parametrize("attribute", ["make_agent", "make_plain", "policy", "Agent", "BOT"])
def test_every_kind_of_agent_loads_from_a_file_and_plays_a_legal_move(
    agents: Path, attribute: str
) -> None:
    bot = load_agent(f"{agents}:{attribute}")(5)
    assert isinstance(bot, Bot)
    game = a_position()
    legal = game.legal_moves()
    assert bot.choose(game.view(game.to_move), legal) in legal


def test_a_class_is_made_afresh_a_seat_with_the_seats_seed(agents: Path) -> None:
    make = load_agent(f"{agents}:make_agent")
    one, two = make(1), make(2)
    assert one is not two and isinstance(one, GreedyBot)
    loaded = load_agent(f"{agents}:Agent")(9)
    assert isinstance(loaded, CallableBot)  # only choose(): seated through the adapter
    assert load_agent(f"{agents}:BOT")(1) is load_agent(f"{agents}:BOT")(2)  # an object as is


def test_a_package_module_path_imports_from_sys_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_package(tmp_path, "outside_pkg_a", {"agents": AGENTS})
    monkeypatch.syspath_prepend(str(tmp_path))
    bot = load_agent("outside_pkg_a.agents:make_agent")(1)
    assert isinstance(bot, GreedyBot)
    monkeypatch.delitem(sys.modules, "outside_pkg_a.agents")
    monkeypatch.delitem(sys.modules, "outside_pkg_a")


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("{file}:", "is not a module path"),
        (":make_agent", "is not a module path"),
        ("{dir}/missing.py:make_agent", "no file"),
        ("{file}:missing", "has no 'missing'"),
        ("{file}:NUMBER", ":NUMBER is 3, not a Bot"),
        ("{file}:makes_a_number", ":makes_a_number made 3, not a Bot"),
        ("{file}:breaks", "making the agent {file}:breaks failed: RuntimeError: no weights found"),
        ("{dir}/broken.py:x", "importing {dir}/broken.py failed: ModuleNotFoundError"),
        ("{dir}/syntax.py:x", "importing {dir}/syntax.py failed: SyntaxError"),
        ("{dir}/exits.py:x", "importing {dir}/exits.py failed: SystemExit"),
        ("no_such_package_here.agents:X", "can't import no_such_package_here.agents"),
        ("not-a-module:X", "is neither a module name nor a .py file"),
    ],
)
def test_refusals_say_what_was_wrong_in_one_line(agents: Path, spec: str, message: str) -> None:
    folder = agents.parent
    (folder / "broken.py").write_text("import no_such_module_anywhere\n")
    (folder / "syntax.py").write_text("def f(:\n")
    (folder / "exits.py").write_text("raise SystemExit(3)\n")
    spec = spec.format(file=agents, dir=folder)
    with pytest.raises(BigTwoError) as caught:
        load_agent(spec)(1)
    text = str(caught.value)
    assert message.format(file=agents, dir=folder) in text
    assert "\n" not in text


def test_a_callable_that_returns_no_move_is_refused_by_name() -> None:
    bot = CallableBot(lambda view, legal: "3D", name="mine")
    game = a_position()
    with pytest.raises(BigTwoError, match="mine chose '3D', not one of the legal moves"):
        bot.choose(game.view(game.to_move), game.legal_moves())


def test_an_object_joins_the_arena_without_a_registry_and_plays_as_its_named_twin() -> None:
    """A GreedyBot handed over as an agent plays the very games the named greedy bot plays."""
    before = dict(REGISTRY)
    named = run_arena(ArenaConfig(("mine", "random"), deals=3, seed=2, agents=("greedy", None)))
    given = run_arena(ArenaConfig(("mine", "random"), deals=3, seed=2, agents=(GreedyBot(), None)))
    called = run_arena(
        ArenaConfig(("mine", "random"), deals=3, seed=2, agents=(GreedyBot().choose, None))
    )
    assert named.deals == given.deals == called.deals
    assert [b["bot"] for b in given.summary()["bots"]] == ["mine", "random"]
    assert before == REGISTRY


def test_a_module_path_plays_in_worker_processes(agents: Path) -> None:
    spec = f"{agents}:make_agent"
    one = run_arena(ArenaConfig((spec, "random"), deals=2, seed=1, workers=1))
    two = run_arena(ArenaConfig((spec, "random"), deals=2, seed=1, workers=2))
    assert one.deals == two.deals
    assert one.summary()["bots"][0]["bot"] == spec


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"agents": (GreedyBot(),)}, "one entry a bot"),
        ({"agents": (42, None)}, "an agent is a Bot or a callable"),
        ({"agents": (GreedyBot(), None), "workers": 2}, "play in this process"),
    ],
)
def test_agents_the_arena_cannot_play_are_refused(change: dict[str, object], message: str) -> None:
    fields: dict[str, object] = {"bots": ("mine", "random"), "deals": 1, **change}
    with pytest.raises(BigTwoError, match=message):
        ArenaConfig(**fields)  # type: ignore[arg-type]
