"""Time the viewer on a whole run: ``eai view RUN --out`` (reading the run and
working out prompts, parses and steps again, playing episodes again), then
the page in headless Chromium until its task list is drawn, filtering to
failures, and opening a task; and the check ``eai view RUN`` makes before
serving the run's own page (the digest of its sources, eai.viewer.digest), in
this process.

Usage: ``python benchmarks/viewer.py [RUN]``; without RUN, the README's main
job (``eai run`` with no arguments: 1,722 task records) is run first into a
temporary folder; the first failure is opened (the first task when none
failed). RUN may be any run, e.g. a turn-by-turn one
(``eai run --suite partnr-vh --agents 2 --turn-by-turn``), whose episodes
the viewer plays again. Target: the page loads in under 2 s. Needs chromium
(``apt-get install chromium``) and playwright (the dev extra).
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright
from timing import children_cpu

from eai.host.manager import get_plugins
from eai.viewer.digest import current_view


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        run = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tmp, "run")
        if len(sys.argv) == 1:
            env = {**os.environ, "XDG_CACHE_HOME": str(Path(tmp) / "cache")}
            subprocess.run([sys.executable, "-m", "eai", "run", "--quiet", "--out", str(run)], env=env, check=True)
        records = sum(len(p.read_text().splitlines()) for p in run.glob("*/*/*/records.jsonl"))
        start, cpu = time.perf_counter(), children_cpu()
        subprocess.run([sys.executable, "-m", "eai", "view", str(run), "--out", str(Path(tmp, "site"))], check=True,
                       stdout=subprocess.DEVNULL)
        build, build_cpu = time.perf_counter() - start, children_cpu() - cpu
        plugins = get_plugins()
        start = time.process_time()
        own = current_view(run, plugins)
        check = time.process_time() - start
        page_path = Path(tmp, "site", "index.html")
        size = page_path.stat().st_size / 1e6
        chromium = shutil.which("chromium") or shutil.which("chromium-headless-shell")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium)
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            start = time.perf_counter()
            page.goto(page_path.as_uri() + "#status=all")
            page.wait_for_selector("body[data-ready]")
            load = time.perf_counter() - start
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
            opening = time.perf_counter() - start
            browser.close()
    print(f"{records} task records; eai view --out: {build:.1f} s wall, {build_cpu:.1f} s CPU; page {size:.2f} MB")
    print(f"eai view RUN serves RUN/view as it is: {own is not None}; checking that it is current: {check:.2f} s CPU")
    print(f"page load to task list drawn: {load:.2f} s (target: < 2 s); filter to failures: {filtering:.2f} s "
          f"({failures} in the first unit); open a task: {opening:.2f} s")


if __name__ == "__main__":
    main()
