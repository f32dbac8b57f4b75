"""An EB-ALFRED task as an eai World: checks, transitions and search successors.

``check`` decides in this order: affordance (the skill exists, arity, the
object exists and has the ability the skill needs: it can be picked up,
opened, turned on, sliced) -> the object EB-ALFRED would act on -> the
skill's own check (:mod:`eai_alfred.skills`: an effect that already holds,
else every unmet precondition).

EB-ALFRED picks up, slices and turns on "the nearest object of the named
type": ``pick up the Apple`` after ``find a Apple_2`` picks up ``Apple_2``,
and after slicing an apple it picks up a slice. So for those skills, when the
named object cannot be acted on but another of its type (or a slice of it)
can, that one is (:meth:`AlfredWorld.target`); and ``find a Apple`` once the
apple is sliced goes to one of its slices, one within reach first (EB-ALFRED
prefers slices, then the nearest it sees). Gold plans and search always
name the object itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cached_property

from eai.plugin_api import Action, AtomIndex, Check, Decoded, State, Task, World
from eai_alfred.names import Names
from eai_alfred.scene import Scene, View
from eai_alfred.skills import SKILLS, Step
from eai_alfred.vocabulary import ACTIONS

ABILITY_WORDS = {"pickupable": "picked up", "openable": "opened", "toggleable": "turned on or off",
                 "sliceable": "sliced"}
TOOLS = {"is_hot": ("Microwave",), "is_cool": ("Fridge",), "is_clean": ("Faucet",)}


class AlfredWorld(World):
    actions = ACTIONS

    def __init__(self, task: Task) -> None:
        self.scene = Scene(task)
        index = AtomIndex(sorted(task.init))
        super().__init__(task, index)
        self._initial = State(index, (1 << len(index)) - 1)
        self.view: Decoded[View] = Decoded(View)  # a state decoded (cached)
        self._pools: dict[tuple[str, tuple[str, ...]], list[str]] = {}

    @property
    def initial(self) -> State:
        return self._initial

    def unaffordable(self, action: Action) -> str:
        """Why ``action`` can never be done on its object ("" if it can)."""
        for arg, needed in zip(action.args, ACTIONS[action.name].requirements):
            if arg not in self.objects:
                return f"Cannot find {arg}. This object may not exist in this scene. Try to explore other instances instead."
            missing = [p for p in needed if not self.scene.has(arg, p)]
            if needed and len(missing) == len(needed):
                return f"The {arg} cannot be {ABILITY_WORDS.get(needed[0], needed[0])}"
        return ""

    def check_state(self, state: State, action: Action) -> Check:
        """The skill's own check on the object EB-ALFRED acts on (:meth:`target`)."""
        return self._check(self.view(state), self.target(state, action))

    def check_exact(self, state: State, action: Action) -> Check:
        """:meth:`check` of ``action`` on the very object it names (no nearest-object reading)."""
        reason = self.impossible(action)
        return Check(affordable=False, reason=reason) if reason else self._check(self.view(state), action)

    def _check(self, view: View, action: Action) -> Check:
        return SKILLS[action.name].check(Step(self.scene, view, action.args[0] if action.args else None))

    def target(self, state: State, action: Action) -> Action:
        """The action EB-ALFRED carries out for ``action`` in ``state`` (module doc)."""
        if action.name == "FIND" and action.args and self.view(state).has("is_sliced", action.args[0]):
            return Action("FIND", (self._slice_to_find(self.view(state), action.args[0]),))
        if not action.args or not SKILLS[action.name].type_level:
            return action
        view, named = self.view(state), action.args[0]
        candidates = ([] if view.has("is_sliced", named) else [named]) + self._alike(view, named)
        for candidate in candidates:
            check = self._check(view, Action(action.name, (candidate,)))
            if check.executable and not check.redundant:
                return Action(action.name, (candidate,))
        pieces = self.scene.pieces.get(named, ())
        return Action(action.name, (pieces[0],)) if view.has("is_sliced", named) and pieces else action

    def _slice_to_find(self, view: View, whole: str) -> str:
        """The slice of the sliced ``whole`` EB-ALFRED's ``find`` goes to, the
        nearest, preferring slices it sees: one within reach and in no closed
        receptacle, else one in no closed receptacle, else the first."""
        pieces = self.scene.pieces.get(whole, ())
        seen = [p for p in pieces if not view.closed_around(self.scene, p)]
        near = [p for p in seen if view.near(self.scene, p) and view.held != p]
        return (near or seen or list(pieces) or [whole])[0]

    def _alike(self, view: View, named: str) -> list[str]:
        """Other objects ``named`` may stand for: its slices once it is sliced,
        then the other objects of its type and their slices."""
        scene = self.scene
        same = [o for o in scene.by_class[scene.class_of[named]] if o != named]
        out = list(scene.pieces.get(named, ())) if view.has("is_sliced", named) else []
        for other in same:
            out += list(scene.pieces.get(other, ())) if view.has("is_sliced", other) else [other]
        return out

    def apply(self, state: State, action: Action) -> State:
        view = self.view(state)
        action = self.target(state, action)
        add, delete = SKILLS[action.name].effect(Step(self.scene, view, action.args[0] if action.args else None))
        return state.apply(add, delete)

    def successors(self, state: State, objects: Iterable[str] | None = None) -> Iterator[tuple[Action, State]]:
        """Executable, non-redundant actions on the objects themselves, in
        vocabulary order, objects in task order."""
        wanted = None if objects is None else set(objects)
        among = self.scene.ids if wanted is None else tuple(o for o in self.scene.ids if o in wanted)
        view = self.view(state)
        for name, spec in ACTIONS.items():
            for args in ([()] if spec.arity == 0 else [(o,) for o in self._pool(name, among)]):
                if name == "FIND" and view.has("is_sliced", args[0]):
                    continue  # finding a sliced object goes to a slice (target): search finds the slice itself
                action = Action(name, args)
                check = self._check(view, action)
                if check.executable and not check.redundant:
                    add, delete = SKILLS[name].effect(Step(self.scene, view, args[0] if args else None))
                    yield action, state.apply(add, delete)

    def _pool(self, name: str, among: tuple[str, ...]) -> list[str]:
        key = (name, among)
        pool = self._pools.get(key)
        if pool is None:
            pool = self._pools[key] = [o for o in among if not self.impossible(Action(name, (o,)))]
        return pool

    def search_objects(self, state: State, atoms: Iterable[tuple[str, ...]]) -> frozenset[str]:
        """The objects ``atoms`` name; the object in hand; the appliances the
        named states need (a faucet and its sink to clean, a microwave to
        heat, a fridge to cool); the objects named slices come from, and one
        knife to slice them (any knife will do: the one in hand, else the
        first that no closed receptacle holds); and the receptacles holding
        any of these, at any depth (to open them, or to find what is in them)."""
        scene, view = self.scene, self.view(state)
        atoms = list(atoms)
        found = {arg for atom in atoms for arg in atom[1:] if arg in self.objects}
        if view.held is not None:
            found.add(view.held)
        for atom in atoms:
            for kind in TOOLS.get(atom[0], ()):
                for tool in scene.by_class.get(kind, ()):
                    found.add(tool)
                    found.update(scene.served_by(tool))
        wholes = {scene.whole_of[o] for o in found if o in scene.whole_of}
        found |= wholes
        if any(not view.has("is_sliced", w) for w in wholes) or any(a[0] in ("is_sliced", "SLICE") for a in atoms):
            knife = self._knife(view)
            found |= {knife} if knife else set()
        for obj in list(found):
            found.update(view.ancestors(obj))
        return frozenset(found)

    def _knife(self, view: View) -> str | None:
        knives = self.scene.knives
        if view.held in knives:
            return view.held
        return next((k for k in knives if not view.closed_around(self.scene, k)), knives[0] if knives else None)

    @cached_property
    def _names(self) -> Names:
        return Names(self.task)

    def resolve_args(self, raw: list[str]) -> list[str | None]:
        return self._names.resolve(raw)

    def feedback(self, action: Action, check: Check) -> str:
        """EB-ALFRED's answers: ``Last action executed successfully.`` or
        ``Last action is invalid. <why>``; an action that changed nothing says so."""
        if not check.executable:
            return f"Last action is invalid. {check.reason}"
        if check.redundant:
            return f"Last action changed nothing. {check.reason}."
        return "Last action executed successfully."
