"""The partial assignment a goal-option search builds, with an undo trail.

A search branch requires ground atoms and actions (keys) true or false and
lists some literals and actions for the option it builds. Every change goes on
a trail, so going back to a branch point undoes exactly what came after it.
Each trail entry gets a serial number never reused, so a stretch of the trail
can later be told to be still in place or undone and rebuilt.
"""

from __future__ import annotations

from eai.world.actions import Action
from eai.world.state import Atom

Key = Atom | Action
Mark = tuple[int, int, int]  # lengths of the trail, the literals and the actions
Stretch = tuple[int, int]  # a trail's start: its length and the serial of its last entry


class Assignment:
    """What the branch under way requires (``value``) and lists (``literals``, ``actions``)."""

    def __init__(self) -> None:
        self.value: dict[Key, bool] = {}
        self.where: dict[Key, int] = {}  # each required key's place on the trail
        self.listed: set[Atom] = set()
        self.trail: list[tuple[bool, Key, int]] = []  # (listed?, key, serial)
        self.serial = 0
        self.literals: list[tuple[bool, Atom]] = []
        self.actions: list[Action] = []

    def mark(self) -> Mark:
        return len(self.trail), len(self.literals), len(self.actions)

    def undo(self, mark: Mark) -> None:
        """Back to how things were at ``mark``."""
        trail, literals, actions = mark
        while len(self.trail) > trail:
            listed, key, _ = self.trail.pop()
            if listed:
                self.listed.discard(key)  # type: ignore[arg-type]
            else:
                del self.value[key], self.where[key]
        del self.literals[literals:], self.actions[actions:]

    def require(self, key: Key, truth: bool) -> bool:
        """Require ``key`` to have ``truth``; False if it is required the other way."""
        have = self.value.get(key)
        if have is None:
            self.value[key] = truth
            self.where[key] = len(self.trail)
            self._log(False, key)
        return have is None or have == truth

    def list_literal(self, positive: bool, atom: Atom) -> None:
        """List the literal in the option, once."""
        if atom not in self.listed:
            self.listed.add(atom)
            self._log(True, atom)
            self.literals.append((positive, atom))

    def _log(self, listed: bool, key: Key) -> None:
        self.serial += 1
        self.trail.append((listed, key, self.serial))

    def stretch(self, place: int) -> Stretch:
        """The trail up to ``place`` (-1: none of it)."""
        return place + 1, self.trail[place][2] if place >= 0 else 0

    def kept(self, stretch: Stretch) -> bool:
        """Is ``stretch`` still the start of the trail (nothing in it undone)?"""
        length, serial = stretch
        return len(self.trail) >= length and (self.trail[length - 1][2] if length else 0) == serial
