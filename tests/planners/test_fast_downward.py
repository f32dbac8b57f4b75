"""The fast_downward planner plugin on real gold problems, broken domains and budgets."""

import dataclasses
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
import tomllib

from eai.host.manager import load_plugins
from eai.pddl import And, Domain, Not, Operator, Pred, PredicateDecl, Problem
from eai.pddl.parser import parse_domain, parse_problem
from eai.simulation.planner import Budget, Outcome
from eai_fast_downward import child, plugin, runner
from eai_fast_downward.hosts import Host
from eai_fast_downward.planner import FastDownward
from tests.planners.plan_check import PlanError, World

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "pddl"
VIRTUALHOME = parse_domain((DATA / "virtualhome.pddl").read_text())
BEHAVIOR = parse_domain((DATA / "behavior.pddl").read_text())
BUDGET = Budget(cpu_seconds=30, wall_seconds=600)
ROUTES = [FastDownward(), FastDownward(via_up=False)]
route = pytest.mark.parametrize("planner", ROUTES, ids=lambda p: p.name)


def problem(name):
    return parse_problem((DATA / name).read_text())


SOLVABLE = [
    (VIRTUALHOME, "vh_Pet_cat_1035_1.pddl", 1),
    (VIRTUALHOME, "vh_Put_groceries_in_Fridge_703_2.pddl", 4),
    (VIRTUALHOME, "vh_Cook_some_food_392_2.pddl", 7),
    (VIRTUALHOME, "vh_Wash_hands_549_2.pddl", 0),
    (BEHAVIOR, "b_installing_a_modem_0_Beechwood_0_int_0_2021-10-25_20-28-55.pddl", 5),
    (BEHAVIOR, "b_cleaning_bathtub_0_Pomaria_0_int_0_2021-09-10_16-22-10.pddl", 10),
    (BEHAVIOR, "b_locking_every_door_0_Merom_1_int_0_2021-10-20_05-53-14.pddl", 4),
]


def pigeonhole(holes):
    """n + 1 pigeons, n holes: unsolvable, yet only a search of the whole space can tell."""
    place = Operator(
        "place", (("?p", "pigeon"), ("?h", "hole")),
        And((Pred("free", ("?h",)), Not(Pred("placed", ("?p",))))),
        And((Pred("placed", ("?p",)), Not(Pred("free", ("?h",))))),
    )
    decls = (PredicateDecl("free", (("?h", "hole"),)), PredicateDecl("placed", (("?p", "pigeon"),)))
    domain = Domain("pigeons", (("pigeon", ""), ("hole", "")), decls, (place,))
    objects = tuple((f"p{i}", "pigeon") for i in range(holes + 1)) + tuple((f"h{i}", "hole") for i in range(holes))
    goal = And(tuple(Pred("placed", (f"p{i}",)) for i in range(holes + 1)))
    return domain, Problem("pigeons", "pigeons", objects, tuple(("free", f"h{i}") for i in range(holes)), goal)


def descendants():
    """Processes below this one, except the idle planner hosts."""
    return [row for row in processes_below() if "host.py" not in row[2]]


def processes_below():
    """Rows (pid, ppid, args) of the processes below this one."""
    table = subprocess.run(["ps", "-ww", "-eo", "pid=,ppid=,args="], capture_output=True, text=True, check=True).stdout
    rows = [line.split(None, 2) for line in table.splitlines()]
    children: dict[str, list[list[str]]] = {}
    for row in rows:
        children.setdefault(row[1], []).append(row)
    found, todo = [], [str(os.getpid())]
    while todo:
        for row in children.get(todo.pop(), []):
            if row[2].startswith("ps "):
                continue
            todo.append(row[0])
            found.append(row)
    return found


@pytest.fixture
def own_tmp(tmp_path, monkeypatch):
    """Runs put their directories here, so we can see that none is left."""
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    return tmp_path


@route
@pytest.mark.parametrize("domain, name, min_steps", SOLVABLE, ids=[s[1][:24] for s in SOLVABLE])
def test_gold_problems_have_valid_plans(planner, domain, name, min_steps, own_tmp):
    task = problem(name)
    result = planner.solve(domain, task, BUDGET)
    assert result.outcome is Outcome.SOLVED, result.detail
    assert len(result.plan) >= min_steps
    World(domain, task).run(result.plan)
    assert list(own_tmp.iterdir()) == []


def test_plan_check_catches_a_bad_plan():
    task = problem("vh_Put_groceries_in_Fridge_703_2.pddl")
    plan = FastDownward().solve(VIRTUALHOME, task, BUDGET).plan
    with pytest.raises(PlanError):
        World(VIRTUALHOME, task).run(plan[1:])


@route
def test_empty_effects_make_a_valid_domain(planner):
    assert VIRTUALHOME.operator("find").effect == And(())
    assert ":effect (and)" in VIRTUALHOME.to_pddl()
    only_find = dataclasses.replace(VIRTUALHOME, operators=(VIRTUALHOME.operator("find"),))
    result = planner.solve(only_find, problem("vh_Wash_hands_549_2.pddl"), BUDGET)
    assert result.outcome is Outcome.SOLVED and result.plan == ()


@route
def test_proven_unsolvable(planner):
    result = planner.solve(VIRTUALHOME, problem("vh_Write_an_email_996_2.pddl"), BUDGET)
    assert result.outcome is Outcome.UNSOLVABLE
    assert "proved" in result.detail


@route
def test_a_missing_operator_is_not_filled_in(planner):
    without_open = dataclasses.replace(
        VIRTUALHOME, operators=tuple(op for op in VIRTUALHOME.operators if op.name != "open")
    )
    result = planner.solve(without_open, problem("vh_Put_groceries_in_Fridge_703_2.pddl"), BUDGET)
    assert result.outcome is Outcome.UNSOLVABLE
    assert result.plan == ()


def gizmo_grab():
    """VirtualHome with one operator, whose precondition names an undefined predicate."""
    return dataclasses.replace(
        VIRTUALHOME, operators=(Operator("grab", (("?c", "character"), ("?o", "object")), Pred("gizmo", ("?o",))),)
    )


def test_a_bad_domain_is_an_error_not_an_exception(own_tmp):
    result = FastDownward(via_up=False).solve(gizmo_grab(), problem("vh_Pet_cat_1035_1.pddl"), BUDGET)
    assert result.outcome is Outcome.ERROR
    assert "exit code" in result.detail and len(result.detail) < 400
    assert list(own_tmp.iterdir()) == []


def test_unified_planning_rejects_a_bad_operator_and_plans_without_it(own_tmp):
    result = FastDownward().solve(gizmo_grab(), problem("vh_Pet_cat_1035_1.pddl"), BUDGET)
    assert result.outcome is Outcome.UNSOLVABLE
    assert result.rejected == (("grab", "undefined predicate gizmo"),)
    assert list(own_tmp.iterdir()) == []


def test_an_invalid_problem_is_an_error(own_tmp):
    task = problem("vh_Pet_cat_1035_1.pddl")
    task = dataclasses.replace(task, init=(*task.init, ("grabbable", "unicorn")))
    result = FastDownward().solve(VIRTUALHOME, task, BUDGET)
    assert result.outcome is Outcome.ERROR
    assert "invalid problem: init grabbable unicorn: undeclared object unicorn" in result.detail
    assert list(own_tmp.iterdir()) == []


@route
def test_cpu_limit_ends_the_whole_run(planner, own_tmp):
    result = planner.solve(*pigeonhole(12), Budget(cpu_seconds=1))
    assert result.outcome is Outcome.BUDGET_EXHAUSTED and result.detail == "CPU time limit"
    assert result.cpu_seconds >= 0.75  # the searches used the budget: CPU time, which load does not use up
    assert descendants() == []
    assert list(own_tmp.iterdir()) == []


@route
def test_the_wall_clock_limit_is_a_safety_net_not_a_verdict(planner, own_tmp):
    """A CPU budget of a minute cannot be used up within a wall-clock second,
    on any machine: the safety net stops the run, with no verdict."""
    result = planner.solve(*pigeonhole(12), Budget(cpu_seconds=60, wall_seconds=1))
    assert result.outcome is Outcome.INFRASTRUCTURE_FAILURE and not result.outcome.verdict
    assert "wall-clock safety net of 1 s" in result.detail
    assert descendants() == []
    assert list(own_tmp.iterdir()) == []


@route
def test_memory_limit(planner):
    """The search runs out of memory. (Fast Downward's translator, which runs in
    Python, can spin at a memory limit instead; the CPU limit ends it then.)"""
    result = planner.solve(*pigeonhole(12), Budget(cpu_seconds=60, memory_mb=20))
    assert result.outcome is Outcome.BUDGET_EXHAUSTED and result.detail == "memory limit"


@pytest.mark.parametrize("planner, broken_outcome", [(ROUTES[0], Outcome.UNSOLVABLE), (ROUTES[1], Outcome.ERROR)],
                         ids=lambda p: getattr(p, "name", ""))
def test_solve_all_keeps_job_order(planner, broken_outcome):
    broken = dataclasses.replace(VIRTUALHOME, operators=(Operator("x", (), Pred("nope"), Pred("nope")),))
    jobs = [
        (VIRTUALHOME, problem("vh_Write_an_email_996_2.pddl")),
        (VIRTUALHOME, problem("vh_Pet_cat_1035_1.pddl")),
        (broken, problem("vh_Pet_cat_1035_1.pddl")),
        (BEHAVIOR, problem(SOLVABLE[4][1])),
        (VIRTUALHOME, problem("vh_Cook_some_food_392_2.pddl")),
    ]
    outcomes = [r.outcome for r in planner.solve_all(jobs, BUDGET, workers=2)]
    assert outcomes == [Outcome.UNSOLVABLE, Outcome.SOLVED, broken_outcome, Outcome.SOLVED, Outcome.SOLVED]


@route
def test_doctor_reports_a_working_planner(planner):
    (finding,) = planner.doctor()
    assert finding.ok, finding.detail


def test_doctor_says_how_to_fix_a_missing_planner(monkeypatch):
    monkeypatch.setattr(runner, "fast_downward_dir", lambda: None)
    (finding,) = FastDownward().doctor()
    assert not finding.ok and "up-fast-downward" in finding.fix
    assert FastDownward().solve(*pigeonhole(1), BUDGET).outcome is Outcome.INFRASTRUCTURE_FAILURE


def test_registered_as_a_plugin():
    plugins = load_plugins(extra={"fast_downward": plugin})
    assert plugins.planners.get("fast_downward").via_up
    assert not plugins.planners.get("fast_downward_direct").via_up
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["project"]["entry-points"]["eai"]["fast_downward"] == "eai_fast_downward.plugin"
    assert "plugins/planners/fast_downward/eai_fast_downward" in project["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"]


@route
def test_close_ends_the_idle_hosts_and_counts_their_cpu(planner):
    """A host's CPU (its imports, its searches) reaches this process's
    RUSAGE_CHILDREN only when it ends: close() ends it; planning goes on after."""
    task = problem("vh_Pet_cat_1035_1.pddl")
    assert planner.solve(VIRTUALHOME, task, BUDGET).solved
    assert any("host.py" in row[2] for row in processes_below())
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    planner.close()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert not any("host.py" in row[2] for row in processes_below())
    assert after.ru_utime + after.ru_stime > before.ru_utime + before.ru_stime
    assert planner.solve(VIRTUALHOME, task, BUDGET).solved


def test_a_unified_planning_host_loads_neither_scipy_nor_numpy():
    """unified-planning imports ConfigSpace, and with it scipy, only for an
    annotation; the hosts keep it out (host.py, _Unused) and still plan."""
    host = Host(runner.fast_downward_dir(), runner.UP_PREPARER)
    try:
        maps = Path(f"/proc/{host.process.pid}/maps").read_text()
    finally:
        host.close()
    assert "scipy" not in maps and "numpy" not in maps


def test_importing_the_plugin_does_not_import_unified_planning():
    code = "import sys, eai_fast_downward.plugin; print(sorted(m for m in sys.modules if 'unified' in m or m.startswith('up_')))"
    paths = os.pathsep.join([str(ROOT), str(ROOT / "plugins" / "planners" / "fast_downward")])
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": paths}).stdout
    assert out.strip() == "[]"


def needed_operators(task_id):
    """A VirtualHome task's problem, and the gold domain with only the operators the task needs."""
    suite = load_plugins().suites.get("virtualhome")
    task = suite.load([task_id])[0]
    gold = parse_domain(suite.file("domain").read_text())
    return (dataclasses.replace(gold, operators=tuple(gold.operator(n) for n in task.transition_model.operators)),
            parse_problem(task.transition_model.problem))


def test_the_portfolio_goes_on_when_a_search_gives_up():
    """Wash clothes (954_2) on our text as written: greedy search with FF
    alone wanders (hundreds of thousands of states in 10 s of CPU, far past
    its 2 s share here); alternating FF and causal-graph heuristics solves it
    in 6,189 states (about 0.2 s). Every share is CPU time, so the same
    search finds the plan on an idle or a loaded machine."""
    domain, task = needed_operators("954_2")
    assert "max_time=2" in runner.searches(Path("bin"), Budget(cpu_seconds=10))[0][2]
    result = FastDownward(via_up=False).solve(domain, task, Budget(cpu_seconds=10))
    assert result.solved and result.expanded == 6189  # the second search's count
    assert result.cpu_seconds >= 2  # the first used up its share
    World(domain, task).run(result.plan)


@pytest.mark.parametrize("task_id, expanded", [("954_2", 707), ("417_2", 843), ("826_1", 1857)])
def test_written_out_quantifiers_make_the_hardest_gold_problems_easy(task_id, expanded):
    """Through unified-planning, quantifiers over one literal are written out
    (eai.pddl.expand): the first search solves the gold problems that took
    seconds to minutes as written, in a fixed number of states."""
    domain, task = needed_operators(task_id)
    result = FastDownward().solve(domain, task, BUDGET)
    assert result.solved and result.expanded == expanded
    World(domain, task).run(result.plan)


MB = 1024 * 1024
ROOM = 200 * MB  # a host's resident memory when it forked, plus the budget


@pytest.mark.parametrize("code, translating, cpu, peak, meant", [
    (-9, True, 4.8, ROOM - 7 * MB, child.TRANSLATE_OUT_OF_MEMORY),  # CPython spinning at its limit, killed (issue 31)
    (21, True, 4.0, ROOM - 7 * MB, child.TRANSLATE_OUT_OF_MEMORY),  # SIGXCPU answered while at its limit
    (-9, True, 4.8, ROOM - 90 * MB, child.TRANSLATE_OUT_OF_TIME),  # stuck in a long C call, memory to spare
    (21, True, 4.0, ROOM - 90 * MB, child.TRANSLATE_OUT_OF_TIME),
    (-9, False, 4.8, ROOM - 7 * MB, child.SEARCH_OUT_OF_TIME),  # the search (C++) reports its own memory limit
    (-9, True, 0.5, ROOM - 7 * MB, -9),  # not the CPU limit's kill: another's, no verdict of ours
    (20, True, 0.3, ROOM - 7 * MB, 20), (30, True, 0.3, 0, 30), (0, False, 1.0, 0, 0), (None, True, 4.0, 0, None),
])
def test_a_childs_end_reads_as_the_budget_that_ended_it(code, translating, cpu, peak, meant):
    assert child.ending(code, translating, cpu, 4.0, peak, ROOM) == meant
    if meant == child.TRANSLATE_OUT_OF_MEMORY != code:  # no memory budget: never out of memory by this rule
        assert child.ending(code, translating, cpu, 4.0, peak, None) == child.TRANSLATE_OUT_OF_TIME
