"""Planner processes and run directories do not outlive ``eai``: a real
``eai score`` run, killed (SIGKILL, SIGTERM) or interrupted (SIGINT, as
Ctrl-C) while Fast Downward works, leaves no process and no ``eai-fd-*``
directory behind; a directory left by a process that died is removed by the
next one that plans. Checked within a bounded number of polls, never against
a clock."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from eai_fast_downward import workdirs
from tests.modules.test_transition_modeling import WASH_CLOTHES, gold_text

POLLS = 600
POLL_SECONDS = 0.1


def slow_answer() -> str:
    """Wash clothes with a walk_towards of eight extra parameters: translating
    it grounds every tuple of objects, far longer than the test waits."""
    many = " ".join(f"?x{i} - object" for i in range(8))
    blowup = (f"(:action walk_towards :parameters (?char - character ?obj - object {many}) "
              ":precondition (and) :effect (next_to ?char ?obj))")
    return gold_text("virtualhome", WASH_CLOTHES, skip=("walk_towards",)) + "\n" + blowup


def processes_in(folder: Path) -> list[str]:
    """Living processes whose working directory is ``folder`` or below it (the
    run's eai, its planner hosts, their children and searches)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cwd = os.readlink(entry / "cwd")
                state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
            except OSError:  # ended meanwhile, or not ours to read
                continue
            if state != "Z" and (cwd == str(folder) or cwd.startswith(f"{folder}/")):
                found.append(entry.name)
    return found


def poll(condition) -> bool:
    for _ in range(POLLS):
        if condition():
            return True
        time.sleep(POLL_SECONDS)
    return condition()


def run_dirs(tmp: Path) -> list[Path]:
    return sorted(tmp.glob(f"{workdirs.PREFIX}*"))


def start(command: str, tmp_path: Path) -> tuple[subprocess.Popen, Path]:
    """A real ``eai score`` or ``eai run`` (replaying the answer) of a slow
    transition-modeling answer, started in ``tmp_path`` (also its TMPDIR) in a
    session of its own (as at a terminal), and waited for until Fast Downward works."""
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps([{"identifier": WASH_CLOTHES, "llm_output": slow_answer()}]))
    what = [str(answers)] if command == "score" else ["--model", f"replay:{answers}", "--tasks", WASH_CLOTHES, "--no-cache"]
    process = subprocess.Popen(
        [sys.executable, "-m", "eai", command, *what, "--suite", "virtualhome", "--module", "transition_modeling",
         "--out", str(tmp_path / "out"), "--quiet", "--planner-cpu-seconds", "600"],
        cwd=tmp_path, env={**os.environ, "TMPDIR": str(tmp)}, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        start_new_session=True)
    # planning has begun: a run directory, and more processes than eai and one host (its worker, in the run's directory)
    assert poll(lambda: run_dirs(tmp) and len(processes_in(tmp_path)) >= 3 or process.poll() is not None)
    assert process.poll() is None, process.stderr.read().decode()
    return process, tmp


@pytest.mark.slow
@pytest.mark.parametrize("command, signum, to_group", [
    ("score", signal.SIGKILL, False), ("score", signal.SIGTERM, False), ("score", signal.SIGINT, False),
    ("run", signal.SIGINT, True),  # Ctrl-C at a terminal: eai and its planner hosts, while asyncio defers it
], ids=["score-SIGKILL", "score-SIGTERM", "score-SIGINT", "run-Ctrl-C"])
def test_nothing_outlives_an_ended_run(tmp_path, command, signum, to_group):
    process, tmp = start(command, tmp_path)
    try:
        os.killpg(process.pid, signum) if to_group else process.send_signal(signum)
        assert poll(lambda: process.poll() is not None), "eai did not end"
        assert poll(lambda: not processes_in(tmp_path)), processes_in(tmp_path)
        assert poll(lambda: not run_dirs(tmp)), run_dirs(tmp)
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        process.stderr.close()


def test_a_directory_left_by_a_dead_process_goes_at_the_next_start(tmp_path, monkeypatch):
    """A process that dies with its run directory locked (here: one killed
    before it removed it) loses the lock; the next to plan removes it, and
    never one whose owner lives."""
    child = subprocess.Popen(
        [sys.executable, "-c", "import sys, time, tempfile\n"
         f"tempfile.tempdir = {str(tmp_path)!r}\n"
         "from eai_fast_downward import workdirs\n"
         "with workdirs.run_dir() as work:\n"
         "    (work / 'sas_plan').write_text('')\n"
         "    print(work, flush=True)\n"
         "    time.sleep(3600)\n"], stdout=subprocess.PIPE, text=True)
    try:
        left = Path(child.stdout.readline().strip())
        assert left.is_dir() and workdirs.sweep(tmp_path) == []  # its owner lives: kept
        child.kill()
        child.wait()
    finally:
        child.stdout.close()
    assert left.is_dir()
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    monkeypatch.setattr(workdirs, "_swept", set())
    with workdirs.run_dir() as work:
        assert not left.exists() and work.is_dir()
    assert list(tmp_path.iterdir()) == []
