"""eai against the upstream evaluator (eai-eval 1.0.5) on the same gold answers, side by side.

    python benchmarks/vs_upstream.py [--rows vh-as,b-gi] [--repeat 3] [--wheel PATH] [--cache DIR]

Installs ``eai-eval==1.0.5`` (from the registry, or ``--wheel``) and the
``up-fast-downward`` wheel into a virtual environment of its own under the
cache folder (default ``$XDG_CACHE_HOME/eai/vs_upstream`` or
``~/.cache/eai/vs_upstream``), reused on later runs. Writes each row's gold
answers in the upstream response format, then runs, interleaved, ``eai score
... --quiet``, a small eai driver and a small driver calling the upstream
evaluator's entry point (both drivers written to a temporary folder at run
time), each in a subprocess of its own interpreter. Prints, per row, the
median over ``--repeat`` runs of:

- each tool's whole process (``eai score`` and the upstream driver): wall and
  CPU time of its process tree, start-up included, and its peak memory (the
  largest process), measured by a small launcher process;
- each tool's work after start-up, measured the same way for both inside the
  tool's process by its driver: the clock starts once the entry point is
  imported (eai: ``eai.api.score``, with plugin discovery done and the row's
  ability module imported, the analogue of the upstream's imports; the
  collector frozen as ``eai``'s command line leaves it) and stops when the call has returned with its
  files written; wall (``perf_counter``) and CPU (``getrusage`` of the
  process and of its children, so child processes that end inside the call
  count: the upstream's pool of 32, eai's planner hosts, which the eai
  driver ends inside the call with ``Planner.close``). Modules either tool
  imports lazily during the call count as work. The options are those ``eai
  score`` uses by default;
- start-up: a driver's process CPU minus its work CPU, run by run (the
  interpreter, imports, eai's plugin discovery, exit; the eai driver imports
  ``eai.cli.budget``, and with it the CLI package, as ``eai score`` does);

the upstream/eai ratios of the medians and each tool's verdict figures from
its own summary. Below the table, the floor of eai's start-up: the CPU of
eai's interpreter importing only typer and pydantic, which its command line
and task files are built on (one such process in each repetition of each
row). Progress goes to stderr, with each eai driver's process figures
beside its work figures; an upstream crash prints its last stderr line and
the row says so.

eai's modules are byte-compiled first, as installing a package compiles
them (pip compiled the upstream's); a source checkout run under
``PYTHONDONTWRITEBYTECODE`` would compile them again in every process.

Rows: vh-as, vh-sd, vh-gi, vh-tm (VirtualHome action sequencing, subgoal
decomposition, goal interpretation, transition modeling) and b-tm, b-gi
(BEHAVIOR transition modeling and goal interpretation).

What the upstream needs to run at all (worked around here, never fixed):

- The gold shortcut: VirtualHome action sequencing counts an answer equal to
  the gold program executable and skips simulating it (and never counts it a
  success). The gold plans are given with their first WALK or FIND repeated,
  to both tools: eai's verdicts are those of the plain gold plans, and the
  upstream simulates every plan, as it does for a model's answers.
- Its Fast Downward wrapper runs ``pddlgym_planners/FD/fast-downward.py``
  inside its own package and, when that is missing, ``git clone``s Fast
  Downward and builds it from source. The cache links that folder to the
  Fast Downward shipped in ``up-fast-downward``, whose driver (``#! /usr/bin/env
  python3``) must find the upstream venv's interpreter first on PATH.
- It reads responses only as ``<dir>/<dataset>/<module>/<model>_outputs.json``,
  and writes ``logs/`` into the working directory and PDDL files into its own
  package: each run gets a fresh temporary working directory.
- BEHAVIOR goal interpretation imports ``igibson.object_states`` (the physics
  simulator) on its first line and never uses it: the driver gives it an empty
  stand-in module. BEHAVIOR transition modeling with the planner is the
  VirtualHome evaluator's, called with ``dataset="behavior"``.
- Its evaluators expect a complete response set (small ones crash with
  ZeroDivisionError/KeyError): every row answers all of its tasks.
- Subgoal decomposition identifiers must be ``scene_1_<file id>``; eai reads
  the same file.

Where the verdicts differ (docs/metrics.md, "Where we differ from the upstream
evaluator(s)"; figures in benchmarks/README.md), printed under the table from
each tool's own summary: action sequencing counts a gold program executable
but never successful and drops tasks with two or more edge goals; goal
interpretation maps a class name to one object (VirtualHome) and scores
against its own annotation (BEHAVIOR); transition modeling runs a hard-coded
pool of 32 processes planning in one working directory, whose shared
``sas_plan`` file loses some plans at random (counted from its log), and fills
operators missing from an answer with the gold ones (no effect on gold
answers).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import venv
from dataclasses import dataclass
from pathlib import Path

from score_action_sequencing import responses as action_sequencing_responses
from subgoal_gold import responses as subgoal_responses
from timing import compile_eai

from eai.host.manager import get_plugins
from eai.modules import get_module
from eai.tasks.sources import cache_dir
from eai_modules.transition_modeling.gold import gold_model
from tests.modules.gi_answers import behavior_answer, virtualhome_gold

UPSTREAM = "eai-eval==1.0.5"
LOG_RECORD = re.compile(r"(?m)^(?=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d - )")  # the upstream's log format
DROPPED = "did not pass gold test"  # its log line for a task it leaves out
RACE = "No such file or directory: 'sas_plan'"
FD_LINK = "virtualhome_eval/simulation/evolving_graph/pddlgym_planners/FD"
WORK = "work.json"  # a driver's figures of its work after start-up


@dataclass(frozen=True)
class Row:
    key: str
    label: str
    suite: str
    module: str


ROWS = (
    Row("vh-as", "VirtualHome action sequencing", "virtualhome", "action_sequencing"),
    Row("vh-sd", "VirtualHome subgoal decomposition", "virtualhome", "subgoal_decomposition"),
    Row("vh-gi", "VirtualHome goal interpretation", "virtualhome", "goal_interpretation"),
    Row("vh-tm", "VirtualHome transition modeling", "virtualhome", "transition_modeling"),
    Row("b-tm", "BEHAVIOR transition modeling", "behavior", "transition_modeling"),
    Row("b-gi", "BEHAVIOR goal interpretation", "behavior", "goal_interpretation"),
)

# A child's peak RSS counts the memory of the process it was started from
# (Linux records it at exec), so each tool is started from this small launcher,
# never from the benchmark process that holds the suites.
LAUNCHER = '''\
import json, resource, subprocess, sys, time
started = time.perf_counter()
status = subprocess.call(sys.argv[2:])
wall = time.perf_counter() - started
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(sys.argv[1], "w") as out:
    json.dump({"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "maxrss_kib": usage.ru_maxrss}, out)
sys.exit(status)
'''

# Both drivers time their tool's evaluation call the same way, from inside
# the tool's process: after start-up (interpreter, the entry point's imports),
# until the call has returned with its files written. CPU counts the children
# that ended inside the call (the upstream's pool, eai's planner hosts).
CLOCK = '''\
import json, resource, sys, time


def cpu():
    """User + system CPU of this process and of its children that have ended."""
    usages = map(resource.getrusage, (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return sum(u.ru_utime + u.ru_stime for u in usages)


def clocked(work, figures):
    """Call work(); write its wall and CPU time to the file figures."""
    wall, used = time.perf_counter(), cpu()
    work()
    with open(figures, "w") as out:
        json.dump({"wall": time.perf_counter() - wall, "cpu": cpu() - used}, out)
'''

DRIVER = CLOCK + '''
row, responses, out, module, figures = sys.argv[1:6]
dataset = {"vh": "virtualhome", "b": "behavior"}[row.split("-")[0]]
if dataset == "behavior" and module == "goal_interpretation":
    import types  # its first line imports igibson (then shadows it): an empty stand-in lets it load
    sys.modules["igibson"] = types.ModuleType("igibson")
    sys.modules["igibson.object_states"] = sys.modules["igibson"].object_states = types.ModuleType("igibson.object_states")
    from behavior_eval.evaluation.goal_interpretation.scripts.evaluate_results import evaluate_results
    clocked(lambda: evaluate_results(f"{responses}/behavior/goal_interpretation", out), figures)
else:
    from virtualhome_eval.agent_eval import agent_evaluation
    clocked(lambda: agent_evaluation(mode="evaluate_results", eval_type=module, llm_response_path=responses,
                                     output_dir=out, dataset=dataset, num_workers=1), figures)
'''

# eai's entry point is the Python API's score (what `eai score` does, without
# the progress bar); plugin discovery is start-up, as the upstream's imports are.
EAI_DRIVER = CLOCK + '''
import gc
import eai.results.responses, eai.results.scoring  # the modules of the entry point, imported before the clock as the upstream's are
from eai.api import score
from eai.cli.budget import DEFAULT_CPU_SECONDS, DEFAULT_MEMORY_MB, budget_options
from eai.modules import get_module
from eai.host.manager import get_plugins

responses, suite, module, out, figures = sys.argv[1:6]
plugins = get_plugins()
get_module(module)  # the row's evaluator, imported before the clock as the upstream driver imports its own
gc.freeze()  # as eai's command line does once start-up is done
options = budget_options(None, DEFAULT_CPU_SECONDS, DEFAULT_MEMORY_MB) | {"sensitivity": False, "workers": None}


def work():
    score(suite, module, responses, options=options, out=out)
    for _, planner in plugins.planners:  # its planner hosts end here, so their CPU is counted
        planner.close()


clocked(work, figures)
'''


def shown(path: Path) -> str:
    """A path as printed: relative to the home folder with ``~``, never the home itself."""
    home = Path.home()
    return f"~/{path.relative_to(home)}" if path.is_relative_to(home) else str(path)


def default_cache() -> Path:
    return cache_dir().parent / "vs_upstream"  # beside eai's own cache of upstream sources


def upstream_python(cache: Path, wheel: Path | None) -> Path:
    """The upstream venv's interpreter, installing eai-eval and Fast Downward on first use."""
    spec = str(wheel.resolve()) if wheel else UPSTREAM
    home = cache / "eai-eval-1.0.5"
    python, marker = home / "bin" / "python", home / "installed.txt"
    if marker.exists():
        print(f"upstream: {marker.read_text().strip()} in {shown(home)}", file=sys.stderr)
        return python
    print(f"installing {UPSTREAM} and up-fast-downward into {shown(home)} ...", file=sys.stderr)
    venv.EnvBuilder(with_pip=True, clear=True).create(home)
    pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    done = subprocess.run(pip + [spec, "up-fast-downward"], capture_output=True, text=True)
    if done.returncode:
        print(f"error: pip could not install {UPSTREAM}: {last_line(done.stderr)}", file=sys.stderr)
        sys.exit(2)
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    (site / FD_LINK).symlink_to(site / "up_fast_downward" / "downward")
    marker.write_text(f"{wheel.name if wheel else UPSTREAM} + up-fast-downward\n")
    return python


def answers(row: Row) -> list[dict[str, str]]:
    """The row's gold answers in the upstream response format."""
    if row.module == "action_sequencing":
        return [{**r, "llm_output": past_gold_shortcut(r["llm_output"])} for r in action_sequencing_responses(row.suite)]
    if row.module == "subgoal_decomposition":
        return [{**r, "identifier": f"scene_1_{r['identifier']}"} for r in subgoal_responses(row.suite)]
    plugins = get_plugins()
    tasks = plugins.suites.get(row.suite).load()
    if row.module == "goal_interpretation":
        if row.suite == "virtualhome":
            return [{"identifier": t.id, "llm_output": virtualhome_gold(t, ids=False)} for t in tasks]
        return [{"identifier": t.id, "llm_output": behavior_answer(t.goal.state, t.goal.relation)} for t in tasks]
    model = gold_model(plugins, row.suite)
    module = get_module("transition_modeling")
    return [{"identifier": t.id, "llm_output": json.dumps({"output": "\n".join(op.to_pddl("") for op in model.operators(t))})}
            for t in tasks if module.applies_to(t)]


def past_gold_shortcut(plan: str) -> str:
    """The gold plan with its first WALK or FIND written twice: the upstream
    counts a plan equal to the gold program executable without simulating it
    (nor checking its goals); the repeated step keeps the plan's verdicts in
    both tools and makes the upstream simulate it."""
    steps = json.loads(plan, object_pairs_hook=lambda pairs: pairs)  # keys repeat
    first = next(i for i, (action, _) in enumerate(steps) if action in ("WALK", "FIND"))
    steps.insert(first, steps[first])
    return "{" + ", ".join(f"{json.dumps(action)}: {json.dumps(args)}" for action, args in steps) + "}"


TOOLS = ("eai", "eai driver", "upstream", "floor")  # the runs of a repetition, in order

# The least start-up eai's command line can have: its interpreter importing
# only typer and pydantic, what the command line and the task files are built on.
FLOOR = "import typer, pydantic"


@dataclass(frozen=True)
class Run:
    wall: float
    cpu: float
    peak_mb: float
    error: str = ""


def last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else "(no output)"


def timed(command: list[str], cwd: Path, launcher: Path, env: dict[str, str] | None = None) -> Run:
    """Run a command through the launcher; wall time, CPU and peak RSS of its process tree."""
    figures = cwd / "usage.json"
    with open(cwd / "stdout.txt", "wb") as out, open(cwd / "stderr.txt", "wb") as err:
        status = subprocess.run([sys.executable, "-I", str(launcher), str(figures), *command], cwd=cwd, stdout=out,
                                stderr=err, stdin=subprocess.DEVNULL, env=env).returncode
    error = last_line((cwd / "stderr.txt").read_text(errors="replace")) if status else ""
    usage = json.loads(figures.read_text())
    return Run(usage["wall"], usage["cpu"], usage["maxrss_kib"] / 1024, error)


def run_eai(row: Row, responses: Path, work: Path, launcher: Path) -> tuple[Run, str]:
    out = work / "scores"
    run = timed([sys.executable, "-m", "eai", "score", str(responses), "--suite", row.suite, "--module", row.module,
                 "--out", str(out), "--quiet"], work, launcher)
    return run, "" if run.error else readable(headline, row, out)


def run_eai_work(row: Row, driver: Path, responses: Path, work: Path, launcher: Path) -> tuple[Run, Run]:
    """The eai driver's process figures and its work figures."""
    run = timed([sys.executable, str(driver), str(responses), row.suite, row.module, str(work / "scores"),
                 str(work / WORK)], work, launcher)
    return run, work_figures(run, work)


def work_figures(run: Run, work: Path) -> Run:
    """The work figures a driver wrote (a failed run when its process failed)."""
    if run.error:
        return run
    figures = json.loads((work / WORK).read_text())
    return Run(figures["wall"], figures["cpu"], run.peak_mb)


def readable(read, row: Row, folder: Path) -> str:
    """A tool's verdict figures, or why its summary could not be read (the timing stands)."""
    try:
        return read(row, folder)
    except (OSError, ValueError, KeyError, TypeError) as error:
        return f"summary unreadable ({type(error).__name__}: {error})"


def headline(row: Row, out: Path) -> str:
    """The row's verdict figures from eai's summary.json."""
    summary = json.loads((out / "summary.json").read_text())
    if row.module == "goal_interpretation":
        return f"F1 {summary['overall']['f1']}"
    if row.module == "transition_modeling":
        return f"F1 {summary['f1']}, planner success {summary['planner_success_rate']}%"
    return f"success {summary['task_success_rate']}%, executable {summary['execution_success_rate']}%"


def run_upstream(row: Row, python: Path, driver: Path, responses: Path, work: Path,
                 launcher: Path) -> tuple[Run, Run, str]:
    """The upstream driver's process figures, its work figures and its verdict figures."""
    folder = work / "responses" / row.suite / row.module
    folder.mkdir(parents=True)
    (folder / "gold_outputs.json").write_text(responses.read_text())
    env = {**os.environ, "PATH": f"{python.parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("PYTHONPATH", None)
    run = timed([str(python), str(driver), row.key, str(work / "responses"), str(work / "out"), row.module,
                 str(work / WORK)], work, launcher, env)
    return run, work_figures(run, work), "" if run.error else readable(upstream_headline, row, work)


def upstream_headline(row: Row, work: Path) -> str:
    """The same figures from the upstream's own summary (and its logs: planner runs lost to the sas_plan race)."""
    out = work / "out"
    if row.suite == "behavior" and row.module == "goal_interpretation":
        overall = json.loads((out / "summary" / "gold_performance_scores.json").read_text())["overall"]
        return f"F1 {100 * overall['overall_confusion_metrics']['f1_score']:.2f}"
    summary = json.loads((out / row.suite / "evaluate_results" / row.module / "gold" / "summary.json").read_text())
    if row.module == "goal_interpretation":
        return f"F1 {summary['all_f1']}"
    if row.module == "transition_modeling":
        records = [r for log in (work / "logs").glob("*.log") for r in LOG_RECORD.split(log.read_text(errors="replace"))]
        races = sum(1 for r in records if RACE in r and r[22:].startswith("worker_"))  # not the final dump
        return (f"F1 {summary['overall']['f1']}, planner success {summary['overall']['planner_success_rate']}% "
                f"({races} planner run(s) lost to the sas_plan race)")
    percent = 100 if row.module == "subgoal_decomposition" else 1  # its subgoal rates are fractions
    figures = (f"success {percent * summary['goal_evaluation']['task_success_rate']:.2f}%, "
               f"executable {percent * summary['trajectory_evaluation']['execution_success_rate']:.2f}%")
    if row.module == "action_sequencing":
        dropped = sum(log.read_text(errors="replace").count(DROPPED) for log in (work / "logs").glob("*.log"))
        figures += f" of the tasks left after dropping {dropped}"
    return figures


def median(runs: list[Run]) -> Run | None:
    """Median wall and CPU of the successful runs, their largest peak; None if none succeeded."""
    ok = [r for r in runs if not r.error]
    if not ok:
        return None
    return Run(statistics.median(r.wall for r in ok), statistics.median(r.cpu for r in ok), max(r.peak_mb for r in ok))


def cell(run: Run | None, failed: str, digits: int = 2) -> str:
    return failed if run is None else f"{run.wall:.{digits}f} s ({run.cpu:.{digits}f} s CPU)"


def ratio(upstream: float, eai: float) -> str:
    return f"{upstream / eai:.1f}x faster" if upstream >= eai else f"{eai / upstream:.1f}x slower"


def table_line(row: Row, n: int, runs: dict[str, list[Run]]) -> str:
    """The row's line: medians of each tool's process and work runs, and of its driver's start-up."""
    eai, upstream, eai_work, upstream_work = (median(runs[k]) for k in ("eai", "upstream", "eai work", "upstream work"))
    both = eai is not None and upstream is not None
    both_work = eai_work is not None and upstream_work is not None
    return " | ".join([
        f"| {row.label}, {n}", cell(upstream, "upstream failed"), cell(eai, "eai failed"),
        ratio(upstream.wall, eai.wall) if both else "-", ratio(upstream.cpu, eai.cpu) if both else "-",
        f"{upstream.peak_mb:.0f} MB" if upstream else "-", f"{eai.peak_mb:.0f} MB" if eai else "-",
        cell(upstream_work, "upstream failed", 3), cell(eai_work, "eai failed", 3),
        ratio(upstream_work.cpu, eai_work.cpu) if both_work else "-",
        start_up(runs["upstream"], runs["upstream work"]), start_up(runs["eai driver"], runs["eai work"]) + " |"])


def start_up(drivers: list[Run], works: list[Run]) -> str:
    """The median CPU of a driver's process outside its work, run by run:
    interpreter, imports (and eai's plugin discovery), exit."""
    outside = [driver.cpu - work.cpu for driver, work in zip(drivers, works) if not driver.error]
    return f"{statistics.median(outside):.3f} s" if outside else "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], epilog=__doc__.split("\n\n", 1)[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", default=",".join(r.key for r in ROWS), help="comma-separated rows (default: all)")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each tool per row; the median is shown")
    parser.add_argument("--wheel", type=Path, help="install eai-eval from this wheel instead of the registry")
    parser.add_argument("--cache", type=Path, default=default_cache(), help="folder for the upstream's venv")
    args = parser.parse_args()
    known = {r.key: r for r in ROWS}
    keys = [k.strip() for k in args.rows.split(",") if k.strip()]
    if unknown := [k for k in keys if k not in known]:
        parser.error(f"unknown row(s) {', '.join(unknown)}; known: {', '.join(known)}")
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    if args.wheel and not args.wheel.is_file():
        parser.error(f"no wheel at {args.wheel}")
    python = upstream_python(args.cache, args.wheel)
    compile_eai()
    lines, verdicts, floors = [], [], []
    with tempfile.TemporaryDirectory(prefix="vs_upstream-") as tmp:
        driver = Path(tmp) / "upstream_driver.py"
        driver.write_text(DRIVER)
        eai_driver = Path(tmp) / "eai_driver.py"
        eai_driver.write_text(EAI_DRIVER)
        launcher = Path(tmp) / "launcher.py"
        launcher.write_text(LAUNCHER)
        for key in keys:
            row = known[key]
            responses = Path(tmp) / f"{key}.json"
            given = answers(row)
            responses.write_text(json.dumps(given))
            runs: dict[str, list[Run]] = {k: [] for k in (*TOOLS, "eai work", "upstream work")}
            said: dict[str, str] = {}
            for n in range(args.repeat):
                for tool in TOOLS:
                    work = Path(tmp) / f"{key}-{tool.replace(' ', '-')}-{n}"
                    work.mkdir()
                    print(f"{key}: {tool} run {n + 1}/{args.repeat} ...", file=sys.stderr)
                    verdict, done = "", None
                    if tool == "eai":
                        run, verdict = run_eai(row, responses, work, launcher)
                    elif tool == "eai driver":
                        run, done = run_eai_work(row, eai_driver, responses, work, launcher)
                        runs["eai work"].append(done)
                    elif tool == "floor":
                        run = timed([sys.executable, "-c", FLOOR], work, launcher)
                    else:
                        run, done, verdict = run_upstream(row, python, driver, responses, work, launcher)
                        runs["upstream work"].append(done)
                    if run.error:
                        print(f"{key}: {tool} failed: {run.error}", file=sys.stderr)
                    else:
                        shown_work = f" (work {done.wall:.3f} s wall, {done.cpu:.3f} s CPU)" if done else ""
                        print(f"{key}: {tool} {run.wall:.2f} s wall, {run.cpu:.2f} s CPU{shown_work}"
                              f"{'; ' + verdict if verdict else ''}", file=sys.stderr)
                    runs[tool].append(run)
                    said[tool] = verdict or said.get(tool, "")
            lines.append(table_line(row, len(given), runs))
            floors += runs["floor"]
            verdicts.append(f"| {row.label} | {said['upstream'] or '-'} | {said['eai'] or '-'} |")
    print(f"Median of {args.repeat} run(s) per tool, interleaved; wall and CPU of each tool's process tree, "
          f"then of its work after start-up (measured inside its process by a driver) and the CPU of the driver's "
          f"process outside that work; "
          f"ratio = upstream / eai. Gold answers of every task, in the upstream format.\n")
    print(f"| work | upstream {UPSTREAM.replace('==', ' ')} | eai | ratio (wall) | ratio (CPU) "
          "| peak memory upstream | eai | work after start-up: upstream | eai | ratio (CPU) | start-up (CPU): upstream | eai |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    print("\n".join(lines))
    floor = median(floors)
    print(f"\nFloor of eai's start-up: its interpreter importing only typer and pydantic (`{FLOOR}`), "
          f"{cell(floor, 'failed', 3)}, median of {len(floors)} run(s), one in each repetition of each row.")
    print("\n| verdicts on the gold answers | upstream | eai |\n|---|---|---|")
    print("\n".join(verdicts))


if __name__ == "__main__":
    main()
