"""The viewer and report.html in headless Chromium (Debian's package, driven
by Playwright): filter to failures, open a task, find the failing step; a
turn-by-turn episode's turns and a replanned task's attempts; markup in an
answer never runs; no chart legend overlaps on a run with 8 units."""

import os
import re
import shutil
import signal
from itertools import combinations
from pathlib import Path

import pytest

from eai import api
from eai.host.manager import get_plugins
from eai.viewer.model import collect_runs
from eai.viewer.page import write_site
from tests.helpers import ROOT
from tests.viewer.conftest import IDS, SCRIPT
from tests.viewer.test_serve import serve
from tests.viewer.test_traces import prompts, unit_of

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-headless-shell")
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install -e .[dev])")
pytestmark = [pytest.mark.slow, pytest.mark.skipif(CHROMIUM is None, reason="no chromium installed (apt-get install -y chromium)")]
SCREENSHOT = ROOT / "docs" / "viewer.png"  # rewritten when EAI_SCREENSHOTS=1


@pytest.fixture
def page():
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        tab = browser.new_page(viewport={"width": 1400, "height": 900})
        errors = []
        tab.on("pageerror", lambda exc: errors.append(str(exc)))
        yield tab
        browser.close()
        assert not errors, errors


def open_viewer(page, folder: Path, fragment: str) -> None:
    page.goto(f"{(folder / 'view' / 'index.html').as_uri()}#{fragment}")
    page.wait_for_selector("body[data-ready]")


def test_filter_to_failures_open_the_task_and_find_the_failing_step(page, replay_run, tmp_path):
    folder, missing, _ = replay_run
    open_viewer(page, folder, "")
    assert page.inner_text("#count") == "5 of 5 task(s)"
    page.select_option("#status", "failures")
    assert page.inner_text("#count") == "1 of 5 task(s)"
    page.click(f"a.task-link:text-is('{missing}')")
    page.wait_for_selector("tr.failed-step", timeout=120_000)  # the task is drawn after the click returns
    failing = page.locator("tr.failed-step")
    assert failing.count() == 1
    assert "missing_step" in failing.inner_text() and "unmet: (" in failing.inner_text()  # the unmet precondition
    assert page.locator("tr.not-run").count() > 0
    assert page.locator("article.task summary").first.inner_text() == "Prompt sent"  # checked against the run's digest
    assert "rgb(251, 227, 227)" == failing.evaluate("row => getComputedStyle(row).backgroundColor")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(tmp_path / "viewer.png"))
    if os.environ.get("EAI_SCREENSHOTS") == "1":
        shutil.copy(tmp_path / "viewer.png", SCREENSHOT)


def test_a_turn_by_turn_episode_shows_its_turns_and_a_replanned_task_its_attempts_and_failing_steps(page, turns_run, replan_run):
    open_viewer(page, turns_run, "")
    page.select_option("#status", "failures")
    assert page.inner_text("#count") == "0 of 3 task(s)"  # the episodes succeeded, as the run reports
    unit = unit_of(turns_run)
    trace = next(t for t in unit["tasks"] if t["id"] == "spatial_001")["trace"]
    open_viewer(page, turns_run, "task=spatial_001")
    turns = page.locator("#task details.entry")
    assert turns.count() == len(trace["entries"]) == 19
    assert turns.nth(1).locator("summary").first.inner_text() == "turn 2 · robot · FIND(keys.2015) · done · percent complete 0"
    last = max(i for i, e in enumerate(trace["entries"]) if e["agent"] == "robot")
    assert "patch" in trace["entries"][last]["prompt"]  # the page rebuilds it from the robot's earlier prompts
    assert turns.nth(last).locator("pre.prompt").text_content() == prompts(unit, trace)[last]
    robot = next(i for i, e in enumerate(trace["entries"]) if e["agent"] == "robot")
    assert set(trace["entries"][robot]["prompt"]) == {"patch"}  # its first prompt: a patch of the unit's first
    assert turns.nth(robot).locator("pre.prompt").text_content() == prompts(unit, trace)[robot]
    assert turns.nth(last).locator("pre.answer").text_content() == trace["entries"][last]["answer"]
    end = page.locator("#task section.trace table").last.inner_text()
    assert "percent complete\t100" in end and "success\ttrue" in end
    open_viewer(page, replan_run, "task=417_1")
    attempts = page.locator("#task details.entry")
    assert attempts.count() == 3 and all(attempts.nth(k).get_attribute("open") is not None for k in range(3))
    assert attempts.nth(0).locator("summary").first.inner_text() == "attempt 1 · failed: missing_step"
    for k in range(3):
        assert attempts.nth(k).locator("tr.failed-step").count() == 1
        assert "missing_step: " in attempts.nth(k).locator("tr.failed-step").inner_text()
        assert attempts.nth(k).locator("tr.random-failure").count() >= 1
    assert page.locator("#task .feedback").count() == 2  # sent after the first two attempts
    assert page.locator("#task .feedback pre").first.inner_text().startswith("Your plan did not achieve the task.")


def test_markup_in_an_answer_is_shown_and_never_runs(page, replay_run):
    folder, _, marked = replay_run
    open_viewer(page, folder, f"task={marked}")
    assert page.locator("pre.output").text_content().startswith(SCRIPT)
    assert page.evaluate("window.__eaiInjected") is None
    assert page.locator("#content script, #content img").count() == 0


def test_report_links_open_the_filtered_task_list(page, replay_run):
    folder = replay_run[0]
    page.goto((folder / "report.html").as_uri())
    page.click("a[href*='error=missing_step'] >> nth=0")
    page.wait_for_selector("body[data-ready]")
    assert page.inner_text("#count") == "1 of 5 task(s)"


def test_two_runs_side_by_side_on_the_same_task(page, replay_run, tmp_path):
    folder, missing, _ = replay_run
    baseline = api.run(models=["baseline:auto"], suites=["virtualhome"], modules=["action_sequencing"], tasks=list(IDS),
                       out=tmp_path / "baseline", use_cache=False)
    site = write_site(collect_runs([folder, baseline.folder], get_plugins()), tmp_path / "site")
    page.goto(f"{site.as_uri()}#task={missing}")
    page.wait_for_selector("body[data-ready]")
    page.select_option("#compare", "0")
    page.wait_for_selector("#task article.task >> nth=1")  # the other unit's task is loaded when asked for
    panes = page.locator("#task article.task")
    assert panes.count() == 2
    assert "replay:" in panes.nth(0).locator("h3").first.inner_text() and "baseline:auto" in panes.nth(1).locator("h3").first.inner_text()
    assert panes.nth(0).locator("tr.failed-step").count() == 1 and panes.nth(1).locator("tr.failed-step").count() == 0


def boxes_overlap(a, b) -> bool:
    return a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"] and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]


def test_no_chart_legend_overlaps_on_a_run_with_8_units(page, tmp_path):
    run = api.run(limit=2, out=tmp_path / "run", use_cache=False)
    assert len(run.results) == 8
    html = (run.folder / "report.html").read_text()
    assert re.search(r'<th colspan="6">Spatial</th>', html)  # Precision, Recall, F1 under their goal kind, for V and B
    assert "Written (UTC)" in html and "n per unit" in html
    page.goto((run.folder / "report.html").as_uri())
    page.wait_for_selector(".js-plotly-plot .legend")
    assert page.evaluate("document.documentElement.scrollWidth") <= 1400  # wide tables scroll in their box
    assert page.locator(".box").first.evaluate("box => getComputedStyle(box).overflowX") == "auto"
    charts = page.locator(".js-plotly-plot")
    assert charts.count() >= 8
    for i in range(charts.count()):
        chart = charts.nth(i)
        entries = [e.bounding_box() for e in chart.locator(".legend .traces").all()]
        assert entries, f"chart {i} has no legend"
        assert not any(boxes_overlap(a, b) for a, b in combinations(entries, 2)), f"chart {i}: legend entries overlap"
        legend, plot, figure = (chart.locator(s).first.bounding_box() for s in (".legend", ".nsewdrag", ".main-svg"))
        assert not boxes_overlap(legend, plot), f"chart {i}: the legend covers the bars"
        assert figure["x"] <= legend["x"] and legend["x"] + legend["width"] <= figure["x"] + figure["width"] + 1, f"chart {i}: legend clipped"


def test_the_run_page_shows_the_prompts_asked(page, tmp_path):
    """A run asking the paper's prompts after a system prompt (eai run --system-prompt): the run's settings say so."""
    done = api.run(models=["baseline:auto"], suites=["virtualhome"], modules=["action_sequencing"], tasks=list(IDS),
                   out=tmp_path / "run", use_cache=False, options={"system_prompt": "Answer in JSON only."})
    open_viewer(page, done.folder, "")
    row = page.locator("#config tr").filter(has=page.locator("td:first-child", has_text=re.compile("^prompts$")))
    assert row.locator("td").nth(1).inner_text() == "paper (the default); system prompt: Answer in JSON only."


def test_the_run_page_shows_the_shots_beside_the_prompt_style(page, tmp_path):
    """A run keeping one in-context example of VirtualHome's subgoal prompt (eai run --shots 1)."""
    done = api.run(models=["baseline:auto"], suites=["virtualhome"], modules=["subgoal_decomposition"], tasks=list(IDS),
                   out=tmp_path / "run", use_cache=False, options={"shots": 1})
    open_viewer(page, done.folder, "")
    row = page.locator("#config tr").filter(has=page.locator("td:first-child", has_text=re.compile("^prompts$")))
    assert row.locator("td").nth(1).inner_text() == "paper (the default); in-context examples: the first 1 (--shots 1)"


def test_a_task_opened_on_the_server_loads_its_detail_file_and_no_other(page, replay_run, tmp_path):
    folder, missing, _ = replay_run
    index = (folder / "view" / "index.html").read_text()
    assert "washing_machine is PLUGGED_IN" not in index  # the prompts are in the tasks' detail files, not in the page
    server, url, line = serve(tmp_path, folder)
    try:
        assert "current with the run" in line
        asked = []
        page.on("request", lambda request: asked.append(request.url[len(url):]))
        page.goto(url + "#status=failures")
        page.wait_for_selector("body[data-ready]")
        assert asked == ["#status=failures"] or asked == [""]  # the page alone: no task's detail yet
        page.click(f"a.task-link:text-is('{missing}')")
        page.wait_for_selector("tr.failed-step")
        number = next(i for i, t in enumerate(unit_of(folder)["tasks"]) if t["id"] == missing)
        assert asked[1:] == [f"tasks/0-0/{number}.js"]
        assert "missing_step" in page.locator("tr.failed-step").inner_text()
    finally:
        server.send_signal(signal.SIGTERM)
        server.communicate(timeout=60)


def test_a_static_site_opens_a_task_from_the_file_system_and_says_when_its_detail_is_missing(page, replay_run, tmp_path):
    folder, missing, _ = replay_run
    site = write_site(collect_runs([folder], get_plugins()), tmp_path / "site")
    number = next(i for i, t in enumerate(unit_of(folder)["tasks"]) if t["id"] == missing)
    page.goto(f"{site.as_uri()}#task={missing}")
    page.wait_for_selector("body[data-ready]")
    assert page.locator("#task tr.failed-step").count() == 1  # loaded by a script element: file:// allows it
    (tmp_path / "site" / "tasks" / "0-0" / f"{number}.js").unlink()
    page.goto("about:blank")  # a new page: the detail loaded is gone with the old one
    page.goto(f"{site.as_uri()}#task={missing}")
    page.wait_for_selector("body[data-ready]")
    assert page.inner_text("#task") == f"The detail of task {missing} (tasks/0-0/{number}.js, beside this page) could not be loaded."


def test_an_agent_episode_shows_each_turn_its_failing_step_with_its_error_class_and_the_budget_that_ended_it(page, agent_run):
    open_viewer(page, agent_run, "error=missing_step")
    assert page.inner_text("#count") == "1 of 3 task(s)"
    page.click("a.task-link:text-is('27_2')")
    page.wait_for_selector("#task details.entry")
    turns = page.locator("#task details.entry")
    assert turns.count() == 10 and all(turns.nth(k).get_attribute("open") is not None for k in range(10))
    first = turns.nth(0).locator("summary").first.inner_text()  # the scripted model reports no tokens: estimated
    assert re.fullmatch(r"turn 1 · an invalid action at step 1: missing_step · prompt tokens \(estimated\) \d+", first)
    failing = turns.nth(2).locator("tr.failed-step")
    assert failing.count() == 1
    assert failing.locator("td").all_inner_texts()[:3] == ["3", "TURNTO(washing_machine.1001)", "missing_step"]
    assert "unmet" in failing.locator("td").nth(3).inner_text()  # the feedback it got
    assert "TURNTO(washing_machine.1001)" in turns.nth(1).locator("pre.observation").text_content()  # in the history
    end = page.locator("#task section.trace table").last.inner_text()
    assert "ended\tthe invalid-action budget ran out (10 invalid actions)" in end and "invalid actions\t10 of 10" in end
    open_viewer(page, agent_run, "task=417_1")
    assert page.locator("#task pre.answer").text_content().startswith(SCRIPT)  # the model's text stays text
    assert page.evaluate("window.__eaiInjected") is None and page.locator("#content script, #content img").count() == 0
    assert page.locator("#task tr.failed-step").count() == 0 and page.locator("#task details.entry tr").count() == 20
