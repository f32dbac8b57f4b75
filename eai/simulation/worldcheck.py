"""Differential checks of eai's world against another environment (``eai check-world``).

The same plans run step by step in a simulator's symbolic world (eai's own,
:class:`~eai.simulation.environment.SymbolicEnvironment`) and in a registered environment
(a real engine): each task's gold plan, the gold plan with one step dropped,
with two neighbouring steps swapped (the step picked by a hash of the seed and
the task id, the same on every machine), and the planner baseline's plan
(``baseline:planner``). Each side plays a plan until a step fails. They agree
when every step sent succeeds or fails alike and, for a plan played to its
end, the goal verdicts (each environment's ``goal_reached``) are the same.
The first difference is a :class:`~eai.simulation.environment.Disagreement`, which the
environment explains with a reason class (its docs list them); tasks it
cannot build are counted by reason and named.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from eai.simulation.environment import Disagreement, Environment, EnvironmentProvider, StepResult, SymbolicEnvironment
from eai.simulation.simulator import Simulator
from eai.world import Action, Task

PLANS = ("gold", "drop", "swap", "baseline")
UNEXPLAINED = "unexplained"


@dataclass(frozen=True)
class Outcome:
    """One plan of one task in both environments."""

    task: str
    kind: str  # the task's type: its category, else its name
    plan: str  # gold, drop, swap, baseline
    steps: int
    agree: bool
    step: int | None = None  # where they first differ (None: the goal verdict, or no difference)
    action: str = ""
    ours: str = ""  # eai's world's answer there (the goal verdict at the end)
    theirs: str = ""
    reason: str = ""  # the reason class of the difference


@dataclass
class WorldCheck:
    suite: str
    environment: str
    engine: str
    outcomes: list[Outcome] = field(default_factory=list)
    unbuildable: dict[str, tuple[str, str]] = field(default_factory=dict)  # task id -> (reason, detail)
    kinds: dict[str, str] = field(default_factory=dict)  # task id -> its type

    def to_dict(self) -> dict:
        return {"suite": self.suite, "environment": self.environment, "engine": self.engine,
                "outcomes": [o.__dict__ for o in self.outcomes],
                "unbuildable": {t: {"reason": r, "detail": d} for t, (r, d) in self.unbuildable.items()},
                "kinds": self.kinds}


def kind_of(task: Task) -> str:
    return task.category or task.name


def position(seed: int, task: Task, what: str, size: int) -> int:
    """A step index below ``size`` from a hash of the seed, the task and ``what`` (no salted ``hash``)."""
    digest = hashlib.sha256(f"{seed}:{task.id}:{what}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % size


def perturbed(task: Task, seed: int) -> dict[str, tuple[Action, ...]]:
    """The gold plan with one step dropped and with two neighbouring steps swapped (plans of two steps or more)."""
    gold = tuple(task.gold_plan)
    plans = {}
    if len(gold) >= 2:
        i = position(seed, task, "drop", len(gold))
        plans["drop"] = gold[:i] + gold[i + 1:]
        j = position(seed, task, "swap", len(gold) - 1)
        plans["swap"] = gold[:j] + (gold[j + 1], gold[j]) + gold[j + 2:]
    return plans


def play(env: Environment, task: Task, plan: Sequence[Action]) -> tuple[list[frozenset], list[StepResult]]:
    """The states before each step and the answers, up to the first step that fails."""
    states, results = [env.reset(task).atoms], []
    for action in plan:
        result = env.step(action)
        results.append(result)
        states.append(result.atoms)
        if not result.success:
            break
    return states, results


def compare(provider: EnvironmentProvider, ours: Environment, theirs: Environment, task: Task,
            name: str, plan: tuple[Action, ...]) -> Outcome:
    our_states, our_results = play(ours, task, plan)
    their_states, their_results = play(theirs, task, plan)
    step = next((i for i, (a, b) in enumerate(zip(our_results, their_results)) if a.success != b.success), None)
    if step is None and len(our_results) != len(their_results):  # never: both stop at their first failure
        step = min(len(our_results), len(their_results))
    finished = step is None and all(r.success for r in our_results)
    if step is None and not (finished and our_results and our_results[-1].goal_reached != their_results[-1].goal_reached):
        return Outcome(task.id, kind_of(task), name, len(plan), True)
    at = len(our_results) - 1 if step is None else step
    why = Disagreement(task, plan, step, our_results[at], their_results[at], our_states[at if step is not None else -1],
                       their_states[at if step is not None else -1])
    reason = provider.explain(why) or UNEXPLAINED
    if step is None:
        return Outcome(task.id, kind_of(task), name, len(plan), False, None, "", f"goal reached: {our_results[-1].goal_reached}",
                       f"goal reached: {their_results[-1].goal_reached}", reason)
    return Outcome(task.id, kind_of(task), name, len(plan), False, step, str(plan[step]), our_results[step].feedback,
                   their_results[step].feedback, reason)


def check_world(provider: EnvironmentProvider, simulator: Simulator, suite: str, tasks: Iterable[Task],
                plans: Sequence[str] = PLANS, seed: int = 0,
                baseline: Callable[[Task], tuple[Action, ...]] | None = None,
                progress: Callable[[int, int], None] = lambda done, total: None) -> WorldCheck:
    """Play every plan of ``plans`` of every task in eai's world and in ``provider``'s environment."""
    tasks = list(tasks)
    result = WorldCheck(suite, provider.name, provider.engine())
    with SymbolicEnvironment(simulator) as ours, provider.open() as theirs:
        for done, task in enumerate(tasks, 1):
            result.kinds[task.id] = kind_of(task)
            why = provider.unbuildable(task)
            if why is not None:
                result.unbuildable[task.id] = (why.reason, why.detail)
                progress(done, len(tasks))
                continue
            candidates = {"gold": tuple(task.gold_plan), **perturbed(task, seed)}
            if "baseline" in plans and baseline is not None:
                candidates["baseline"] = baseline(task)
            for name in plans:
                if candidates.get(name):
                    result.outcomes.append(compare(provider, ours, theirs, task, name, candidates[name]))
            progress(done, len(tasks))
    return result


def agreement(check: WorldCheck, by: Callable[[Outcome], str]) -> list[tuple[str, int, int]]:
    """``(group, plans, plans that agree)`` per group of outcomes, in order of the groups' names."""
    groups: dict[str, list[Outcome]] = {}
    for outcome in check.outcomes:
        groups.setdefault(by(outcome), []).append(outcome)
    return [(name, len(group), sum(o.agree for o in group)) for name, group in sorted(groups.items())]


def reasons(check: WorldCheck) -> list[tuple[str, list[Outcome]]]:
    """The disagreements by reason class, the largest class first."""
    groups: dict[str, list[Outcome]] = {}
    for outcome in check.outcomes:
        if not outcome.agree:
            groups.setdefault(outcome.reason, []).append(outcome)
    return sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))


def unbuilt(check: WorldCheck) -> list[tuple[str, list[str]]]:
    """The tasks the environment cannot build, by reason, the largest first."""
    groups: dict[str, list[str]] = {}
    for task, (reason, _) in check.unbuildable.items():
        groups.setdefault(reason, []).append(task)
    return sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))
