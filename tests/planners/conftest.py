"""Lets the plugin tests run from a checkout that has not been pip-installed."""

import importlib.util
import sys
from pathlib import Path

PLUGIN_DIR = Path(__file__).resolve().parents[2] / "plugins" / "planners" / "fast_downward"

if importlib.util.find_spec("eai_fast_downward") is None:
    sys.path.insert(0, str(PLUGIN_DIR))
