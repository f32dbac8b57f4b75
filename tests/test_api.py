"""The Python API as a user calls it: docs/api.md's examples run as written,
``import eai`` loads nothing heavy, ``eai.run`` works inside an event loop
(a notebook's), and a run's records are read when used."""

import asyncio
import importlib
import json
import shutil
import subprocess
import sys

import pytest

import eai
from eai.base import jsonl
from eai.exceptions import EaiError
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
    assert sorted(eai.__all__) == ["EaiError", "Result", "Run", "__version__", "compare", "load_suite", "report",
                                   "reward", "run", "score"]
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


def test_a_runs_records_are_read_from_its_folder_when_first_used(tmp_path):
    run = eai.run(suites=["behavior"], modules=["goal_interpretation"], limit=3, out=tmp_path / "run")
    [result] = run.results
    on_disk = [r for _, r in jsonl.read(result.folder / "records.jsonl")]
    assert len(result.records) == 3 and result.records == on_disk and list(result.records) == on_disk
    assert result.records[-1] == on_disk[-1] and [r["identifier"] for r in result.rows()] == [r["identifier"] for r in on_disk]
    again = eai.run(suites=["behavior"], modules=["goal_interpretation"], limit=3, out=tmp_path / "gone")
    shutil.rmtree(tmp_path / "gone")
    with pytest.raises(EaiError, match=r"records.jsonl is gone: a run's records are read from its folder when first used"):
        len(again.results[0].records)
