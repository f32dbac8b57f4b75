"""``--prompts upstream`` against the prompts eai-eval 1.0.5 generates (issue 35 item 3), in
the official evaluator's own virtual environment (eai compare upstream's, installed on first
use): equal on every task of every module whose prompts it can generate here; the three it
cannot are named with the reason its generator fails."""

import json
import subprocess
from pathlib import Path

import pytest

from eai.challenge.official_prompts import GENERATE
from eai.challenge.submission import kit_files
from eai.challenge.upstream import environment, upstream_python
from eai.host.manager import get_plugins

BEHAVIOR_GI = ("from behavior_eval.evaluation.goal_interpretation.scripts.generate_prompts import generate_prompts; "
               "generate_prompts(result_dir='out')")
CANNOT = {  # what eai-eval 1.0.5 cannot generate here, and the last line its generator writes
    ("behavior", "subgoal_decomposition"): (
        "from behavior_eval.evaluation.subgoal_decomposition.scripts.generate_prompts import generate_prompts",
        "ModuleNotFoundError: No module named 'igibson'"),
    ("behavior", "action_sequencing"): (
        "from behavior_eval.evaluation.action_sequencing.scripts.generate_prompts import generate_prompts",
        "ModuleNotFoundError: No module named 'igibson'"),
    ("behavior", "transition_modeling"): (
        "from virtualhome_eval.agent_eval import agent_evaluation; agent_evaluation(mode='generate_prompts', "
        "eval_type='transition_modeling', dataset='behavior', output_dir='out')",
        "task_state_LTL_formula_accurate.json'"),
}


def upstream(python: Path, work: Path, *command: str) -> subprocess.CompletedProcess:
    work.mkdir(parents=True)
    return subprocess.run([str(python), "-c", *command], cwd=work, env=environment(python), capture_output=True,
                          text=True, stdin=subprocess.DEVNULL)


def prompts_in(path: Path) -> dict[str, str]:
    return {item["identifier"]: item["llm_prompt"] for item in json.loads(path.read_text())}


@pytest.mark.slow
def test_the_upstream_style_is_what_eai_eval_generates_on_every_task_it_can(tmp_path):
    python = upstream_python()
    generated = {}
    for module in ("goal_interpretation", "subgoal_decomposition", "action_sequencing", "transition_modeling"):
        done = upstream(python, tmp_path / module, GENERATE, module)
        assert done.returncode == 0, done.stderr[-2000:]
        generated[("virtualhome", module)] = prompts_in(next((tmp_path / module).rglob("helm_prompt.json")))
    done = upstream(python, tmp_path / "behavior_gi", BEHAVIOR_GI)
    assert done.returncode == 0, done.stderr[-2000:]
    generated[("behavior", "goal_interpretation")] = prompts_in(tmp_path / "behavior_gi" / "out" / "goal_interpretation_prompts.json")
    for (suite, module), (command, last) in CANNOT.items():
        done = upstream(python, tmp_path / f"{suite}_{module}", command)
        assert done.returncode != 0 and done.stderr.strip().splitlines()[-1].endswith(last), (module, done.stderr[-500:])
    plugins = get_plugins()
    compared = {}
    for kit in kit_files(plugins):
        suite = plugins.suites.get(kit.suite)
        simulator = plugins.simulators.get(suite.simulator)
        ours = {i: simulator.prompt(kit.module, t, "upstream") for i, t in zip(kit.identifiers, suite.load(list(kit.tasks)))}
        if (kit.suite, kit.module) in generated:
            theirs = generated[(kit.suite, kit.module)]
            assert sorted(ours) == sorted(theirs), kit.name
            assert [i for i in ours if ours[i] != theirs[i]] == [], kit.name
            compared[kit.name] = len(ours)
    assert compared == {"behavior_goal_interpretation_outputs.json": 100,
                        "virtualhome_goal_interpretation_outputs.json": 342,
                        "virtualhome_subgoal_decomposition_outputs.json": 338,
                        "virtualhome_action_sequencing_outputs.json": 342,
                        "virtualhome_transition_modeling_outputs.json": 296}
