"""Effects of BEHAVIOR actions: atoms each adds and deletes (deleted first).

Where things are: ``inside``/``ontop`` say what an object rests in or on; an
object keeps those atoms when its support moves, so grasping a basket carries
its contents along. ``onfloor``, ``under`` and ``nextto`` are plain relations.
A held object rests on nothing. Objects put at the same place (in, on, under
or next to the same target) are next to each other, see :func:`_meet`.
"""

from __future__ import annotations

from collections.abc import Callable

from eai.plugin_api import Atom, AtomIndex, State
from eai_behavior.preconditions import Step, can_remove
from eai_behavior.view import HOLDING, SUPPORTS, View

RELATIONS = ("inside", "ontop", "onfloor", "under", "nextto")


class Edit:
    __slots__ = ("add", "delete")

    def __init__(self) -> None:
        self.add: list[Atom] = []
        self.delete: list[Atom] = []

    def apply(self, state: State, index: AtomIndex) -> State:
        bits = state.bits
        for atom in self.delete:
            pos = index.find(atom)
            if pos is not None:
                bits &= ~(1 << pos)
        return State(index, bits | index.mask(self.add))


Effect = Callable[[Step, Edit], None]


def nothing(s: Step, e: Edit) -> None:
    """NAVIGATE_TO: every action goes to its object by itself, so going there changes no atom."""


def _put(s: Step, obj: str, relation: str, target: str, e: Edit) -> None:
    """``obj`` is ``relation`` (ontop/inside) ``target``, and next to what was
    put there before it; on a floor, ``ontop`` is ``onfloor``."""
    if relation == "ontop" and target in s.scene.floors:
        e.add.append(("onfloor", obj, target))
        return
    e.add.append((relation, obj, target))
    _meet(s, obj, relation, target, e)


def _meet(s: Step, obj: str, relation: str, target: str, e: Edit) -> None:
    """``obj`` lands where everything already ``relation`` ``target`` is, so
    it is next to them: upstream teleported every object put in, on, next to
    or under one target to the same point, where iGibson's geometric
    ``nextto`` held between them."""
    _next_to(obj, [a[1] for a in s.view.object_atoms(target) if a[0] == relation], e)


def _next_to(obj: str, others: list[str], e: Edit) -> None:
    e.add += [atom for y in others if y != obj for atom in (("nextto", obj, y), ("nextto", y, obj))]


def grasp(s: Step, e: Edit) -> None:
    """The hand holds the object; it leaves what it was in, on, under or next
    to; what is in or on it comes along."""
    x = s.args[0]
    e.delete += [a for a in s.view.subject_atoms(x) if a[0] in RELATIONS]
    e.delete += [a for a in s.view.object_atoms(x) if a[0] in ("nextto", "under")]
    e.add.append((HOLDING[s.hand], x))


def release(s: Step, e: Edit) -> None:
    """The hand is empty; the object rests on nothing in particular."""
    e.delete.append((HOLDING[s.hand], s.args[0]))


def _let_go(s: Step, e: Edit) -> str:
    """The hand lets go of what it holds (there is something: a precondition); returns it."""
    held = str(s.in_hand)
    e.delete.append((HOLDING[s.hand], held))
    return held


def place(relation: str) -> Effect:
    """PLACE_ONTOP / PLACE_INSIDE: the held object is on/in the target."""
    def effect(s: Step, e: Edit) -> None:
        _put(s, _let_go(s, e), relation, s.args[0], e)
    return effect


def _beside(s: Step, obj: str, target: str, e: Edit) -> None:
    """``obj`` rests where ``target`` rests: in or on the same support, on the
    same floor (on the floor itself if the target is a floor)."""
    if target in s.scene.floors:
        e.add.append(("onfloor", obj, target))
        return
    e.add += [(a[0], obj, a[2]) for a in s.view.subject_atoms(target) if a[0] in (*SUPPORTS, "onfloor")]


def place_nextto(s: Step, e: Edit) -> None:
    held, t = _let_go(s, e), s.args[0]
    _next_to(held, [t], e)
    _meet(s, held, "nextto", t, e)
    _beside(s, held, t, e)


def place_under(s: Step, e: Edit) -> None:
    held, t = _let_go(s, e), s.args[0]
    e.add.append(("under", held, t))
    _meet(s, held, "under", t, e)
    _beside(s, held, t, e)


def place_nextto_ontop(s: Step, e: Edit) -> None:
    """Next to target 1 (and what was put next to it), on target 2."""
    held, (a, b) = _let_go(s, e), s.args
    _next_to(held, [a], e)
    _meet(s, held, "nextto", a, e)
    e.add.append(("onfloor" if b in s.scene.floors else "ontop", held, b))


def transfer(relation: str) -> Effect:
    """TRANSFER_CONTENTS_*: what is in or on the held object is now in/on the
    target (all at one point, so next to each other); the container stays in hand."""
    def effect(s: Step, e: Edit) -> None:
        moved = s.view.contents(str(s.in_hand))
        e.delete += moved
        for atom in moved:
            _put(s, atom[1], relation, s.args[0], e)
            _next_to(atom[1], [a[1] for a in moved], e)
    return effect


def set_state(pred: str, value: bool) -> Effect:
    def effect(s: Step, e: Edit) -> None:
        (e.add if value else e.delete).append((pred, s.args[0]))
    return effect


def toggle_on(s: Step, e: Edit) -> None:
    """Toggled on; a dishwasher also cleans what is in or on it."""
    x = s.args[0]
    e.add.append(("toggled_on", x))
    if x in s.scene.dishwashers:
        e.delete += [(dirt, atom[1]) for atom in s.view.contents(x) for dirt in ("dusty", "stained")]


def clean(s: Step, e: Edit) -> None:
    """The dust goes if a way to remove dust is there, the stain likewise."""
    x = s.args[0]
    dust, stain = can_remove(s)
    if dust:
        e.delete.append(("dusty", x))
    if stain:
        e.delete.append(("stained", x))


def slice_(s: Step, e: Edit) -> None:
    """Sliced. Each part gets the whole's states (``sliced`` too) and its
    relations to others; what was next to or under the whole is next to or
    under each part. From now on the whole's atoms follow its parts
    (:func:`derive_wholes`)."""
    x = s.args[0]
    e.add.append(("sliced", x))
    own = [a for a in s.view.subject_atoms(x) if not a[0].startswith("holding")]
    incoming = [a for a in s.view.object_atoms(x) if a[0] in ("nextto", "under")]
    e.delete += incoming
    for part in s.scene.parts_of[x]:
        e.add += [(a[0], part, *a[2:]) for a in own]
        e.add.append(("sliced", part))
        e.add += [(a[0], a[1], part) for a in incoming]


def derive_wholes(state: State, view: View, sliced: list[str], parts_of: dict[str, tuple[str, ...]],
                  index: AtomIndex) -> State:
    """A sliced whole has exactly the states and relations both its parts
    have (as upstream reads a sliced object's state from its parts), so that
    goals about the whole (``cooked(x)``, ``inside(x, jar)``) are met by
    what is done to its parts; ``nextto`` stays symmetric. ``view`` is
    ``state`` decoded."""
    edit = Edit()
    for whole in sliced:
        shared = set.intersection(*({(a[0], *a[2:]) for a in view.subject_atoms(p) if not a[0].startswith("holding")}
                                    for p in parts_of[whole]))
        wanted = {(rest[0], whole, *rest[1:]) for rest in shared}
        wanted |= {("nextto", a[2], whole) for a in wanted if a[0] == "nextto"}
        current = [a for a in view.subject_atoms(whole) if not a[0].startswith("holding")]
        current += [a for a in view.object_atoms(whole) if a[0] == "nextto"]
        edit.delete += [a for a in current if a not in wanted]
        edit.add += sorted(wanted - set(current))
    return edit.apply(state, index) if edit.add or edit.delete else state
