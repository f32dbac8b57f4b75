"""The official evaluator, eai-eval 1.0.5, in a virtual environment of its own.

:func:`upstream_python` installs ``eai-eval==1.0.5`` and the
``up-fast-downward`` wheel on first use into ``~/.cache/eai/vs_upstream/``
(``$XDG_CACHE_HOME``; about 1.2 GB, reused later; one install at a time, under
a lock), which needs the package index once; without it, one line says so.
:func:`evaluate` runs the evaluator's own entry point on one answer file in a
process of that interpreter and leaves its output and logs in a folder.

What it needs to run at all (worked around here, never fixed):

- Its Fast Downward wrapper runs ``pddlgym_planners/FD/fast-downward.py``
  inside its package and otherwise ``git clone``s and builds Fast Downward:
  the install links that folder to the Fast Downward of ``up-fast-downward``,
  whose driver (``#! /usr/bin/env python3``) finds the venv's interpreter
  first on ``PATH``.
- It reads answers only as ``<dir>/<dataset>/<module>/<model>_outputs.json``
  and writes ``logs/`` into the working folder and PDDL files into its own
  package: each call gets a folder of its own, and calls take turns (a lock).
- BEHAVIOR goal interpretation imports ``igibson.object_states`` (the physics
  simulator) on its first line and shadows it on the next: an empty stand-in
  module lets it load. BEHAVIOR transition modeling with the planner is the
  VirtualHome evaluator's, called with ``dataset="behavior"``. BEHAVIOR action
  sequencing and subgoal decomposition need iGibson itself: not run here.
- Some of its name-to-id maps and its action-goal lists follow Python's hash
  seed, and subgoal decomposition chooses among ``or`` alternatives with
  ``random``: it runs with ``PYTHONHASHSEED=0`` and ``random.seed(0)``, so its
  verdicts repeat.
"""

from __future__ import annotations

import fcntl
import json
import os
import signal
import subprocess
import venv
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from eai.exceptions import EaiError
from eai.tasks.sources import cache_dir

UPSTREAM = "eai-eval==1.0.5"
FD_LINK = "virtualhome_eval/simulation/evolving_graph/pddlgym_planners/FD"
MODEL = "submission"  # the answer file's name in the upstream's layout: <MODEL>_outputs.json
POLL_SECONDS = 5
NEEDS_IGIBSON = frozenset({("behavior", "action_sequencing"), ("behavior", "subgoal_decomposition")})

# The evaluator's entry point for a dataset and module, imported, as a call
# writing its results: run by :data:`DRIVER` here, and timed by
# benchmarks/vs_upstream.py, whose clock starts after the imports.
ENTRY = '''\
import random
import sys
import types


def entry(dataset, module, responses, out):
    """The official evaluator of dataset/module on the answers under responses, as a call writing into out."""
    random.seed(0)  # subgoal decomposition picks among `or` alternatives at random: the same picks every run
    if dataset == "behavior" and module == "goal_interpretation":
        # its first line imports igibson (then shadows it): an empty stand-in lets it load
        sys.modules["igibson"] = types.ModuleType("igibson")
        sys.modules["igibson.object_states"] = sys.modules["igibson"].object_states = types.ModuleType("igibson.object_states")
        from behavior_eval.evaluation.goal_interpretation.scripts.evaluate_results import evaluate_results
        return lambda: evaluate_results(f"{responses}/behavior/goal_interpretation", out)
    from virtualhome_eval.agent_eval import agent_evaluation
    return lambda: agent_evaluation(mode="evaluate_results", eval_type=module, llm_response_path=responses,
                                    output_dir=out, dataset=dataset, num_workers=1)
'''
DRIVER = ENTRY + "\nentry(*sys.argv[1:5])()\n"


def default_cache() -> Path:
    return cache_dir().parent / "vs_upstream"  # beside eai's own cache of upstream sources


def shown(path: Path) -> str:
    """A path as printed: relative to the home folder with ``~``, never the home itself."""
    home = Path.home()
    return f"~/{path.relative_to(home)}" if path.is_relative_to(home) else str(path)


def last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else "(no output)"


@contextmanager
def held(lock: Path) -> Iterator[None]:
    """Hold ``lock`` (an flock), waiting for another process holding it."""
    lock.parent.mkdir(parents=True, exist_ok=True)
    with open(lock, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def upstream_python(cache: Path | None = None, wheel: Path | None = None,
                    say: Callable[[str], None] = lambda line: None) -> Path:
    """The upstream venv's interpreter, installing eai-eval (from ``wheel``
    when given) and Fast Downward on first use; ``say`` reports the install."""
    home = (cache or default_cache()) / "eai-eval-1.0.5"
    python, marker = home / "bin" / "python", home / "installed.txt"
    with held(home.parent / "eai-eval-1.0.5.lock"):
        if marker.exists():
            return python
        say(f"installing {UPSTREAM} and up-fast-downward into {shown(home)} (once; about 1.2 GB) ...")
        venv.EnvBuilder(with_pip=True, clear=True).create(home)
        pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
        done = subprocess.run(pip + [str(wheel.resolve()) if wheel else UPSTREAM, "up-fast-downward"],
                              capture_output=True, text=True, stdin=subprocess.DEVNULL)
        if done.returncode:
            raise EaiError(f"cannot install {UPSTREAM} (the official evaluator), which needs the package index once: "
                           f"pip says: {last_line(done.stderr)}")
        site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                   capture_output=True, text=True, check=True).stdout.strip())
        (site / FD_LINK).symlink_to(site / "up_fast_downward" / "downward")
        marker.write_text(f"{wheel.name if wheel else UPSTREAM} + up-fast-downward\n")
    return python


def environment(python: Path) -> dict[str, str]:
    """The upstream's environment: its venv first on PATH, no PYTHONPATH, a fixed hash seed."""
    env = {**os.environ, "PATH": f"{python.parent}{os.pathsep}{os.environ.get('PATH', '')}", "PYTHONHASHSEED": "0"}
    env.pop("PYTHONPATH", None)
    return env


def evaluate(python: Path, suite: str, module: str, answers: str, work: Path,
             progress: Callable[[int], None] = lambda done: None) -> Path:
    """Run the official evaluator of ``suite``/``module`` on the answer file
    text ``answers`` in the folder ``work`` (made; its answers, ``out/`` and
    ``logs/`` stay there); the folder it wrote its results in. ``progress``
    gets the count of tasks it has taken up, every few seconds. EaiError with
    its last line of output when it fails."""
    if (suite, module) in NEEDS_IGIBSON:
        raise EaiError(f"the official {suite} {module} evaluator needs the iGibson physics simulator: not run here")
    given = work / "responses" / suite / module
    given.mkdir(parents=True)
    (given / f"{MODEL}_outputs.json").write_text(answers, encoding="utf-8")
    (work / "driver.py").write_text(DRIVER)
    with held(python.parents[2] / "eai-eval-1.0.5.run.lock"), \
            open(work / "stdout.txt", "wb") as out, open(work / "stderr.txt", "wb") as err:
        process = subprocess.Popen([str(python), "driver.py", suite, module, str(given.parents[1]), str(work / "out")],
                                   cwd=work, env=environment(python), stdout=out, stderr=err, stdin=subprocess.DEVNULL,
                                   start_new_session=True)  # its planner pool goes with it when it is stopped
        while True:
            try:
                status = process.wait(timeout=POLL_SECONDS)
                break
            except subprocess.TimeoutExpired:
                progress(evaluated(work))
            except BaseException:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
                raise
    if status:
        raise EaiError(f"the official {suite} {module} evaluator failed: "
                       f"{last_line((work / 'stderr.txt').read_text(errors='replace'))}")
    return work / "out"


def evaluated(work: Path) -> int:
    """How many tasks the upstream has taken up so far: from its log, or
    from the per-task file subgoal decomposition rewrites after each task (0
    for a module that writes only at the end)."""
    logged = sum(log.read_text(errors="replace").count(", file_id is ") for log in (work / "logs").glob("*.log"))
    for found in (work / "out").glob("*/evaluate_results/subgoal_decomposition/*/error_info.json"):
        try:
            logged += sum(1 for entry in json.loads(found.read_text()).values() if entry.get("info") is not None)
        except (OSError, ValueError, AttributeError):
            pass  # caught while it is being rewritten: the next look counts
    return logged
