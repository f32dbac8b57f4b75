"""Answers made for another module (issue 30, item 15): goal interpretation
answers scored as action sequencing were 100% hallucination with exit 0. Each
answer in another module's format is recorded as written for it, the summary
and the terminal say so when most are, and ``eai score --strict`` fails."""

import json

import pytest

from eai.base import jsonl
from eai.modules import get_module
from eai.results.responses import Response
from eai.results.scoring import score
from eai_modules.subgoal_decomposition import goal_subgoal_plan
from eai_modules.transition_modeling.gold import gold_model
from tests.helpers import run_eai

MODULES = ("goal_interpretation", "subgoal_decomposition", "action_sequencing", "transition_modeling")


def gold_answer(plugins, suite, module, task):
    """The task's gold answer as each module's output: goals, subgoal lines, a plan, operators."""
    if module == "goal_interpretation":
        return json.dumps({"node goals": [list(g.atom) for g in task.goal.state],
                           "edge goals": [list(g.atom) for g in task.goal.relation]})
    if module == "subgoal_decomposition":
        simulator = plugins.simulators.get(plugins.suites.get(suite).simulator)
        return json.dumps({"output": goal_subgoal_plan(task, simulator)})
    if module == "action_sequencing":
        return json.dumps([[a.name, *a.args] for a in task.gold_plan])
    return "\n".join(op.to_pddl("") for op in gold_model(plugins, suite).operators(task))


@pytest.mark.parametrize("suite", ["virtualhome", "behavior", "eb-alfred", "eb-habitat", "langr", "etplan-vh", "partnr-vh"])
def test_gold_answers_scored_as_another_module_are_written_for_their_own(plugins, suite):
    tasks = [t for t in plugins.suites.get(suite).load(plugins.suites.get(suite).ids()[:40])
             if t.gold_plan and (t.transition_model or suite in ("etplan-vh", "partnr-vh"))][:3]
    written = [m for m in MODULES if all(get_module(m).applies_to(t) for t in tasks)]
    scored_as = [m for m in written if m != "transition_modeling" or suite == "virtualhome"]  # planner runs: one suite
    for made in written:
        answers = [Response(t.id, gold_answer(plugins, suite, made, t)) for t in tasks]
        for module in scored_as:
            result = score(plugins, suite, module, answers)
            found = [r.get("written_for") for r in result.records]
            if module == made:
                assert found == [None] * len(tasks) and "answers_written_for" not in result.summary, (made, module)
            else:
                assert found == [made] * len(tasks), (suite, made, module, found)
                assert result.summary["answers_written_for"] == {"module": made, "answers": len(tasks), "of": len(tasks)}


def test_a_few_answers_for_another_module_are_recorded_but_not_said_of_the_whole(plugins):
    tasks = plugins.suites.get("eb-habitat").load(["base_000", "base_001", "base_002"])
    answers = [Response(t.id, gold_answer(plugins, "eb-habitat", "action_sequencing", t)) for t in tasks[:2]]
    answers.append(Response(tasks[2].id, gold_answer(plugins, "eb-habitat", "goal_interpretation", tasks[2])))
    result = score(plugins, "eb-habitat", "action_sequencing", answers)
    assert [r.get("written_for") for r in result.records] == [None, None, "goal_interpretation"]
    assert "answers_written_for" not in result.summary


def test_goal_interpretation_answers_scored_as_action_sequencing_are_said_to_be(plugins, tmp_path):
    tasks = plugins.suites.get("eb-habitat").load(plugins.suites.get("eb-habitat").ids()[:6])
    path = tmp_path / "answers.jsonl"
    path.write_text("".join(jsonl.dumps({"identifier": t.id, "llm_output": gold_answer(plugins, "eb-habitat",
                                                                                          "goal_interpretation", t)})
                            for t in tasks))
    done = run_eai("score", str(path), "--suite", "eb-habitat", "--module", "action_sequencing", "--out",
                   str(tmp_path / "scores"), "--quiet")
    assert done.returncode == 0, done.stderr
    warning = [line for line in done.stdout.splitlines() if line.startswith("warning:")]
    assert warning == ["warning: 6 of 6 answers are written for goal_interpretation, not action_sequencing (its output "
                       "format, not this module's): answers made for another module? They are scored as "
                       "action_sequencing all the same; --strict makes this an error"]
    summary = json.loads((tmp_path / "scores" / "summary.json").read_text())
    assert summary["answers_written_for"] == {"module": "goal_interpretation", "answers": 6, "of": 6}
    assert summary["errors"]["hallucination"] == 100.0  # still scored as they are

    strict = run_eai("score", str(path), "--suite", "eb-habitat", "--module", "action_sequencing", "--out",
                     str(tmp_path / "strict"), "--quiet", "--strict")
    assert strict.returncode == 2
    assert strict.stderr.strip().splitlines()[-1].startswith(f"error: {path}: 6 of 6 answers are written for "
                                                            "goal_interpretation")
    written = (tmp_path / "strict" / "records.jsonl").read_text().splitlines()  # the results are kept all the same
    assert len(written) == 300 and set((tmp_path / "scores" / "records.jsonl").read_text().splitlines()) <= set(written)

    run = run_eai("run", "--suite", "eb-habitat", "--module", "action_sequencing", "--model", f"replay:{path}",
                  "--limit", "6", "--out", str(tmp_path / "run"), "--no-cache")
    assert run.returncode == 0, run.stderr
    assert "6 of 6 answers are written for goal_interpretation, not action_sequencing" in run.stdout + run.stderr
