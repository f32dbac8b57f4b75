"""A state decoded once for the many questions a check asks about it.

A BEHAVIOR state holds a few dozen atoms; reading them all once (tens of
microseconds) and indexing them by object answers "what does the left hand
hold", "what is x inside or on", "what is in the held box" without scanning
again. Lists are sorted, so nothing depends on bit positions.
"""

from __future__ import annotations

from eai.plugin_api import Atom, State

HOLDING = {"left": "holding_left", "right": "holding_right"}
SUPPORTS = ("inside", "ontop")  # the relations that carry an object along with its support


class View:
    __slots__ = ("state", "hand", "by_subject", "by_object", "_above")

    def __init__(self, state: State) -> None:
        self.state = state
        self.hand: dict[str, str | None] = {"left": None, "right": None}
        self.by_subject: dict[str, list[Atom]] = {}
        self.by_object: dict[str, list[Atom]] = {}
        self._above: dict[str, list[Atom]] = {}
        for atom in sorted(state):
            self.by_subject.setdefault(atom[1], []).append(atom)
            if len(atom) == 3:
                self.by_object.setdefault(atom[2], []).append(atom)
            elif atom[0] == "holding_left":
                self.hand["left"] = atom[1]
            elif atom[0] == "holding_right":
                self.hand["right"] = atom[1]

    def has(self, *atom: str) -> bool:
        return atom in self.state

    def held(self, obj: str) -> str | None:
        """The hand holding ``obj``, or None."""
        return next((h for h, o in self.hand.items() if o == obj), None)

    def subject_atoms(self, obj: str) -> list[Atom]:
        """Atoms whose first argument is ``obj`` (its states and its relations to others)."""
        return self.by_subject.get(obj, [])

    def object_atoms(self, obj: str) -> list[Atom]:
        """Relations whose second argument is ``obj``."""
        return self.by_object.get(obj, [])

    def supports(self, obj: str) -> list[Atom]:
        """``inside``/``ontop`` atoms of ``obj``: what it is in or on."""
        return [a for a in self.subject_atoms(obj) if a[0] in SUPPORTS]

    def contents(self, obj: str) -> list[Atom]:
        """``inside``/``ontop`` atoms of what is in or on ``obj``."""
        return [a for a in self.object_atoms(obj) if a[0] in SUPPORTS]

    def above(self, obj: str) -> list[Atom]:
        """The support atoms from ``obj`` up: what it is in or on, what that is in or on..."""
        found = self._above.get(obj)
        if found is None:
            found = self._above[obj] = self._climb(obj)
        return found

    def _climb(self, obj: str) -> list[Atom]:
        found, todo, seen = [], [obj], {obj}
        while todo:
            for atom in self.supports(todo.pop()):
                found.append(atom)
                if atom[2] not in seen:
                    seen.add(atom[2])
                    todo.append(atom[2])
        return found
