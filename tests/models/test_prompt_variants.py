"""Prompt variants (issue 36 item 5, issue 35 item 3): a system prompt sent
first, a plugin's own prompt style asked by name, a style the simulator lacks
refused before any call, and a given prompt file answered verbatim with what
cannot be scored said. Over real HTTP against the fake server, on VirtualHome's
first tasks; each run's run.json records what it asked with."""

import asyncio
import hashlib
import json

import pytest

from eai.exceptions import EaiError
from eai.runner.run import run
from eai.simulation.simulator import NoPrompt
from eai.testing.fake_server import FakeServer, prompt_of
from tests.models.support import UNIT, read_jsonl, run_config

GIVEN = "Given prompt, answer as asked:\n"  # what the prompt file's prompts add to the paper's


def run_once(plugins, config, said):
    return asyncio.run(run(config, plugins, say=said.append))


def test_a_system_prompt_is_sent_first_with_every_prompt_and_recorded(plugins, gold, tmp_path):
    said = []
    with FakeServer(answer=gold.answer) as server:
        run_once(plugins, run_config(tmp_path / "run", server.url, options={"system_prompt": "Answer in JSON only."}), said)
    assert [b["messages"][0] for b in server.bodies] == [{"role": "system", "content": "Answer in JSON only."}] * 4
    assert sorted(gold.task_of(b) for b in server.bodies) == sorted(gold.ids[:4])  # the paper's prompt after it
    assert all(r["success"] for r in read_jsonl(tmp_path / "run" / UNIT / "records.jsonl"))
    spec = json.loads((tmp_path / "run" / "run.json").read_text())
    assert spec["options"]["system_prompt"] == "Answer in JSON only." and "prompts" not in spec["options"]


def test_a_plugins_own_style_is_asked_by_name(plugins, gold, tmp_path, monkeypatch):
    simulator = plugins.simulators.get("virtualhome")
    terse = {"action_sequencing": lambda task, sim: f"Plan task {task.id} of {sim.name} in JSON."}
    monkeypatch.setattr(simulator, "prompt_styles", {**simulator.prompt_styles, "terse": terse})
    assert simulator.styles == ("paper", "upstream", "terse")
    with FakeServer(answer=lambda body: "[]") as server:
        run_once(plugins, run_config(tmp_path / "run", server.url, options={"prompts": "terse"}), [])
    assert sorted(prompt_of(b) for b in server.bodies) == sorted(f"Plan task {t} of virtualhome in JSON." for t in gold.ids[:4])
    assert json.loads((tmp_path / "run" / "run.json").read_text())["options"]["prompts"] == "terse"


def test_a_task_its_style_has_no_prompt_for_is_left_out_and_said(plugins, gold, tmp_path, monkeypatch):
    """As the upstream style leaves out the four VirtualHome tasks the challenge asks no subgoals of."""
    simulator = plugins.simulators.get("virtualhome")

    def terse(task, sim):
        if task.id == gold.ids[1]:
            raise NoPrompt(f"no terse prompt for {task.id}")
        return f"Plan task {task.id}."
    monkeypatch.setattr(simulator, "prompt_styles", {"terse": {"action_sequencing": terse}})
    said = []
    with FakeServer(answer=lambda body: "[]") as server:
        run_once(plugins, run_config(tmp_path / "run", server.url, options={"prompts": "terse"}), said)
    assert sorted(prompt_of(b) for b in server.bodies) == sorted(f"Plan task {t}." for t in gold.ids[:4] if t != gold.ids[1])
    summary = json.loads((tmp_path / "run" / UNIT / "summary.json").read_text())
    assert summary["n"] == 3 and summary["without_prompt"] == {gold.ids[1]: f"no terse prompt for {gold.ids[1]}"}
    assert (f"virtualhome/action_sequencing/openai:fake-model: 1 task(s) without a 'terse' prompt, not asked "
            f"(summary.json: without_prompt): {gold.ids[1]}") in said


def test_a_style_the_simulator_lacks_is_one_line_before_any_call(plugins, tmp_path):
    with FakeServer(answer=lambda body: "[]") as server:
        with pytest.raises(EaiError) as raised:
            run_once(plugins, run_config(tmp_path / "run", server.url, options={"prompts": "terse"}), [])
    assert str(raised.value) == ("suite 'virtualhome' has no 'terse' prompts (simulator 'virtualhome' has: paper, "
                                 "upstream); a prompt file is given by its path, FILE.json")
    assert server.bodies == [] and not (tmp_path / "run").exists()


def prompt_file(path, items):
    path.write_text(json.dumps([{"identifier": i, "llm_prompt": p} for i, p in items]))
    return {"prompts": str(path), "prompts_sha256": hashlib.sha256(path.read_bytes()).hexdigest()}


def test_a_prompt_file_is_answered_verbatim_and_what_cannot_be_scored_is_said(plugins, gold, tmp_path):
    """Three prompts of the run's first four tasks (one under the kit's scene_1_ identifier), one of
    a task --limit 4 leaves out, one naming no task: three answers scored, two listed with the reason."""
    paper = {task: prompt for prompt, (task, _) in gold.by_prompt.items()}
    ids = gold.ids
    items = [(f"scene_1_{ids[0]}", GIVEN + paper[ids[0]]), (ids[1], GIVEN + paper[ids[1]]),
             (ids[3], GIVEN + paper[ids[3]]), (ids[6], GIVEN + paper[ids[6]]), ("no_such_task", "Say hello.")]
    options = prompt_file(tmp_path / "final_phase.json", items)
    said = []
    with FakeServer(answer=lambda body: gold.answer({"messages": [
            {"role": "user", "content": prompt_of(body).removeprefix(GIVEN)}]})) as server:
        run_once(plugins, run_config(tmp_path / "run", server.url, options=options), said)
    assert sorted(prompt_of(b) for b in server.bodies) == sorted(p for _, p in items[:3])
    records = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert sorted(r["identifier"] for r in records) == sorted([ids[0], ids[1], ids[3]])
    assert all(r["success"] for r in records)
    summary = json.loads((tmp_path / "run" / UNIT / "summary.json").read_text())
    assert summary["n"] == 3 and summary["unscored_prompts"] == {
        ids[6]: f"task {ids[6]} left out by --tasks, --limit or --shard", "no_such_task": "no task of suite virtualhome"}
    assert (f"virtualhome/action_sequencing/openai:fake-model: 2 given prompt(s) cannot be scored, not asked "
            f"(summary.json: unscored_prompts): {ids[6]} (task {ids[6]} left out by --tasks, --limit or --shard), "
            "no_such_task (no task of suite virtualhome)") in said
    assert json.loads((tmp_path / "run" / "run.json").read_text())["options"]["prompts_sha256"] == options["prompts_sha256"]


def test_a_prompt_file_edited_since_the_run_started_is_refused(plugins, gold, tmp_path):
    options = prompt_file(tmp_path / "p.json", [(gold.ids[0], "Plan it.")])
    (tmp_path / "p.json").write_text(json.dumps([{"identifier": gold.ids[0], "llm_prompt": "Plan it now."}]))
    with FakeServer(answer=lambda body: "[]") as server:
        with pytest.raises(EaiError, match=r"p\.json changed since the run started"):
            run_once(plugins, run_config(tmp_path / "run", server.url, options=options), [])
    assert server.bodies == []


@pytest.mark.parametrize(("text", "problem"), [
    ("{", "not JSON"),
    ('[{"identifier": "27_2"}]', 'item 0 is not {"identifier": string, "llm_prompt": string}'),
    ('[{"identifier": "27_2", "llm_prompt": "a"}, {"identifier": "27_2", "llm_prompt": "b"}]',
     "identifier '27_2' is given twice"),
    ("[]", "holds no prompt"),
])
def test_a_bad_prompt_file_is_one_line(plugins, tmp_path, text, problem):
    (tmp_path / "bad.json").write_text(text)
    with FakeServer(answer=lambda body: "[]") as server:
        with pytest.raises(EaiError) as raised:
            run_once(plugins, run_config(tmp_path / "run", server.url, options={"prompts": str(tmp_path / "bad.json")}), [])
    assert str(raised.value).startswith(f"--prompts {tmp_path / 'bad.json'}: {problem}")
    assert "\n" not in str(raised.value) and server.bodies == []
