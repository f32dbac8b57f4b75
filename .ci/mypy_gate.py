#!/usr/bin/env python3
"""The type-check gate: mypy's errors may only shrink below the committed baseline.

Runs mypy as pyproject.toml configures it and compares its errors with .ci/mypy-baseline.txt, where
each error is kept without its line number (file, error code, message, and how many times), so that
code moving within a file does not break the gate. Fails (exit 1) on an error the baseline lacks,
printing it with its line; says so when errors of the baseline are gone (the baseline can shrink).

Examples:
    python .ci/mypy_gate.py            # check (CI)
    python .ci/mypy_gate.py --update   # rewrite the baseline from today's errors
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = ROOT / ".ci" / "mypy-baseline.txt"
HEADER = ("# mypy's errors on this tree, written by `python .ci/mypy_gate.py --update`: count, file, [code] message.\n"
          "# .ci/run fails on an error not listed here; fix errors and shrink the list, never grow it.\n")
ERROR = re.compile(r"^(?P<file>[^:\s][^:]*):(?P<line>\d+)(?::\d+)?: error: (?P<message>.*?)(?:  \[(?P<code>[a-z-]+)\])?$")
LINE_NUMBER = re.compile(r"\bline \d+\b")


def errors(output: str) -> list[tuple[str, str]]:
    """(key, the line as mypy wrote it) for each error of mypy's output; notes and the summary left out.
    The key is ``file: [code] message``, line numbers inside the message replaced by ``line N``."""
    found = []
    for line in output.splitlines():
        match = ERROR.match(line)
        if match:
            message = LINE_NUMBER.sub("line N", match["message"])
            found.append((f"{match['file']}: [{match['code'] or 'misc'}] {message}", line))
    return found


def read_baseline(path: Path) -> Counter[str]:
    counts: Counter[str] = Counter()
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                count, key = line.split(" ", 1)
                counts[key] += int(count)
    return counts


def write_baseline(path: Path, counts: Counter[str]) -> None:
    path.write_text(HEADER + "".join(f"{n} {key}\n" for key, n in sorted(counts.items())), encoding="utf-8")


def compare(baseline: Counter[str], found: list[tuple[str, str]]) -> tuple[int, list[str], int]:
    """How many errors are beyond the baseline's counts, mypy's lines of their keys (all of a key's
    lines: which of them is the new one is unknown), and how many errors of the baseline are gone."""
    current = Counter(key for key, _ in found)
    new = current - baseline
    return sum(new.values()), [line for key, line in found if key in new], sum((baseline - current).values())


def run_mypy() -> str:
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary", "--no-pretty", "--show-error-codes"],
                          cwd=ROOT, capture_output=True, text=True)
    if done.returncode not in (0, 1):  # 2: mypy itself failed (bad configuration, crash)
        sys.exit(f"mypy failed (exit {done.returncode}):\n{done.stderr or done.stdout}")
    return done.stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--update", action="store_true", help="rewrite the baseline from today's errors")
    args = parser.parse_args(argv)
    found = errors(run_mypy())
    if args.update:
        write_baseline(BASELINE, Counter(key for key, _ in found))
        print(f"mypy: {len(found)} errors written to {BASELINE.relative_to(ROOT)}")
        return 0
    new, lines, gone = compare(read_baseline(BASELINE), found)
    if new:
        print(f"mypy: {new} error(s) not in the baseline ({BASELINE.relative_to(ROOT)}); among these lines:")
        print("\n".join(lines))
    else:
        print(f"mypy: {len(found)} errors, none beyond the baseline")
    if gone:
        print(f"mypy: {gone} error(s) of the baseline are gone: shrink it with `python .ci/mypy_gate.py --update`")
    return 1 if new else 0


if __name__ == "__main__":
    sys.exit(main())
