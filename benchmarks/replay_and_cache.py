"""Issue 38 item 5: ``replay:`` per task, the response cache's writes, ``eai merge --cache``.

1. replay: a responses file answering every task of a suite (default: langr's
   1,100 and BEHAVIOR's 100), asked once per task through the ``replay:``
   model: CPU per task.
2. cache writes: ``--rows`` answers put into a fresh response cache from an
   event loop, as the runner does: CPU of the event loop's thread per answer
   (what holds up the other calls; and the wall time inside ``put``, which
   depends on the load and the disk), then the process CPU until the cache is
   closed (every answer on disk).
3. ``eai merge --cache``: two shard caches of ``--rows`` answers each (half of
   the second's keys also in the first, same answers), merged into a fresh
   cache in a process of its own: its CPU and its peak resident memory, at
   ``--rows`` and at 4 x ``--rows`` (constant memory: the same peak).

CPU, not wall time: the machine is shared; the load average is printed.

    python benchmarks/replay_and_cache.py [--rows 10000] [--suites langr behavior]
"""

import argparse
import asyncio
import json
import os
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

from eai.host.manager import get_plugins
from eai.llm.cache import ResponseCache
from eai.llm.model import Message, Request

ANSWER = json.dumps([{"action": "WALK", "object": "kitchen"}] * 20)  # about 800 characters, a plan's size


def replay(suite: str) -> None:
    ids = get_plugins().suites.get(suite).ids()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "responses.jsonl"
        path.write_text("".join(json.dumps({"identifier": i, "llm_output": ANSWER}) + "\n" for i in ids))
        model = get_plugins().models.get("replay").create(str(path), {})
        requests = [Request((Message("user", "?"),), task=SimpleNamespace(id=i)) for i in ids]

        async def ask_all() -> None:
            for request in requests:
                await model.generate(request)

        cpu = time.process_time()
        asyncio.run(ask_all())
        cpu = time.process_time() - cpu
    print(f"replay: {suite}, {len(ids)} tasks: {cpu * 1e6 / len(ids):.1f} us CPU per task")


def material(i: int) -> tuple[str, str]:
    text = json.dumps({"provider": "openai", "model": "m", "messages": [{"role": "user", "content": f"task {i} " * 200}]})
    return f"{i:064x}", text


def cache_writes(rows: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        cache = ResponseCache(Path(tmp) / "cache.sqlite")

        async def put_all() -> tuple[float, float]:
            cpu, blocked = time.thread_time(), 0.0
            for i in range(rows):
                start = time.perf_counter()
                cache.put(*material(i), {"text": ANSWER, "usage": {"input_tokens": 900, "output_tokens": 200}})
                blocked += time.perf_counter() - start
                await asyncio.sleep(0)
            return time.thread_time() - cpu, blocked

        process = time.process_time()
        loop_cpu, blocked = asyncio.run(put_all())
        cache.close()
        process = time.process_time() - process
        kept = sum(1 for _ in ResponseCache(Path(tmp) / "cache.sqlite").rows())
    print(f"cache writes: {rows} answers: event loop {loop_cpu * 1e3 / rows:.3f} ms CPU per answer "
          f"({blocked * 1e3 / rows:.3f} ms wall in put), "
          f"process {process * 1e3 / rows:.3f} ms CPU per answer until closed; {kept} rows on disk")


MERGE = """
import resource, sys, time
from pathlib import Path
from eai.runner.merge import merge_caches
cpu = time.process_time()
added = merge_caches([Path(sys.argv[1]), Path(sys.argv[2])], Path(sys.argv[3]))
print(added, time.process_time() - cpu, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def merge(rows: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        shards = [Path(tmp) / "shard0.sqlite", Path(tmp) / "shard1.sqlite"]
        for shard, keys in zip(shards, (range(rows), range(rows // 2, rows + rows // 2))):
            ResponseCache(shard).close()  # its schema; the rows in one transaction (not what is measured)
            with sqlite3.connect(str(shard)) as db:
                db.executemany("insert into answers values (?, ?, ?)",
                               ((*material(i), json.dumps({"text": ANSWER, "usage": {}})) for i in keys))
        out = subprocess.run([sys.executable, "-c", MERGE, *map(str, shards), str(Path(tmp) / "all.sqlite")],
                             capture_output=True, text=True, check=True)
        added, cpu, peak_kb = out.stdout.split()
    print(f"merge --cache: 2 shards of {rows} answers, {added} merged: {float(cpu):.2f} s CPU, "
          f"peak resident {int(peak_kb) / 1024:.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=10000)
    parser.add_argument("--suites", nargs="*", default=["langr", "behavior"])
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    for suite in args.suites:
        replay(suite)
    cache_writes(args.rows)
    for rows in (args.rows, 4 * args.rows):
        merge(rows)
    print(f"(this process: peak resident {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB)")


if __name__ == "__main__":
    main()
