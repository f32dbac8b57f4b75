"""Plans and episodes played in the real engines from the Python API and the command line, with the
records eai's own world gives them (where the engine agrees) and the engine named in run.json."""

import json

import pytest

import eai
from tests.engines.conftest import needs_alfworld, needs_evolving_graph
from tests.helpers import run_eai

pytestmark = pytest.mark.slow
ENVIRONMENT_FIELDS = {"environment_feedback", "failed_actions"}


def records(folder, suite):
    unit = folder / suite / "action_sequencing" / "baseline_planner"
    lines = (unit / "records.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines], json.loads((unit / "summary.json").read_text())


def verdicts(found, replan):
    """The records without what says where the plans ran (and, for plans not replanned, the attempt
    a run in an environment records: such a run is an episode of one attempt)."""
    left_out = ENVIRONMENT_FIELDS | {"usage"} | (set() if replan else {"attempts"})
    return [{k: v for k, v in r.items() if k not in left_out} for r in found]


def played(tmp_path, suite, tasks, environment, **options):
    args = dict(models=["baseline:planner"], suites=[suite], modules=["action_sequencing"], tasks=tasks, use_cache=False)
    eai.run(**args, out=tmp_path / "ours", **options)
    eai.run(**args, out=tmp_path / "engine", environment=environment, **options)
    ours, _ = records(tmp_path / "ours", suite)
    theirs, summary = records(tmp_path / "engine", suite)
    manifest = json.loads((tmp_path / "engine" / "run.json").read_text())
    return ours, theirs, summary, manifest


@needs_alfworld
@pytest.mark.parametrize("replan", [0, 2])
def test_plans_and_episodes_play_in_alfworld_with_eai_worlds_records(tmp_path, replan):
    ours, theirs, summary, manifest = played(tmp_path, "eb-alfred", ["base_0", "base_1", "base_3"], "alfworld",
                                             replan=replan)
    assert summary["unbuildable"] == {"base_1": "movable receptacle: the task moves a receptacle; ALFWorld's engine "
                                                "has none that move"}
    assert verdicts(theirs, replan) == verdicts([r for r in ours if r["identifier"] != "base_1"], replan)
    assert all(r["success"] for r in theirs) and "You arrive at" in theirs[0]["environment_feedback"][0]
    assert manifest["environment"] == "alfworld" and manifest["engine"].startswith("alfworld 0.4.2, textworld 1.7.0")


@needs_evolving_graph
@pytest.mark.parametrize("replan", [0, 2])
def test_plans_and_episodes_play_in_virtualhome_with_eai_worlds_records(tmp_path, replan):
    ours, theirs, summary, manifest = played(tmp_path, "virtualhome", ["850_1", "954_2"], "virtualhome", replan=replan)
    assert "unbuildable" not in summary and verdicts(theirs, replan) == verdicts(ours, replan)
    assert all(r["success"] for r in theirs) and theirs[0]["environment_feedback"][0].endswith(" done")
    assert manifest["engine"] == "virtualhome 2.3.0 evolving graph"


@needs_alfworld
def test_the_command_line_plays_a_plan_in_alfworld_and_doctor_says_it_works(tmp_path):
    result = run_eai("run", "--suite", "eb-alfred", "--module", "action_sequencing", "--model", "baseline:planner",
                     "--tasks", "base_0", "--environment", "alfworld", "--out", str(tmp_path / "run"), "--quiet")
    assert result.returncode == 0, result.stderr
    [record], _ = records(tmp_path / "run", "eb-alfred")
    assert record["success"] and "You clean the ladle_2 using the sink." in " ".join(record["environment_feedback"])
    doctor = json.loads(run_eai("doctor", "--json").stdout)
    [finding] = [f for f in doctor["findings"] if f["name"] == "environment alfworld"]
    assert finding["ok"] and "conformance on eb-alfred base_0: passed" in finding["detail"]


@needs_evolving_graph
def test_doctor_says_virtualhomes_evolving_graph_works():
    doctor = json.loads(run_eai("doctor", "--json").stdout)
    [finding] = [f for f in doctor["findings"] if f["name"] == "environment virtualhome"]
    assert finding["ok"] and finding["detail"].startswith("virtualhome 2.3.0 evolving graph: conformance on virtualhome")
