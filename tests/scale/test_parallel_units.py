"""The units of a baseline run over forked workers (issue 38 target 1,
eai/runner/parallel.py): records, summaries, report.json, the progress shown
and every line said are the same with 1 and 2 workers and whichever unit ends first (the units
started in shuffled orders), and a worker that dies mid-unit leaves its unit to
this process, which finishes it to the same files."""

import asyncio
import os
import random

import pytest

from eai import api
from eai.host.manager import get_plugins
from eai.llm.cache import default_cache
from eai.runner import parallel
from eai.runner.config import RunConfig
from eai.runner.core import UnitWork
from eai.runner.run import claimed_units, run_units
from tests.helpers import folder_files
from tests.models.support import FAKE_KEY, needs_entry_point

SUITES, MODULES = ["virtualhome", "behavior"], ["goal_interpretation", "subgoal_decomposition", "action_sequencing",
                                                "transition_modeling"]
KEPT = ("records.jsonl", "summary.json", "report.json")
needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="workers are forked")


def baseline_run(out, run):
    """The progress and the lines said by ``run(config, plugins, progress, say)`` on 3 tasks of each
    default suite, every module, with the baselines; the run folder gets its report. Folders in the
    lines are relative."""
    config = RunConfig(suites=SUITES, modules=MODULES, models=["baseline:auto"], out=out, limit=3)
    said: list[object] = []
    folders = asyncio.run(run(config, get_plugins(), lambda *shown: said.append(shown),
                              lambda text: said.append(text.replace(str(out), "OUT"))))
    assert folders == [u.folder(out) for u in claimed_units(config, get_plugins())]
    api.run_report(out)
    return said, {p: d for p, d in folder_files(out).items() if p.rsplit("/", 1)[-1] in KEPT}


def with_workers(workers, start_order=None):
    def run(config, plugins, progress, say):
        if workers == 1:
            return run_units(config, plugins, progress, say, workers=1)
        units = claimed_units(config, plugins)
        order = start_order(len(units)) if start_order else None
        return parallel.run_forked(units, config, plugins, progress, say, workers, order)
    return run


@needs_fork
def test_the_default_suites_baselines_are_the_same_over_1_and_2_workers_in_any_order(tmp_path):
    one = baseline_run(tmp_path / "one", with_workers(1))
    lines = [shown for shown in one[0] if isinstance(shown, str)]
    assert len(lines) == 8 and len(one[0]) == 8 + 8 * 4 and sum(p.endswith("records.jsonl") for p in one[1]) == 8
    for seed in (0, 1):
        shuffled = lambda n, seed=seed: random.Random(seed).sample(range(n), n)  # noqa: E731
        assert baseline_run(tmp_path / f"two{seed}", with_workers(2, shuffled)) == one
    last_first = baseline_run(tmp_path / "reversed", with_workers(2, lambda n: list(range(n))[::-1]))
    assert last_first == one


@needs_fork
def test_a_worker_that_dies_mid_unit_leaves_its_unit_to_this_process(tmp_path, monkeypatch):
    one = baseline_run(tmp_path / "one", with_workers(1))
    parent, record = os.getpid(), UnitWork.record

    def dying(self, task, item, calls):
        record(self, task, item, calls)
        if os.getpid() != parent and self.scope.unit.module == "action_sequencing" and self.done == 2:
            os._exit(1)  # a worker killed after two of its unit's three answers were logged
    monkeypatch.setattr(UnitWork, "record", dying)
    two = baseline_run(tmp_path / "two", with_workers(2))
    assert two[1] == one[1]
    lines = [[shown for shown in run[0] if isinstance(shown, str)] for run in (one, two)]
    assert lines[0] == lines[1]  # the progress differs: the unit run again here starts at 2 of 3


@needs_entry_point
def test_units_run_over_the_cores_only_when_their_answers_are_computed_here(tmp_path, monkeypatch):
    monkeypatch.setattr(parallel, "cores", lambda: 2)
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_KEY)
    plugins = get_plugins()

    def workers(**options):
        config = RunConfig(**{"suites": SUITES, "modules": MODULES, "models": ["baseline:auto"],
                              "out": tmp_path, "cache": default_cache(), **options})
        return parallel.unit_workers(config, plugins, config.units())
    assert workers() == 2
    assert workers(models=["openai:gpt-4o-mini"]) == 1  # a server's calls: --concurrency bounds them in one process
    assert workers(modules=["action_sequencing"], suites=["virtualhome"]) == 1  # one unit
    assert workers(options={"human": "openai:gpt-4o-mini"}) == 1
    monkeypatch.setattr(parallel, "cores", lambda: 1)
    assert workers() == 1
