"""The on-disk task format (docs/tasks.md), as pydantic models.

A suite is a directory with ``suite.json``, optional shared base scenes, and
one ``tasks/<id>.json`` per task. Atoms are written as lists
(``["ONTOP", "cup.1000", "table.231"]``); a negated goal literal as
``["not", ["stained", "bathtub.n.01_1"]]``; an action as ``[name, *args]``.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_serializer
from pydantic_core import PydanticCustomError

from eai.base.paths import name_problem
from eai.tasks.evaluation_spec import EvaluationSpec

FORMAT_VERSION: Final = 1



def _file_name(name: str) -> str:
    """``name``, when it can be one file or folder name (:func:`eai.base.paths.name_problem`)."""
    problem = name_problem(name)
    if problem:
        raise PydanticCustomError("file_name", "{name} cannot name a file or folder: {problem}",
                                  {"name": repr(name), "problem": problem})
    return name


FileName = Annotated[str, AfterValidator(_file_name)]  # a suite, task id or suite file: one path segment
AtomList = list[str]
# the first that fits: an atom, else a negated one (pydantic's default "smart"
# union would try both strictly first, twice the time for the same result)
LiteralList = Annotated[list[str] | tuple[Literal["not"], list[str]], Field(union_mode="left_to_right")]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ObjectSpec(Strict):
    id: str = Field(min_length=1)
    class_name: str = Field(min_length=1)
    properties: list[str] = []
    states: list[str] = []


class Scene(Strict):
    """Objects (with their unary states) and relations: a base scene file."""

    objects: list[ObjectSpec]
    relations: list[AtomList] = []


class InitialState(Strict):
    """A task's initial state: its own objects and relations, or changes to a
    base scene of the suite (``base``) when many tasks share one scene."""

    base: FileName | None = None
    objects: list[ObjectSpec] = []
    remove_objects: list[str] = []
    relations: list[AtomList] = []
    remove_relations: list[AtomList] = []


class GoalSpec(Strict):
    ltl: str
    state: list[LiteralList] = []
    relation: list[LiteralList] = []
    action: list[list[str]] = []


class TransitionModelSpec(Strict):
    """What transition modeling needs: the operators the task uses, its PDDL
    problem and the predicate categories it exercises."""

    operators: list[str]
    problem: str
    categories: list[str] = []


class FilterDecision(Strict):
    """Why a generated task was kept: the plausibility rule that admitted it
    and, when a model filter was asked, the model and its answer."""

    rule: str
    model: str | None = None
    answer: str | None = None


class GenerationSpec(Strict):
    """How a generated task was made (docs/generation.md)."""

    generator: str
    category: str
    template: str
    seed: int
    filter: FilterDecision


class TaskFile(Strict):
    format: Literal[1] = FORMAT_VERSION
    id: FileName
    name: str
    instruction: str
    initial: InitialState
    relevant: list[str] = []
    goal: GoalSpec
    gold_plan: list[list[str]] = []
    transition_model: TransitionModelSpec | None = None
    simulator_specific: dict[str, dict[str, Any]] = {}
    generation: GenerationSpec | None = None
    evaluation: EvaluationSpec | None = None

    @model_serializer(mode="wrap")
    def _without_absent_members(self, handler: Any) -> Any:
        """A benchmark's task files have no ``generation`` member at all, and
        a task without evaluation functions no ``evaluation``."""
        data = handler(self)
        for name in ("generation", "evaluation"):
            if getattr(self, name) is None:
                data.pop(name, None)
        return data


class SourceSpec(Strict):
    package: str
    version: str
    sha256: str


class SuiteFile(Strict):
    """``subsets`` name groups of the suite's tasks (EB-ALFRED's six), each
    its task ids in suite order."""

    format: Literal[1] = FORMAT_VERSION
    suite: FileName
    simulator: str
    description: str
    tasks: list[FileName]
    subsets: dict[str, list[str]] = {}
    sources: list[SourceSpec] = []
    files: dict[str, FileName] = {}
