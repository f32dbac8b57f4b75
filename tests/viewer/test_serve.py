"""``eai view`` served (issue 31 item 11): SIGTERM removes the temporary copy of
the page as Ctrl-C does, and a run's own page (RUN/view) is served as it is
while the digest of its sources says it is current."""

import os
import re
import shutil
import signal
import subprocess
import sys
import urllib.request

from eai.host.manager import get_plugins
from eai.viewer.digest import current_view
from tests.helpers import eai_cli


def serve(tmp_path, *runs):
    """``eai view RUNS --port 0`` in a process whose temporary folder is ``tmp_path/tmp``; (process, url, line)."""
    (tmp_path / "tmp").mkdir(exist_ok=True)
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "TMPDIR": str(tmp_path / "tmp")}
    server = subprocess.Popen([sys.executable, "-m", "eai", "view", *map(str, runs), "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    line = server.stdout.readline()
    match = re.match(r"serving (http://127\.0\.0\.1:\d+/) ", line)
    assert match, line + server.stderr.read()
    return server, match.group(1), line


def page(url):
    with urllib.request.urlopen(url + "index.html", timeout=60) as response:
        return response.read()


def test_sigterm_removes_the_temporary_copy_of_the_page(replay_run, tmp_path):
    folder = replay_run[0]
    server, url, _ = serve(tmp_path, folder, folder)  # two runs: a page of their own, in a temporary folder
    try:
        made = list((tmp_path / "tmp").glob("eai-view-*"))
        assert len(made) == 1 and b'id="eai-data"' in page(url)
    finally:
        server.send_signal(signal.SIGTERM)
        out, err = server.communicate(timeout=60)
    assert server.returncode == 0 and out.strip() == "stopped" and err == ""
    assert list((tmp_path / "tmp").iterdir()) == []


def test_a_runs_own_current_page_is_served_as_it_is(replay_run, tmp_path):
    folder = replay_run[0]
    assert current_view(folder, get_plugins()) == folder / "view"
    server, url, line = serve(tmp_path, folder)
    try:
        assert f"({folder / 'view'}, current with the run; Ctrl-C to stop)" in line
        assert page(url) == (folder / "view" / "index.html").read_bytes()
        assert list((tmp_path / "tmp").iterdir()) == []  # no copy made
    finally:
        server.send_signal(signal.SIGTERM)
        server.communicate(timeout=60)


def test_the_page_is_current_until_what_it_shows_changes(replay_run, tmp_path, capsys):
    run = tmp_path / replay_run[0].name  # the same name: the page names the run by its folder
    shutil.copytree(replay_run[0], run)  # copy2 keeps run.json's time, which the page shows
    plugins = get_plugins()
    assert current_view(run, plugins) == run / "view"
    code, _, err = eai_cli(capsys, "view", str(run), "--out", str(tmp_path / "fresh"))
    assert code == 0, err
    assert (tmp_path / "fresh" / "index.html").read_bytes() == (run / "view" / "index.html").read_bytes()
    records = next(run.rglob("records.jsonl"))
    records.write_text(records.read_text().replace('"success": false', '"success": true', 1))
    assert current_view(run, plugins) is None
    assert eai_cli(capsys, "report", str(run), "--html")[0] == 0
    assert current_view(run, plugins) == run / "view"
    os.utime(run / "run.json", ns=(0, 0))  # the time the page shows as written
    assert current_view(run, plugins) is None
    assert eai_cli(capsys, "report", str(run), str(replay_run[0]), "--html", "--out", str(run))[0] == 0
    assert current_view(run, plugins) is None  # a page of two runs is not the run's own
