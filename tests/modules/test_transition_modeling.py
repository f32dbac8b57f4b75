"""Transition modeling on real tasks: gold, empty, partial and broken answers;
planning without what the model left out; sensitivity; limits; determinism."""

import json
import re

import pytest

from eai.base import jsonl
from eai.host.manager import get_plugins
from eai.modules import get_module
from eai.results.responses import Response
from eai.results.scoring import score, write_result
from eai_modules.transition_modeling.gold import gold_model
from tests.helpers import run_eai
from tests.planners.test_fast_downward import descendants

WASH_CLOTHES = "27_2"  # put_on, walk_towards, switch_on, grab, close, open
MODEM = "installing_a_modem_0_Beechwood_0_int_0_2021-10-25_20-28-55"
GIFTS = "assembling_gift_baskets_0_Beechwood_0_int_0_2021-10-26_12-46-37"


def task(suite, task_id):
    return get_plugins().suites.get(suite).load([task_id])[0]


def gold_text(suite, task_id, skip=(), **edits):
    """The gold operators the task needs as PDDL blocks, without those in
    ``skip``, an operator's text changed by ``name=function``."""
    ops = gold_model(get_plugins(), suite).operators(task(suite, task_id))
    return "\n".join(edits.get(op.name, str)(op.to_pddl("")) for op in ops if op.name not in skip)


def run(suite, answers, **options):
    responses = [Response(task_id, text) for task_id, text in answers.items()]
    return score(get_plugins(), suite, "transition_modeling", responses, {"workers": 2, **options})


def one(suite, task_id, text, **options):
    result = run(suite, {task_id: text}, **options)
    return result.records[0], result.summary


@pytest.mark.parametrize("suite, task_id", [("virtualhome", WASH_CLOTHES), ("behavior", MODEM), ("behavior", GIFTS)])
def test_gold_operators_score_100_and_plan(suite, task_id):
    record, summary = one(suite, task_id, json.dumps({"output": gold_text(suite, task_id)}))
    assert (summary["precision"], summary["recall"], summary["f1"]) == (100.0, 100.0, 100.0)
    assert record["success"] and record["planner"]["outcome"] == "solved" and record["planner"]["plan_length"] > 0
    assert record["parse_errors"] == {} and record["missing"] == [] and record["rejected"] == {}
    assert not record["parse_error"]


def test_raw_pddl_and_the_json_wrapping_read_alike():
    raw, _ = one("virtualhome", WASH_CLOTHES, gold_text("virtualhome", WASH_CLOTHES))
    wrapped, _ = one("virtualhome", WASH_CLOTHES, json.dumps({"output": gold_text("virtualhome", WASH_CLOTHES)}))
    assert raw == wrapped


@pytest.mark.parametrize("text", ["", "I cannot help with that.", "{\"output\": \"\"}"])
def test_an_empty_answer_scores_zero_and_does_not_plan(text):
    record, summary = one("virtualhome", WASH_CLOTHES, text)
    assert summary["f1"] == 0.0 and summary["recall"] == 0.0
    assert not record["success"] and record["planner"]["outcome"] == "unsolvable"
    assert record["missing"] == list(record["operators"]) and record["parse_error"]
    assert summary["planner_success_rate"] == 0.0 and summary["parse_error_rate"] == 100.0


def test_an_omitted_operator_is_missing_not_filled_in():
    record, summary = one("virtualhome", WASH_CLOTHES, gold_text("virtualhome", WASH_CLOTHES, skip=("open",)))
    assert record["missing"] == ["open"] and not record["parse_error"]
    assert record["logic_form"]["by_operator"]["open"]["effect"] == {"matched": 0, "predicted": 0, "gold": 2}
    assert summary["precision"] == 100.0 and summary["recall"] < 100.0
    assert not record["success"]  # the washing machine must be opened to take the clothes out


def test_a_garbled_block_is_a_parse_error_and_missing_from_the_domain():
    broken = gold_text("virtualhome", WASH_CLOTHES, open=lambda t: t.replace(":parameters (", ":parameters ((", 1))
    record, summary = one("virtualhome", WASH_CLOTHES, broken)
    assert list(record["parse_errors"]) == ["open"] and record["parse_error"]
    assert record["missing"] == [] and not record["success"]
    assert summary["operators"]["parse_errors"] == 1


def test_an_ill_formed_operator_is_rejected_by_the_planner_and_scored():
    text = gold_text("virtualhome", WASH_CLOTHES, open=lambda t: t.replace("(can_open ?obj)", "(can_open ?obj ?char)"))
    record, _ = one("virtualhome", WASH_CLOTHES, text)
    assert list(record["rejected"]) == ["open"] and "can_open takes 1 argument(s), got 2" in record["rejected"]["open"]
    assert not record["success"]
    counts = record["logic_form"]["by_operator"]["open"]["precondition"]
    assert counts["predicted"] == counts["gold"] and counts["matched"] == counts["gold"] - 1


def test_extra_operators_are_listed_and_not_planned_with():
    extra = "(:action teleport :parameters (?char - character ?obj - object) :precondition (and) :effect (obj_ontop ?obj ?obj))"
    record, summary = one("virtualhome", WASH_CLOTHES, gold_text("virtualhome", WASH_CLOTHES) + "\n" + extra)
    assert record["extra"] == ["teleport"] and record["success"]
    assert summary["f1"] == 100.0 and summary["operators"]["extra"] == 1


def test_parameters_renamed_or_reordered_still_match():
    ops = {op.name: op.to_pddl("") for op in gold_model(get_plugins(), "virtualhome").operators(task("virtualhome", WASH_CLOTHES))}
    ops["grab"] = ops["grab"].replace(":parameters (?char - character ?obj - object)", ":parameters (?obj - object ?char - character)")
    ops["open"] = ops["open"].replace("?char", "?c").replace("?obj", "?o")
    assert "(?obj - object ?char - character)" in ops["grab"] and "(?c - character ?o - object)" in ops["open"]
    record, summary = one("virtualhome", WASH_CLOTHES, "\n".join(ops.values()))
    assert summary["f1"] == 100.0 and record["success"]


def test_categories_and_operators_in_the_summary():
    _, summary = one("virtualhome", WASH_CLOTHES, gold_text("virtualhome", WASH_CLOTHES, skip=("switch_on",)))
    states = summary["by_category"]["object_states"]
    assert states["tasks"] == 1 and states["planner_success_rate"] == 0.0 and states["recall"] < 100
    assert summary["by_category"]["spatial_relations"]["tasks"] == 0
    assert summary["by_category"]["spatial_relations"]["planner_success_rate"] is None
    assert summary["by_operator"]["switch_on"]["recall"] == 0.0 and summary["by_operator"]["grab"]["f1"] == 100.0
    assert summary["planner_outcomes"] == {"solved": 0, "unsolvable": 1, "budget_exhausted": 0, "error": 0,
                                           "infrastructure_failure": 0}


def test_sensitivity_swaps_one_operator_at_a_time():
    wrong_open = gold_text("virtualhome", WASH_CLOTHES, open=lambda t: t.replace("(closed ?obj)", "(open ?obj)", 1))
    result = run("virtualhome", {WASH_CLOTHES: wrong_open, "417_1": gold_text("virtualhome", "417_1")}, sensitivity=True)
    swapped, gold = result.records
    assert swapped["sensitivity"] == {name: name != "open" for name in swapped["operators"]}
    assert all(gold["sensitivity"].values())
    sensitivity = result.summary["sensitivity"]
    assert sensitivity["by_operator"]["open"] == {"stay_solvable_rate": 50.0, "tasks": 2}
    assert sensitivity["by_operator"]["grab"] == {"stay_solvable_rate": 100.0, "tasks": 2}
    assert sensitivity["by_category"]["object_states"]["by_operator"]["open"]["stay_solvable_rate"] == 50.0
    assert sensitivity["swaps"] == 12 and sensitivity["stay_solvable_rate"] == round(100 * 11 / 12, 2)


def test_no_sensitivity_unless_asked():
    record, summary = one("virtualhome", WASH_CLOTHES, gold_text("virtualhome", WASH_CLOTHES))
    assert "sensitivity" not in record and "sensitivity" not in summary


def blowup_text(extra_parameters=8):
    """The gold operators of WASH_CLOTHES with a walk_towards whose extra parameters
    Fast Downward's translator grounds over every object: its model grows without bound."""
    many = " ".join(f"?x{i} - object" for i in range(extra_parameters))
    blowup = (f"(:action walk_towards :parameters (?char - character ?obj - object {many}) "
              ":precondition (and) :effect (next_to ?char ?obj))")
    return gold_text("virtualhome", WASH_CLOTHES, skip=("walk_towards",)) + "\n" + blowup


def test_a_pathological_domain_ends_at_the_cpu_limit_and_leaves_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    record, _ = one("virtualhome", WASH_CLOTHES, blowup_text(), planner_cpu_seconds=2)
    assert record["planner"] == {"outcome": "budget_exhausted", "detail": "CPU time limit", "plan_length": 0}
    assert not record["success"]
    assert descendants() == []
    assert list(tmp_path.iterdir()) == []


def test_a_translator_out_of_memory_is_budget_exhausted_however_it_shows():
    """Issue 31: at a tiny memory budget the translator's end depends on where its
    last allocation fails (a MemoryError; a SystemError; CPython spinning until the
    CPU limit kills it): every one is the memory budget's verdict. Budgets of 16 to
    66 MB put that point at 6 places of its run (the planner host before this
    failed 4 of 4 tries, each time at another budget)."""
    for memory_mb in range(16, 70, 10):
        record, _ = one("virtualhome", WASH_CLOTHES, blowup_text(), planner_cpu_seconds=1, planner_memory_mb=memory_mb)
        assert record["planner"] == {"outcome": "budget_exhausted", "detail": "memory limit", "plan_length": 0}, memory_mb


def test_eai_score_with_a_tiny_planner_memory_says_memory_limit(tmp_path):
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps([{"identifier": WASH_CLOTHES, "llm_output": blowup_text()}]))
    done = run_eai("score", str(answers), "--suite", "virtualhome", "--module", "transition_modeling", "--out",
                   str(tmp_path / "out"), "--quiet", "--planner-memory-mb", "16", "--planner-cpu-seconds", "2")
    assert done.returncode == 0, done.stderr
    [record] = [r for _, r in jsonl.read(tmp_path / "out" / "records.jsonl")]
    assert record["planner"] == {"outcome": "budget_exhausted", "detail": "memory limit", "plan_length": 0}


def test_tasks_without_a_transition_model_are_not_scored():
    result = run("virtualhome", {"339_1": "", WASH_CLOTHES: gold_text("virtualhome", WASH_CLOTHES)})
    assert [r["identifier"] for r in result.records] == [WASH_CLOTHES]
    assert result.summary["unmatched_identifiers"] == ["339_1"]
    assert not get_module("transition_modeling").applies_to(task("virtualhome", "339_1"))


MIXED = {  # one solved, one failing, one wrong but solvable, one empty
    WASH_CLOTHES: gold_text("virtualhome", WASH_CLOTHES),
    "417_1": gold_text("virtualhome", "417_1", skip=("close",)),
    "850_1": gold_text("virtualhome", "850_1", close=lambda t: t.replace("(closed ?obj)", "(clean ?obj)")),
    "954_2": "",
}


def test_the_same_records_with_one_or_two_workers():
    assert run("virtualhome", MIXED, workers=1).records == run("virtualhome", MIXED, workers=2).records


def test_the_same_files_whatever_the_hash_seed(tmp_path):
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps([{"identifier": i, "llm_output": t} for i, t in MIXED.items()]))
    outputs = []
    for seed in ("0", "1", "random"):
        out = tmp_path / f"out-{seed}"
        done = run_eai("score", str(answers), "--suite", "virtualhome", "--module", "transition_modeling",
                       "--out", str(out), "--quiet", "--sensitivity", env={"PYTHONHASHSEED": seed})
        assert done.returncode == 0, done.stderr
        outputs.append(((out / "summary.json").read_bytes(), (out / "records.jsonl").read_bytes()))
    assert outputs[0] == outputs[1] == outputs[2]


def test_eai_score_reads_upstream_answers_and_writes_every_field(tmp_path):
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps([{"identifier": MODEM, "llm_output": json.dumps({"output": gold_text("behavior", MODEM)})},
                                   {"identifier": GIFTS, "llm_output": ""}]))
    out = tmp_path / "out"
    done = run_eai("score", str(answers), "--suite", "behavior", "--module", "transition_modeling", "--out", str(out),
                   "--quiet", "--planner-cpu-seconds", "20", "--workers", "1")
    assert done.returncode == 0, done.stderr
    summary = json.loads((out / "summary.json").read_text())
    assert summary["n"] == 2 and summary["planner_success_rate"] == 50.0 and summary["parse_error_rate"] == 50.0
    assert {"precision", "recall", "f1", "by_category", "by_operator", "operators", "planner_outcomes"} <= set(summary)
    records = [r for _, r in jsonl.read(out / "records.jsonl")]
    assert [r["identifier"] for r in records] == [GIFTS, MODEM]  # the suite's order
    assert set(records[0]) == {"identifier", "categories", "operators", "parse_error", "parse_errors", "missing",
                               "extra", "logic_form", "success", "rejected", "planner", "truncated_answer"}


def test_a_result_is_written_byte_for_byte_again(tmp_path):
    result = run("virtualhome", MIXED)
    write_result(result, tmp_path / "a")
    write_result(run("virtualhome", MIXED), tmp_path / "b")
    for name in ("summary.json", "records.jsonl"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


@pytest.mark.parametrize("suite, task_id", [("virtualhome", WASH_CLOTHES), ("behavior", MODEM)])
def test_the_prompt_asks_for_exactly_the_needed_operators(suite, task_id):
    plugins = get_plugins()
    the_task = task(suite, task_id)
    prompt = get_module("transition_modeling").prompt(the_task, plugins.simulators.get(suite))[0].content
    the_input = prompt[prompt.rindex("\nInput:\n"):]  # after the worked example
    asked = re.findall(r"\(:action (\S+)\n  :parameters \(([^)]*)\)\n  :precondition \(\)\n  :effect \(\)\n\)", the_input)
    gold = gold_model(plugins, suite).operators(the_task)
    assert asked == [(op.name, " ".join(f"{v} - {t}" for v, t in op.parameters)) for op in gold]
    assert the_task.transition_model.problem in the_input
    assert ";; Actions to be predicted\n)" in prompt and "(:predicates" in prompt
    assert "(:action walk_towards\n    :parameters" not in prompt  # no gold operator bodies
    assert prompt.count('{"output": YOUR OUTPUT STRING}') == 1
