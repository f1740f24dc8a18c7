"""Agents from outside the package, seated without touching the bot registry: a callable
``(view, legal_moves) -> Move`` as a bot, and an agent named by a module path.

A module path is ``package.module:attribute`` (imported from ``sys.path``) or
``path/to/file.py:attribute``. The attribute may be

- a `Bot` object (or any object with a ``choose(view, legal_moves)`` method): seated as is;
- a class or a factory function: called for every seat, with the seat's seed when it takes an
  argument, and it must return one of these, or a policy;
- a policy: a function of two arguments ``(view, legal_moves) -> Move``.

Anything else, or a path that can't be imported, is refused with a `BigTwoError` that says so
in one line.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import cast

from ..checks import describe
from ..combos import Move
from ..engine.view import View
from ..errors import BigTwoError
from .base import Bot, BotFactory

Policy = Callable[[View, Sequence[Move]], Move]
Agent = Bot | Policy

NOT_A_BOT = (
    "a Bot (an object with choose(view, legal_moves)), a class or factory that makes one, or a"
    " function (view, legal_moves) -> move"
)


class CallableBot:
    """A callable ``(view, legal_moves) -> Move`` seated as a bot."""

    level = "custom"

    def __init__(self, policy: Policy, name: str = "callable") -> None:
        self.policy, self.name = policy, name

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        move = self.policy(view, legal_moves)
        if not isinstance(move, Move):  # a plain error here, not a puzzle in the engine
            raise BigTwoError(f"{self.name} chose {describe(move)}, not one of the legal moves")
        return move


def as_bot(agent: object, name: str = "callable") -> Bot | None:
    """``agent`` as a bot: a `Bot` as it is, an object with a ``choose`` method or a callable
    through `CallableBot` (named ``name``); None for anything else."""
    if isinstance(agent, Bot):
        return agent
    choose = getattr(agent, "choose", None)
    if callable(choose):
        return CallableBot(choose, name)
    if callable(agent):
        return CallableBot(cast(Policy, agent), name)
    return None


def is_agent_path(name: str) -> bool:
    """Whether ``name`` names an agent by module path (bot names have no colon)."""
    return ":" in name


def short_name(name: str) -> str:
    """A name to show in a table or plot: a file's module path without its folders."""
    where, colon, attribute = name.rpartition(":")
    if not colon or not where.endswith(".py"):
        return name
    return f"{Path(where).name}:{attribute}"


def load_agent(spec: str) -> BotFactory:
    """The agent ``spec`` names (``package.module:attribute`` or ``file.py:attribute``) as a
    factory: seed -> bot. Importing happens once a process; `BigTwoError` if ``spec`` can't be
    imported or names no bot."""
    where, _, attribute = spec.strip().rpartition(":")
    if not where or not attribute:
        raise BigTwoError(
            f"{describe(spec)} is not a module path: write package.module:attribute or"
            " path/to/file.py:attribute"
        )
    module = _import(where, spec)
    target: object = module
    for part in attribute.split("."):
        if not part.isidentifier() or not hasattr(target, part):
            raise BigTwoError(f"{describe(where)} has no {describe(attribute)} (agent {spec})")
        target = getattr(target, part)
    return _factory(target, spec)


def _import(where: str, spec: str) -> object:
    if where.endswith(".py"):
        path = Path(where).expanduser().resolve()
        if not path.is_file():
            raise BigTwoError(f"no file {where} (agent {spec})")
        name = "bigtwo_agent_" + hashlib.sha1(str(path).encode()).hexdigest()[:12]
        if name in sys.modules:
            return sys.modules[name]
        found = importlib.util.spec_from_file_location(name, path)
        if found is None or found.loader is None:
            raise BigTwoError(f"can't import {where} (agent {spec})")
        module = importlib.util.module_from_spec(found)
        sys.modules[name] = module  # so that its classes pickle and its dataclasses work
        try:
            found.loader.exec_module(module)
        except (Exception, SystemExit) as exc:
            del sys.modules[name]
            raise BigTwoError(f"importing {where} failed: {one_line(exc)} (agent {spec})") from exc
        return module
    if not all(part.isidentifier() for part in where.split(".")):
        raise BigTwoError(
            f"{describe(where)} is neither a module name nor a .py file (agent {spec})"
        )
    try:
        return importlib.import_module(where)
    except ModuleNotFoundError as exc:
        raise BigTwoError(f"can't import {where}: {one_line(exc)} (agent {spec})") from exc
    except (Exception, SystemExit) as exc:
        raise BigTwoError(f"importing {where} failed: {one_line(exc)} (agent {spec})") from exc


def _factory(target: object, spec: str) -> BotFactory:
    """A factory seed -> bot for what the module path names."""
    if _is_agent(target):
        bot = as_bot(target, spec)
        if bot is not None:
            return lambda _seed: bot
    if not callable(target):
        raise BigTwoError(f"{spec} is {describe(target)}, not {NOT_A_BOT}")
    maker = target
    seeded = _takes(maker, 1)

    def make(seed: int | None) -> Bot:
        try:
            made = maker(seed) if seeded else maker()
        except Exception as exc:
            raise BigTwoError(f"making the agent {spec} failed: {one_line(exc)}") from exc
        bot = as_bot(made, spec) if _is_agent(made) else None
        if bot is None:
            raise BigTwoError(f"{spec} made {describe(made)}, not {NOT_A_BOT}")
        return bot

    return make


def _is_agent(target: object) -> bool:
    """An object that plays as it is: a bot, or a policy of two arguments."""
    if isinstance(target, type):
        return False
    if isinstance(target, Bot) or callable(getattr(target, "choose", None)):
        return True
    return callable(target) and _takes(target, 2) and not _takes(target, 1)


def _takes(function: object, count: int) -> bool:
    """Whether ``function`` can be called with ``count`` positional arguments and nothing else."""
    try:
        inspect.signature(cast(Callable[..., object], function)).bind(*range(count))
    except TypeError:
        return False
    except ValueError:  # no signature to read (some builtins): take it as a policy
        return count == 2
    return True


def one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    text = text if len(text) <= 200 else text[:199] + "…"
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
