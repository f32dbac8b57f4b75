"""Scale (issue 21): Ray re-scoring with 1 and 2 workers, a Ray run against the
fake model server, and a run split in 2 shards (two processes at once) against
the same run in one piece.

1. Re-scoring: the action-sequencing answers of the main job (the baselines on
   the default suites, VirtualHome and BEHAVIOR: 442 of the run's 1,722 task
   records over four modules) scored locally, then with ``--executor ray``
   (a Ray Data ``map_batches``, the suite loaded once per worker) on a local
   Ray cluster of 1 and of 2 CPUs, so 1 and 2 workers (a fresh cluster each,
   its start not counted; the workers' start is).
2. Throughput: ``eai run --executor ray`` of VirtualHome action sequencing for
   two fake models (684 calls, two units: two Ray tasks at once on the 2-CPU
   cluster) against a local fake OpenAI-compatible server answering after
   200 ms, 32 calls in flight shared over the cluster by the endpoint's
   limiter actor (best case: 32 / 0.2 s = 160 calls/s).
3. Shards: the main job's four VirtualHome units run in one process, then as 2
   shards in two processes at once, then merged; wall time of each.
4. ``--main-job`` (only this): the main job (``eai run``, no cache) with the
   local executor, then with ``--executor ray`` (a local Ray cluster of the
   machine's CPUs, started by the run): wall and CPU time of each whole
   process tree, Ray's daemons and workers included (read from /proc:
   benchmarks/process_tree.py), and the ratios.

Wall times depend on the machine's load (printed): other work shows in every
figure. Needs ray (pip install 'eai-kit[ray]'). Run from the
repository root:

    python benchmarks/scale.py [--main-job]
"""

import argparse
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # for tests.models and benchmarks

import ray  # noqa: E402

from benchmarks.process_tree import tree_usage  # noqa: E402
from benchmarks.runner_throughput import CONCURRENCY, DELAY, serve  # noqa: E402
from eai import api  # noqa: E402
from eai.host.manager import get_plugins, set_plugins  # noqa: E402
from eai.results.responses import Response  # noqa: E402
from eai.runner.selection import default_suites  # noqa: E402
from tests.models.support import with_langchain  # noqa: E402


def rescoring(tmp: Path) -> None:
    suites = default_suites(get_plugins())
    run = api.run(suites=suites, modules=["action_sequencing"], out=tmp / "answers", use_cache=False)
    jobs = [(r.suite, [Response(**{k: v for k, v in item.items() if k in ("identifier", "error")},
                                output=item["llm_output"]) for item in read(r.folder / "responses.jsonl")])
            for r in run.results]
    answers = sum(len(a) for _, a in jobs)
    for label, cpus in (("local", None), ("ray, 1 worker", 1), ("ray, 2 workers", 2)):
        if cpus:
            ray.init(num_cpus=cpus, namespace="eai", log_to_driver=False)
        executor = get_plugins().executors.get("ray" if cpus else "local")
        start = time.perf_counter()
        for suite, responses in jobs:
            executor.score(get_plugins(), suite, "action_sequencing", responses, {}, False, lambda *a: None, None)
        print(f"re-scoring {answers} action-sequencing answers ({', '.join(s for s, _ in jobs)}), {label}: "
              f"{time.perf_counter() - start:.1f} s wall")
        if cpus:
            ray.shutdown()


def read(path: Path) -> list[dict]:
    import json

    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def throughput(tmp: Path) -> None:
    here, there = multiprocessing.get_context("spawn").Pipe()
    server = multiprocessing.get_context("spawn").Process(target=serve, args=(there,), daemon=True)
    server.start()
    url = here.recv()
    ray.init(num_cpus=2, namespace="eai", log_to_driver=False)
    set_plugins(with_langchain())
    try:
        marks: list[float] = []
        run = api.run(models=["openai:bench", "openai:bench-2"], suites=["virtualhome"], modules=["action_sequencing"],
                      out=tmp / "ray-run", cache=tmp / "cache.sqlite", concurrency=CONCURRENCY, base_url=url,
                      timeout=30.0, executor="ray",
                      progress=lambda label, done, total, errors: marks.append(time.perf_counter()) if done else None)
        calls = sum(r.summary["tasks"] for r in run.results)
        wall = marks[-1] - marks[0]
        print(f"ray run against the fake server ({DELAY * 1000:.0f} ms a reply, {CONCURRENCY} in flight over the "
              f"cluster, {len(run.results)} units at once): {calls} calls, {calls / wall:.1f} calls/s between "
              "the first and the last answer the driver saw (it reads progress every 0.5 s)")
    finally:
        ray.shutdown()
        set_plugins(None)
        here.send("stop")
        server.join(10)


def shards(tmp: Path) -> None:
    eai = [sys.executable, "-m", "eai", "run", "--quiet", "--no-cache", "--suite", "virtualhome"]
    start = time.perf_counter()
    subprocess.run([*eai, "--out", str(tmp / "whole")], check=True, capture_output=True)
    whole = time.perf_counter() - start
    start = time.perf_counter()
    parts = [subprocess.Popen([*eai, "--shard", f"{i}/2", "--out", str(tmp / f"part{i}")], stdout=subprocess.DEVNULL)
             for i in range(2)]
    assert all(p.wait() == 0 for p in parts)
    split = time.perf_counter() - start
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "eai", "merge", str(tmp / "part0"), str(tmp / "part1"), "--out",
                    str(tmp / "merged")], check=True, capture_output=True)
    merge = time.perf_counter() - start
    same = all((tmp / "whole" / p.relative_to(tmp / "merged")).read_bytes() == p.read_bytes()
               for p in (tmp / "merged").rglob("*") if p.name in ("records.jsonl", "summary.json"))
    print(f"virtualhome, 4 modules, baselines: one process {whole:.1f} s; 2 shards at once {split:.1f} s "
          f"(speed-up {whole / split:.2f}x), then eai merge {merge:.1f} s; merged == whole: {same}")


def main_job(tmp: Path) -> None:
    eai = [sys.executable, "-m", "eai", "run", "--quiet", "--no-cache"]
    local = tree_usage([*eai, "--out", str(tmp / "local")])
    on_ray = tree_usage([*eai, "--executor", "ray", "--out", str(tmp / "ray")])
    local, on_ray = (local.wall, local.cpu), (on_ray.wall, on_ray.cpu)
    same = all((tmp / "local" / p.relative_to(tmp / "ray")).read_bytes() == p.read_bytes()
               for p in (tmp / "ray").rglob("*") if p.name in ("records.jsonl", "summary.json"))
    for label, (wall, cpu) in (("local executor", local), ("ray executor", on_ray)):
        print(f"main job, {label}: {wall:.1f} s wall, {cpu:.1f} s CPU (whole process tree)")
    print(f"ray / local: wall {on_ray[0] / local[0]:.2f}x, CPU {on_ray[1] / local[1]:.2f}x "
          f"({(on_ray[1] / local[1] - 1) * 100:+.0f}%); records and summaries identical: {same}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--main-job", action="store_true", help="only the main job, local executor against ray")
    args = parser.parse_args()
    os.environ.pop("OPENAI_API_KEY", None)  # the fake server needs none; never send a real one
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    if args.main_job:
        with tempfile.TemporaryDirectory() as tmp:
            main_job(Path(tmp))
        print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
        return
    with tempfile.TemporaryDirectory() as tmp:
        rescoring(Path(tmp))
        throughput(Path(tmp))
        shards(Path(tmp))
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
