"""Results never look real when they are not: every summary and table says
what its figures are over, an empty selection is no result, and a partial
answer file says how partial it is. Real VirtualHome and BEHAVIOR tasks."""

import json

import pytest

import eai
from eai.host.manager import get_plugins
from tests.helpers import eai_cli, table_rows, upstream_output

ANSWERED = 10


@pytest.fixture(scope="module")
def answers():
    """Gold plans of the first VirtualHome tasks in the upstream format; the first one twice."""
    tasks = get_plugins().suites.get("virtualhome").load()[:ANSWERED]
    items = [{"identifier": t.id, "llm_output": upstream_output([[a.name, *a.args] for a in t.gold_plan])} for t in tasks]
    return items + items[:1]


@pytest.fixture
def answer_file(answers, tmp_path):
    path = tmp_path / "answers.json"
    path.write_text(json.dumps(answers))
    return path


@pytest.fixture(scope="module")
def scored(answers, tmp_path_factory):
    """A score folder of the answers."""
    folder = tmp_path_factory.mktemp("scored") / "answers"
    eai.score("virtualhome", "action_sequencing", answers, out=folder)
    return folder


def test_a_partial_answer_file_says_how_partial_it_is(answer_file, tmp_path, capsys):
    code, out, err = eai_cli(capsys, "score", str(answer_file), "--suite", "virtualhome", "--module",
                             "action_sequencing", "--out", str(tmp_path / "s"), "--quiet")
    assert code == 0, err
    total = len(get_plugins().suites.get("virtualhome").ids())
    summary = json.loads((tmp_path / "s" / "summary.json").read_text())
    assert {k: summary[k] for k in ("n", "tasks", "answered", "unanswered", "duplicated", "model_errors")} == {
        "n": ANSWERED, "tasks": total, "answered": ANSWERED, "unanswered": total - ANSWERED, "duplicated": 1,
        "model_errors": 0}
    assert summary["task_success_rate"] == 100.0
    assert f"scored {ANSWERED} of {total} tasks" in out and f"{total - ANSWERED} unanswered left out" in out
    assert "1 task(s) answered more than once" in out


def test_strict_scores_the_unanswered_tasks_as_failures(answers):
    result = eai.score("virtualhome", "action_sequencing", answers, strict=True)
    total = len(get_plugins().suites.get("virtualhome").ids())
    assert (result.summary["n"], result.summary["answered"], result.summary["unanswered"]) == (total, ANSWERED, total - ANSWERED)
    assert result.summary["task_success_rate"] == round(100 * ANSWERED / total, 2)
    unanswered = [r for r in result.records if r.get("unanswered")]
    assert len(unanswered) == total - ANSWERED and not any(r["success"] for r in unanswered)


@pytest.mark.parametrize("suite, content", [("virtualhome", ""), ("behavior", None)])
def test_a_file_that_answers_no_task_is_one_clear_error(answer_file, tmp_path, capsys, suite, content):
    if content is not None:
        answer_file.write_text(content)
    code, out, err = eai_cli(capsys, "score", str(answer_file), "--suite", suite, "--module", "action_sequencing",
                             "--out", str(tmp_path / "s"))
    assert code == 2 and err.count("\n") == 1 and "no response answers a task of suite" in err, err
    assert not (tmp_path / "s").exists()


def test_a_unit_without_tasks_has_no_figures_only_its_count(tmp_path, capsys):
    # 27_2 is a VirtualHome task: the BEHAVIOR unit of the same run has no task
    code, out, err = eai_cli(capsys, "run", "--tasks", "27_2", "--module", "transition_modeling", "--out",
                             str(tmp_path / "run"), "--quiet")
    assert code == 0, err
    empty = json.loads((tmp_path / "run" / "behavior" / "transition_modeling" / "baseline_auto" / "summary.json").read_text())
    assert (empty["n"], empty["tasks"]) == (0, 0) and "f1" not in empty and "planner_success_rate" not in empty
    row = table_rows((tmp_path / "run" / "report.md").read_text(), "Table 7")["baseline:auto"]
    assert (row["Tasks: n (V)"], row["Tasks: n (B)"]) == ("1", "0")
    assert row["Overall: F1 (B)"] == "-" and row["Overall: Planner SR (B)"] == "-"
    assert "behavior/transition_modeling/baseline:auto: n=0 of 0 tasks (nothing scored: no figures)" in out


def test_a_task_id_no_suite_has_stops_the_run_before_it_starts(tmp_path, capsys):
    code, out, err = eai_cli(capsys, "run", "--tasks", "27_2,27_x", "--out", str(tmp_path / "run"), "--quiet")
    assert code == 2 and err.count("\n") == 1
    assert "no task '27_x'" in err and "did you mean '27_2'?" in err
    assert not (tmp_path / "run").exists()


def test_a_report_states_n_escapes_names_and_never_overwrites_what_it_reads(answers, tmp_path, capsys):
    folder = tmp_path / "scored"
    eai.score("virtualhome", "action_sequencing", answers, out=folder)
    summary = json.loads((folder / "summary.json").read_text())
    summary["model"] = "<img src=x onerror=alert(1)>|*x*"
    (folder / "summary.json").write_text(json.dumps(summary))
    inputs = {p.name: p.read_bytes() for p in folder.iterdir()}
    for _ in range(2):  # a second report over the same folder is the same report
        code, out, err = eai_cli(capsys, "report", str(folder), "--html")
        assert code == 0, err
        assert {p.name: p.read_bytes() for p in folder.iterdir() if p.name in inputs} == inputs
    markdown, page = (folder / "report.md").read_text(), (folder / "report.html").read_text()
    assert "<img" not in markdown and "<img" not in page
    [row] = table_rows(markdown, "Table 4").values()
    assert row["Model"] == r"&lt;img src=x onerror=alert(1)&gt;\|\*x\*"
    assert (row["Tasks: n (V)"], row["Tasks: Model errors (V)"]) == (str(ANSWERED), "0")
    assert f"(n={ANSWERED})" in page  # in each chart's series names
    assert "by gold plan length (steps) (tasks in parentheses)" in markdown


@pytest.mark.parametrize("command", [
    ["run", "--limit", "1"],
    ["compose", "goal_interpretation+action_sequencing", "--limit", "1"],
    ["score", "ANSWERS", "--suite", "virtualhome", "--module", "action_sequencing"],
    ["report", "FOLDER"],
])
def test_an_out_that_cannot_be_a_folder_is_one_line(answer_file, scored, capsys, command):
    args = [{"ANSWERS": str(answer_file), "FOLDER": str(scored)}.get(a, a) for a in command]
    for out in (answer_file, answer_file / "below"):
        code, _, err = eai_cli(capsys, *args, "--out", str(out))
        assert code == 2 and err == f"error: --out {out}{' is a file, not a folder' if out == answer_file else f': {answer_file} is a file, not a folder'}\n"
