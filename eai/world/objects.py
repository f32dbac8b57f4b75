"""Objects of a task's universe."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Obj:
    """One object: its id as formulas and plans write it, its class, its properties.

    ``id`` is unique within a task (``television.410``, ``bathtub.n.01_1``);
    ``properties`` are static abilities (``CAN_OPEN``, ``openable``) that the
    simulator uses for affordance checks.
    """

    id: str
    class_name: str
    properties: frozenset[str] = field(default_factory=frozenset)

    def has(self, prop: str) -> bool:
        return prop in self.properties
