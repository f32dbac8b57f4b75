"""docs/plugins.md followed alone works: its code blocks, run in order as one
plugin module, build a world, a suite and a model backend that ``eai.run``
runs on every module the simulator claims."""

import sys
import types

from tests.helpers import ROOT, code_blocks


def test_the_plugin_guide_runs_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    module = types.ModuleType("eai_doors_guide")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    blocks = code_blocks(ROOT / "docs" / "plugins.md")
    for block in blocks:
        exec(compile(block, "docs/plugins.md", "exec"), module.__dict__)
    [result] = module.run.results
    assert result.summary["task_success_rate"] == 50.0  # the first-line model opens the wrong door once
    assert [r["error_type"] for r in result.records] == [None, None] and not result.records[0]["success"]
    module.test_my_plugin_loads(monkeypatch)
