"""The Python API as a user calls it: docs/api.md's examples run as written,
``import eai`` loads nothing heavy, and ``eai.run`` works inside an event loop
(a notebook's)."""

import asyncio
import importlib
import json
import subprocess
import sys

import eai
from tests.helpers import ROOT, code_blocks


def test_the_examples_of_docs_api_run_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    blocks = code_blocks(ROOT / "docs" / "api.md")
    assert len(blocks) >= 6
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, "docs/api.md", "exec"), namespace)
    assert (tmp_path / "runs" / "api-example" / "report.md").exists()
    assert (tmp_path / "reports" / "api-example" / "report.html").exists()


def test_the_facade_is_small_and_import_eai_is_cheap():
    assert sorted(eai.__all__) == ["EaiError", "Result", "Run", "__version__", "compare", "load_suite", "report", "run",
                                   "score"]
    code = "import sys, eai; print(json.dumps(sorted(m.split('.')[0] for m in sys.modules)))"
    loaded = json.loads(subprocess.run([sys.executable, "-c", f"import json; {code}"], capture_output=True,
                                       text=True, check=True).stdout)
    importlib.import_module("eai.cli")  # every module: none may shadow a name of the facade

    assert all(callable(getattr(eai, name)) for name in eai.__all__ if name != "__version__")
    heavy = {"pydantic", "lark", "networkx", "langchain_core", "typer", "rich", "unified_planning", "pluggy", "asyncio"}
    assert heavy.isdisjoint(loaded), heavy & set(loaded)


def test_a_run_from_inside_an_event_loop_finishes(tmp_path):
    async def notebook_cell():
        return eai.run(suites=["behavior"], modules=["action_sequencing"], limit=1, out=tmp_path / "run")

    run = asyncio.run(notebook_cell())
    [result] = run.results
    assert (result.summary["n"], result.summary["task_success_rate"]) == (1, 100.0)
    assert [row["identifier"] for row in run.rows()] == [eai.load_suite("behavior")[0].id]
