"""One Fast Downward run in a private directory (``workdirs``), by a planner
host (``host.py``) in its own session, within the CPU and memory limits of
its budget. Never raises for a bad domain; the directory is always removed.

Two routes to the PDDL files: through unified-planning (the job is pickled;
the host's child builds the UP problem with ``up_problem`` and writes it with
UP's writer, leaving out operators UP rejects), or our model's own PDDL text.
"""

from __future__ import annotations

import importlib.util
import json
import pickle
import re
import signal
import time
from pathlib import Path

from eai.plugin_api import Action, Budget, Domain, Outcome, PlanResult, Problem
from eai_fast_downward import workdirs
from eai_fast_downward.hosts import HostError, hosts

UP_PREPARER = "eai_fast_downward.up_problem"  # imported by the hosts only
JOB = "job.pickle"  # (Domain, Problem), for the preparer
REPORT = "conversion.json"  # {"names", "rejected"}, from the preparer

# The portfolio, tried in turn (host.py), each search within CPU time:
# 1. greedy best-first search with the FF heuristic and its preferred
#    operators, evaluating states as they are generated (eager), for
#    FIRST_SHARE of the CPU budget. Through unified-planning (which writes
#    out quantifiers over one literal, see up_problem.py) it solves every gold
#    problem of both suites with the operators its task needs, expanding at
#    most 1,857 states (at most 0.7 s of search).
# 2. if it gave up, lazy greedy search alternating the FF and causal-graph
#    heuristics, for FIRST_SHARE too: on our text as written (axioms and
#    all), it solves 954_2 in 0.2 s where the others wander for minutes;
# 3. then Fast Downward's "lama-first" alias (driver/aliases.py: lazy greedy
#    search with the FF and landmark heuristics) for the rest (417_2 on our
#    text: 9.6 s).
# Each stops on CPU time (Fast Downward's max_time and RLIMIT_CPU measure the
# CPU time of the search process), so load never decides which finds the plan.
_FF = "let(hff, eval_modify_costs(ff(),cost_type=one),{})"
EAGER_FF = _FF.format("eager_greedy([hff],preferred=[hff],cost_type=one,max_time={:g})")
FF_CG = _FF.format("let(hcg, eval_modify_costs(cg(),cost_type=one),"
                   "lazy_greedy([hff,hcg],preferred=[hff,hcg],cost_type=one,reopen_closed=false,max_time={:g}))")
LAMA_FIRST = _FF.format("let(hlm, eval_modify_costs(landmark_sum(lm_factory=lm_reasonable_orders_hps(lm_rhw()),"
                        "pref=false),cost_type=one),lazy_greedy([hff,hlm],preferred=[hff,hlm],cost_type=one,"
                        "reopen_closed=false))")
FIRST_SHARE = 0.2  # of the CPU budget, for each of the first two searches
FIRST_UNLIMITED = 60.0  # CPU seconds for each of them when the budget has no CPU limit


def searches(bin_dir: Path, budget: Budget) -> list[list[str]]:
    """The command lines of the portfolio."""
    first = FIRST_UNLIMITED if budget.cpu_seconds is None else budget.cpu_seconds * FIRST_SHARE
    configs = [EAGER_FF.format(first), FF_CG.format(first), LAMA_FIRST]
    return [[str(bin_dir / "downward"), "--search", config, "--internal-plan-file", "sas_plan"] for config in configs]


# Exit codes (fast-downward.org, "exit codes"): what each means for us.
_SOLVED = {0, 1, 2, 3}  # 1-3: a plan was found before a limit hit
_UNSOLVABLE = {10: "translator proved the task unsolvable", 11: "search proved the task unsolvable",
               12: "search ended without a plan (incomplete search, not a proof)"}
_OUT_OF_MEMORY = {20, 22}
_OUT_OF_TIME = {21, 23, 24}


def fast_downward_dir() -> Path | None:
    """The Fast Downward build bundled in the ``up_fast_downward`` package (found
    without importing it, which would import unified-planning)."""
    spec = importlib.util.find_spec("up_fast_downward")
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).parent / "downward" / "builds" / "release" / "bin"


def run(domain: Domain, problem: Problem, budget: Budget, via_up: bool = True) -> PlanResult:
    """Solve ``problem`` within ``budget`` (``budget.nodes`` is not supported)."""
    started = time.monotonic()
    bin_dir = fast_downward_dir()
    if bin_dir is None or not (bin_dir / "downward").exists():
        return PlanResult(Outcome.INFRASTRUCTURE_FAILURE, detail="Fast Downward not found (install up-fast-downward)")
    try:
        with workdirs.run_dir() as work:
            if via_up:
                (work / JOB).write_bytes(pickle.dumps((domain, problem)))
            else:
                (work / "domain.pddl").write_text(domain.to_pddl())
                (work / "problem.pddl").write_text(problem.to_pddl())
            code, cpu = hosts(bin_dir, UP_PREPARER if via_up else None).run(work, searches(bin_dir, budget), budget)
            log = _read(work / "search.log") or _read(work / "translate.log") or _read(work / "prepare.log")
            outcome, detail = _outcome(code, log, work / "sas_plan", budget)
            report = json.loads(_read(work / REPORT) or "{}")
            names = report.get("names") or _names(domain, problem)
            plan = _read_plan(work / "sas_plan", names) if outcome is Outcome.SOLVED else ()
    except (OSError, HostError) as exc:  # cannot write the files or run the planner at all
        return PlanResult(Outcome.INFRASTRUCTURE_FAILURE, seconds=time.monotonic() - started,
                          detail=f"{type(exc).__name__}: {exc}")
    expanded = re.findall(r"Expanded (\d+) state", log)
    rejected = tuple(sorted(report.get("rejected", {}).items()))
    return PlanResult(outcome, plan, int(expanded[-1]) if expanded else 0, time.monotonic() - started, detail,
                      rejected, cpu)


def _read(path: Path) -> str:
    return path.read_text(errors="replace") if path.exists() else ""


def _outcome(code: int | None, log: str, plan_file: Path, budget: Budget) -> tuple[Outcome, str]:
    if code is None:
        return Outcome.INFRASTRUCTURE_FAILURE, f"no verdict within the wall-clock safety net of {budget.wall_seconds:g} s"
    if code in _SOLVED and plan_file.exists():
        return Outcome.SOLVED, ""
    if code in _UNSOLVABLE:
        return Outcome.UNSOLVABLE, _UNSOLVABLE[code]
    if code in _OUT_OF_MEMORY:
        return Outcome.BUDGET_EXHAUSTED, "memory limit"
    if code in _OUT_OF_TIME or code == -signal.SIGXCPU:
        return Outcome.BUDGET_EXHAUSTED, "CPU time limit"
    return Outcome.ERROR, f"exit code {code}: {_last_words(log)}"


def _last_words(log: str, limit: int = 300) -> str:
    """The informative tail of a failed component's output."""
    lines = [line.strip() for line in log.splitlines() if line.strip()]
    return " | ".join(lines[-3:])[-limit:]


def _names(domain: Domain, problem: Problem) -> dict[str, str]:
    """Our names by their spelling in Fast Downward's plans (lower case)."""
    names = {op.name.lower(): op.name for op in domain.operators}
    names.update((obj.lower(), obj) for obj, _ in problem.objects)
    return names


def _read_plan(path: Path, names: dict[str, str]) -> tuple[Action, ...]:
    """Plan steps with the model's spelling."""
    steps = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if line.startswith("(") and line.endswith(")"):
            words = [names.get(word, word) for word in line[1:-1].split()]
            steps.append(Action(words[0], tuple(words[1:])))
    return tuple(steps)
