"""EB-ALFRED's tasks played in ALFWorld's TextWorld engine, through eai's environment protocol.

``reset`` writes the task's game (:mod:`eai_alfworld.game`) and starts it;
``step`` turns the skill into ALFWorld commands (:mod:`eai_alfworld.skills`)
and plays them; the state is read back from the engine's facts
(:mod:`eai_alfworld.board`). Only a skill's first command can be refused (the
others act where the first one did, on what is there): a refusal later in a
skill is a defect of the translation, raised as one. ``goal_reached`` is ALFWorld's own goal check (its goal
library's PDDL goal on the engine's state).

Feedback is EB-ALFRED's form with ALFWorld's words: ``Last action executed
successfully. You arrive at sink. On the sink, you see nothing.``, ``Last
action is invalid. ALFWorld refused 'move knife to microwave': Nothing
happens.``, or the skill layer's reason in EB-ALFRED's words.
"""

from __future__ import annotations

from eai.plugin_api import (
    Action,
    Disagreement,
    Environment,
    EnvironmentProvider,
    Observation,
    StepResult,
    Task,
    Unbuildable,
)
from eai_alfworld import engine as engines
from eai_alfworld.board import Board, Focus, atoms
from eai_alfworld.differences import explain
from eai_alfworld.game import Game, build
from eai_alfworld.skills import translate


class AlfworldEnvironment(Environment):
    def __init__(self) -> None:
        self._engine: engines.Engine | None = None
        self._game: Game | None = None
        self._focus = Focus()

    def reset(self, task: Task) -> Observation:
        self._game = build(task, engines.data())
        if self._engine is None:
            self._engine = engines.take()
        text = self._engine.start(self._game.problem)
        self._focus = Focus(switched={a[1] for a in task.init if a[0] == "is_on" and a[1] in self._game.fixtures})
        return Observation(self._atoms(), text)

    def _atoms(self) -> frozenset:
        assert self._game is not None and self._engine is not None
        return atoms(self._game, Board(self._game, self._engine.facts()), self._focus)

    def step(self, action: Action) -> StepResult:
        game, engine = self._game, self._engine
        if game is None or engine is None:
            raise RuntimeError("step() before reset()")
        move = translate(game, Board(game, engine.facts()), self._focus, action, engine.admissible)
        if move.refusal:
            return self._result(False, f"Last action is invalid. {move.refusal}")
        if move.redundant:
            return self._result(True, f"Last action changed nothing. {move.redundant}.")
        said = []
        for i, command in enumerate(move.commands):
            ok, text = engine.send(command)
            if not ok and i:
                raise RuntimeError(f"ALFWorld refused {command!r} midway through {action} ({text}): eai_alfworld.skills is wrong")
            if not ok:
                return self._result(False, f"Last action is invalid. ALFWorld refused {command!r}: {text}")
            said.append(text)
        move.after(self._focus)
        return self._result(True, " ".join(["Last action executed successfully.", *said]))

    def _result(self, success: bool, feedback: str) -> StepResult:
        assert self._engine is not None
        return StepResult(success, feedback, self._atoms(), self._engine.won)

    def close(self) -> None:
        if self._engine is not None:
            engines.give_back(self._engine)
            self._engine = None


class AlfworldProvider(EnvironmentProvider):
    name = "alfworld"
    simulator = "alfred"
    description = "ALFWorld's TextWorld engine (ALFRED's PDDL domain), each task's game written from eai's state"

    def open(self) -> Environment:
        return AlfworldEnvironment()

    def missing(self) -> str:
        return engines.missing()

    def engine(self) -> str:
        return ", ".join(f"{name} {version or '(missing)'}" for name, version in engines.versions().items())

    def unbuildable(self, task: Task) -> Unbuildable | None:
        try:
            build(task, engines.data())
        except Unbuildable as why:
            return why
        return None

    def explain(self, disagreement: Disagreement) -> str:
        return explain(disagreement)
