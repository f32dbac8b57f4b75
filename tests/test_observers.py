"""The observer hooks (eai/host/hookspecs.py, docs/plugins.md "Observer hooks"): the example plugin
examples/eai-jsonl-observer writes a run's events in order, the same whatever the concurrency, and an
observer that raises is one warning line while the run goes on to the same results."""

import json
import sys

import pytest

from eai import api
from eai.host.manager import load_plugins, set_plugins
from eai.plugin_api import hookimpl
from eai.results.schema import problems
from tests.helpers import ROOT, folder_files

EXAMPLE = ROOT / "examples" / "eai-jsonl-observer"
MODULES = ["goal_interpretation", "action_sequencing"]


@pytest.fixture
def observer(monkeypatch):
    monkeypatch.syspath_prepend(str(EXAMPLE))
    from eai_jsonl_observer import observer

    yield observer
    sys.modules.pop("eai_jsonl_observer", None)
    set_plugins(None)


def run_observed(out, plugins, concurrency, lines=None):
    set_plugins(load_plugins(plugins))
    said = lines if lines is not None else []
    return api.run(suites=["virtualhome"], modules=MODULES, limit=4, out=out, use_cache=False,
                   concurrency=concurrency, say=said.append)


def events(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_the_jsonl_observer_writes_a_runs_events_in_task_order_whatever_the_concurrency(observer, tmp_path):
    run_observed(tmp_path / "one", {"jsonl_observer": observer}, 1)
    run_observed(tmp_path / "eight", {"jsonl_observer": observer}, 8)
    one, eight = events(tmp_path / "one" / "events.jsonl"), events(tmp_path / "eight" / "events.jsonl")
    kinds = [e["event"] for e in one]
    assert kinds == ["run_started", *(["task_finished"] * 4 + ["unit_finished"]) * 2, "run_finished"]
    ids = api.load_suite("virtualhome")[:4]
    tasks = [e for e in one if e["event"] == "task_finished"]
    assert [e["item"]["identifier"] for e in tasks] == [t.id for t in ids] * 2
    assert {e["unit"]["module"] for e in tasks} == set(MODULES)
    assert all(problems("response", e["item"]) == [] and "seconds" not in e["item"]["calls"][0] for e in tasks)
    units = [e for e in one if e["event"] == "unit_finished"]
    assert [problems("summary", e["summary"]) for e in units] == [[], []]
    assert units[0]["summary"] == json.loads((tmp_path / "one" / units[0]["folder"].split("one/", 1)[1] /
                                              "summary.json").read_text())
    assert problems("run", one[0]["run"]) == [] and one[0]["run"]["finished"] is None
    assert one[-1]["run"]["finished"] and len(one[-1]["units"]) == 2

    def timeless(found, out):
        text = json.dumps(found[1:-1]).replace(str(out), "OUT")  # the tasks and units, not the run's times
        return json.loads(text)

    assert timeless(one, tmp_path / "one") == timeless(eight, tmp_path / "eight")


class Broken:
    """An observer whose every hook raises."""

    @hookimpl
    def eai_task_finished(self, unit, item):
        raise ValueError(f"no tracker for {item['identifier']}")

    @hookimpl
    def eai_unit_finished(self, unit, folder, summary):
        raise ConnectionError("tracker down")

    @hookimpl
    def eai_run_started(self, folder, run):
        raise RuntimeError("tracker down")


def test_an_observer_that_raises_is_one_warning_line_and_the_run_goes_on_to_the_same_results(observer, tmp_path):
    said = []
    run_observed(tmp_path / "broken", {"broken": Broken(), "jsonl_observer": observer}, 4, said)
    run_observed(tmp_path / "plain", {}, 4)
    warnings = [line for line in said if line.startswith("warning: plugin 'broken'")]
    assert warnings[0] == ("warning: plugin 'broken''s eai_run_started raised RuntimeError: tracker down (ignored: "
                           "the run goes on; later failures of this hook here are not shown)")
    assert len([w for w in warnings if "eai_task_finished raised ValueError" in w]) == 2  # once per unit
    assert len([w for w in warnings if "eai_unit_finished raised ConnectionError" in w]) == 2
    assert len(warnings) == 5
    assert len(events(tmp_path / "broken" / "events.jsonl")) == 2 + 2 * 5  # the other observer was told everything
    records = {k: v for k, v in folder_files(tmp_path / "broken").items() if k.endswith("records.jsonl")}
    assert records and records == {k: v for k, v in folder_files(tmp_path / "plain").items() if k.endswith("records.jsonl")}


def test_with_epochs_each_tasks_answers_are_told_in_turn(observer, tmp_path):
    set_plugins(load_plugins({"jsonl_observer": observer}))
    api.run(suites=["virtualhome"], modules=["action_sequencing"], limit=2, out=tmp_path / "run", use_cache=False,
            concurrency=4, epochs=2, say=lambda line: None)
    told = [(e["item"]["identifier"], e["item"].get("epoch", 0)) for e in events(tmp_path / "run" / "events.jsonl")
            if e["event"] == "task_finished"]
    assert told == [("27_2", 0), ("27_2", 1), ("417_1", 0), ("417_1", 1)]


@pytest.mark.parametrize("cores", [1, 2])
def test_forked_units_relay_their_observer_calls_to_the_parent_in_the_units_order(observer, tmp_path, monkeypatch, cores):
    from eai.runner import parallel

    monkeypatch.setattr(parallel, "cores", lambda: cores)
    run_observed(tmp_path / "run", {"jsonl_observer": observer}, 4)
    found = events(tmp_path / "run" / "events.jsonl")  # written by this process alone, whatever the workers
    assert [e["event"] for e in found] == ["run_started", *(["task_finished"] * 4 + ["unit_finished"]) * 2,
                                           "run_finished"]
    assert [e["unit"]["module"] for e in found if e["event"] == "unit_finished"] == MODULES
