"""Effects of VirtualHome actions: what each adds to and deletes from a state.

An effect writes into an :class:`Edit` (atoms to add, a bitmask to delete);
the edit deletes first, then adds, as a STRIPS effect does.
"""

from __future__ import annotations

from collections.abc import Callable

from eai.plugin_api import Atom, State
from eai_virtualhome.scene import HANDS, Scene

Args = tuple[str, ...]


class Edit:
    __slots__ = ("scene", "add", "add_bits", "delete")

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self.add: list[Atom] = []
        self.add_bits = 0  # atoms to add, as bits
        self.delete = 0

    def remove(self, *atoms: Atom) -> None:
        find = self.scene.rel.index.find
        for atom in atoms:
            pos = find(atom)
            if pos is not None:
                self.delete |= 1 << pos

    def remove_related(self, pred: str, side: int, obj: str) -> None:
        """Delete every ``pred`` atom with ``obj`` at position ``side``."""
        self.delete |= self.scene.rel.mask(pred, side, obj)

    def near(self, a: str, b: str) -> None:
        self.add += [("NEXT_TO", a, b), ("NEXT_TO", b, a)]

    def apply(self, state: State) -> State:
        index = self.scene.rel.index
        return State(index, (state.bits & ~self.delete) | index.mask(self.add) | self.add_bits)


Effect = Callable[[Scene, State, Args, Edit], None]


def go_to(sc: Scene, s: State, args: Args, e: Edit) -> None:
    """WALK/RUN: the character goes to the target's place
    (:mod:`eai_virtualhome.places`; a room is a place of its own) and is in
    that place's room, next to what is near there and nothing else; it faces
    nothing; what it holds or wears comes along."""
    c = sc.character
    room, near = sc.places.arrive(s, args[0])
    e.add_bits |= near  # next to what is near there
    room = room or sc.room_of(s, c)
    for pred, side in (("NEXT_TO", 1), ("NEXT_TO", 2), ("FACING", 1), ("INSIDE", 1)):
        e.remove_related(pred, side, c)
    if room is not None:
        e.add.append(("INSIDE", c, room))
    carried = [obj for _, obj in sc.held(s)] + sc.rel.sources(s, "ONTOP", c)
    for obj in carried:
        e.remove(*(("INSIDE", obj, r) for r in sc.rooms))
        if room is not None:
            e.add.append(("INSIDE", obj, room))
        e.near(c, obj)


def find(sc: Scene, s: State, args: Args, e: Edit) -> None:
    """FIND: go to the target unless already next to it."""
    if not sc.is_near(s, args[0]):
        go_to(sc, s, args, e)


def turn_to(sc: Scene, s: State, args: Args, e: Edit) -> None:
    e.remove_related("FACING", 1, sc.character)
    e.add.append(("FACING", sc.character, args[0]))


def grab(sc: Scene, s: State, args: Args, e: Edit) -> None:
    """The first free hand (right, then left) holds the object; it leaves
    what it was on or in and its neighbours, and is in the character's room."""
    x, c = args[0], sc.character
    busy = {hand for hand, _ in sc.held(s)}
    hand = next(h for h in HANDS if h not in busy)
    for pred, side in (("ONTOP", 1), ("INSIDE", 1), ("NEXT_TO", 1), ("NEXT_TO", 2)):
        e.remove_related(pred, side, x)
    e.add.append((hand, c, x))
    room = sc.room_of(s, c)
    if room is not None:
        e.add.append(("INSIDE", x, room))
    e.near(c, x)


def _let_go(sc: Scene, x: str, e: Edit) -> None:
    e.remove(*((hand, sc.character, x) for hand in HANDS))


def place(relation: str) -> Effect:
    """PUTBACK (ONTOP) and PUTIN (INSIDE): the held object ends on/in the destination."""
    def effect(sc: Scene, s: State, args: Args, e: Edit) -> None:
        a, b = args
        _let_go(sc, a, e)
        e.add.append((relation, a, b))
        e.near(a, b)
    return effect


def put_back(sc: Scene, s: State, args: Args, e: Edit) -> None:
    """PUTOBJBACK: the held object returns onto/into what it rested on/in at the start."""
    x = args[0]
    _let_go(sc, x, e)
    for atom in sc.origins(sc.initial, x):
        e.add.append(atom)
        e.near(x, atom[2])


def release(sc: Scene, s: State, args: Args, e: Edit) -> None:
    """DROP/RELEASE: the object stays in the room, next to the character."""
    _let_go(sc, args[0], e)


def set_state(new: str, old: str) -> Effect:
    def effect(sc: Scene, s: State, args: Args, e: Edit) -> None:
        e.remove((old, args[0]))
        e.add.append((new, args[0]))
    return effect


def unplug(sc: Scene, s: State, args: Args, e: Edit) -> None:
    """PLUGOUT: unplugged, and switched off if it was on."""
    x = args[0]
    set_state("PLUGGED_OUT", "PLUGGED_IN")(sc, s, args, e)
    if ("ON", x) in s:
        set_state("OFF", "ON")(sc, s, args, e)


def take_posture(posture: str) -> Effect:
    """SIT/LIE: the character is SITTING/LYING on the object (and no longer in
    the other posture); sitting, it faces what the seat faces."""
    other = {"SITTING": "LYING", "LYING": "SITTING"}[posture]

    def effect(sc: Scene, s: State, args: Args, e: Edit) -> None:
        x, c = args[0], sc.character
        e.remove((other, c))
        e.remove_related("ONTOP", 1, c)
        e.add += [(posture, c), ("ONTOP", c, x)]
        if posture == "SITTING":
            e.add += [("FACING", c, y) for y in sc.rel.targets(s, "FACING", x)]
    return effect


def stand_up(sc: Scene, s: State, args: Args, e: Edit) -> None:
    c = sc.character
    e.remove(("SITTING", c), ("LYING", c))
    e.remove_related("ONTOP", 1, c)


def wear(sc: Scene, s: State, args: Args, e: Edit) -> None:
    _let_go(sc, args[0], e)
    e.add.append(("ONTOP", args[0], sc.character))


def take_off(sc: Scene, s: State, args: Args, e: Edit) -> None:
    """PUTOFF: no longer worn; the clothes stay next to the character."""
    e.remove(("ONTOP", args[0], sc.character))
    e.near(sc.character, args[0])


def pour(sc: Scene, s: State, args: Args, e: Edit) -> None:
    """POUR: what is poured is inside the recipient. A container (GRABBABLE)
    stays in hand; a liquid held as such (water) leaves it."""
    a, b = args
    e.add.append(("INSIDE", a, b))
    if not sc.objects[a].has("GRABBABLE"):
        _let_go(sc, a, e)
