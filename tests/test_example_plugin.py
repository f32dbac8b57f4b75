"""The example plugin installed by pip, as a user would, is discovered and listed."""

import json
import os
import subprocess
import sys

import pytest

from tests.helpers import ROOT, run_eai


@pytest.mark.slow
def test_pip_installed_example_plugin_is_listed(tmp_path):
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target),
         str(ROOT / "examples" / "eai-example-plugin")],
        check=True, capture_output=True, text=True, timeout=600,
    )
    env = {"PYTHONPATH": os.pathsep.join([str(target), *sys.path]), "EAI_LOAD_PLUGINS": "lamps"}
    result = run_eai("list", "plugins", "--json", env=env)
    assert result.returncode == 0, result.stderr
    assert [(r["name"], r["distribution"], r["ok"]) for r in json.loads(result.stdout)] == [
        ("lamps", "eai-example-plugin", True)
    ]
