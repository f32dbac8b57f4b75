"""The bfs planner plugin: shortest plans, deterministic ties, outcomes and budgets."""

from pathlib import Path

import pytest
import tomllib

from eai.host.manager import get_plugins, load_plugins
from eai.simulation.planner import Budget, Outcome
from eai.simulation.simulator import ActionSpec, Check, World
from eai.simulation.taxonomy import execute
from eai.world import Action, Goal, Obj, Task
from eai_bfs import plugin
from eai_bfs.search import BreadthFirst

ROOT = Path(__file__).resolve().parents[2]
BFS = BreadthFirst()
NO_LIMIT = Budget()


class Switches(World):
    """Switches that FLIP on and off; ``("on", s)`` atoms. ``ghost`` is never on."""

    actions = {"FLIP": ActionSpec("FLIP", 1)}

    def __init__(self, count: int) -> None:
        objects = tuple(Obj(f"s{i:02d}", "switch") for i in range(count)) + (Obj("ghost", "switch"),)
        super().__init__(Task("toy", "toy", "switches", "", objects, frozenset(), Goal("")))

    @property
    def initial(self):
        return self.index.state()

    def unaffordable(self, action):
        return "the ghost switch cannot be flipped" if action.args[0] == "ghost" else ""

    def check_state(self, state, action):
        return Check()

    def apply(self, state, action):
        atom = ("on", action.args[0])
        return state.remove(atom) if atom in state else state.add(atom)

    def successors(self, state, objects=None):
        for obj in sorted(self.objects if objects is None else objects):
            if obj != "ghost":
                action = Action("FLIP", (obj,))
                yield action, self.apply(state, action)


@pytest.fixture(scope="module")
def vh_world_27_2():
    plugins = get_plugins()
    task = plugins.suites.get("virtualhome").load(["27_2"])[0]
    return plugins.simulators.get("virtualhome").world(task)


def on(*names):
    return lambda state: all(("on", n) in state for n in names)


def test_shortest_plan_with_ties_in_successor_order():
    world = Switches(6)
    result = BFS.search(world, world.initial, on("s04", "s01"), NO_LIMIT)
    assert result.outcome is Outcome.SOLVED
    assert result.plan == (Action("FLIP", ("s01",)), Action("FLIP", ("s04",)))
    assert BFS.search(world, world.initial, on("s04", "s01"), NO_LIMIT).plan == result.plan


def test_a_goal_that_holds_at_the_start_needs_no_action():
    world = Switches(3)
    result = BFS.search(world, world.initial, lambda state: True, NO_LIMIT)
    assert result.outcome is Outcome.SOLVED and result.plan == () and result.expanded == 0


def test_exhausted_space_is_unsolvable():
    world = Switches(4)
    result = BFS.search(world, world.initial, on("ghost"), NO_LIMIT)
    assert result.outcome is Outcome.UNSOLVABLE
    assert result.expanded == 2 ** 4


def test_objects_restrict_the_actions():
    world = Switches(5)
    assert BFS.search(world, world.initial, on("s03"), NO_LIMIT, objects=["s00", "s01"]).outcome is Outcome.UNSOLVABLE
    result = BFS.search(world, world.initial, on("s03"), NO_LIMIT, objects={"s03", "s00"})
    assert result.plan == (Action("FLIP", ("s03",)),)


def test_actions_restrict_the_names_tried():
    world = Switches(3)
    assert BFS.search(world, world.initial, on("s01"), NO_LIMIT, actions=frozenset()).outcome is Outcome.UNSOLVABLE
    narrowed = BFS.search(world, world.initial, on("s01"), NO_LIMIT, actions={"FLIP"})
    plain = BFS.search(world, world.initial, on("s01"), NO_LIMIT)
    assert (narrowed.outcome, narrowed.plan, narrowed.expanded) == (plain.outcome, plain.plan, plain.expanded)


def test_node_budget_stops_the_search_at_once():
    world = Switches(30)  # 2^30 states: only the budget can end this
    result = BFS.search(world, world.initial, on("ghost"), Budget(nodes=500))
    assert result.outcome is Outcome.BUDGET_EXHAUSTED
    assert result.expanded == 500 and "node" in result.detail


def test_time_never_decides_a_verdict():
    """Budgets are counted: time limits, however small, change nothing."""
    world = Switches(30)
    counted = BFS.search(world, world.initial, on("ghost"), Budget(nodes=300))
    timed = BFS.search(world, world.initial, on("ghost"), Budget(nodes=300, cpu_seconds=1e-9, wall_seconds=1e-9))
    assert (timed.outcome, timed.expanded, timed.detail) == (counted.outcome, 300, counted.detail)


def test_memory_budget_stops_the_search():
    world = Switches(30)
    result = BFS.search(world, world.initial, on("ghost"), Budget(memory_mb=1))
    assert result.outcome is Outcome.BUDGET_EXHAUSTED and "memory" in result.detail
    assert result.expanded < 10_000


def test_real_subgoal_plan_executes_and_reaches_it(vh_world_27_2):
    world = vh_world_27_2
    atom = ("ONTOP", "soap.1002", "washing_machine.1001")
    objects = world.search_objects(world.initial, [atom])
    result = BFS.search(world, world.initial, lambda state: atom in state, Budget(), objects)
    assert result.outcome is Outcome.SOLVED
    # the soap lies by the basket the washing machine stands on: one place
    assert [a.name for a in result.plan] == ["FIND", "GRAB", "PUTBACK"]
    execution = execute(world, result.plan)
    assert execution.executable and atom in execution.trajectory.final


def test_real_unreachable_subgoal_is_unsolvable(vh_world_27_2):
    world = vh_world_27_2  # the washing machine is not grabbable
    atom = ("ONTOP", "washing_machine.1001", "soap.1002")
    objects = world.search_objects(world.initial, [atom])
    result = BFS.search(world, world.initial, lambda state: atom in state, Budget(), objects)
    assert result.outcome is Outcome.UNSOLVABLE


def test_registered_as_a_plugin():
    plugins = load_plugins(extra={"bfs": plugin})
    assert isinstance(plugins.planners.get("bfs"), BreadthFirst)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["project"]["entry-points"]["eai"]["bfs"] == "eai_bfs.plugin"
    assert "plugins/planners/bfs/eai_bfs" in project["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"]


def test_prefer_chooses_among_shortest_plans(vh_world_27_2):
    world = vh_world_27_2
    sitting = ("SITTING", "character.65")
    objects = world.search_objects(world.initial, [sitting])

    def search(budget, prefer=None):
        return BFS.search(world, world.initial, lambda state: sitting in state, budget, objects, prefer)

    on_couch = lambda state: ("ONTOP", "character.65", "couch.352") in state  # noqa: E731
    assert [str(a) for a in search(NO_LIMIT).plan] == ["FIND(bathtub.30)", "SIT(bathtub.30)"]  # the first seat by id
    preferred = search(NO_LIMIT, on_couch)
    assert [str(a) for a in preferred.plan] == ["FIND(couch.352)", "SIT(couch.352)"]
    assert search(NO_LIMIT, lambda state: False).plan == search(NO_LIMIT).plan  # no preferred one: the first
    # out of budget while comparing shortest plans: the first shortest plan, solved
    short = search(Budget(nodes=preferred.expanded - 1), on_couch)
    assert short.outcome is Outcome.SOLVED and short.plan == search(NO_LIMIT).plan
