"""Time ``eai tasks generate``: the committed suite's command (500 etplan
tasks on a VirtualHome scene, each certified by a bfs plan) and 100
rearrange tasks on the BEHAVIOR scenes.

Target: 500 tasks with their certificates in under 60 s wall on 2 cores.
Wall and CPU time of the command (a fresh process, start-up included).
"""

import json
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

RUNS = (
    ("etplan", ["--scene", "virtualhome/446_2", "--n", "500", "--seed", "0"]),
    ("rearrange", ["--scene", "behavior", "--n", "100", "--seed", "0"]),
)


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for generator, args in RUNS:
            out = Path(tmp, generator)
            start, used = time.perf_counter(), cpu()
            subprocess.run([sys.executable, "-m", "eai", "tasks", "generate", generator, *args, "--out", str(out),
                            "--quiet"], check=True, stdout=subprocess.DEVNULL)
            wall, used = time.perf_counter() - start, cpu() - used
            tasks = json.loads((out / "suite.json").read_text())["tasks"]
            counts = Counter(task.rsplit("_", 1)[0] for task in tasks)
            print(f"{generator} {' '.join(args)}: {len(tasks)} certified tasks in {wall:.1f} s wall, {used:.1f} s CPU "
                  f"(target for 500: < 60 s on 2 cores)")
            print("  " + ", ".join(f"{name} {count}" for name, count in sorted(counts.items())))


if __name__ == "__main__":
    main()
