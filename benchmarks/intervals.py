"""The cost of summary.json's intervals (docs/metrics.md, "Uncertainty") on a whole run:
the standard error and 95% interval of every rate of every unit, as scoring computes them
(each task summarized alone, Wilson or 1,000 bootstrap resamples), numpy's import included.

Usage: ``python benchmarks/intervals.py [RUN]``; without RUN, the README's main job
(``eai run`` with no arguments: 1,722 task records) is run first into a temporary folder.
Target: under 1 s of CPU for the main job (issue 37).
"""

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from eai.host.manager import get_plugins
from eai.modules import get_module
from eai.results.uncertainty import intervals


def measure(run: Path) -> None:
    get_plugins()
    units = []
    for path in sorted(run.glob("*/*/*/records.jsonl")):
        summary = json.loads((path.parent / "summary.json").read_text())
        records = [r for r in map(json.loads, path.read_text().splitlines()) if "model_error" not in r]
        units.append((summary["module"], records))
    start = time.process_time()
    rates = sum(len(intervals(get_module(module).summarize, records)) for module, records in units)
    cpu = time.process_time() - start
    total = sum(len(records) for _, records in units)
    print(f"{total} task records in {len(units)} units, {rates} rates with an interval: "
          f"{cpu:.2f} s CPU (target < 1 s; load {os.getloadavg()[0]:.1f})")


def main() -> None:
    if len(sys.argv) > 1:
        measure(Path(sys.argv[1]))
        return
    with tempfile.TemporaryDirectory() as tmp:
        run = Path(tmp, "run")
        env = {**os.environ, "XDG_CACHE_HOME": str(Path(tmp) / "cache")}
        subprocess.run([sys.executable, "-m", "eai", "run", "--quiet", "--out", str(run)], env=env, check=True)
        measure(run)


if __name__ == "__main__":
    main()
