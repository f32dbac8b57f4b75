"""Time the viewer on a whole run: writing it (``eai report RUN --html``, which
writes RUN/view: reading the run and working out prompts, parses and steps
again, playing episodes again), then the first page as a user gets it:
``eai view RUN`` until it serves the run's own page (the check that the page
is current included), and headless Chromium until the task list is drawn;
filtering to failures and opening a task.

Usage: ``python benchmarks/viewer.py [RUN]``; without RUN, the README's main
job (``eai run`` with no arguments: 1,722 task records) is run first. RUN is
copied into a temporary folder (its files' times kept) and its page written
there. RUN may be any run, e.g. a turn-by-turn one (``eai run --suite
partnr-vh --agents 2 --turn-by-turn``), whose episodes the viewer plays
again. The first failure is opened (the first task when none failed).
Targets (issue 38, target 4): the first page in under 2 s (CPU: ``eai view``'s
process until it serves, plus Chromium's processes until the list is drawn)
and under 3 MB (the bytes the browser fetched for it). Measuring eai as it
was: ``PYTHONPATH=OTHER_CHECKOUT python benchmarks/viewer.py`` (the ``eai``
commands then run that checkout's code). Needs chromium (``apt-get install
chromium``) and playwright (the dev extra).
"""

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright
from timing import children_cpu

TICK = os.sysconf("SC_CLK_TCK")


def tree_cpu(root: int) -> float:
    """The user + system seconds of process ``root`` and its descendants alive now."""
    parent, cpu = {}, {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        parent[int(entry.name)] = int(fields[1])
        cpu[int(entry.name)] = (int(fields[11]) + int(fields[12])) / TICK
    def under(pid: int) -> bool:
        while pid > 1:
            if pid == root:
                return True
            pid = parent.get(pid, 0)
        return False
    return sum(seconds for pid, seconds in cpu.items() if under(pid))


def eai(*args: str, **options) -> subprocess.CompletedProcess:
    """``eai ARGS`` run from the root folder (``python -m`` puts the current folder first on the path)."""
    return subprocess.run([sys.executable, "-m", "eai", *args], check=True, cwd="/", **options)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        run = Path(tmp, "run")
        if len(sys.argv) > 1:
            shutil.copytree(sys.argv[1], run, ignore=shutil.ignore_patterns("view"))
        else:
            eai("run", "--quiet", "--out", str(run), env={**os.environ, "XDG_CACHE_HOME": str(Path(tmp) / "cache")})
        records = sum(len(p.read_text().splitlines()) for p in run.glob("*/*/*/records.jsonl"))
        start, cpu = time.perf_counter(), children_cpu()
        eai("report", str(run), "--html", stdout=subprocess.DEVNULL)
        build, build_cpu = time.perf_counter() - start, children_cpu() - cpu
        files = [p for p in (run / "view").rglob("*") if p.is_file()]
        size = sum(p.stat().st_size for p in files)
        start = time.perf_counter()
        server = subprocess.Popen([sys.executable, "-m", "eai", "view", str(run), "--port", "0"], stdout=subprocess.PIPE,
                                  text=True, cwd="/", env={**os.environ, "PYTHONUNBUFFERED": "1"})
        try:
            line = server.stdout.readline()
            serving, serving_cpu = time.perf_counter() - start, tree_cpu(server.pid)
            url = re.match(r"serving (\S+) ", line).group(1)
            with sync_playwright() as playwright:
                figures = browse(playwright, url)
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(timeout=60)
    load, load_cpu, weight, failures, filtering, opening, opened = figures
    print(f"{records} task records; eai report --html (writes RUN/view): {build:.1f} s wall, {build_cpu:.1f} s CPU; "
          f"RUN/view: {len(files)} files, {size / 1e6:.2f} MB")
    print(f"eai view RUN until it serves: {serving:.2f} s wall, {serving_cpu:.2f} s CPU ({line.strip()})")
    print(f"first page in Chromium until the task list is drawn: {load:.2f} s wall, {load_cpu:.2f} s CPU, "
          f"{weight / 1e6:.2f} MB fetched")
    print(f"first page: {serving_cpu + load_cpu:.2f} s CPU (target < 2 s), {weight / 1e6:.2f} MB (target < 3 MB)")
    print(f"filter to failures: {filtering:.2f} s ({failures} in the first unit); "
          f"open a task: {opening:.2f} s, {opened / 1e3:.1f} kB fetched")


def browse(playwright, url: str) -> tuple:
    """(load wall, load CPU, bytes, failures, filter wall, open wall, bytes fetched opening) of the page at ``url``."""
    chromium = shutil.which("chromium") or shutil.which("chromium-headless-shell")
    browser = playwright.chromium.launch(executable_path=chromium)
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    finished = []
    page.on("requestfinished", lambda request: finished.append(request))
    fetched = lambda: sum(max(r.sizes()["responseBodySize"], 0) for r in finished)  # noqa: E731
    page.goto("about:blank")
    start, cpu = time.perf_counter(), tree_cpu(os.getpid())
    page.goto(url + "#status=all")
    page.wait_for_selector("body[data-ready]")
    load, load_cpu, weight = time.perf_counter() - start, tree_cpu(os.getpid()) - cpu, fetched()
    start = time.perf_counter()
    page.select_option("#status", "failures")
    page.wait_for_selector("#count")
    failures = page.inner_text("#count")
    filtering = time.perf_counter() - start
    if not page.locator("a.task-link").count():  # no failure to open: open the first task
        page.select_option("#status", "all")
    start = time.perf_counter()
    page.click("a.task-link >> nth=0")
    page.wait_for_selector("article.task")
    opening, opened = time.perf_counter() - start, fetched() - weight
    browser.close()
    return load, load_cpu, weight, failures, filtering, opening, opened


if __name__ == "__main__":
    main()
