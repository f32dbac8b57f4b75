"""``eai report A B`` and ``eai.compare`` (issue 37 item 3, docs/metrics.md "Comparing two
runs"): two baseline runs on VirtualHome that differ on known tasks (answers emptied) name
exactly those tasks and McNemar's exact p-value, computed here by hand."""

import json
import math
import shutil

import pytest
from scipy.stats import binomtest

import eai
from eai.results.paired import mcnemar_exact
from tests.helpers import eai_cli, run_eai

UNIT = ("virtualhome", "action_sequencing", "baseline_auto")


def emptied(run, tasks):
    """``run`` with the answers of ``tasks`` made empty and its unit scored again (--resume)."""
    unit = run.joinpath(*UNIT)
    lines = [json.loads(line) for line in (unit / "responses.jsonl").read_text().splitlines()]
    (unit / "responses.jsonl").write_text("".join(
        json.dumps({**item, "llm_output": ""} if item["identifier"] in tasks else item) + "\n" for item in lines))
    for name in ("records.jsonl", "summary.json"):
        (unit / name).unlink()
    return run


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """(A, B, tasks only A solves, tasks only B solves): of 12 tasks, A's answer to one solved task emptied, B's to three."""
    root = tmp_path_factory.mktemp("paired")
    base = root / "base"
    done = run_eai("run", "--suite", "virtualhome", "--module", "action_sequencing", "--model", "baseline:auto",
                   "--limit", "12", "--no-cache", "--quiet", "--out", str(base))
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in base.joinpath(*UNIT, "records.jsonl").read_text().splitlines()]
    solved = [r["identifier"] for r in records if r["success"]]
    only_b, only_a = solved[:1], solved[1:4]
    a = emptied(shutil.copytree(base, root / "A"), only_b)
    b = emptied(shutil.copytree(base, root / "B"), only_a)
    for run in (a, b):
        done = run_eai("run", "--resume", "--out", str(run), "--quiet")
        assert done.returncode == 0, done.stderr
    return a, b, only_a, only_b, len(solved)


def test_two_baseline_runs_differing_on_known_tasks_name_exactly_those_tasks_and_mcnemars_p(runs):
    a, b, only_a, only_b, solved = runs
    [found] = eai.compare(a, b)
    assert (found["suite"], found["module"], found["tasks"]) == ("virtualhome", "action_sequencing", 12)
    success = found["rates"]["task_success_rate"]
    assert success["only_a"] == only_a and success["only_b"] == only_b
    by_hand = 2 * (math.comb(4, 0) + math.comb(4, 1)) / 2 ** 4  # min(3, 1) = 1 of 4 discordant tasks
    assert success["test"] == "mcnemar_exact" and success["p_value"] == by_hand == 0.625
    assert success["a"] == round(100 * (solved - 1) / 12, 2) and success["b"] == round(100 * (solved - 3) / 12, 2)
    assert success["difference"] == round(100 * -2 / 12, 2) and success["low"] <= success["difference"] <= success["high"]
    assert found["rates"]["errors.parsing"]["only_b"] == only_a  # an empty answer is a parsing error
    assert found["rates"]["goal_success.total"]["test"] == "paired_bootstrap"


def test_eai_report_of_the_two_runs_lists_the_flipped_tasks_linked_side_by_side(runs, tmp_path, capsys):
    a, b, only_a, only_b, _ = runs
    code, _, err = eai_cli(capsys, "report", str(a), str(b), "--html", "--out", str(tmp_path / "r"))
    assert code == 0, err
    md = (tmp_path / "r" / "report.md").read_text()
    assert f"- task_success_rate, only A (3): {', '.join(only_a)}" in md
    assert f"- task_success_rate, only B (1): {only_b[0]}" in md
    assert "| task_success_rate | " in md and "mcnemar_exact | 0.625 | 3 | 1 |" in md
    html = (tmp_path / "r" / "report.html").read_text()
    assert f"run=A&amp;task={only_a[0]}&amp;compare=0" in html
    report = json.loads((tmp_path / "r" / "report.json").read_text())
    assert report["comparisons"][0]["rates"]["task_success_rate"]["only_a"] == only_a


def test_a_run_compared_with_itself_differs_by_nothing(runs):
    a = runs[0]
    [found] = eai.compare(a, a)
    for path, entry in found["rates"].items():
        assert (entry["difference"], entry["low"], entry["high"], entry["p_value"]) == (0, 0, 0, 1.0), path


@pytest.mark.parametrize("only_a, only_b", [(0, 0), (3, 1), (10, 2), (0, 9), (25, 25)])
def test_mcnemars_exact_p_is_the_two_sided_binomial_test_of_the_discordant_tasks(only_a, only_b):
    expected = 1.0 if only_a + only_b == 0 else binomtest(only_a, only_a + only_b, 0.5).pvalue
    assert mcnemar_exact(only_a, only_b) == pytest.approx(expected, abs=1e-12)
