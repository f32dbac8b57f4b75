"""The Ray executor on a real local Ray cluster (2 CPUs): the same files as a local run."""

import json
import os
import signal
import threading
import time
from pathlib import Path

import pytest

from eai import api
from eai.base import jsonl
from eai.exceptions import EaiError
from eai.host.manager import get_plugins
from eai.llm.model import resolve_model
from eai.testing.fake_server import FakeServer, Reply
from eai_ray.executor import Limiter
from tests.models.conftest import KEY_VARIABLES
from tests.models.support import FAKE_KEY, MODEL, Gold, needs_entry_point
from tests.scale.test_shards import results

ray = pytest.importorskip("ray", reason="ray is not installed (pip install 'eai-kit[ray]')")

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def cluster():
    """A local cluster whose workers see only the fake key (they take the environment of its start)."""
    saved = {name: os.environ.pop(name) for name in KEY_VARIABLES if name in os.environ}
    os.environ["OPENAI_API_KEY"] = FAKE_KEY
    ray.init(num_cpus=2, namespace="eai", log_to_driver=False)
    yield
    ray.shutdown()
    os.environ.pop("OPENAI_API_KEY")
    os.environ.update(saved)


def test_a_ray_run_is_the_local_run(tmp_path, cluster):
    options = {"suites": ["virtualhome", "behavior"], "limit": 5, "use_cache": False}
    plain = api.run(out=tmp_path / "plain", **options).folder
    seen = []
    done = api.run(out=tmp_path / "ray", executor="ray", progress=lambda *args: seen.append(args), **options)
    assert results(done.folder) == results(plain) and len(results(plain)) > 10
    assert json.loads((done.folder / "run.json").read_text())["transport"]["executor"] == "ray"
    assert ("virtualhome/action_sequencing/baseline:auto", 5, 5, 0) in seen


def test_a_sharded_ray_run_merged_is_the_local_run(tmp_path, cluster):
    from eai.host.manager import get_plugins
    from eai.runner.merge import merge_run

    options = {"suites": ["virtualhome"], "modules": ["goal_interpretation+action_sequencing"], "limit": 4,
               "use_cache": False}
    plain = api.run(out=tmp_path / "plain", **options).folder
    for i in range(2):
        api.run(out=tmp_path / f"s{i}", executor="ray", shard=f"{i}/2", **options)
    merge_run([tmp_path / "s0", tmp_path / "s1"], tmp_path / "merged", get_plugins())
    api.run_report(tmp_path / "merged")
    assert results(tmp_path / "merged") == results(plain)


def test_an_episode_run_on_ray_is_the_local_run_on_eb_alfred_and_langr(tmp_path, cluster):
    """Issue 33: the planner baseline playing EB episodes (--episode) as Ray tasks writes the local run's
    records and summaries, byte for byte, and says so in run.json."""
    options = {"models": ["baseline:planner"], "suites": ["eb-alfred", "langr"], "modules": ["action_sequencing"],
               "limit": 3, "use_cache": False, "options": {"episode": True, "max_steps": 30, "max_invalid": 10}}
    plain = api.run(out=tmp_path / "plain", **options).folder
    done = api.run(out=tmp_path / "ray", executor="ray", **options).folder
    files = {p.relative_to(plain) for name in ("records.jsonl", "summary.json") for p in plain.rglob(name)}
    assert len(files) == 4 and all((done / f).read_bytes() == (plain / f).read_bytes() for f in files)
    assert all(json.loads(line)["turn_log"] for f in files if f.name == "records.jsonl"
               for line in (done / f).read_text().splitlines())
    assert json.loads((done / "run.json").read_text())["options"]["episode"] is True


def test_scoring_split_over_the_cluster_is_the_local_scoring(tmp_path, cluster, capsys):
    from tests.helpers import eai_cli

    run = api.run(suites=["virtualhome"], modules=["action_sequencing"], limit=9, out=tmp_path / "run", use_cache=False)
    answers = str(run.results[0].folder / "responses.jsonl")
    for executor in ("local", "ray"):
        code, _, err = eai_cli(capsys, "score", answers, "--suite", "virtualhome", "--module", "action_sequencing",
                               "--quiet", "--executor", executor, "--out", str(tmp_path / executor))
        assert code == 0, err
    for name in ("records.jsonl", "summary.json"):
        assert (tmp_path / "ray" / name).read_bytes() == (tmp_path / "local" / name).read_bytes()


def unit_workers() -> list[int]:
    """The pids of the Ray workers running a unit now (their process title is ``ray::unit <label>``)."""
    pids = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and (entry / "cmdline").read_bytes().startswith(b"ray::unit "):
                pids.append(int(entry.name))
        except OSError:  # the process ended meanwhile
            continue
    return pids


@needs_entry_point
def test_a_worker_killed_mid_run_loses_and_duplicates_nothing_after_resume(tmp_path, cluster):
    """The worker of a unit is killed while two calls wait on slow replies: the run
    fails with one line, the limiter gets the dead worker's slots back, and
    --resume gives the files of a plain local run."""
    count, fast = 8, 3
    gold = Gold.load(count)
    slow = threading.Event()
    server = FakeServer(answer=gold.answer,
                        reply=lambda body: Reply(delay=120.0 if slow.is_set() and len(server.bodies) > fast else 0.0))
    with server:
        options = {"models": [MODEL], "suites": ["virtualhome"], "modules": ["action_sequencing"], "limit": count,
                   "use_cache": False, "base_url": server.url, "concurrency": 2, "timeout": 300.0}
        plain = api.run(out=tmp_path / "plain", **options).folder
        server.bodies.clear()
        slow.set()
        # the run's limiter (named after the endpoint), made here so that it outlives the run
        endpoint = resolve_model(get_plugins(), MODEL, {"base_url": server.url}).endpoint
        limiter = ray.remote(num_cpus=0)(Limiter).options(name=f"limiter:{endpoint}", namespace="eai",
                                                          get_if_exists=True).remote(2)
        killed: list[int] = []

        def kill_when_blocked() -> None:
            for _ in range(1200):  # the unit's first answers come back, then two calls wait
                pids = unit_workers()
                if len(server.bodies) >= fast + 2 and pids:
                    os.kill(pids[0], signal.SIGKILL)
                    killed.append(pids[0])
                    return
                time.sleep(0.1)

        killer = threading.Thread(target=kill_when_blocked, daemon=True)
        killer.start()
        with pytest.raises(EaiError, match="a unit failed on the Ray cluster.*add --resume"):
            api.run(out=tmp_path / "ray", executor="ray", **options)
        killer.join()
        assert killed
        assert ray.get(limiter.held.remote()) == 0  # the dead worker's two slots are free again
        log = tmp_path / "ray" / "virtualhome" / "action_sequencing" / "openai_fake-model" / "responses.jsonl"
        answered = [item["identifier"] for _, item in jsonl.read(log)]
        assert len(answered) == len(set(answered)) == fast and set(answered) <= set(gold.ids)
        slow.clear()
        api.run(out=tmp_path / "ray", executor="ray", resume=True, **options)
    assert results(tmp_path / "ray") == results(plain)
    records = log.parent / "records.jsonl"
    assert [item["identifier"] for _, item in jsonl.read(records)] == gold.ids[:count]
