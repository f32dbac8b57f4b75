"""Plan steps as ground actions, each read as the benchmark reads it.

A step is read by its name: an action of the simulator's vocabulary with its
argument tokens, or the benchmark's own words for one (EB-ALFRED's ``find a
Ladle``, read through the vocabulary's phrases). A step that also carries an
``action_id`` (EmbodiedBench's answer format) is read as EmbodiedBench's
planner reads it, by its number, where the simulator has the benchmark's
numbered action list (:meth:`eai.simulation.simulator.Simulator.action_list`):

- an id in the part of the list numbered as the benchmark numbers it
  (EB-ALFRED's 162 global actions, EB-Habitat's 70 skills) decides the
  action, whatever the step's name says;
- an id past that part (EB-ALFRED's further instances, ``find a Cabinet_2``,
  which EB numbers in AI2-THOR's metadata order) decides only for a step
  without a name; the name decides otherwise;
- a negative id, or one past the list, is an action that does not exist: a
  hallucination (EB: an invalid action), unless the list has a part
  numbered otherwise (EB's may be longer) and the step has a name to read.

A step whose id and name read as different actions, or whose id is in no
list, is a mismatch; the record lists each (``action_id_mismatches``). A
step that cannot be read is a grammar error, and then nothing runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eai.modules.plans.parse import ParsedPlan, RawStep
from eai.modules.trajectory import empty_plan_detail
from eai.simulation.simulator import ActionList, Vocabulary, World
from eai.simulation.taxonomy import ErrorType
from eai.world import Action

Problem = tuple[ErrorType, str]  # why a step cannot be read


@dataclass(frozen=True)
class Grounding:
    """The plan as ground actions (those read before a grammar error), the
    grammar error as (type, step, detail), and the id/name mismatches."""

    plan: list[Action]
    error: tuple[ErrorType, int | None, str] | None = None
    mismatches: tuple[dict[str, Any], ...] = ()


def ground(parsed: ParsedPlan, world: World, vocabulary: Vocabulary, listed: ActionList | None = None) -> Grounding:
    """``parsed`` read in ``world`` (module doc); ``listed``: the task's numbered action list, if any."""
    if parsed.error:
        return Grounding([], (ErrorType.PARSING, None, parsed.error))
    if not parsed.steps:
        return Grounding([], (ErrorType.EMPTY_PLAN, None, empty_plan_detail(parsed.truncated, "step")))
    plan: list[Action] = []
    mismatches: list[dict[str, Any]] = []
    for i, step in enumerate(parsed.steps):
        read = _by_name(step, world, vocabulary) if step.name or step.text else None
        if listed is not None and step.action_id is not None:
            read = _by_id(step, read, i, listed, world, vocabulary, mismatches)
        if read is None:
            read = (ErrorType.HALLUCINATION, "a step names no action")
        if not isinstance(read, Action):
            return Grounding(plan, (read[0], i, read[1]), tuple(mismatches))
        plan.append(read)
    return Grounding(plan, None, tuple(mismatches))


def _by_id(step: RawStep, named: Action | Problem | None, i: int, listed: ActionList, world: World,
           vocabulary: Vocabulary, mismatches: list[dict[str, Any]]) -> Action | Problem | None:
    """The step read as EB's planner reads its ``action_id`` (module doc); a mismatch is appended."""
    number, actions = step.action_id, listed.actions
    assert number is not None
    words = actions[number] if 0 <= number < len(actions) else None
    by_id = _by_name(RawStep("", text=words), world, vocabulary) if words is not None else None
    if named is not None and _key(by_id, words) != _key(named, step.text or step.name):
        mismatches.append({"step": i, "action_id": number, "by_id": words, "by_name": step.text or step.name})
    if words is None:  # past our list: the benchmark's own may go further only where it numbers otherwise
        further = listed.numbered < len(actions) and number >= listed.numbered
        if named is None or not further:
            return ErrorType.HALLUCINATION, f"action id {number} is not in the task's action list (0 ~ {len(actions) - 1})"
        return named
    return by_id if number < listed.numbered or named is None else named


def _key(read: Action | Problem | None, words: str | None) -> Any:
    """What a reading stands for: the action, or (unread) the words as written."""
    return read if isinstance(read, Action) else " ".join(str(words or "").lower().split())


def _by_name(step: RawStep, world: World, vocabulary: Vocabulary) -> Action | Problem:
    """The step read by its name, or why it cannot be."""
    spec = vocabulary.actions.get(step.name)
    phrase = vocabulary.read_phrase(step.text) if spec is None and step.text else None
    if phrase is not None:
        step = RawStep(phrase[0], phrase[1])
        spec = vocabulary.actions[step.name]
    if spec is None:
        return ErrorType.HALLUCINATION, f"unknown action {(step.text or step.name)!r}"
    ids = world.action_args(step.name, list(step.args))
    unknown = [raw for raw, oid in zip(step.args, ids) if oid is None]
    if unknown or None in ids:
        return ErrorType.HALLUCINATION, f"{step.name}: unknown object {', '.join(map(repr, unknown or step.args))}"
    if len(ids) != spec.arity:
        return ErrorType.ARITY, f"{step.name} takes {spec.arity} object(s), got {len(ids)}"
    return Action(step.name, tuple(ids))  # type: ignore[arg-type]
