"""Evaluation functions as a task file writes them (docs/tasks.md): PARTNR's
episode fields ``evaluation_propositions``, ``evaluation_proposition_dependencies``
and ``evaluation_constraints``, with PARTNR's names, so its episodes read as they are."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

PREDICATES = ("is_on_top", "is_inside", "is_in_room", "is_on_floor", "is_next_to", "is_clean", "is_dirty",
              "is_filled", "is_empty", "is_powered_on", "is_powered_off")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PropositionSpec(Strict):
    """A predicate and its arguments: lists of object ids (any of them),
    ``number`` and a same-argument flag (``is_same_receptacle``, ``is_same_room``, ``is_same_b``)."""

    function_name: Literal[PREDICATES]  # type: ignore[valid-type]
    args: dict[str, Any]


class DependencySpec(Strict):
    proposition_indices: list[int] = Field(min_length=1)
    depends_on: list[int] = Field(min_length=1)
    relation_type: Literal["while_satisfied", "after_satisfied", "after_unsatisfied", "before_satisfied"]
    dependency_mode: Literal["all", "any"] = "all"


class ConstraintSpec(Strict):
    """``type`` is PARTNR's class name; ``args`` its arguments
    (``dag_edges``; ``proposition_indices``; ``arg_names``)."""

    type: Literal["TemporalConstraint", "TerminalSatisfactionConstraint", "SameArgConstraint",
                  "DifferentArgConstraint"]
    args: dict[str, Any]


class EvaluationSpec(Strict):
    propositions: list[PropositionSpec] = Field(min_length=1)
    dependencies: list[DependencySpec] = []
    constraints: list[ConstraintSpec] = []
