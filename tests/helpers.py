"""Helpers shared by the tests."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_eai(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """Run the real ``eai`` command line in a subprocess."""
    full_env = {**os.environ, **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "eai", *args], capture_output=True, text=True, env=full_env, cwd=cwd, timeout=300
    )


def upstream_output(actions):
    """A plan written as upstream models write it: a JSON object with repeated keys, [name, id] values."""
    items = [f"{json.dumps(name)}: {json.dumps([p for arg in args for p in arg.rsplit('.', 1)])}" for name, *args in actions]
    return "{" + ", ".join(items) + "}"
