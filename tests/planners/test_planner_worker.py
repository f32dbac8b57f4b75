"""A planner host's worker: one process prepares and translates run after
run, its runs independent of each other; a run out of time or memory ends it
with that verdict and the next run gets a new one."""

import dataclasses
from pathlib import Path

from unified_planning.environment import Environment

from eai.pddl.response import parse_operators
from eai.simulation.planner import Budget, Outcome
from eai_fast_downward import runner
from eai_fast_downward.hosts import Host
from eai_fast_downward.planner import FastDownward
from eai_fast_downward.up_environment import FreshEnvironment
from eai_fast_downward.up_problem import convert, write_pddl
from tests.planners.test_fast_downward import BEHAVIOR, VIRTUALHOME, needed_operators, problem, processes_below

WASH_CLOTHES = "27_2"
BUDGET = Budget(cpu_seconds=30, wall_seconds=600)


def workers() -> list[str]:
    """Pids of the planner workers below this process (the children of its hosts)."""
    rows = processes_below()
    hosts = {pid for pid, _, args in rows if "host.py" in args}
    return sorted(pid for pid, parent, _ in rows if parent in hosts)


def blown_up():
    """Wash clothes with a walk_towards of eight extra parameters: translating
    it grounds every tuple of objects, more than any budget here allows."""
    domain, task = needed_operators(WASH_CLOTHES)
    many = " ".join(f"?x{i} - object" for i in range(8))
    walk = parse_operators(f"(:action walk_towards :parameters (?char - character ?obj - object {many}) "
                           ":precondition (and) :effect (next_to ?char ?obj))").operators["walk_towards"]
    operators = tuple(walk if op.name == "walk_towards" else op for op in domain.operators)
    return dataclasses.replace(domain, operators=operators), task


def test_one_worker_serves_run_after_run():
    planner = FastDownward()
    planner.close()  # no idle host of another test
    domain, task = needed_operators(WASH_CLOTHES)
    first = planner.solve(domain, task, BUDGET)
    serving = workers()
    again = planner.solve(domain, task, BUDGET)
    assert first.solved and (again.plan, again.expanded) == (first.plan, first.expanded)
    assert len(serving) == 1 and workers() == serving


def test_a_translation_out_of_time_ends_the_worker_and_the_next_run_gets_a_new_one():
    planner = FastDownward()
    planner.close()
    domain, task = needed_operators(WASH_CLOTHES)
    assert planner.solve(domain, task, BUDGET).solved
    before = workers()
    result = planner.solve(*blown_up(), Budget(cpu_seconds=1, wall_seconds=600))
    assert result.outcome is Outcome.BUDGET_EXHAUSTED and result.detail == "CPU time limit"
    assert result.cpu_seconds >= 0.75
    assert workers() == []  # the worker ended with the run; the host starts one when a run comes
    assert planner.solve(domain, task, BUDGET).solved
    assert len(workers()) == 1 and workers() != before


def test_a_translation_out_of_memory_is_the_memory_limit():
    planner = FastDownward()
    result = planner.solve(*blown_up(), Budget(cpu_seconds=20, memory_mb=50, wall_seconds=600))
    assert result.outcome is Outcome.BUDGET_EXHAUSTED and result.detail == "memory limit"
    assert planner.solve(*needed_operators(WASH_CLOTHES), BUDGET).solved


def test_a_conversion_does_not_depend_on_the_ones_before(tmp_path):
    """UP hashes types by identity, and its writer lists a domain's constants
    from a set; each conversion has an environment of its own and writes the
    constants in the problem's order, whatever was converted before."""
    def written(domain, name, folder):
        folder.mkdir()
        write_pddl(convert(domain, problem(name)), folder / "domain.pddl", folder / "problem.pddl")
        return (folder / "domain.pddl").read_text(), (folder / "problem.pddl").read_text()

    alone = written(VIRTUALHOME, "vh_Write_an_email_996_2.pddl", tmp_path / "alone")
    for i, name in enumerate(["vh_Cook_some_food_392_2.pddl", "vh_Put_groceries_in_Fridge_703_2.pddl"]):
        written(VIRTUALHOME, name, tmp_path / str(i))
    written(BEHAVIOR, "b_cleaning_bathtub_0_Pomaria_0_int_0_2021-09-10_16-22-10.pddl", tmp_path / "b")
    assert written(VIRTUALHOME, "vh_Write_an_email_996_2.pddl", tmp_path / "after") == alone
    assert "keyboard computer dining_room bathroom chair - object_" in alone[0]  # the problem's order


def test_a_fresh_environment_has_every_part_of_unified_plannings_own():
    """FreshEnvironment sets up an environment by UP's attribute names: a UP
    that adds one (a new cache) must be followed here."""
    assert set(vars(FreshEnvironment())) == set(vars(Environment()))
    assert FreshEnvironment().expression_manager is not FreshEnvironment().expression_manager


def test_a_unified_planning_worker_loads_neither_scipy_nor_numpy():
    """unified-planning imports ConfigSpace, and with it scipy, only for an
    annotation, and networkx for graphs planning never draws; the worker keeps
    them out (worker.keep_out_unused) and still plans."""
    host = Host(runner.fast_downward_dir(), runner.UP_PREPARER)
    try:
        (worker,) = [pid for pid, parent, _ in processes_below() if parent == str(host.process.pid)]
        maps = Path(f"/proc/{worker}/maps").read_text()
    finally:
        host.close()
    assert "scipy" not in maps and "numpy" not in maps
    assert FastDownward().solve(*needed_operators(WASH_CLOTHES), BUDGET).solved


CONVERT_ALONE = """
import sys, tempfile
from pathlib import Path
from eai_fast_downward.worker import keep_out_unused
keep_out_unused()
from eai_fast_downward.up_problem import convert, write_pddl
from tests.planners.test_fast_downward import VIRTUALHOME, problem
work = Path(tempfile.mkdtemp())
write_pddl(convert(VIRTUALHOME, problem("vh_Pet_cat_1035_1.pddl")), work / "domain.pddl", work / "problem.pddl")
print("unified_planning.engines" in sys.modules)
"""


def test_a_conversion_imports_no_planning_engine():
    """A worker's conversions make no engine factory (making one imports UP's
    engines package, a third of the preparer's import); asked for, it is the global one."""
    import subprocess
    import sys

    from unified_planning.environment import get_environment

    done = subprocess.run([sys.executable, "-c", CONVERT_ALONE], capture_output=True, text=True, check=True,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.stdout.strip() == "False"
    assert FreshEnvironment().factory is get_environment().factory
