"""``--shots K`` (issue 36 item 5): the first K in-context examples of prompts that have some,
on real tasks of the committed suites; absent, every prompt byte for byte as before; recorded in
run.json, as not applicable in summary.json where a unit's prompts have none; bad K one line."""

import asyncio
import json

import pytest

from eai.cli import main
from eai.exceptions import EaiError
from eai.runner.run import run
from eai.testing.fake_server import FakeServer, prompt_of
from tests.models.support import read_jsonl, run_config

VH_EXAMPLES = ('## Example 1: Task category is "Listen to music"', '# Example 2: Task category is "Browse internet"')


def first_task(plugins, suite):
    found = plugins.suites.get(suite)
    return plugins.simulators.get(found.simulator), found.load(found.ids()[:1])[0]


def test_virtualhome_subgoal_prompt_keeps_its_first_k_examples(plugins):
    simulator, task = first_task(plugins, "virtualhome")
    full = simulator.prompt("subgoal_decomposition", task)
    assert simulator.prompt("subgoal_decomposition", task, shots=2) == full  # all it has: the prompt as it is
    one, none = (simulator.prompt("subgoal_decomposition", task, shots=k) for k in (1, 0))
    assert VH_EXAMPLES[0] in one and VH_EXAMPLES[1] not in one
    assert "Below is an example for your better understanding.\n## Example 1" in one
    assert not any(e in none for e in VH_EXAMPLES) and "for your better understanding" not in none
    assert "\n\nNow, it is time for you" in none and "\n\n\nNow" not in none  # one blank line where they were
    target = full[full.index("Now, it is time for you"):]
    assert one.endswith(target) and none.endswith(target)


def test_behavior_prompts_without_their_example_read_on(plugins):
    simulator, task = first_task(plugins, "behavior")
    sequencing = simulator.prompt("action_sequencing", task, shots=0)
    assert "Example 1:" not in sequencing and "(e.g. peach_0_part_0). \n\n\nYour task:" in sequencing
    subgoals = simulator.prompt("subgoal_decomposition", task, shots=0)
    assert "bottling_fruit" not in subgoals and subgoals.count("\n\nNow, it is time for you") == 1
    assert simulator.prompt("transition_modeling", task, shots=1) == simulator.prompt("transition_modeling", task)
    assert "Here is an example of the input" not in simulator.prompt("transition_modeling", task, shots=0)


def test_more_shots_than_the_prompt_has_is_one_line(plugins):
    simulator, task = first_task(plugins, "behavior")
    with pytest.raises(EaiError) as raised:
        simulator.prompt("subgoal_decomposition", task, shots=2)
    assert str(raised.value) == ("--shots 2: the paper subgoal_decomposition prompt of 'behavior' has 1 "
                                 "in-context example(s); ask for at most 1")


def test_a_run_with_shots_asks_them_and_records_them(plugins, tmp_path):
    simulator, _ = first_task(plugins, "virtualhome")
    tasks = plugins.suites.get("virtualhome").load(plugins.suites.get("virtualhome").ids()[:2])
    with FakeServer(answer=lambda body: '{"output": []}') as server:
        config = run_config(tmp_path / "run", server.url, modules=["subgoal_decomposition"], limit=2, options={"shots": 1})
        asyncio.run(run(config, plugins, say=[].append))
    assert sorted(prompt_of(b) for b in server.bodies) == sorted(simulator.prompt("subgoal_decomposition", t, shots=1)
                                                                 for t in tasks)
    assert json.loads((tmp_path / "run" / "run.json").read_text())["options"]["shots"] == 1
    summary = json.loads((tmp_path / "run" / "virtualhome" / "subgoal_decomposition" / "openai_fake-model" /
                          "summary.json").read_text())
    assert summary["shots"] == 1


def test_shots_where_the_prompt_has_no_examples_is_recorded_not_applicable(plugins, tmp_path):
    said = []
    with FakeServer(answer=lambda body: "{}") as server:
        asyncio.run(run(run_config(tmp_path / "run", server.url, limit=1, options={"shots": 0}), plugins, say=said.append))
    unit = tmp_path / "run" / "virtualhome" / "action_sequencing" / "openai_fake-model"
    assert json.loads((unit / "summary.json").read_text())["shots"] == "not applicable"
    assert ("virtualhome/action_sequencing/openai:fake-model: its prompts have no in-context examples: --shots does "
            "not apply (summary.json: shots)") in said
    assert len(read_jsonl(unit / "records.jsonl")) == 1


@pytest.mark.parametrize("value", ["-1", "two", "1.5"])
def test_bad_shots_is_one_line(value, tmp_path, capsys):
    with pytest.raises(SystemExit) as exited:
        main(["run", "--shots", value, "--out", str(tmp_path / "run")])
    assert exited.value.code == 2
    assert capsys.readouterr().err == f"error: --shots {value}: give a whole number of in-context examples, 0 or more\n"
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize("suite", ["virtualhome", "behavior", "eb-alfred", "eb-habitat"])
def test_every_prompt_with_examples_keeps_them_all_by_default(plugins, suite):
    """Absent --shots, the prompt is the template as it was, all examples in (on the suite's first tasks)."""
    from eai.simulation.prompt_builders import FewShot

    found = plugins.suites.get(suite)
    simulator = plugins.simulators.get(found.simulator)
    few_shot = {m: b for m in simulator.prompts if isinstance(b := simulator.builder(m), FewShot)}
    assert few_shot  # each of these worlds has prompts with examples
    for task in found.load(found.ids()[:3]):
        for module, builder in few_shot.items():
            assert simulator.prompt(module, task) == simulator.prompt(module, task, shots=builder.examples)
            assert len(simulator.prompt(module, task, shots=0)) < len(simulator.prompt(module, task))


def test_shots_with_the_upstream_style_is_one_line_before_any_call(plugins, tmp_path):
    """The Challenge's prompts are kept byte for byte, not cut into examples: never claimed not applicable."""
    with FakeServer(answer=lambda body: "{}") as server:
        with pytest.raises(EaiError) as raised:
            asyncio.run(run(run_config(tmp_path / "run", server.url, limit=1, options={"prompts": "upstream", "shots": 0}),
                            plugins, say=[].append))
    assert str(raised.value) == ("--shots with --prompts upstream: its prompts are not cut into examples; --shots cuts "
                                 "the paper's prompts")
    assert server.bodies == []


def test_paper_prompts_are_byte_for_byte_those_of_before_shots(plugins):
    """The sha256 of the paper prompts of the first 3 tasks of every committed suite and module, and of
    their first episode prompt, written by eai before --shots existed (commit 15baef3): absent --shots
    each is the same; an EB world's episode prompt is at --shots 0 (it shows EB's examples by default now)."""
    import hashlib
    from pathlib import Path

    from eai.modules import MODULES

    before = json.loads((Path(__file__).parents[1] / "data" / "prompts" / "paper_prompts_sha256.json").read_text())
    now = {}
    for suite in sorted({key.split()[0] for key in before}):
        found = plugins.suites.get(suite)
        simulator = plugins.simulators.get(found.simulator)
        for task in found.load(found.ids()[:3]):
            for module in MODULES.values():
                if module.asks_with in simulator.prompts and module.applies_to(task):
                    now[f"{suite} {module.name} {task.id}"] = simulator.prompt(module.asks_with, task)
            shots = 0 if simulator.episode_shots is not None else None
            now[f"{suite} episode {task.id}"] = simulator.episode_prompt(task, "", shots)
    assert {key: hashlib.sha256(text.encode()).hexdigest() for key, text in now.items()} == before
