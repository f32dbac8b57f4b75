"""The official evaluator (eai-eval 1.0.5, installed on first use in its own
environment) scores what eai exports, without error: a baseline run of every
task of both suites, exported and compared file by file; and the kit's
identifiers are those of its prompts. Slow: the baselines answer 1,718
tasks, and the evaluator takes about 15 minutes of CPU."""

import json
import subprocess
from pathlib import Path

import pytest

from eai.challenge.export import export
from eai.challenge.report import compare_submission
from eai.challenge.submission import kit_files
from eai.challenge.upstream import environment, upstream_python
from eai.host.manager import get_plugins
from tests.helpers import run_eai


@pytest.mark.slow
def test_a_baseline_run_exports_a_zip_the_official_evaluator_scores_without_error(tmp_path):
    run = tmp_path / "baseline"
    done = run_eai("run", "--suite", "virtualhome", "--suite", "behavior", "--out", str(run),
                   env={"XDG_CACHE_HOME": str(tmp_path / "cache")})
    assert done.returncode == 0, done.stderr
    plugins = get_plugins()
    exported = export(plugins, run, tmp_path / "baseline.zip", allow_eai_prompts=True)
    assert exported.notices == ("answers to eai's own prompts, not the challenge's (goal_interpretation, "
                                "subgoal_decomposition, action_sequencing, transition_modeling): exported with "
                                "--allow-eai-prompts",)
    found = compare_submission(plugins, tmp_path / "baseline.zip", [], [], tmp_path / "upstream", None, print)
    assert [(c.suite, c.module) for c in found] == [(k.suite, k.module) for k in kit_files(plugins)]
    for c in found:
        igibson = c.suite == "behavior" and c.module in ("action_sequencing", "subgoal_decomposition")
        assert (c.not_run.startswith("the official evaluator needs the iGibson") if igibson
                else c.upstream and not c.not_run), (c.suite, c.module, c.not_run)
    # a verdict of its own for every task (a task it wrote nothing about would read "absent")
    assert not [(c.module, d.task) for c in found for d in c.differences if d.theirs.shown == "absent"]
    summary = tmp_path / "upstream" / "virtualhome-action_sequencing" / "out" / "virtualhome" / "evaluate_results"
    assert json.loads((summary / "action_sequencing" / "submission" / "summary.json").read_text())["goal_evaluation"]


# eai-eval 1.0.5's prompt files, whose identifiers the kit's llm_prompts/ hold (VirtualHome goal
# interpretation has none in the package: its generate_prompts writes one).
PROMPT_FILES = {
    ("virtualhome", "subgoal_decomposition"): "virtualhome_eval/evaluation/subgoal_decomposition/prompts/helm_prompts.json",
    ("virtualhome", "action_sequencing"): "virtualhome_eval/evaluation/action_sequencing/prompts/helm_prompts.json",
    ("virtualhome", "transition_modeling"): "virtualhome_eval/evaluation/transition_modeling/prompts/helm_prompts.json",
    ("behavior", "goal_interpretation"): "behavior_eval/evaluation/goal_interpretation/resources/data/llm_prompts.json",
    ("behavior", "subgoal_decomposition"): "behavior_eval/evaluation/subgoal_decomposition/resources/prompts/helm_prompts.json",
    ("behavior", "action_sequencing"): "behavior_eval/evaluation/action_sequencing/resources/prompts/helm_prompts.json",
    ("behavior", "transition_modeling"): "behavior_eval/evaluation/transition_modeling/resources/prompts/helm_prompts.json",
}
GENERATE = ("from virtualhome_eval.agent_eval import agent_evaluation; "
            "agent_evaluation(mode='generate_prompts', eval_type='goal_interpretation', output_dir='out')")


@pytest.mark.slow
def test_the_kit_identifiers_are_those_of_the_upstream_prompts(tmp_path):
    python = upstream_python()
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    subprocess.run([str(python), "-c", GENERATE], cwd=tmp_path, env=environment(python), check=True,
                   capture_output=True)
    files = {**{key: site / path for key, path in PROMPT_FILES.items()},
             ("virtualhome", "goal_interpretation"): next(tmp_path.rglob("helm_prompt.json"))}
    for kit_file in kit_files(get_plugins()):
        prompts = json.loads(files[(kit_file.suite, kit_file.module)].read_text())
        upstream_ids = list(prompts) if isinstance(prompts, dict) else [p["identifier"] for p in prompts]
        assert sorted(upstream_ids) == sorted(kit_file.identifiers), kit_file.name
