"""The viewer's model and page of a real run: what it shows per task, that
answers stay text in the page, and one clear error for what is not a run."""

import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import urllib.request
from contextlib import contextmanager
from urllib.parse import urlsplit

from eai.host.manager import get_plugins
from eai.viewer.model import collect_runs
from eai.viewer.page import inline_json, write_site
from tests.helpers import eai_cli
from tests.models.support import FAKE_KEY, needs_entry_point
from tests.viewer.conftest import SCRIPT


def test_a_failed_plan_shows_its_failing_step_prompt_and_parse(replay_run):
    folder, missing, _ = replay_run
    model = collect_runs([folder], get_plugins())
    (run,) = model["runs"]
    assert run["config"]["models"][0].startswith("replay:") and run["written"].endswith("UTC")
    (unit,) = run["units"]
    assert unit["n"] == 5 and unit["key"].startswith("virtualhome/action_sequencing/")
    task = next(t for t in unit["tasks"] if t["id"] == missing)
    record = task["record"]
    assert task["status"] == "failure" and task["errors"] == [record["error_type"]] == ["missing_step"]
    failed = [i for i, s in enumerate(task["steps"]) if s["outcome"] == "failed"]
    assert failed == [record["error_step"]]
    assert all(s["outcome"] == "not run" for s in task["steps"][failed[0] + 1:])
    assert task["instruction"].startswith("Walk to the kitchen") and "washing_machine is PLUGGED_IN" in task["prompt"]  # its goals
    assert all(t["prompt_as_sent"] is True for t in unit["tasks"])  # the prompts built again are the ones sent
    assert len(task["parsed"]["steps"]) == record["plan_length"] == len(task["steps"])
    assert json.loads(task["output"])[0][0] == task["parsed"]["steps"][0]["name"]
    done = next(t for t in unit["tasks"] if t["status"] == "success")
    assert all(s["outcome"] in ("done", "additional") for s in done["steps"])
    assert any(s["added"] for s in done["steps"])  # state changes


def test_a_prompt_that_is_not_the_one_sent_says_so(replay_run, tmp_path):
    folder = tmp_path / "run"
    shutil.copytree(replay_run[0], folder)
    (log,) = folder.glob("virtualhome/action_sequencing/*/responses.jsonl")
    items = [json.loads(line) for line in log.read_text().splitlines()]
    changed, unlogged = items[0]["identifier"], items[1]["identifier"]
    items[0]["calls"][0]["prompt_sha256"] = "0" * 64  # as if the templates had changed since the run
    del items[1]["calls"][0]["prompt_sha256"]  # as a run made before eai logged digests
    log.write_text("".join(json.dumps(item) + "\n" for item in items))
    (unit,) = collect_runs([folder], get_plugins())["runs"][0]["units"]
    shown = {t["id"]: t["prompt_as_sent"] for t in unit["tasks"]}
    assert shown.pop(changed) is False and shown.pop(unlogged) is None and set(shown.values()) == {True}


def test_markup_in_an_answer_is_data_not_markup_in_the_page(replay_run, tmp_path, capsys):
    folder, _, marked = replay_run
    code, out, err = eai_cli(capsys, "view", str(folder), "--out", str(tmp_path / "site"))
    assert code == 0, err
    page = (tmp_path / "site" / "index.html").read_text()
    data = re.search(r'<script type="application/json" id="eai-data">(.*?)</script>', page, re.S).group(1)
    assert "<" not in data and ">" not in data  # the inline JSON can neither close its element nor open another
    assert "window.__eaiInjected" in data and "<script>window.__eaiInjected" not in page  # the text filter's
    tasks = json.loads(data)["runs"][0]["units"][0]["tasks"]
    number = next(i for i, t in enumerate(tasks) if t["id"] == marked)
    assert tasks[number]["search"].startswith(SCRIPT) and "output" not in tasks[number]
    script = (tmp_path / "site" / "tasks" / "0-0" / f"{number}.js").read_text()
    assert script.startswith(f'eaiTask("0/0/{number}", {{') and script.endswith("});\n")
    assert "<" not in script and ">" not in script  # the detail, as the page, holds the markup as escaped data
    assert json.loads(script[len(f'eaiTask("0/0/{number}", '):-3])["output"].startswith(SCRIPT)


def test_what_is_not_a_run_is_one_clear_error(tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    damaged = tmp_path / "damaged" / "virtualhome" / "action_sequencing" / "m"
    damaged.mkdir(parents=True)
    (damaged / "summary.json").write_text(json.dumps({"suite": "virtualhome", "module": "action_sequencing", "n": 1}))
    (damaged / "records.jsonl").write_text('{"no identifier": 1}\n')
    for folder, message in ((tmp_path / "missing", "is not a folder"), (tmp_path / "empty", "holds no summary.json"),
                            (tmp_path / "damaged", "cannot read the records or responses")):
        code, out, err = eai_cli(capsys, "view", str(folder), "--out", str(tmp_path / "site"))
        assert code == 2 and err.startswith("error: ") and message in err and "Traceback" not in err, err
        assert len(err.strip().splitlines()) == 1


def test_inline_json_round_trips_what_it_escapes():
    text = "</script><!-- & \u2028"
    assert json.loads(inline_json({"a": text})) == {"a": text}


@contextmanager
def served(folder):
    """``eai view FOLDER --port 0`` running; its URL."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    server = subprocess.Popen([sys.executable, "-m", "eai", "view", str(folder), "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = server.stdout.readline()
        yield re.match(r"serving (http://127\.0\.0\.1:\d+/) ", line).group(1)
    finally:
        server.terminate()
        server.wait(timeout=60)


def test_eai_view_serves_the_page_on_localhost(replay_run):
    with served(replay_run[0]) as url:
        with urllib.request.urlopen(url + "index.html", timeout=60) as response:
            page = response.read().decode()
    assert 'id="eai-data"' in page and "window.__eaiInjected" in page


def status_for(url, host):
    """The status of ``GET /index.html`` sent to ``url`` with ``host`` as its Host header (None: no Host)."""
    address = urlsplit(url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=60)
    try:
        connection.putrequest("GET", "/index.html", skip_host=True)
        if host is not None:
            connection.putheader("Host", host)
        connection.endheaders()
        return connection.getresponse().status
    finally:
        connection.close()


def test_the_served_viewer_answers_only_to_its_own_host(replay_run):
    """A page on another site cannot read the run by DNS rebinding: its Host is its own name."""
    with served(replay_run[0]) as url:
        port = urlsplit(url).port
        statuses = {host: status_for(url, host) for host in
                    (f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}", f"attacker.example:{port}",
                     "attacker.example", f"127.0.0.1:{port + 1}", f"127.0.0.1.attacker.example:{port}", "", None)}
    assert statuses == {f"127.0.0.1:{port}": 200, f"localhost:{port}": 200, f"LOCALHOST:{port}": 200,
                        f"attacker.example:{port}": 421, "attacker.example": 421, f"127.0.0.1:{port + 1}": 421,
                        f"127.0.0.1.attacker.example:{port}": 421, "": 421, None: 421}


def test_a_score_folder_shows_the_answers_it_kept_and_an_old_one_says_they_were_not(replay_run, tmp_path, capsys):
    folder, missing, _ = replay_run
    (responses,) = folder.rglob("responses.jsonl")
    code, _, err = eai_cli(capsys, "score", str(responses), "--suite", "virtualhome", "--module", "action_sequencing",
                           "--out", str(tmp_path / "scored"), "--quiet")
    assert code == 0, err
    given = {i["identifier"]: i["llm_output"] for i in map(json.loads, responses.read_text().splitlines())}
    (unit,) = collect_runs([tmp_path / "scored"], get_plugins())["runs"][0]["units"]
    assert "answers.jsonl" in unit["note"]
    assert {t["id"]: t["output"] for t in unit["tasks"]} == given  # the answer beside its parse and record
    assert all(t["prompt_as_sent"] is True and t["steps"] for t in unit["tasks"])  # the run's digests came along
    task = next(t for t in unit["tasks"] if t["id"] == missing)
    assert [s["outcome"] for s in task["steps"]].count("failed") == 1 and task["parsed"]["steps"]
    (tmp_path / "scored" / "answers.jsonl").unlink()  # as eai score wrote folders before it kept the answers
    (unit,) = collect_runs([tmp_path / "scored"], get_plugins())["runs"][0]["units"]
    assert "the answers were not kept" in unit["note"] and all(t["output"] is None for t in unit["tasks"])


def test_transition_modeling_of_27_2_names_the_atoms_walk_towards_and_put_on_got_wrong(tmp_path):
    from eai import api
    from eai_modules.transition_modeling.gold import gold_model

    plugins = get_plugins()
    (task,) = plugins.suites.get("virtualhome").load(["27_2"])
    gold = "\n".join(op.to_pddl("") for op in gold_model(plugins, "virtualhome").operators(task))
    edited = gold.replace("(and (not (sitting ?char)) (not (lying ?char)))", "(and (not (sitting ?char)) (standing ?char))")
    edited = edited.replace("(obj_ontop ?obj1 ?obj2) ", "")
    api.score("virtualhome", "transition_modeling", {"27_2": edited}, out=tmp_path / "tm")
    (shown,) = collect_runs([tmp_path / "tm"], get_plugins())["runs"][0]["units"][0]["tasks"]
    assert shown["operators"] == {"put_on": {"effect": {"missing": ["(obj_ontop ?obj1 ?obj2)"]}},
                                  "walk_towards": {"precondition": {"missing": ["(not (lying ?char))"],
                                                                    "wrong": ["(standing ?char)"]}}}
    counts = shown["record"]["logic_form"]["by_operator"]
    assert counts["walk_towards"]["precondition"] == {"gold": 2, "matched": 1, "predicted": 2}
    api.score("virtualhome", "transition_modeling", {"27_2": gold}, out=tmp_path / "gold")
    assert collect_runs([tmp_path / "gold"], get_plugins())["runs"][0]["units"][0]["tasks"][0]["operators"] == {}


@needs_entry_point
def test_an_answer_the_provider_cut_is_parsed_as_scoring_parsed_it(tmp_path, monkeypatch):
    from eai import api
    from eai.modules.plans.parse import parse_plan
    from eai.testing.fake_server import FakeServer

    monkeypatch.setenv("OPENAI_API_KEY", FAKE_KEY)
    (task,) = get_plugins().suites.get("virtualhome").load(["27_2"])
    lines = "\n".join(f"[{a.name}] " + " ".join(f"<{x.rsplit('.', 1)[0]}> (1.{x.rsplit('.', 1)[1]})" for x in a.args)
                      for a in task.gold_plan)  # VirtualHome program lines
    with FakeServer(answer=lambda body: lines) as server:  # cut after 4 words, inside the second line
        run = api.run(models=["openai:fake-model"], suites=["virtualhome"], modules=["action_sequencing"], tasks=["27_2"],
                      out=tmp_path / "run", use_cache=False, base_url=server.url, max_tokens=4)
    (shown,) = collect_runs([run.folder], get_plugins())["runs"][0]["units"][0]["tasks"]
    assert shown["output"] == "[WALK] <dining_room> (1.201)\n[WALK]" and shown["record"]["truncated_answer"]
    assert len(shown["parsed"]["steps"]) == len(shown["steps"]) == shown["record"]["plan_length"] == 1
    assert len(parse_plan(shown["output"]).steps) == 2  # read as if whole, the cut line would be a step


def test_a_page_written_again_removes_only_the_details_it_no_longer_has(replay_run, tmp_path):
    model = collect_runs([replay_run[0]], get_plugins())
    site = tmp_path / "site"
    write_site(model, site)
    (site / "tasks" / "notes.txt").write_text("mine")
    (site / "tasks" / "0-0" / "notes.txt").write_text("mine too")
    (site / "tasks" / "0-1").mkdir()
    (site / "tasks" / "0-1" / "0.js").write_text("an earlier page's unit")
    unit = model["runs"][0]["units"][0]
    write_site({**model, "runs": [{**model["runs"][0], "units": [{**unit, "tasks": unit["tasks"][:2]}]}]}, site)
    assert sorted(p.relative_to(site).as_posix() for p in (site / "tasks").rglob("*")) == [
        "tasks/0-0", "tasks/0-0/0.js", "tasks/0-0/1.js", "tasks/0-0/notes.txt", "tasks/notes.txt"]
    assert (site / "tasks" / "0-0" / "1.js").read_text().startswith('eaiTask("0/0/1", {"call_error": ')
