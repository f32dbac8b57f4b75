"""Time the README's main job: ``eai run`` with no arguments (the built-in
baselines on the suites of the default run and all four modules, then the
report and its viewer).

Target: under 60 s wall on 2 cores (issue 22). The response cache goes to a
temporary folder, so nothing is answered from an earlier run.
"""

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SHOWN = ("task_success_rate", "f1", "planner_success_rate")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "XDG_CACHE_HOME": str(Path(tmp) / "cache")}
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "eai", "run", "--quiet", "--out", "run"], cwd=tmp, env=env, check=True)
        wall = time.perf_counter() - start
        for path in sorted(Path(tmp, "run").glob("*/*/*/summary.json")):
            summary = json.loads(path.read_text())
            figures = ", ".join(f"{k} {summary[k]:.1f}" for k in SHOWN if isinstance(summary.get(k), (int, float)))
            overall = summary.get("overall", {}).get("f1")
            if overall is not None:
                figures = f"overall f1 {overall:.1f}"
            print(f"{path.parent.relative_to(Path(tmp, 'run'))}: n {summary['n']}, {figures}")
        print(f"eai run (no arguments): {wall:.1f} s wall, report written (target: < 60 s on 2 cores)")


if __name__ == "__main__":
    main()
