"""What a model acting turn by turn in an episode is asked, and how its answer is read.

The prompt holds the instruction; the agent's role, the other agent, and
what it cannot do (its Profile); what it observes (its View: the rooms, where
it is and what it holds, and every object it sees with its room, what it is
on or inside, and its states; with partial observability only what it
observes, and which rooms it has explored); what it was told after its own
last action; the other agent's last action; its own actions so far; the
action vocabulary; and the answer format: one action as JSON, ``{"WAIT": []}``
to let the other act, ``{"DONE": []}`` when it thinks the task is done.
Everything is sorted, so the text is deterministic.

The answer is read with the action-sequencing parser and grounding; an answer
that is not exactly one action (or a wait) is :class:`Unreadable`, with why.
"""

from __future__ import annotations

from dataclasses import dataclass

from eai.collaboration.episode import Move, Profile, Unreadable, View
from eai.llm.model import Message
from eai.modules.plans.grounding import ground
from eai.modules.plans.parse import parse_plan
from eai.simulation.simulator import Simulator, World
from eai.world import Task

WAIT_WORDS = ("WAIT", "DONE")
SCENERY = frozenset({"NEXT_TO", "FACING", "BETWEEN"})  # spatial relations shown for the agent only


@dataclass(frozen=True)
class Turn:
    """An episode turn as a model request carries it (``Request.turn``): the
    agent's view, its profile and the other's, its place in turn order (0:
    first), whether observability is partial, and its own actions so far.
    Baselines answer from it; it holds nothing the agent does not observe."""

    view: View
    profile: Profile
    other: Profile
    order: int
    partial: bool
    own_actions: tuple[str, ...] = ()


def rooms(view: View, in_room: str) -> list[str]:
    """The rooms the agent sees: what things are in (``in_room``) but is in nothing itself."""
    inside = {a[1] for a in view.atoms if a[0] == in_room}
    return sorted({a[2] for a in view.atoms if a[0] == in_room} - inside)


def observation(turn: Turn, simulator: Simulator, me: str) -> list[str]:
    """The lines saying what the agent ``me`` (the world's agent object) observes."""
    predicates = simulator.evaluation_predicates
    in_room = predicates.in_room if predicates else ""
    view = turn.view
    places = rooms(view, in_room)
    said = [f"Rooms: {', '.join(f'{r} (explored)' if r in view.explored else r for r in places)}"
            if turn.partial else f"Rooms: {', '.join(places)}"]
    mine = sorted(a for a in view.atoms if me in a[1:])
    said.append("You: " + "; ".join(f"{a[0]} {a[2]}" for a in mine if a[1] == me))
    about: dict[str, list[str]] = {}
    for atom in sorted(view.atoms):
        name, *args = atom
        if me in args or (name in SCENERY and len(args) > 1):
            continue
        if len(args) == 1:
            about.setdefault(args[0], []).append(name)
        elif len(args) == 2:
            about.setdefault(args[0], []).append(f"{name} {args[1]}")
            about.setdefault(args[1], [])
    said.append("Objects you see (id: relations and states):")
    said += [f"- {oid}: {', '.join(facts)}" for oid, facts in sorted(about.items()) if oid not in places]
    return said


def capabilities(profile: Profile, simulator: Simulator) -> str:
    predicates = simulator.evaluation_predicates
    skills = predicates.skills if predicates else {}
    if not profile.lacks:
        return "You can do every action below."
    lacking = [f"{skill.replace('_', ' ')} ({', '.join(sorted(skills.get(skill, ())))})" for skill in sorted(profile.lacks)]
    return f"You cannot: {'; '.join(lacking)}."


def vocabulary_lines(simulator: Simulator) -> list[str]:
    lines = []
    for name, spec in sorted(simulator.vocabulary.actions.items()):
        needs = " or ".join("/".join(req) for req in spec.requirements if req)
        lines.append(f"{name}: {spec.arity} object(s){f', needing {needs}' if needs else ''}"
                     f"{f' # {spec.description}' if spec.description else ''}")
    return lines


def turn_messages(turn: Turn, task: Task, simulator: Simulator, me: str | None = None) -> tuple[Message, ...]:
    """The one user message of an episode turn; ``me`` is the world's agent
    object (built from ``task`` when not given)."""
    view, other = turn.view, turn.other.name
    seen = "what you observe: the rooms, the furniture, what you hold, and the things in the rooms you have " \
           "explored (walk into a room to explore it)" if turn.partial else "the whole household"
    parts = [
        f"You are the {turn.profile.name} in a household, working with the {other} on one task. "
        f"You act in turns: on each turn you take ONE action, then the {other} takes one.",
        f"Task: {task.instruction}",
        capabilities(turn.profile, simulator),
        f"Below is {seen}.",
        *observation(turn, simulator, me or simulator.world(task).agent),
        f"Your last action: {view.feedback or 'none yet'}",
        f"The {other}'s last action: {view.other_action or 'none yet'}",
        f"Your actions so far: {', '.join(turn.own_actions) or 'none'}",
        "Actions (name: number of objects, what the objects need):",
        *vocabulary_lines(simulator),
        'Answer with ONE action as JSON, naming objects by their ids, e.g. {"WALK": ["<room id>"]} or '
        '{"PUTBACK": ["<thing id>", "<place id>"]}; or {"WAIT": []} to let the ' + other + ' act this turn; or '
        '{"DONE": []} when you think the task is done. Only the JSON.',
    ]
    return (Message("user", "\n".join(parts)),)


def read_turn(text: str, world: World, simulator: Simulator) -> Move:
    """The action of an answer, None for a wait (``WAIT``, ``DONE``), or Unreadable with why."""
    parsed = parse_plan(text)
    if not parsed.error and len(parsed.steps) == 1 and parsed.steps[0].name in WAIT_WORDS:
        return None
    if not parsed.error and len(parsed.steps) > 1:
        return Unreadable(f"{len(parsed.steps)} actions where one is asked")
    grounding = ground(parsed, world, simulator.vocabulary, simulator.action_list(world.task))
    if grounding.error is not None:
        return Unreadable(grounding.error[2])
    return grounding.plan[0]
