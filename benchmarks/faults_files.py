"""Faults of paths, disks and files (issue 31 items 1, 5, 8, 10, 11): for each
scenario, how long eai takes to give up (wall and CPU seconds of the
processes), what it kept, and its exit code. The network's faults are
benchmarks/faults.py's.

Usage: ``python benchmarks/faults_files.py``. The full-disk scenarios mount a
small tmpfs in a user namespace (``unshare -rm``); where this user cannot, they
say so and are skipped. Prints one row per scenario and the load average.
"""

from __future__ import annotations

import json
import os
import pickle
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import children_cpu, timed_run  # noqa: E402

from tests.helpers import virtualhome_folder  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # for tests.helpers
EAI = [sys.executable, "-m", "eai"]
UNIT = Path("virtualhome", "action_sequencing", "baseline_auto")
RUN = ["run", "--suite", "virtualhome", "--module", "action_sequencing", "--no-cache", "--quiet"]


def lines(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.is_file() else 0


def row(scenario: str, wall: float, cpu: float, kept: str, code: object, said: str) -> None:
    said = " / ".join(said.splitlines())
    print(f"| {scenario} | {wall:.2f} | {cpu:.2f} | {kept} | {code} | {said[:110]} |", flush=True)


def escapes(tmp: Path) -> None:
    """Names and links that led writes out of --out."""
    for scenario, changes in (("suite.json suite ../../../x", {"suite": "../../../x"}),
                              ("suite.json task id ../../virtualhome/tasks/417_1",
                               {"tasks": ["27_2", "../../virtualhome/tasks/417_1"]})):
        base = tmp / scenario.split()[1]
        folder = virtualhome_folder(base / "suites" / "mine", ("27_2", "417_1"), **changes)
        before = {p for p in tmp.rglob("*")}
        done, wall, cpu = timed_run([*RUN, "--suite", str(folder), "--out", str(base / "a" / "b" / "run")])
        made = len({p for p in tmp.rglob("*")} - before)
        row(scenario, wall, cpu, f"{made} files written", done.returncode, done.stderr.strip())
    out, elsewhere = tmp / "link" / "run", tmp / "link" / "elsewhere"
    out.mkdir(parents=True)
    elsewhere.mkdir()
    (out / "virtualhome").symlink_to(elsewhere)
    done, wall, cpu = timed_run([*RUN, "--limit", "2", "--out", str(out)])
    row("--out/virtualhome a link out of --out", wall, cpu, f"{len(list(elsewhere.rglob('*')))} files written there",
        done.returncode, done.stderr.strip())


def can_mount(folder: Path) -> bool:
    folder.mkdir(parents=True, exist_ok=True)
    return shutil.which("unshare") is not None and subprocess.run(
        ["unshare", "-rm", "sh", "-c", f"mount -t tmpfs -o size=8k tmpfs {folder}"], capture_output=True).returncode == 0


def full_disk(tmp: Path, scenario: str, size: str, limit: int) -> None:
    """A run on a tmpfs of ``size`` that fills up (timed), then --resume once it is larger; its records against a
    plain run's."""
    disk = tmp / f"disk{size}"
    if not can_mount(disk):
        row(scenario, 0, 0, "skipped: no user namespace to mount a tmpfs in", "-", "")
        return
    run = " ".join([*EAI, *RUN, "--limit", str(limit)])
    script = (f"mount -t tmpfs -o size={size} tmpfs {disk} && cd {disk.parent} && TIMEFORMAT='%R %U %S' && "
              f"{{ time {run} --out {disk}/run 2> {disk}.err; }} 2> {disk}.time; echo $? > {disk}.rc; "
              f"cp -r {disk}/run {disk}.kept; mount -o remount,size=64m {disk} && "
              f"{' '.join(EAI)} run --resume --out {disk}/run --quiet --no-cache && cp -r {disk}/run {disk}.resumed")
    subprocess.run(["unshare", "-rm", "bash", "-c", script], check=True, capture_output=True)
    wall, user, system = map(float, Path(f"{disk}.time").read_text().split())
    plain = tmp / f"plain{limit}"
    if not plain.exists():
        subprocess.run([*EAI, *RUN, "--limit", str(limit), "--out", str(plain)], check=True, capture_output=True)
    same = all((Path(f"{disk}.resumed") / UNIT / name).read_bytes() == (plain / UNIT / name).read_bytes()
               for name in ("records.jsonl", "summary.json"))
    kept = f"{lines(Path(f'{disk}.kept') / UNIT / 'responses.jsonl')} of {limit} answers; resumed == plain: {same}"
    row(scenario, wall, user + system, kept, Path(f"{disk}.rc").read_text().strip(), Path(f"{disk}.err").read_text().strip())


def deep_json(tmp: Path) -> None:
    """A responses file with one line nested 100,000 levels deep, in both formats and through replay:."""
    deep = '{"identifier": "850_1", "llm_output": ' + "[" * 100_000 + "]" * 100_000 + "}"
    good = [json.dumps({"identifier": i, "llm_output": "[]"}) for i in ("27_2", "417_1")]
    jsonl_file, upstream = tmp / "deep.jsonl", tmp / "deep.json"
    jsonl_file.write_text("\n".join([good[0], deep, good[1]]) + "\n")
    upstream.write_text("[" + ",\n".join([good[0], deep, good[1]]) + "]")
    score = ["--suite", "virtualhome", "--module", "action_sequencing", "--quiet"]
    for name, command in (("eai score, JSONL line 2 nested 100,000 deep", ["score", str(jsonl_file), *score]),
                          ("eai score, JSON list item 2 nested 100,000 deep", ["score", str(upstream), *score]),
                          ("replay: of that JSONL", ["run", "--model", f"replay:{jsonl_file}", *score, "--limit", "2"])):
        out = tmp / name.split(",")[0].replace(" ", "_").replace(":", "")
        done, wall, cpu = timed_run([*command, "--out", str(out)])
        row(name, wall, cpu, f"{sum(lines(p) for p in out.rglob('records.jsonl'))} records", done.returncode,
            done.stderr.strip())


def laughs() -> None:
    """A 373-byte "billion laughs" pickle read by the LLaRP reader (in this process: CPU time of the read)."""
    from eai.exceptions import EaiError
    from eai_habitat import pickles  # the habitat plugin's package (pip install -e ".[dev]")

    value: list = []
    for _ in range(60):
        value = [value, value]
    data = pickle.dumps(value, protocol=4)
    start, wall = time.process_time(), time.perf_counter()
    try:
        pickles.load(data, "laughs.pickle")
        said, code = "loaded", 0
    except EaiError as exc:
        said, code = str(exc), "EaiError"
    row(f"LLaRP reader, {len(data)}-byte billion-laughs pickle", time.perf_counter() - wall,
        time.process_time() - start, "-", code, said)


def viewer_sigterm(tmp: Path) -> None:
    """``eai view`` of two runs (a page in a temporary folder) stopped by SIGTERM: the folder left behind
    (wall: from the signal to the exit; CPU: the whole process)."""
    run = tmp / "viewrun"
    subprocess.run([*EAI, *RUN, "--limit", "5", "--out", str(run)], check=True, capture_output=True)
    temporary = tmp / "viewtmp"
    temporary.mkdir()
    env = {**os.environ, "TMPDIR": str(temporary), "PYTHONUNBUFFERED": "1"}
    cpu = children_cpu()
    server = subprocess.Popen([*EAI, "view", str(run), str(run), "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=env)
    server.stdout.readline()
    start = time.perf_counter()
    server.send_signal(signal.SIGTERM)
    out, _ = server.communicate(timeout=60)
    row("eai view (2 runs) sent SIGTERM", time.perf_counter() - start, children_cpu() - cpu,
        f"{len(list(temporary.iterdir()))} eai-view-* folders left", server.returncode, out.strip())


def main() -> None:
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print("| scenario | wall s | CPU s | kept | exit code | what it said |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        escapes(tmp)
        full_disk(tmp, "disk full while answering (tmpfs 24k, 60 tasks), then --resume", "24k", 60)
        full_disk(tmp, "disk full at the report (tmpfs 400k, 342 tasks), then --resume", "400k", 342)
        deep_json(tmp)
        laughs()
        viewer_sigterm(tmp)
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
