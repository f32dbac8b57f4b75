"""EmbodiedBench's in-context examples in EB-ALFRED's and EB-Habitat's episode prompts: the first
``n_shots`` (EB's configs: 10, eai's default; ``--shots K``) of the examples imported with the suites,
in the slot of the system prompt as EB's planner fills it (``## Task Execution Example {i}: \\n {x}``,
with two spaces before the number on later turns), the long-horizon subset with its own file."""

import asyncio
import json
import subprocess
from pathlib import Path

import pytest

from eai.agent.embodiedbench import N_SHOTS, action_list_text, eb_examples
from eai.runner.run import run
from eai.testing.fake_server import FakeServer, prompt_of
from eai_alfred.eb_system_prompt import SYSTEM_PROMPT as ALFRED
from eai_alfred.sources import EXAMPLES
from eai_habitat.eb_system_prompt import SYSTEM_PROMPT as HABITAT
from tests.agent.scripted import task_of
from tests.models.support import run_config

MIRROR = Path("/work/.mirror/EmbodiedBench+EmbodiedBench/repo")
COMMIT = "b24793607b7c5f1f236dad6d9c3f3c94d0bd4b04"
needs_mirror = pytest.mark.skipif(not MIRROR.exists(), reason="EmbodiedBench's mirror is not on this machine")
TASKS = Path(__file__).parents[2] / "tasks"
HABITAT_EXAMPLES = "embodiedbench/evaluator/config/habitat_examples.json"


def eb_file(path):
    return subprocess.run(["git", "-C", str(MIRROR), "show", f"{COMMIT}:{path}"], capture_output=True, text=True,
                          check=True).stdout


def slot(examples, later=False):
    """EB's planner's examples slot (vlm_planner.process_prompt), from the suite's imported examples."""
    gap = "  " if later else " "
    return "\n\n".join(f"## Task Execution Example{gap}{i}: \n {x}" for i, x in enumerate(examples))


@needs_mirror
def test_the_examples_slot_and_n_shots_are_embodiedbench_s():
    planner = eb_file("embodiedbench/planner/vlm_planner.py")
    assert "'\\n\\n'.join([f'## Task Execution Example {i}: \\n {x}' for i,x in enumerate(self.examples[:self.n_shot])])" in planner
    assert "'\\n\\n'.join([f'## Task Execution Example  {i}: \\n {x}' for i,x in enumerate(self.examples[:self.n_shot])])" in planner
    for config in ("eb-alf.yaml", "eb-hab.yaml"):
        assert f"n_shots: {N_SHOTS}\n" in eb_file(f"embodiedbench/configs/{config}")
    for suite, file in (("eb-alfred", EXAMPLES[0]), ("eb-alfred", EXAMPLES[1]), ("eb-habitat", HABITAT_EXAMPLES)):
        assert list(eb_examples(TASKS / suite / "examples.json", file)) == json.loads(eb_file(file))


@pytest.mark.parametrize(("suite", "task_id", "file", "system"), [
    ("eb-alfred", "base_0", EXAMPLES[0], ALFRED), ("eb-alfred", "long_horizon_3", EXAMPLES[1], ALFRED),
    ("eb-habitat", "base_000", HABITAT_EXAMPLES, HABITAT)])
def test_an_episode_prompt_holds_eb_s_first_n_examples(suite, task_id, file, system):
    task, simulator = task_of(suite, task_id)
    examples = eb_examples(TASKS / suite / "examples.json", file)
    actions = simulator.action_list(task).actions
    for shots, kept in ((None, examples[:N_SHOTS]), (1, examples[:1]), (0, ())):
        head = system.format(len(actions) - 1, action_list_text(actions), slot(kept))
        assert simulator.episode_prompt(task, shots=shots).startswith(head + "\n\n## Now the human instruction is:")
    later = simulator.episode_prompt(task, "\n\n The action history:", shots=2)
    assert later.startswith(system.format(len(actions) - 1, action_list_text(actions), slot(examples[:2], later=True)))
    assert len(examples) == (7 if task_id.startswith("long_horizon") else 10)  # EB takes examples[:10]: all 7


def test_an_eb_alfred_episode_run_asks_with_shots_and_records_them(tmp_path):
    from eai.host.manager import get_plugins

    plugins = get_plugins()
    task, simulator = task_of("eb-alfred", "base_0")
    options = {"episode": True, "shots": 1, "max_steps": 1, "max_invalid": 1}
    with FakeServer(answer=lambda body: "[]") as server:
        config = run_config(tmp_path / "run", server.url, suites=["eb-alfred"], limit=1, options=options)
        asyncio.run(run(config, plugins, say=[].append))
    first = prompt_of(server.bodies[0])
    assert first.startswith(simulator.episode_prompt(task, shots=1).split("## Now the human instruction")[0])
    assert "## Task Execution Example 0: " in first and "## Task Execution Example 1: " not in first
    assert json.loads((tmp_path / "run" / "run.json").read_text())["options"]["shots"] == 1
    unit = tmp_path / "run" / "eb-alfred" / "action_sequencing" / "openai_fake-model"
    assert json.loads((unit / "summary.json").read_text())["shots"] == 1
