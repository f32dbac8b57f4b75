"""``--limit K`` reads the task files it needs, not the whole suite (issue 38
item 5: langr read all 1,100 episodes whatever the limit). The tasks chosen
are the same: the first K the run's stages cover, in suite order."""

import json
import shutil

from eai import api
from eai.compose.pipeline import parse_pipeline
from eai.host.manager import get_plugins
from eai.runner.config import RunConfig
from eai.runner.setup import select_tasks
from tests.helpers import ROOT


def test_a_langr_run_limited_to_5_reads_only_its_5_episodes(tmp_path):
    source, folder = ROOT / "tasks" / "langr", tmp_path / "langr-first"
    shutil.copytree(source, folder, ignore=lambda where, names: names if where == str(source / "tasks") else [])
    info = json.loads((source / "suite.json").read_text())
    for task_id in info["tasks"][:5]:  # the other 1,095 files are missing
        shutil.copy(source / "tasks" / f"{task_id}.json", folder / "tasks" / f"{task_id}.json")
    (folder / "suite.json").write_text(json.dumps({**info, "suite": folder.name}))
    options = dict(modules=["action_sequencing"], models=["baseline:auto"], limit=5, use_cache=False)
    run = api.run(suites=[str(folder)], out=tmp_path / "first", **options)
    whole = api.run(suites=["langr"], out=tmp_path / "whole", **options)
    assert [r["identifier"] for r in run.results[0].records] == info["tasks"][:5]
    assert run.results[0].records == whole.results[0].records


def test_virtualhome_transition_modeling_limits_take_the_first_tasks_it_covers():
    """Task 16 (the 17th) has no transition model: a limit of 17 reads past it."""
    plugins = get_plugins()
    pipeline = parse_pipeline("transition_modeling", plugins)

    def chosen(limit):
        config = RunConfig(suites=["virtualhome"], modules=["transition_modeling"], models=["baseline:auto"],
                           out=ROOT / "unused", limit=limit)
        return [t.id for t in select_tasks(plugins, config, "virtualhome", pipeline)]

    covered = chosen(None)
    assert len(covered) == 296
    for limit in (1, 16, 17, 40, 295, 296, 342):
        assert chosen(limit) == covered[:limit]
