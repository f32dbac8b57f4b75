"""``eai report`` over real score folders: the paper-shaped tables, runs side by
side, and an HTML page that needs no network."""

import json
import re

from eai.plugins import get_plugins
from tests.helpers import run_eai, table_rows, upstream_output

TASKS = 6


def score_folder(tmp_path, name, keep_steps):
    """``eai score`` of the first VirtualHome gold plans, each cut to ``keep_steps`` of its steps."""
    tasks = get_plugins().suites.get("virtualhome").load()[:TASKS]
    answers = [{"identifier": t.id, "llm_output": upstream_output([[a.name, *a.args] for a in t.gold_plan][:keep_steps(t)])}
               for t in tasks]
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(answers))
    out = tmp_path / name / "answers"  # both runs' model is called "answers"
    result = run_eai("score", str(path), "--suite", "virtualhome", "--module", "action_sequencing", "--out", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    return out.parent


def test_two_runs_of_one_model_are_two_rows_and_the_page_works_offline(tmp_path):
    gold = score_folder(tmp_path, "gold", lambda t: len(t.gold_plan))
    cut = score_folder(tmp_path, "cut", lambda t: len(t.gold_plan) // 2)
    out = tmp_path / "report"
    result = run_eai("report", str(gold), str(cut), "--html", "--out", str(out))
    assert result.returncode == 0, result.stderr
    report = (out / "report.md").read_text()
    rows = table_rows(report, "Table 4")
    assert set(rows) == {"answers (gold)", "answers (cut)"}, rows
    assert rows["answers (gold)"]["Goal evaluation: Task SR (V)"] == "100.0"
    assert float(rows["answers (cut)"]["Goal evaluation: Task SR (V)"]) < 100.0
    assert rows["answers (gold)"]["Tasks: n (V)"] == str(TASKS)
    assert "by gold plan length" in report
    page = (out / "report.html").read_text()
    assert page.count('class="plotly-graph-div"') >= 2 and page.count("plotly.js v") == 1  # plotly.js inlined once
    assert not re.search(r"<(script|link|img|iframe)[^>]+(src|href)=[\"']?(https?:)?//", page)  # loads nothing
    assert (out / "view" / "index.html").is_file()
    assert len(json.loads((out / "report.json").read_text())["units"]) == 2


def test_a_folder_without_results_is_one_clear_error(tmp_path):
    result = run_eai("report", str(tmp_path))
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert "holds no summary.json" in result.stderr
