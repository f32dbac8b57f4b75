import os
import subprocess
import sys
from pathlib import Path

import pytest

from eai.plugins import set_plugins

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def fresh_plugins():
    """Every test sees plugins loaded anew (and leaves no cache behind)."""
    set_plugins(None)
    yield
    set_plugins(None)


def run_eai(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """Run the real ``eai`` command line in a subprocess."""
    full_env = {**os.environ, **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "eai", *args], capture_output=True, text=True, env=full_env, cwd=cwd, timeout=300
    )
