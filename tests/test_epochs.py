"""``--epochs K`` (issue 37 item 1, docs/metrics.md "Epochs"): each task asked K times, each
its own call (the response cache keyed per epoch), records per epoch, the summary over all
K answers with intervals over tasks; resume and shards keep working. Real VirtualHome tasks."""

import json
import shutil

import eai
from eai.host.manager import get_plugins
from eai.runner.merge import merge_run
from eai.testing.fake_server import FakeServer
from tests.helpers import eai_cli
from tests.models.support import FAKE_KEY, Gold, needs_entry_point

UNIT = ("virtualhome", "action_sequencing", "baseline_auto")
TASKS = 4


def lines(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def run(out, epochs, cache=None, **more):
    return eai.run(suites=["virtualhome"], modules=["action_sequencing"], limit=TASKS, epochs=epochs, out=out,
                   cache=cache, use_cache=cache is not None, **more)


def test_three_epochs_of_virtualhome_action_sequencing_are_three_records_per_task_over_one_summary(tmp_path):
    [result] = run(tmp_path / "run", 3).results
    ids = [t.id for t in get_plugins().suites.get("virtualhome").load()[:TASKS]]
    assert [(r["identifier"], r["epoch"]) for r in result.records] == [(i, e) for i in ids for e in range(3)]
    summary = result.summary
    assert (summary["epochs"], summary["tasks"], summary["n"]) == (3, 3 * TASKS, 3 * TASKS)
    assert summary["task_success_rate"] == round(100 * sum(r["success"] for r in result.records) / (3 * TASKS), 2)
    success = result.interval("task_success_rate")
    assert success["method"] == "bootstrap" and success["n"] == TASKS and success["small_n"]  # over tasks, not answers
    log = lines(tmp_path / "run" / "virtualhome" / "action_sequencing" / "baseline_auto" / "responses.jsonl")
    assert sorted((item["identifier"], item.get("epoch", 0)) for item in log) == sorted((i, e) for i in ids for e in range(3))
    assert json.loads((tmp_path / "run" / "run.json").read_text())["epochs"] == 3


@needs_entry_point
def test_the_cache_keeps_an_answer_per_epoch_so_one_cached_answer_is_never_counted_twice(tmp_path, monkeypatch):
    """A model over HTTP (the fake server answering gold plans): epoch 0 of a three-epoch run is the
    one-epoch run's cached answer, epochs 1 and 2 are calls of their own, and a second run asks nothing
    (but the call every run makes to learn the model as served)."""
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_KEY)
    with FakeServer(answer=Gold.load(TASKS).answer) as server:
        options = dict(models=["openai:fake-model"], base_url=server.url, cache=tmp_path / "cache.sqlite")
        eai.run(suites=["virtualhome"], modules=["action_sequencing"], limit=TASKS, out=tmp_path / "one", **options)
        assert server.count == TASKS
        three = eai.run(suites=["virtualhome"], modules=["action_sequencing"], limit=TASKS, epochs=3,
                        out=tmp_path / "three", **options).folder
        assert server.count == TASKS + 1 + 2 * TASKS  # a run's first call is asked to learn the model as served
        eai.run(suites=["virtualhome"], modules=["action_sequencing"], limit=TASKS, epochs=3, out=tmp_path / "again",
                **options)
        assert server.count == TASKS + 1 + 2 * TASKS + 1
    log = lines(three.joinpath("virtualhome", "action_sequencing", "openai_fake-model", "responses.jsonl"))
    cached = [item.get("epoch", 0) for item in log if item["calls"][0]["cached"]]
    assert cached == [0] * (TASKS - 1)


def test_an_interrupted_epoch_run_resumes_asking_only_its_missing_epochs(tmp_path):
    whole, cut = tmp_path / "whole", tmp_path / "cut"
    run(whole, 3)
    shutil.copytree(whole, cut)
    unit = cut.joinpath(*UNIT)
    kept = (unit / "responses.jsonl").read_text().splitlines(keepends=True)[:-5]
    (unit / "responses.jsonl").write_text("".join(kept))
    for name in ("records.jsonl", "summary.json"):
        (unit / name).unlink()
    run(cut, 3, resume=True)
    assert len(lines(unit / "responses.jsonl")) == 3 * TASKS
    for name in ("records.jsonl", "summary.json"):
        assert (unit / name).read_bytes() == whole.joinpath(*UNIT, name).read_bytes()


def test_the_shards_of_an_epoch_run_merge_into_the_unsharded_run(tmp_path):
    run(tmp_path / "whole", 2)
    for i in range(2):
        run(tmp_path / f"part{i}", 2, shard=f"{i}/2")
    merge_run([tmp_path / "part0", tmp_path / "part1"], tmp_path / "merged", get_plugins(), command=["eai", "merge"])
    for name in ("records.jsonl", "summary.json"):
        assert tmp_path.joinpath("merged", *UNIT, name).read_bytes() == tmp_path.joinpath("whole", *UNIT, name).read_bytes()


def test_epochs_of_replanning_episodes_are_refused_in_one_line(tmp_path, capsys):
    code, _, err = eai_cli(capsys, "run", "--suite", "virtualhome", "--module", "action_sequencing", "--limit", "1",
                           "--epochs", "2", "--replan", "1", "--out", str(tmp_path / "r"), "--quiet")
    assert code == 2 and err.count("\n") == 1 and "--epochs asks plan answers again" in err


def test_one_epoch_is_the_default_of_eai_run_the_api_and_the_runner():
    import dataclasses
    import inspect

    import typer

    from eai.cli import app
    from eai.runner import defaults
    from eai.runner.config import RunConfig

    params = {p.name: p.default for p in typer.main.get_command(app).loaded("run").params}
    assert defaults.EPOCHS == 1 == params["epochs"] == inspect.signature(eai.run).parameters["epochs"].default
    assert {f.name: f.default for f in dataclasses.fields(RunConfig)}["epochs"] == defaults.EPOCHS


def test_resuming_an_epoch_run_with_other_epochs_is_refused_in_one_line(tmp_path, capsys):
    code, _, err = eai_cli(capsys, "run", "--suite", "virtualhome", "--module", "action_sequencing", "--limit", "1",
                           "--epochs", "2", "--out", str(tmp_path / "r"), "--quiet", "--no-cache")
    assert code == 0, err
    code, _, err = eai_cli(capsys, "run", "--resume", "--epochs", "3", "--out", str(tmp_path / "r"), "--quiet")
    assert code == 2 and err.count("\n") == 1 and "--epochs differs from the run" in err
