"""The ``partnr`` generator: PARTNR's collaboration task types (constraint-free,
spatial, temporal, heterogeneous) on a VirtualHome scene, each task with its
evaluation functions (docs/collaboration.md)."""

from __future__ import annotations

from collections.abc import Iterable

from eai.plugin_api import Candidate, Category, Generator, Simulator, Task
from eai_etplan.generator import EtPlan
from eai_etplan.scene import SceneFacts
from eai_partnr.categories import Candidates

PAIR = "two items of one kind, each alone of its class, and a place keeping that kind"
CATEGORIES = (
    Category("constraint_free", "Collaborative rearrangement", PAIR, (
        "Put {first} and {second} {prep} {dest}.",
        "Let's move {first} and {second} {prep} {dest}.",
        "Together, bring {first} and {second} {prep} {dest}.")),
    Category("spatial", "Collaborative rearrangement to one place",
             "two items of one kind and two places keeping it, of one relation", (
                 "Put {first} and {second} {prep} {dest} or {prep} {other}, both in the same place.",
                 "Bring {first} and {second} together {prep} either {dest} or {other}.")),
    Category("temporal", "Collaborative rearrangement in order", PAIR, (
        "First put {first} {prep} {dest}; only after that, put {second} there too.",
        "Move {first} {prep} {dest}, and then {second}.")),
    Category("heterogeneous", "Collaboration with a human-only action",
             "an appliance alone of its class that is off and plugged in, an item and a place keeping it", (
                 "Turn on {appliance} and put {item} {prep} {dest}.",
                 "Switch {appliance} on, and move {item} {prep} {dest}.")),
)


class Partnr(Generator):
    name = "partnr"
    simulator = "virtualhome"
    description = "PARTNR's collaboration task types with evaluation functions on a VirtualHome scene"
    method = "PARTNR (arXiv:2411.00081), its task types and evaluation functions only"
    categories = CATEGORIES

    scenes = EtPlan.scenes  # the suite's first task: VirtualHome's tasks share one house

    def candidates(self, scene: Task, simulator: Simulator) -> Iterable[Candidate]:
        return Candidates(SceneFacts(scene)).all()
