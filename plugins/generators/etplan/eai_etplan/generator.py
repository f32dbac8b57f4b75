"""The ``etplan`` generator: ET-Plan-Bench's task categories on a VirtualHome
scene, with instructions from templates (docs/generation.md)."""

from __future__ import annotations

from collections.abc import Iterable

from eai.plugin_api import Candidate, Category, Generator, Simulator, Task, TaskSuite
from eai_etplan.categories import Candidates
from eai_etplan.scene import SceneFacts

GO = ("Go to {target}.", "Walk over to {target}.", "Find {target} and stand next to it.", "Make your way to {target}.")
INTO = ("Put {item} into {dest}.", "Take {item} and place it inside {dest}.",
        "Could you find {item} and store it in {dest}?", "Move {item} into {dest}.")
ONTO = ("Put {item} on {dest}.", "Take {item} and set it down on {dest}.",
        "Could you find {item} and leave it on {dest}?", "Move {item} onto {dest}.")
ITEM_NEEDS = "an item (GRABBABLE, MOVABLE, not furniture or a container) and a {0} keeping its kind"

CATEGORIES = (
    Category("navigation", "Navigation", "a thing that is the only one of its class", GO),
    Category("navigation_spatial", "Navigation with a spatial relation",
             "a thing that shares its class with others and that a relation tells apart", GO),
    Category("place_inside", "Pick and place inside", ITEM_NEEDS.format("receptacle") + ", each alone of its class",
             INTO),
    Category("place_on", "Pick and place on top", ITEM_NEEDS.format("surface") + ", each alone of its class", ONTO),
    Category("place_inside_spatial", "Pick and place inside, with a spatial relation",
             ITEM_NEEDS.format("receptacle") + ", the item told apart from others of its class by a relation", INTO),
    Category("place_on_spatial", "Pick and place on top, with a spatial relation",
             ITEM_NEEDS.format("surface") + ", the item told apart from others of its class by a relation", ONTO),
    Category("multi_one_hand", "Two objects, one at a time",
             "two items of one kind and a receptacle or surface keeping it", (
                 "Put {first} and {second} {prep} {dest}, carrying only one of them at a time.",
                 "Move {first} and {second} {prep} {dest}; never hold both at once.",
                 "Take {first} {prep} {dest}, and {second} as well, one trip for each.")),
    Category("multi_two_hands", "Two objects, one in each hand",
             "two items of one kind and a receptacle or surface keeping it", (
                 "Pick up {first} and {second}, one in each hand, and put them {prep} {dest}.",
                 "Carry {first} and {second} together, one in each hand, and place both {prep} {dest}.",
                 "Hold {first} in one hand and {second} in the other, then put them {prep} {dest}.")),
    Category("temporal", "Temporal dependency",
             "a carrier one can pick up (GRABBABLE, CONTAINERS, CAN_OPEN), an item it keeps, and a place for it", (
                 "Put {item} into {carrier}, and then put {carrier} {prep} {dest}.",
                 "First place {item} in {carrier}; after that, move {carrier} {prep} {dest}.",
                 "Put {item} inside {carrier}, then bring {carrier} with it {prep} {dest}.")),
)


class EtPlan(Generator):
    name = "etplan"
    simulator = "virtualhome"
    description = "ET-Plan-Bench's navigation, pick-and-place, spatial and temporal tasks on a VirtualHome scene"
    method = "ET-Plan-Bench (arXiv:2410.14682), its method only"
    categories = CATEGORIES

    def scenes(self, suite: TaskSuite) -> list[Task]:
        """The initial state of the suite's first task (VirtualHome's tasks share one house)."""
        return suite.load(suite.ids()[:1])

    def candidates(self, scene: Task, simulator: Simulator) -> Iterable[Candidate]:
        return Candidates(SceneFacts(scene)).all()
