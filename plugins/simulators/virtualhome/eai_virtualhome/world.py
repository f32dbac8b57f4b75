"""A VirtualHome task as an eai World: checks, transitions and search successors.

``check`` decides in this order: affordance (arity, known objects, distinct
arguments, object properties) -> redundancy (the action's effect already
holds: it would be a no-op, which needs no precondition) -> preconditions
(every unmet one is listed). The semantics per action are in
:mod:`eai_virtualhome.rules`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cached_property
from itertools import product

from eai.plugin_api import Action, Check, State, Task, World
from eai_virtualhome.effects import Edit
from eai_virtualhome.names import Names
from eai_virtualhome.rules import RULES
from eai_virtualhome.scene import Scene
from eai_virtualhome.vocabulary import ACTIONS

# Propositions about the character that need something to sit or lie on.
SEAT_NEEDS = frozenset({"SITTING", "LYING", "SLEEP", "WAKEUP"})


class VirtualHomeWorld(World):
    actions = ACTIONS

    def __init__(self, task: Task) -> None:
        self.scene = Scene(task)
        super().__init__(task, self.scene.index)
        self._candidates: dict[tuple[str, int, tuple[str, ...] | None], list[str]] = {}

    @property
    def initial(self) -> State:
        return self.scene.initial

    def unaffordable(self, action: Action) -> str:
        """Why ``action`` can never be done on its objects ("" if it can)."""
        if action.name == "CUT" and not self.scene.knives:
            return "CUT needs a knife and there is none"
        for position, arg in enumerate(action.args):
            if not self.scene.affords(action.name, position, arg):
                return self._why_not(action.name, position, arg)
        return ""

    def _why_not(self, name: str, position: int, arg: str) -> str:
        if arg not in self.objects:
            return f"unknown object {arg}"
        if arg == self.scene.character:
            return "the character cannot be an object of an action"
        if arg in self.scene.rooms:
            return f"{name} cannot be done on a room ({arg})"
        needed = ACTIONS[name].requirements[position]
        return f"{name} needs an object with {' or '.join(needed)}; {arg} has none"

    def check_state(self, state: State, action: Action) -> Check:
        """Redundancy (the effect already holds), then every unmet precondition."""
        rule, args = RULES[action.name], action.args
        if rule.redundant is not None:
            reason = rule.redundant(self.scene, state, args)
            if reason:
                return Check(redundant=True, reason=reason)
        return Check.unmet(f for pre in rule.preconditions for f in pre.unmet(self.scene, state, args))

    def apply(self, state: State, action: Action) -> State:
        edit = Edit(self.scene)
        RULES[action.name].effect(self.scene, state, action.args, edit)
        return edit.apply(state)

    @property
    def agent(self) -> str:
        return self.scene.character

    def successors(self, state: State, objects: Iterable[str] | None = None) -> Iterator[tuple[Action, State]]:
        """Executable, non-redundant actions in vocabulary order, objects in id order."""
        among = None if objects is None else tuple(sorted(set(objects)))
        for name, spec in ACTIONS.items():
            held_arg = RULES[name].held_arg
            pools = []
            for position in range(spec.arity):
                pool = self._pool(name, position, among)
                if position == held_arg:
                    pool = [o for o in pool if self.scene.holds(state, o)]
                pools.append(pool)
            for args in product(*pools):
                if len(set(args)) != len(args):
                    continue
                action = Action(name, args)
                verdict = self.check_state(state, action)
                if verdict.executable and not verdict.redundant:
                    yield action, self.apply(state, action)

    def search_objects(self, state: State, atoms: Iterable[tuple[str, ...]]) -> frozenset[str]:
        """The objects ``atoms`` name, the held objects (to put one down for a
        free hand), the closed containers enclosing any of them, the seats for
        SITTING, LYING, SLEEP and WAKEUP, the knives for CUT, and for HOLDS_LH
        the task's relevant grabbable objects unless the right hand holds
        something else (a grab fills the right hand first, so something else
        must be there: to move an object from the right hand to the left, put
        it down, grab another, grab it again); never the character."""
        atoms = list(atoms)
        scene = self.scene
        held = scene.held(state)
        found = {arg for atom in atoms for arg in atom[1:] if arg in self.objects}
        found.update(obj for _, obj in held)
        names = {atom[0] for atom in atoms}
        if names & SEAT_NEEDS:
            found.update(scene.seats)
        if "CUT" in names:
            found.update(scene.knives)
        left = {atom[2] for atom in atoms if atom[0] == "HOLDS_LH" and len(atom) == 3}
        if left and all(hand != "HOLDS_RH" or obj in left for hand, obj in held):
            found.update(scene.candidates("GRAB", 0, self.task.relevant))
        pending = list(found)
        while pending:
            for container in scene.closed_containers(state, pending.pop()):
                if container not in found:
                    found.add(container)
                    pending.append(container)
        found.discard(scene.character)
        return frozenset(found)

    def _pool(self, name: str, position: int, among: tuple[str, ...] | None) -> list[str]:
        key = (name, position, among)
        pool = self._candidates.get(key)
        if pool is None:
            pool = self._candidates[key] = self.scene.candidates(name, position, among)
        return pool

    @cached_property
    def _names(self) -> Names:
        return Names(self.task, self.scene.character)

    def resolve_args(self, raw: list[str]) -> list[str | None]:
        return self._names.resolve(raw)
