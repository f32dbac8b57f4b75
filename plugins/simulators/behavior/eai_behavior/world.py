"""A BEHAVIOR task as an eai World: checks, transitions and search successors.

``check`` decides in this order: affordance (the action exists, arity,
distinct objects that exist and are not the agent, abilities, scene rules)
-> redundancy (the effect already holds: a no-op needs no precondition)
-> a sliced whole is no longer an object one acts on (affordance)
-> preconditions (every unmet one, as ground formulas). The semantics per
action are in :mod:`eai_behavior.rules`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import cached_property
from itertools import product

from eai.plugin_api import Action, AtomIndex, Check, Decoded, State, Task, World
from eai_behavior.defaults import initial_atoms
from eai_behavior.effects import Edit, derive_wholes, release
from eai_behavior.names import Names
from eai_behavior.preconditions import Step
from eai_behavior.rules import HAND_OF, RULES
from eai_behavior.scene import Scene
from eai_behavior.view import View
from eai_behavior.vocabulary import ACTIONS


class BehaviorWorld(World):
    actions = ACTIONS

    def __init__(self, task: Task) -> None:
        self.scene = Scene(task)
        index = AtomIndex(sorted(initial_atoms(self.scene)))
        super().__init__(task, index)
        self._initial = State(index, (1 << len(index)) - 1)
        self.view: Decoded[View] = Decoded(View)  # a state decoded (cached)
        self._pools: dict[tuple[str, int, tuple[str, ...]], list[str]] = {}

    @property
    def initial(self) -> State:
        return self._initial

    def unaffordable(self, action: Action) -> str:
        """Why ``action`` can never be done on its objects ("" if it can)."""
        for position, arg in enumerate(action.args):
            reason = self._unaffordable_arg(action.name, position, arg)
            if reason:
                return reason
        return RULES[action.name].why_impossible(self.scene, action.args)

    def _unaffordable_arg(self, name: str, position: int, arg: str) -> str:
        if arg not in self.objects:
            return f"unknown object {arg}"
        if arg == self.scene.agent:
            return "the agent cannot be an object of an action"
        needed = ACTIONS[name].requirements[position]
        if needed and self.scene.abilities[arg].isdisjoint(needed):
            return f"{name} needs an object that is {' or '.join(needed)}; {arg} is not"
        return ""

    def _step(self, state: State, action: Action) -> Step:
        return Step(self.scene, self.view(state), action.args, HAND_OF[action.name])

    def check_state(self, state: State, action: Action) -> Check:
        """Redundancy, a sliced whole (unaffordable), then every unmet precondition."""
        rule, step = RULES[action.name], self._step(state, action)
        reason = rule.redundant(step) if rule.redundant else None
        if reason:
            return Check(redundant=True, reason=reason)
        reason = self._sliced_whole(step, action)
        if reason:
            return Check(affordable=False, reason=reason)
        return Check.unmet(dict.fromkeys(f for p in rule.preconditions for f in p(step)))

    def _sliced_whole(self, step: Step, action: Action) -> str:
        """A sliced whole is no longer an object one acts on (only its parts are)."""
        if action.name == "NAVIGATE_TO":
            return ""
        whole = next((a for a in action.args if a in self.scene.parts_of and step.view.has("sliced", a)), None)
        return f"{whole} is sliced: act on its parts" if whole else ""

    def _runs(self, state: State, action: Action) -> bool:
        """Executable and not redundant: :meth:`check`'s verdict without its explanation, for search."""
        rule, step = RULES[action.name], self._step(state, action)
        if (rule.redundant and rule.redundant(step)) or self._sliced_whole(step, action):
            return False
        return not any(p(step) for p in rule.preconditions)

    def apply(self, state: State, action: Action) -> State:
        edit = Edit()
        RULES[action.name].effect(self._step(state, action), edit)
        after = edit.apply(state, self.index)
        sliced = [w for w in self.scene.parts_of if ("sliced", w) in after]
        return derive_wholes(after, self.view(after), sliced, self.scene.parts_of, self.index) if sliced else after

    def successors(self, state: State, objects: Iterable[str] | None = None) -> Iterator[tuple[Action, State]]:
        """Executable, non-redundant actions that change the state (so not
        NAVIGATE_TO), in vocabulary order, objects in id order. A hand's
        RELEASE is of what it holds, given ``objects`` or not (freeing a hand
        needs no object); its PLACE_* and TRANSFER_* only when it holds one of
        ``objects`` (when given): what else it holds may only be let go of."""
        among = self.scene.ids if objects is None else tuple(sorted(set(objects)))
        narrowed = None if objects is None else set(among)
        view = self.view(state)
        for name, spec in ACTIONS.items():
            rule, hand = RULES[name], HAND_OF[name]
            held = view.hand[hand] if hand is not None else None
            if name == "NAVIGATE_TO" or (rule.needs_held and (held is None or (narrowed is not None and held not in narrowed))):
                continue
            if rule.effect is release:
                pools: list[Sequence[str]] = [self._pool(name, 0, (held,)) if held is not None else []]
            else:
                pools = [self._pool(name, i, among) for i in range(spec.arity)]
            for args in product(*pools):
                if len(set(args)) != len(args):
                    continue
                action = Action(name, args)
                if self._runs(state, action):
                    yield action, self.apply(state, action)

    def search_objects(self, state: State, atoms: Iterable[tuple[str, ...]]) -> frozenset[str]:
        """The objects ``atoms`` name, the parts of those that can be sliced,
        the wholes of named parts and the slicers to slice them, the tools the
        named states and actions need (slicers, pans, sinks and teapots,
        cleaning tools, detergents and dishwashers), and every openable or
        held object any of these is in or on, at any depth; never the agent.
        Another held object is left out: the search may only let go of it
        (:meth:`successors`), as placing it anywhere frees the hand no better."""
        atoms = list(atoms)
        scene, view = self.scene, self.view(state)
        found = {arg for atom in atoms for arg in atom[1:] if arg in self.objects}
        for atom in atoms:
            found.update(self._tools.get(atom[0], ()))
        wholes = {scene.part_of[obj] for obj in found if obj in scene.part_of}
        if wholes - found:  # a named part: its whole must be sliced first
            found.update(wholes | set(scene.slicers))
        found.update(part for obj in list(found) for part in scene.parts_of.get(obj, ()))
        held = set(view.hand.values())
        for obj in list(found):
            found.update(atom[2] for atom in view.above(obj) if scene.openable(atom[2]) or atom[2] in held)
        found.discard(scene.agent)
        return frozenset(found)

    def search_actions(self, atoms: Iterable[tuple[str, ...]]) -> frozenset[str]:
        """The actions of use to a goal about ``atoms``: each action the atoms
        name, and each whose rule serves nothing in particular or one of the
        atoms' names (:attr:`eai_behavior.rules.Rule.serves`)."""
        names = {atom[0] for atom in atoms}
        return frozenset(name for name, rule in RULES.items() if not rule.serves or name in names or names & rule.serves)

    @cached_property
    def _tools(self) -> dict[str, tuple[str, ...]]:
        """What achieving a state, or doing an action, may need besides its object."""
        scene = self.scene
        cleaning = scene.tools + scene.detergents + scene.water_sources + scene.dishwashers
        need = {"sliced": scene.slicers, "cooked": scene.pans, "soaked": scene.soakers,
                "dusty": cleaning, "stained": cleaning}
        return {**need, "SLICE": need["sliced"], "COOK": need["cooked"], "SOAK": need["soaked"], "CLEAN": cleaning}

    def _pool(self, name: str, position: int, among: tuple[str, ...]) -> list[str]:
        """Objects of ``among`` that can be argument ``position`` of ``name`` at all
        (for one-object actions, with the scene rules too: the two-object
        actions have none)."""
        key = (name, position, among)
        pool = self._pools.get(key)
        if pool is None:
            if ACTIONS[name].arity == 1:
                pool = [o for o in among if not self.impossible(Action(name, (o,)))]
            else:
                pool = [o for o in among if not self._unaffordable_arg(name, position, o)]
            self._pools[key] = pool
        return pool

    @cached_property
    def _names(self) -> Names:
        return Names(self.task, self.scene.agent)

    def resolve_args(self, raw: list[str]) -> list[str | None]:
        return self._names.resolve(raw)
