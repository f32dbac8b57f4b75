"""The engine's state in the task's terms, and the skill layer's own state.

:class:`Board` decodes ALFWorld's facts (lower-case TextWorld propositions)
into the task's object ids: where the agent is (the receptacle at its
location), what it holds, what is in which receptacle, and the object states.
:class:`Focus` is what EB-ALFRED's skills keep that ALFWorld's engine has no
fact for: the object found last (EB-ALFRED's ``at``), the fixtures switched on
(a faucet, a microwave: no object of the game), and which slice a sliced
object stands for. :func:`atoms` reads both back as the task's atoms.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from eai.plugin_api import Atom
from eai_alfworld.engine import Fact
from eai_alfworld.game import AGENT, Game

STATE_OF = {"opened": "is_open", "ison": "is_on", "isclean": "is_clean", "ishot": "is_hot", "iscool": "is_cool",
            "issliced": "is_sliced"}


class Board:
    """One engine state, decoded."""

    def __init__(self, game: Game, facts: list[Fact]) -> None:
        ids = game.ids
        self.location: str | None = None
        self.held: str | None = None
        self.parent: dict[str, str] = {}
        self.states: set[tuple[str, str]] = set()
        for name, *args in facts:
            if name == "atlocation" and args[0] == AGENT:
                self.location = ids.get(args[1].removeprefix("loc_"))
            elif name == "holds" and args[0] == AGENT:
                self.held = ids[args[1]]
            elif name == "inreceptacle":
                self.parent[ids[args[0]]] = ids[args[1]]
            elif name in STATE_OF and args[0] in ids:
                self.states.add((STATE_OF[name], ids[args[0]]))

    def has(self, state: str, obj: str) -> bool:
        return (state, obj) in self.states

    def contents(self, receptacle: str) -> list[str]:
        return sorted(o for o, r in self.parent.items() if r == receptacle)


@dataclass
class Focus:
    """What the skills keep that the engine does not (module doc)."""

    at: str | None = None
    switched: set[str] = field(default_factory=set)
    stands_for: dict[str, str] = field(default_factory=dict)  # sliced object -> the slice it stands for
    cut_at: dict[str, str] = field(default_factory=dict)  # sliced object -> where it was cut (its other slices stay)


def pieces(game: Game, whole: str) -> list[str]:
    return [s for s, w in game.slices.items() if w == whole]


def standing(game: Game, focus: Focus, whole: str) -> str:
    """The slice a sliced object stands for: the one picked up, else its first."""
    return focus.stands_for.get(whole) or pieces(game, whole)[0]


def atoms(game: Game, board: Board, focus: Focus) -> frozenset[Atom]:
    """The task's atoms of this state: the engine's facts, the focus, and what the game left out."""
    found: set[Atom] = set(game.kept)
    sliced = {o for state, o in board.states if state == "is_sliced" and pieces(game, o)}
    here = {o: standing(game, focus, o) for o in sliced}
    if focus.at is not None:
        found.add(("at", focus.at))
    if board.held is not None:
        found.add(("holds", here.get(board.held, board.held)))
    for obj, receptacle in board.parent.items():
        found.add(("in_receptacle", here.get(obj, obj), receptacle))
    for state, obj in board.states:
        found.add((state, here[obj]) if obj in here and state != "is_sliced" else (state, obj))
    for whole in sliced:
        found.update(("in_receptacle", piece, focus.cut_at[whole]) for piece in pieces(game, whole)
                     if piece != here[whole] and whole in focus.cut_at)
    found.update(("is_on", f) for f in focus.switched)
    return frozenset(found)
