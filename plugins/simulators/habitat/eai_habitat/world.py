"""A Language Rearrangement episode as an eai World: checks, transitions, search successors.

States hold the domain's atoms: ``robot_at(place)`` (at most one place),
``holding(obj)`` or ``not_holding(robot_0)``, ``on_top(obj, receptacle)``
and ``in(obj, articulated)`` for each object not held,
``opened_``/``closed_fridge`` and ``opened_``/``closed_cab`` of each
articulated object, and the static ``part_of(receptacle, articulated)``.
Every atom the task can reach is interned up front, so an action is a few
bit operations.

``check`` decides, in this order: affordance (a known action on objects of
the operator's parameter types), redundancy (its effect already holds: at
the place already, holding the object already, open already...), then the
domain's preconditions (every unmet one, as a ground formula). The semantics
are the gold transition model's (:mod:`eai_habitat.domain`), action by action.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cached_property

from eai.pddl.formula import And, Formula, Not, Pred
from eai.simulator import Check, World, signature_error
from eai.world import Action, AtomIndex, State, Task
from eai_habitat.feedback import feedback
from eai_habitat.names import Names
from eai_habitat.scene import CAB_TYPE, FRIDGE_TYPE, MOVABLE_TYPE, PLACE_TYPE, ROBOT, ROBOT_TYPE
from eai_habitat.vocabulary import ACTIONS

TYPES = (MOVABLE_TYPE, PLACE_TYPE, CAB_TYPE, FRIDGE_TYPE, ROBOT_TYPE)
OPENS = {"OPEN_FRIDGE": ("opened_fridge", "closed_fridge"), "CLOSE_FRIDGE": ("closed_fridge", "opened_fridge"),
         "OPEN_CAB": ("opened_cab", "closed_cab"), "CLOSE_CAB": ("closed_cab", "opened_cab")}
NOT_HOLDING = ("not_holding", ROBOT)
HAND_EMPTY = Pred(NOT_HOLDING[0], NOT_HOLDING[1:])


class View:
    """A state decoded: where the robot is, what it holds, what is open, and
    (asked per object) which receptacle each object is on."""

    __slots__ = ("bits", "at", "held", "opened", "_world")

    def __init__(self, world: HabitatWorld, bits: int) -> None:
        self.bits, self._world = bits, world
        self.at = world._first(bits, world.at_base, world.places)
        self.held = world._first(bits, world.held_base, world.movables)
        self.opened = frozenset(a for a in world.articulated if bits & world.state_bit[world.opened_name[a], a])

    def where(self, obj: str) -> str | None:
        """The receptacle ``obj`` is on (None when held)."""
        bits, on_bit = self.bits, self._world.on_bit
        return next((r for r in self._world.receptacles if bits & on_bit[obj, r]), None)


class HabitatWorld(World):
    def __init__(self, task: Task) -> None:
        self.type_of = {obj.id: next((p for p in obj.properties if p in TYPES), "") for obj in task.objects}
        by_type = {kind: tuple(o.id for o in task.objects if self.type_of[o.id] == kind) for kind in TYPES}
        self.movables, self.receptacles = by_type[MOVABLE_TYPE], by_type[PLACE_TYPE]
        self.movable_set = frozenset(self.movables)
        self.articulated = by_type[FRIDGE_TYPE] + by_type[CAB_TYPE]
        self.places = self.receptacles + self.articulated
        self.part_of = {atom[1]: atom[2] for atom in task.init if atom[0] == "part_of"}
        containers = tuple(dict.fromkeys(self.part_of.values()))
        universe = self._universe(containers)
        super().__init__(task, AtomIndex(universe + sorted(task.init)))
        self._initial = self.index.state(task.init)
        self._masks(containers, {atom: 1 << i for i, atom in enumerate(universe)})

    def _universe(self, containers: tuple[str, ...]) -> list[tuple[str, ...]]:
        """Every atom an action can change, in bit order (``robot_at`` and
        ``holding`` atoms consecutive, as :meth:`_first` reads them)."""
        atoms: list[tuple[str, ...]] = [NOT_HOLDING]
        atoms += [("robot_at", place) for place in self.places]
        atoms += [("holding", obj) for obj in self.movables]
        atoms += [("on_top", obj, r) for obj in self.movables for r in self.receptacles]
        atoms += [("in", obj, a) for obj in self.movables for a in containers]
        for art in self.articulated:
            kind = "fridge" if self.type_of[art] == FRIDGE_TYPE else "cab"
            atoms += [(f"opened_{kind}", art), (f"closed_{kind}", art)]
        return atoms

    def _masks(self, containers: tuple[str, ...], bit: dict[tuple[str, ...], int]) -> None:
        self.at_base, self.held_base = 1, 1 + len(self.places)
        self.opened_name = {a: "opened_fridge" if self.type_of[a] == FRIDGE_TYPE else "opened_cab"
                            for a in self.articulated}
        self.not_holding = bit[NOT_HOLDING]
        self.at_bit = {place: bit["robot_at", place] for place in self.places}
        self.at_mask = sum(self.at_bit.values())
        self.held_bit = {obj: bit["holding", obj] for obj in self.movables}
        self.on_bit = {(obj, r): bit["on_top", obj, r] for obj in self.movables for r in self.receptacles}
        self.in_bit = {(obj, a): bit["in", obj, a] for obj in self.movables for a in containers}
        self.off_mask = {obj: sum(self.on_bit[obj, r] for r in self.receptacles)
                         + sum(self.in_bit[obj, a] for a in containers) for obj in self.movables}
        self.state_bit = {(name, art): bit[name, art] for pair in OPENS.values() for name in pair
                          for art in self.articulated if (name, art) in bit}

    @property
    def initial(self) -> State:
        return self._initial

    def view(self, state: State) -> View:
        return View(self, state.bits)

    @staticmethod
    def _first(bits: int, base: int, names: tuple[str, ...]) -> str | None:
        """The one of ``names`` (atoms interned consecutively from ``base``) set in ``bits``, if any."""
        window = (bits >> base) & ((1 << len(names)) - 1)
        return names[window.bit_length() - 1] if window else None

    # Checks.

    def check(self, state: State, action: Action) -> Check:
        reason = self.unaffordable(action)
        if reason:
            return Check(affordable=False, reason=reason)
        view = self.view(state)
        reason = self._redundant(view, action)
        if reason:
            return Check(redundant=True, reason=reason)
        missing = self._missing(view, action)
        if missing:
            return Check(missing=missing, reason=self._unmet(view, action))
        return Check()

    def unaffordable(self, action: Action) -> str:
        """Why ``action`` can never be done on its objects ("" if it can)."""
        reason = signature_error(action, ACTIONS)
        if reason:
            return reason
        (arg,) = action.args
        if arg not in self.objects:
            return f"unknown object {arg}"
        wanted = ACTIONS[action.name].requirements[0]
        kind = self.type_of[arg]
        return "" if kind in wanted else f"{action.name} needs a {' or '.join(wanted)}; {arg} is a {kind}"

    def _redundant(self, view: View, action: Action) -> str:
        (arg,) = action.args
        if action.name == "NAV" and view.at == arg:
            return f"the robot is at {arg} already"
        if action.name == "PICK" and view.held == arg:
            return f"the robot holds {arg} already"
        if action.name in OPENS and (arg in view.opened) == action.name.startswith("OPEN"):
            return f"{arg} is {'open' if arg in view.opened else 'closed'} already"
        return ""

    def _missing(self, view: View, action: Action) -> tuple[Formula, ...]:
        (arg,) = action.args
        missing: list[Formula] = []
        if action.name == "PICK":
            if view.held is not None:
                missing.append(HAND_EMPTY)
            where = view.where(arg)
            if where is not None and view.at != where:
                missing.append(Pred("robot_at", (where,)))
            container = self.part_of.get(where or "")
            if container is not None and self.type_of[container] == CAB_TYPE and container not in view.opened:
                missing.append(Not(And((Pred("in", (arg, container)), Pred("closed_cab", (container,))))))
        elif action.name == "PLACE":
            if view.held is None:
                missing.append(Not(HAND_EMPTY))
            if view.at != arg:
                missing.append(Pred("robot_at", (arg,)))
        elif action.name in OPENS and view.at != arg:
            missing.append(Pred("robot_at", (arg,)))
        return tuple(missing)

    def _unmet(self, view: View, action: Action) -> str:
        """The unmet preconditions in words."""
        (arg,) = action.args
        words = []
        for formula in self._missing(view, action):
            if formula == HAND_EMPTY:
                words.append(f"the hand holds {view.held}")
            elif formula == Not(HAND_EMPTY):
                words.append("the hand is empty")
            elif isinstance(formula, Pred):
                words.append(f"the robot is not at {formula.args[0]}")
            else:
                words.append(f"{arg} is in the closed {self.part_of[view.where(arg)]}")
        return "; ".join(words)

    # Transitions.

    def apply(self, state: State, action: Action) -> State:
        return State(self.index, self._apply_bits(state.bits, self.view(state), action))

    def _apply_bits(self, bits: int, view: View, action: Action) -> int:
        name, (arg,) = action
        if name == "NAV":
            return (bits & ~self.at_mask) | self.at_bit[arg]
        if name == "PICK":
            return (bits & ~(self.off_mask[arg] | self.not_holding)) | self.held_bit[arg]
        if name == "PLACE":
            held = view.held
            bits = (bits & ~self.held_bit[held]) | self.not_holding | self.on_bit[held, arg]
            container = self.part_of.get(arg)
            return bits | self.in_bit[held, container] if container else bits
        made, undone = OPENS[name]
        return (bits & ~self.state_bit[undone, arg]) | self.state_bit[made, arg]

    def successors(self, state: State, objects: Iterable[str] | None = None) -> Iterator[tuple[Action, State]]:
        """Executable actions that change the state: NAV, PICK, PLACE, then
        opening and closing, objects in the task's order."""
        view = self.view(state)
        among = None if objects is None else set(objects)
        for action in self._candidates(view, among):
            yield action, State(self.index, self._apply_bits(state.bits, view, action))

    def _candidates(self, view: View, among: set[str] | None) -> Iterator[Action]:
        pick = lambda objects: objects if among is None else [o for o in objects if o in among]  # noqa: E731
        for place in pick(self.places):
            if place != view.at:
                yield Action("NAV", (place,))
        if view.held is None:
            for obj in pick(self.movables):
                where = view.where(obj)
                if where is not None and where == view.at and not self._shut_in(where, view):
                    yield Action("PICK", (obj,))
        elif view.at in self.receptacles and (among is None or view.at in among):
            yield Action("PLACE", (view.at,))
        if view.at in self.articulated and (among is None or view.at in among):
            kind = "FRIDGE" if self.type_of[view.at] == FRIDGE_TYPE else "CAB"
            yield Action(f"{'CLOSE' if view.at in view.opened else 'OPEN'}_{kind}", (view.at,))

    def _shut_in(self, where: str, view: View) -> bool:
        container = self.part_of.get(where)
        return container is not None and self.type_of[container] == CAB_TYPE and container not in view.opened

    def search_objects(self, state: State, atoms: Iterable[tuple[str, ...]]) -> frozenset[str]:
        """The objects ``atoms`` name; for each named object, the receptacle
        it is on and the articulated object that receptacle is part of; the
        articulated object of each named receptacle; the held object; and,
        so that an object can be put elsewhere, the first receptacle in the
        task's order none of these is."""
        view = self.view(state)
        found = {arg for atom in atoms for arg in atom[1:] if arg in self.objects and arg != ROBOT}
        found.update(r for r in map(view.where, [o for o in found if o in self.movable_set]) if r is not None)
        found.update(self.part_of[r] for r in list(found) if r in self.part_of)
        if view.held is not None:
            found.add(view.held)
        spare = next((r for r in self.receptacles if r not in found), None)
        if spare is not None:
            found.add(spare)
        return frozenset(found)

    @cached_property
    def _names(self) -> Names:
        return Names(self.task)

    def resolve_args(self, raw: list[str]) -> list[str | None]:
        return [self._names.resolve(token) for token in raw]

    def feedback(self, action: Action, check: Check) -> str:
        """EB-Habitat's words (its verbose feedback)."""
        return feedback(action, check, self.task.object_by_id.get(action.args[0]) if len(action.args) == 1 else None)
