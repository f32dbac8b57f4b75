"""A planning baseline for episode turns: one action planned from what the agent observes.

The goal's literals (relations, then states) are its lines; a line already
true in the observed state is done. Line i is the agent's when it is the
(i mod 2)-th agent in turn order and able to do it (its plan, from the
observed state with the ``bfs`` planner, needs no capability its profile
lacks), or when only it is able. The agent takes the first step of its first
line not done; with a temporal constraint among the evaluation functions, a
line's last step waits until the lines before it are done. A line the
other agent is on (the line's thing is not in the agent's hands, and the
other's last action names it or it is in no place) is left to it; the other's lines
are taken too when it waited its last turn (in goal order under a temporal
constraint). With partial
observability, while a line names an object the agent has not seen, it walks
into the next room it has not explored. It never reads what the agent does
not observe: it plans on ``Turn.view`` alone (the objects' kinds and
properties aside, which every prompt names).
"""

from __future__ import annotations

import json
from dataclasses import replace

from eai.plugin_api import Action, Goal, Literal, Profile, Simulator, Task, Turn, planned_actions, visible_rooms

WAIT = json.dumps({"WAIT": []})


def lines(task: Task) -> list[Literal]:
    return [*task.goal.relation, *task.goal.state]


def holds(line: Literal, atoms: frozenset) -> bool:
    return (line.atom in atoms) == line.positive


def plan_line(task: Task, simulator: Simulator, atoms: frozenset, line: Literal) -> tuple[Action, ...]:
    """A plan reaching ``line`` from ``atoms`` (empty when none is found)."""
    goal = Goal(ltl=str(line), state=(line,) if len(line.atom) == 2 else (), relation=(line,) if len(line.atom) > 2 else ())
    seen = replace(task, init=atoms, goal=goal)
    return planned_actions(seen, simulator)


def able(plan: tuple[Action, ...], profile: Profile, simulator: Simulator) -> bool:
    skills = simulator.evaluation_predicates.skills  # type: ignore[union-attr]
    return not any(a.name in skills.get(skill, ()) for skill in profile.lacks for a in plan)


def named(action: str) -> set[str]:
    """The objects a logged action names: ``PUTIN(a, b)`` -> {a, b}."""
    inside = action.partition("(")[2].rpartition(")")[0]
    return {part.strip() for part in inside.split(",") if part.strip()}


def claimed(line: Literal, turn: Turn, simulator: Simulator) -> bool:
    """Whether the other agent is on ``line``: the line's thing is not in the
    agent's hands, and the other's last action names it or the thing to place
    is in no place (so in the other's hands)."""
    thing, atoms = line.atom[1], turn.view.atoms
    predicates = simulator.evaluation_predicates
    if any(a[0] in predicates.holding and a[2] == thing for a in atoms):  # type: ignore[union-attr]
        return False
    if thing in named(turn.view.other_action):
        return True
    places = set(visible_rooms(turn.view, predicates.in_room))  # type: ignore[union-attr]
    return len(line.atom) == 3 and not any(a[1] == thing and len(a) == 3 and a[2] not in places
                                           for a in atoms if a[0] != "NEXT_TO")


def next_action(task: Task, simulator: Simulator, turn: Turn) -> str:
    """The agent's answer for this turn."""
    atoms, order = turn.view.atoms, turn.order
    seen = {arg for atom in atoms for arg in atom[1:]}
    ordered = any(c.get("type") == "TemporalConstraint" for c in task.evaluation.get("constraints", []))
    profiles = (turn.profile, turn.other) if order == 0 else (turn.other, turn.profile)
    goal_lines = lines(task)
    unseen = False
    mine: list[tuple[int, tuple[Action, ...]]] = []
    others: list[tuple[int, tuple[Action, ...]]] = []
    for i, line in enumerate(goal_lines):
        if holds(line, atoms):
            continue
        if not set(line.atom[1:]) <= seen:
            unseen = True
            continue
        if claimed(line, turn, simulator):
            continue
        plan = plan_line(task, simulator, atoms, line)
        can = [k for k in (0, 1) if plan and able(plan, profiles[k], simulator)]
        if order in can:
            (mine if (i % 2 if i % 2 in can else can[0]) == order else others).append((i, plan))
            if mine and not ordered:  # in any order, the first line of its own is what it does
                return json.dumps({mine[0][1][0].name: list(mine[0][1][0].args)})
    # the other's lines too when it waited (it may follow another plan, or be done); in order when order matters
    chosen = mine + (others if turn.view.other_action == "waited" else [])
    for i, plan in sorted(chosen, key=lambda item: item[0]) if ordered else chosen:
        if not (ordered and len(plan) == 1 and not all(holds(before, atoms) for before in goal_lines[:i])):
            return json.dumps({plan[0].name: list(plan[0].args)})
    if unseen:
        predicates = simulator.evaluation_predicates
        rooms = visible_rooms(turn.view, predicates.in_room)  # type: ignore[union-attr]
        left = [room for room in rooms if room not in turn.view.explored]
        if left:
            return json.dumps({"WALK": [left[0]]})
    return WAIT
