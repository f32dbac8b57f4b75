"""A Language Rearrangement episode as an eai World: checks, transitions, search successors.

States hold the domain's atoms: ``robot_at(place)`` (the place the robot
navigated to and, as habitat's 2 m rule has it, the place one with it is
part of: the fridge's shelf and its push point, a drawer and its push point),
``holding(obj)`` or ``not_holding(robot_0)``, ``on_top(obj, receptacle)``
and ``in(obj, articulated)`` for each object not held,
``opened_``/``closed_fridge`` and ``opened_``/``closed_cab`` of each
articulated object, and the static ``part_of(receptacle, articulated)``, as
bits (:mod:`eai_habitat.layout`).

``PICK`` of a category (``PICK(ball)``, EB-Habitat's ``pick up the ball``
when the task has several balls: :meth:`HabitatWorld.action_args`) picks an
object of it within reach, as EB-Habitat's ``pick_ball`` does: the first in
the task's order that can be picked, else (to say what is missing) the
first not held.

``check`` decides, in this order: affordance (a known action on objects of
the operator's parameter types), redundancy (its effect already holds: at
the place already, holding the object already, open already...), then the
domain's preconditions (every unmet one, as a ground formula). The semantics
are the gold transition model's (:mod:`eai_habitat.domain`), action by action.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cached_property

from eai.plugin_api import Action, And, AtomIndex, Check, Formula, Not, Pred, State, Task, World
from eai_habitat.feedback import feedback
from eai_habitat.layout import HAND_EMPTY, OPENS, Layout, View
from eai_habitat.names import Names
from eai_habitat.scene import CAB_TYPE, FRIDGE_TYPE, ROBOT
from eai_habitat.vocabulary import ACTIONS


class HabitatWorld(Layout, World):
    actions = ACTIONS

    def __init__(self, task: Task) -> None:
        Layout.__init__(self, task)
        World.__init__(self, task, AtomIndex(self.universe + sorted(task.init)))
        self._initial = self.index.state(task.init)

    @property
    def initial(self) -> State:
        return self._initial

    def view(self, state: State) -> View:
        return View(self, state.bits)

    # Checks.

    def check_state(self, state: State, action: Action) -> Check:
        """On the object a category names (:meth:`target`): redundancy, then every unmet precondition."""
        view = self.view(state)
        action = self.target(view, action)
        reason = self._redundant(view, action)
        if reason:
            return Check(redundant=True, reason=reason)
        missing = self._missing(view, action)
        if missing:
            return Check(missing=missing, reason=self._unmet(view, action))
        return Check()

    def unaffordable(self, action: Action) -> str:
        """Why ``action`` can never be done on its objects ("" if it can)."""
        (arg,) = action.args
        if action.name == "PICK" and arg in self.kinds:
            return ""
        if arg not in self.objects:
            return f"unknown object {arg}"
        wanted = ACTIONS[action.name].requirements[0]
        kind = self.type_of[arg]
        return "" if kind in wanted else f"{action.name} needs a {' or '.join(wanted)}; {arg} is a {kind}"

    def target(self, view: View, action: Action) -> Action:
        """The action on an object: ``PICK`` of a category picks the first of
        its objects that can be picked, else the first not held (module doc)."""
        if action.name != "PICK" or action.args[0] not in self.kinds:
            return action
        objects = self.kinds[action.args[0]]
        if view.held in objects:  # holding one: picking it is what is redundant
            return Action("PICK", (view.held,))  # type: ignore[arg-type]
        picks = [Action("PICK", (obj,)) for obj in objects]
        return next((pick for pick in picks if not self._missing(view, pick)), picks[0])

    def _redundant(self, view: View, action: Action) -> str:
        (arg,) = action.args
        if action.name == "NAV" and view.at(arg):
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
            if where is not None and not view.at(where):
                missing.append(Pred("robot_at", (where,)))
            container = self.part_of.get(where or "")
            if container is not None and self.type_of[container] == CAB_TYPE and container not in view.opened:
                missing.append(Not(And((Pred("in", (arg, container)), Pred("closed_cab", (container,))))))
        elif action.name == "PLACE":
            if view.held is None:
                missing.append(Not(HAND_EMPTY))
            if not view.at(arg):
                missing.append(Pred("robot_at", (arg,)))
        elif action.name in OPENS and not view.at(arg):
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
        view = self.view(state)
        return State(self.index, self._apply_bits(state.bits, view, self.target(view, action)))

    def _apply_bits(self, bits: int, view: View, action: Action) -> int:
        name, (arg,) = action
        if name == "NAV":
            return (bits & ~self.at_mask) | self.nav_bits[arg]
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
            if not view.at(place):
                yield Action("NAV", (place,))
        if view.held is None:
            for obj in pick(self.movables):
                where = view.where(obj)
                if where is not None and view.at(where) and not self._shut_in(where, view):
                    yield Action("PICK", (obj,))
        else:
            for receptacle in pick(self.receptacles):
                if view.at(receptacle):
                    yield Action("PLACE", (receptacle,))
        for art in pick(self.articulated):
            if view.at(art):
                kind = "FRIDGE" if self.type_of[art] == FRIDGE_TYPE else "CAB"
                yield Action(f"{'CLOSE' if art in view.opened else 'OPEN'}_{kind}", (art,))

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

    def action_args(self, action: str, raw: list[str]) -> list[str | None]:
        """:meth:`resolve_args`; for ``PICK``, a category of several objects
        of the task stands for itself (EB-Habitat's ``pick up the ball``)."""
        ids = self.resolve_args(raw)
        if action == "PICK":
            ids = [oid if oid is not None else self._names.category(token, self.kinds) for oid, token in zip(ids, raw)]
        return ids

    def feedback(self, action: Action, check: Check) -> str:
        """EB-Habitat's words (its verbose feedback)."""
        arg = action.args[0] if len(action.args) == 1 else ""
        return feedback(action, check, self.task.object_by_id.get(self.kinds.get(arg, (arg,))[0]))
