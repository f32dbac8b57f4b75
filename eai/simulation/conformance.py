"""The checks of the environment conformance kit, as plain functions
returning what is wrong (empty: conforms); no pytest needed (``eai doctor``
runs them). :mod:`eai.testing.environment` wraps them as a pytest class."""

from __future__ import annotations

from collections.abc import Sequence

from eai.host.manager import get_plugins
from eai.simulation.environment import EnvironmentProvider, Observation
from eai.simulation.simulator import Simulator
from eai.world import Action, Atom, Task


def _simulator(provider: EnvironmentProvider) -> Simulator:
    return get_plugins().simulators.get(provider.simulator)


def _foreign(atoms: frozenset[Atom], task: Task, predicates: set[str]) -> list[str]:
    objects = task.object_by_id
    return sorted(str(atom) for atom in atoms
                  if not atom or atom[0] not in predicates or any(arg not in objects for arg in atom[1:]))


def _predicates(simulator: Simulator) -> set[str]:
    vocabulary = simulator.vocabulary
    return set(vocabulary.state_predicates | vocabulary.relation_predicates) | {
        p.name for p in simulator.transition_model().predicates}


def reset_problems(provider: EnvironmentProvider, task: Task) -> list[str]:
    """A reset gives the task's initial state, again after steps, in the simulator's terms."""
    problems = []
    with provider.open() as env:
        first = env.reset(task)
        if not isinstance(first, Observation):
            return [f"{task.id}: reset returned {type(first).__name__}, not an Observation"]
        foreign = _foreign(first.atoms, task, _predicates(_simulator(provider)))
        if foreign:
            problems.append(f"{task.id}: atoms outside the task's objects or the simulator's predicates: {foreign[:5]}")
        steps = [env.step(action) for action in task.gold_plan[:3]]
        again = env.reset(task)
        repeated = [env.step(action) for action in task.gold_plan[:1]]
        if again.atoms != first.atoms or [(r.success, r.atoms) for r in repeated] != \
                [(r.success, r.atoms) for r in steps[:1]]:
            problems.append(f"{task.id}: a second reset gave another state")
    return problems


def refusal_problems(provider: EnvironmentProvider, task: Task) -> list[str]:
    """Actions that cannot be carried out fail, change nothing and say why."""
    problems = []
    someone = task.objects[0].id
    refused = [Action("NO_SUCH_ACTION", (someone,)), *(Action(a.name, ("no_such_object.0",) * len(a.args))
                                                       for a in task.gold_plan[:1] if a.args)]
    with provider.open() as env:
        start = env.reset(task).atoms
        for action in refused:
            result = env.step(action)
            if result.success:
                problems.append(f"{task.id}: {action} was carried out")
            if result.atoms != start:
                problems.append(f"{task.id}: {action} changed the state although it failed")
            if not isinstance(result.feedback, str) or not result.feedback.strip():
                problems.append(f"{task.id}: {action} failed with no feedback")
    return problems


def gold_problems(provider: EnvironmentProvider, task: Task) -> list[str]:
    """The gold plan is carried out step by step and reaches the goal."""
    if not task.gold_plan:
        return []
    with provider.open() as env:
        env.reset(task)
        result = None
        for i, action in enumerate(task.gold_plan):
            result = env.step(action)
            if not result.success:
                return [f"{task.id}: gold step {i + 1} {action} failed: {result.feedback}"]
        if result is not None and not result.goal_reached:
            return [f"{task.id}: the gold plan ends without the goal reached"]
    return []


CHECKS = (reset_problems, refusal_problems, gold_problems)


def conformance_problems(provider: EnvironmentProvider, tasks: Sequence[Task]) -> list[str]:
    """Everything the kit finds wrong with ``provider`` on ``tasks`` (empty: it conforms)."""
    return [problem for task in tasks for check in CHECKS for problem in check(provider, task)]
