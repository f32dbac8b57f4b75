"""ALFWorld's TextWorld engine as pip installed it (extra ``alfworld``), and ALFWorld's own tables.

Nothing of it is imported until an environment opens (TextWorld costs 0.7 s
of CPU to import). ALFWorld's files are read from the installed package
without importing ``alfworld``, whose ``__init__`` creates ``~/.cache/alfworld``
(:mod:`eai.host.installed`): its PDDL domain (``data/alfred.pddl``), its TextWorld
grammar (``data/alfred.twl2``), the receptacle table ``VAL_RECEPTACLE_OBJECTS``
and the ability table ``VAL_ACTION_OBJECTS`` (``gen/constants.py``) and the
PDDL goals of ``gen/goal_library.py``.

An :class:`Engine` is one TextWorld ``PddlEnv``, which loads its own copy of
Fast Downward's 34 MB library; engines are kept in a pool and reused.
TextWorld's engine is not thread-safe: starting a game translates its PDDL
with ``fast_downward.pddl2sas``, which sets ``sys.argv``, module-wide
translation options and ``sys.stdout`` while it works, and every command's
text goes through one module-wide TatSu parser. Episodes run in threads, so
one engine call runs at a time in a process, and ``sys.argv`` is put back.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from importlib import metadata
from typing import Any

from eai.plugin_api import load_installed, required_package

DISTRIBUTIONS = ("alfworld", "textworld", "fast-downward-textworld")
INSTALL = 'pip install "eai-kit[alfworld]" (in a checkout: pip install -e ".[alfworld]")'

Fact = tuple[str, ...]  # a TextWorld fact: predicate and arguments, lower case


def versions() -> dict[str, str]:
    """The installed version of each distribution the engine needs ("" when missing)."""
    found = {}
    for name in DISTRIBUTIONS:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = ""
    return found


def missing() -> str:
    """What stops the engine from running here ("" when nothing does)."""
    absent = [name for name, version in versions().items() if not version]
    if absent:
        return f"{', '.join(absent)} not installed: {INSTALL}"
    return ""


@dataclass(frozen=True)
class AlfworldData:
    """ALFWorld's domain, grammar and tables, as its package holds them."""

    domain: str
    grammar: str
    containers: Mapping[str, frozenset[str]]  # receptacle class -> object classes it can hold
    abilities: Mapping[str, frozenset[str]]  # "Cleanable", "Heatable", ... -> object classes
    goals: Mapping[str, str]  # task type ("pick_and_place_simple", "..._slice") -> PDDL goal


@lru_cache(maxsize=1)
def data() -> AlfworldData:
    root = required_package("alfworld", missing())
    constants = load_installed(root / "gen" / "constants.py", "eai_alfworld._alfworld_constants")
    library = load_installed(root / "gen" / "goal_library.py", "eai_alfworld._alfworld_goal_library")
    return AlfworldData(
        domain=(root / "data" / "alfred.pddl").read_text(encoding="utf-8"),
        grammar=(root / "data" / "alfred.twl2").read_text(encoding="utf-8"),
        containers={k: frozenset(v) for k, v in constants.VAL_RECEPTACLE_OBJECTS.items()},
        abilities={k: frozenset(v) for k, v in constants.VAL_ACTION_OBJECTS.items()},
        goals={k: v["pddl"] for k, v in library.gdict.items()},
    )


_engine_calls = threading.Lock()


@contextmanager
def _alone() -> Iterator[None]:
    """One engine call at a time in the process, ``sys.argv`` as it was afterwards (module doc)."""
    with _engine_calls:
        argv = list(sys.argv)
        try:
            yield
        finally:
            sys.argv[:] = argv


class Engine:
    """One game of ALFWorld's TextWorld engine at a time."""

    def __init__(self) -> None:
        data()  # EaiError when the engine is not installed
        from textworld import EnvInfos
        from textworld.envs.pddl import PddlEnv

        self._env = PddlEnv(EnvInfos(facts=True, admissible_commands=True, won=True, feedback=True))
        self._problem: str | None = None
        self._state: Any = None

    def start(self, problem: str) -> str:
        """Start the game of PDDL ``problem`` from its initial state; ALFWorld's opening text."""
        with _alone():
            if problem != self._problem:
                game = data()
                self._problem = None
                self._env.load({"pddl_domain": game.domain, "grammar": game.grammar, "pddl_problem": problem})
                self._problem = problem
            self._state = self._env.reset()
        return str(self._state["feedback"])

    def admissible(self, command: str) -> bool:
        """Would the engine carry ``command`` out now? (The engine's names are lower case; so is what it is given.)"""
        return command.lower() in self._state["admissible_commands"]

    def send(self, command: str) -> tuple[bool, str]:
        """Play ``command``: whether the engine carried it out, and what it answered
        (``Nothing happens.`` for a command it cannot carry out, the state unchanged)."""
        ok = self.admissible(command)
        with _alone():
            self._state, _, _ = self._env.step(command.lower())
        return ok, str(self._state["feedback"])

    def facts(self) -> list[Fact]:
        """The true facts of the game's state, lower case as TextWorld gives them."""
        return [(p.name, *(v.name for v in p.arguments)) for p in self._state["_facts"] if not p.name.startswith("not_")]

    @property
    def won(self) -> bool:
        """ALFWorld's goal check: the game's PDDL goal holds."""
        return bool(self._state["won"])


_idle: list[Engine] = []
_lock = threading.Lock()


def take() -> Engine:
    """An engine from the pool (a new one when none is idle); :func:`give_back` it when done."""
    with _lock:
        if _idle:
            return _idle.pop()
    return Engine()


def give_back(used: Engine) -> None:
    with _lock:
        _idle.append(used)
