"""What a cluster executor needs, from the plugin API alone (the Ray executor
used the runner's internals): each unit worked as a worker works it, in a
thread of its own, gives the files of a local run."""

import asyncio
from contextlib import nullcontext
from pathlib import Path

from eai import api
from eai.plugin_api import RunConfig, Unit, claimed_units, get_plugins, score, unit_endpoint, work_unit
from tests.scale.test_shards import results


class ThreadExecutor:
    """Every unit in a thread of its own, as a cluster's worker runs it."""

    name, description = "threads", "units in threads (a test of the executor API)"

    def __init__(self):
        self.endpoints = []

    async def run(self, config, plugins, progress, say, address):
        units = claimed_units(config, plugins)
        self.endpoints = sorted({unit_endpoint(plugins, unit, config) for unit in units})
        return [await asyncio.to_thread(work_unit, unit, config, progress, say, nullcontext()) for unit in units]

    def score(self, plugins, suite, module, answers, options, strict, progress, address):
        return score(plugins, suite, module, answers, options, progress, strict=strict)


def test_units_worked_as_a_cluster_works_them_are_the_local_run(tmp_path):
    options = {"suites": ["virtualhome"], "limit": 3, "use_cache": False}
    plain = api.run(out=tmp_path / "plain", **options).folder
    threads = ThreadExecutor()
    get_plugins().executors.register(threads.name, threads, "tests")
    done = api.run(out=tmp_path / "threads", executor="threads", **options).folder
    assert results(done) == results(plain) and len(results(plain)) == 10  # run.json, report.json, 4 units x 2
    assert threads.endpoints == ["baseline"]


def test_a_unit_s_endpoint_is_its_server_without_secrets(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-fake-4f9c1e7b2d8a6035-never-a-real-key")
    config = RunConfig(suites=["virtualhome"], modules=["action_sequencing"], models=["openai:fake-model"],
                       out=Path("unused"), model_options={"base_url": "http://127.0.0.1:9/v1?api_key=s"})
    unit = Unit("virtualhome", "action_sequencing", "openai:fake-model")
    assert unit_endpoint(get_plugins(), unit, config) == "http://127.0.0.1:9/v1?api_key=[redacted]"
