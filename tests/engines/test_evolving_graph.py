"""VirtualHome 2.3.0's evolving graph behind the environment protocol, on the real VirtualHome tasks
(extra ``virtualhome`` and ``pip install --no-deps virtualhome==2.3.0``)."""

import subprocess
import sys

import pytest

from eai.host.manager import get_plugins
from eai.simulation.environment import SymbolicProvider
from eai.testing.environment import EnvironmentConformance
from eai.world import Action
from eai_evolving_graph.engine import evolving_graph
from eai_evolving_graph.environment import GraphProvider
from eai_evolving_graph.graph import atoms_of, graph_of, node_id
from tests.engines.conftest import needs_evolving_graph

pytestmark = needs_evolving_graph


def tasks(suite, *ids):
    return get_plugins().suites.get(suite).load(list(ids))


def played(task, plan):
    with GraphProvider().open() as env:
        env.reset(task)
        return [env.step(action) for action in plan]


def test_virtualhome_itself_fails_to_import_and_is_never_imported():
    failed = subprocess.run([sys.executable, "-c", "import virtualhome"], capture_output=True, text=True)
    assert failed.returncode != 0
    evolving_graph()
    assert "virtualhome" not in sys.modules


@pytest.mark.parametrize("suite,task_id", [("virtualhome", "27_2"), ("etplan-vh", "navigation_001"),
                                           ("partnr-vh", "constraint_free_001")])
def test_a_state_written_as_a_scene_graph_reads_back_the_same(suite, task_id):
    [task] = tasks(suite, task_id)
    vh, initial = evolving_graph(), frozenset(get_plugins().simulators.get("virtualhome").world(task).initial)
    graph = graph_of(task, initial, vh.environment.Property.__members__)
    assert atoms_of(graph, {node_id(o.id): o.id for o in task.objects}, vh.environment.State.__members__) == initial


def test_find_far_from_its_object_walks_there_instead_of_crashing():
    [task] = tasks("etplan-vh", "navigation_001")
    [found] = played(task, task.gold_plan[:1])
    character = next(o.id for o in task.objects if o.class_name == "character")
    assert found.success and ("NEXT_TO", character, task.gold_plan[0].args[0]) in found.atoms


def test_clothes_put_on_come_off_instead_of_crashing():
    [task] = tasks("virtualhome", "509_2")
    putoff = next(i for i, a in enumerate(task.gold_plan) if a.name == "PUTOFF")
    results = played(task, task.gold_plan[:putoff + 1])
    assert all(r.success for r in results), [r.feedback for r in results if not r.success]


def test_the_character_lies_down_then_sleeps_as_its_own_state_says():
    [task] = tasks("virtualhome", "1027_2")
    results = played(task, task.gold_plan)
    assert all(r.success for r in results) and results[-1].goal_reached


def test_a_refused_step_says_virtualhomes_words_and_changes_nothing():
    [task] = tasks("virtualhome", "27_2")
    with GraphProvider().open() as env:
        start = env.reset(task).atoms
        grab = env.step(Action("GRAB", ("soap.1002",)))
    assert not grab.success and grab.atoms == start
    assert grab.feedback.startswith("GRAB(soap.1002) failed: VirtualHome: <character> (65) is not close to <soap> (1002)")


def test_the_character_is_next_to_what_virtualhome_lets_it_reach():
    [task] = tasks("virtualhome", "27_2")
    with SymbolicProvider(get_plugins().simulators.get("virtualhome")).open() as ours, GraphProvider().open() as theirs:
        mine, engine = ours.reset(task).atoms, theirs.reset(task).atoms
        assert mine <= engine and {a[:2] for a in engine - mine} <= {("NEXT_TO", "character.65")}
        theirs.step(Action("WALK", ("dining_room.201",)))
        walked = theirs.step(Action("WALK", ("washing_machine.1001",)))
        close = {e["to_id"] for e in theirs._state.to_dict()["edges"] if (e["from_id"], e["relation_type"]) == (65, "CLOSE")}
    assert 1002 not in close and ("NEXT_TO", "character.65", "soap.1002") in walked.atoms  # by what it is close to


def test_gold_plans_reach_their_goals_step_by_step_as_in_eai_world():
    for task in tasks("virtualhome", "27_2", "417_1"):
        with SymbolicProvider(get_plugins().simulators.get("virtualhome")).open() as ours, GraphProvider().open() as theirs:
            ours.reset(task), theirs.reset(task)
            for action in task.gold_plan:
                mine, engine = ours.step(action), theirs.step(action)
                assert engine.success and mine.success, (task.id, action, engine.feedback)
            assert engine.goal_reached and mine.goal_reached


@pytest.mark.slow
class TestEvolvingGraphConformance(EnvironmentConformance):
    """The kit on tasks of each suite whose gold plans VirtualHome carries out (docs/engines.md)."""

    @pytest.fixture
    def provider(self):
        return GraphProvider()

    @pytest.fixture
    def tasks(self):
        return [*tasks("virtualhome", "27_2", "417_1", "1027_2"), *tasks("etplan-vh", "navigation_001"),
                *tasks("partnr-vh", "constraint_free_001")]
