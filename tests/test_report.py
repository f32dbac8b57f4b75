"""``eai report`` over real score folders: the paper-shaped tables, runs side by
side, and an HTML page that needs no network."""

import json
import re
from html.parser import HTMLParser
from urllib.parse import parse_qs

from eai.host.manager import get_plugins
from tests.helpers import run_eai, table_rows, upstream_output
from tests.modules import bottling_fruit

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


NUMBER = re.compile(r"-?\d+(\.\d+)?( \(\d+\))?")  # 12, 0.0, and a share "66.7 (3)"


class Cells(HTMLParser):
    """Each table cell of a page under the latest heading: (heading, text, link or None)."""

    def __init__(self) -> None:
        super().__init__()
        self.cells: list[tuple[str, str, str | None]] = []
        self.heading, self.text, self.href, self.where = "", "", None, ""

    def handle_starttag(self, tag, attrs):
        if tag in ("h2", "td"):
            self.where, self.text, self.href = tag, "", None
        elif tag == "a" and self.where == "td":
            self.href = dict(attrs)["href"]

    def handle_data(self, data):
        self.text += data

    def handle_endtag(self, tag):
        if tag == "h2":
            self.heading = self.text
        elif tag == "td":
            self.cells.append((self.heading, self.text, self.href))
        if tag in ("h2", "td"):
            self.where = ""


def test_every_number_of_a_composed_run_links_to_its_unit_in_the_viewer(tmp_path):
    out = tmp_path / "run"
    result = run_eai("compose", "goal_interpretation+action_sequencing", "--suite", "virtualhome", "--limit", "2",
                     "--replan", "1", "--action-failure-p", "0.1", "--no-cache", "--quiet", "--out", str(out))
    assert result.returncode == 0, result.stderr
    parser = Cells()
    parser.feed((out / "report.html").read_text())
    headings = {heading for heading, _, _ in parser.cells}
    for title in ("Table 16", "Table 17", "Table 18", "ET-Plan-Bench metrics", "Model usage"):
        assert any(title in h for h in headings), (title, headings)
    data = re.search(r'id="eai-data">(.*?)</script>', (out / "view" / "index.html").read_text(), re.S).group(1)
    viewed = {(u["suite"], u["module"], u["label"]) for run in json.loads(data)["runs"] for u in run["units"]}
    numbers = [(h, text, href) for h, text, href in parser.cells if NUMBER.fullmatch(text) and not h.startswith("Configuration")]
    assert numbers and all(href for _, _, href in numbers), [c for c in numbers if not c[2]]
    for _, _, href in numbers:
        target, _, fragment = href.partition("#")
        query = {k: v[0] for k, v in parse_qs(fragment).items()}
        assert target == "view/index.html" and (query["suite"], query["module"], query["model"]) in viewed, href
    assert not any(href for _, text, href in parser.cells if text in ("baseline:auto", "virtualhome"))  # text is not linked
    table16 = [href for h, _, href in parser.cells if h.startswith("Table 16") and href]
    assert {parse_qs(href.partition("#")[2])["model"][0] for href in table16} == {  # modular and pipeline columns
        "baseline:auto replan 1 p=0.1", "baseline:auto [goal_interpretation+action_sequencing] replan 1 p=0.1"}


def score_behavior(tmp_path, module, answers, *options):
    """A score folder of ``answers`` (task name -> text) on BEHAVIOR's ``module``."""
    tasks = {t.name: t.id for t in get_plugins().suites.get("behavior").load()}
    path = tmp_path / f"{module}.json"
    path.write_text(json.dumps([{"identifier": tasks[name], "llm_output": text} for name, text in answers.items()]))
    out = tmp_path / module / "answers"
    result = run_eai("score", str(path), "--suite", "behavior", "--module", module, "--out", str(out), "--quiet", *options)
    assert result.returncode == 0, result.stderr
    return out.parent


def test_bottling_fruit_run_out_of_budget_and_format_errors_have_their_columns(tmp_path):
    """bottling_fruit with both fruits in one subgoal line runs out of budget:
    no credit, and until now no column of the report said so."""
    joined = json.dumps({"output": bottling_fruit.JOINED})
    folders = [score_behavior(tmp_path, "subgoal_decomposition", {"bottling_fruit": joined, "cleaning_bathtub": "[]"},
                              "--max-nodes", "200"),
               score_behavior(tmp_path, "goal_interpretation", {"bottling_fruit": "the jars, closed"}),
               score_behavior(tmp_path, "transition_modeling", {"bottling_fruit": "no operators here"})]
    out = tmp_path / "report"
    assert run_eai("report", *map(str, folders), "--html", "--out", str(out)).returncode == 0
    report = (out / "report.md").read_text()
    subgoals = table_rows(report, "Table 6")["answers"]
    assert (subgoals["Other outcomes: Budget exhausted (B)"], subgoals["Other outcomes: Empty plan (B)"]) == ("50.0", "50.0")
    assert table_rows(report, "Table 3")["answers"]["Other outcomes: Format error (B)"] == "100.0"
    planning = table_rows(report, "Table 7")["answers"]
    assert (planning["Other outcomes: Parse error (B)"], planning["Other outcomes: Budget exhausted (B)"]) == ("100.0", "0.0")
    assert "### Table 4" not in report  # no action-sequencing result, no table
    parser = Cells()
    parser.feed((out / "report.html").read_text())
    links = {parse_qs(href.partition("#")[2]).get("error", [""])[0] for h, _, href in parser.cells if href}
    assert {"budget_exhausted", "empty_plan", "parsing", "planner budget_exhausted"} <= links
