"""The Ray executor on a real local Ray cluster (2 CPUs): the same files as a local run."""

import os

import pytest

from eai import api
from tests.models.conftest import KEY_VARIABLES
from tests.models.support import FAKE_KEY
from tests.scale.test_shards import results

ray = pytest.importorskip("ray", reason="ray is not installed (pip install 'embodied-agent-interface[ray]')")

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
    assert ("virtualhome/action_sequencing/baseline:auto", 5, 5, 0) in seen


def test_a_sharded_ray_run_merged_is_the_local_run(tmp_path, cluster):
    from eai.merge import merge_run
    from eai.plugins import get_plugins

    options = {"suites": ["virtualhome"], "modules": ["goal_interpretation+action_sequencing"], "limit": 4,
               "use_cache": False}
    plain = api.run(out=tmp_path / "plain", **options).folder
    for i in range(2):
        api.run(out=tmp_path / f"s{i}", executor="ray", shard=f"{i}/2", **options)
    merge_run([tmp_path / "s0", tmp_path / "s1"], tmp_path / "merged", get_plugins())
    api.run_report(tmp_path / "merged")
    assert results(tmp_path / "merged") == results(plain)



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

