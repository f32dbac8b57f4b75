"""``eai tasks import llarp``: deterministic, and what tasks/ holds; EB-Habitat's
own files build the exact suite.

The importer reads a clone of apple/ml-llarp, which CI does not have (no
network but the package registries): these tests run only when
``EAI_SOURCE_LLARP`` gives the path of a clone (or bare git directory)
holding the pinned commit, e.g.
``EAI_SOURCE_LLARP=/path/to/ml-llarp pytest -m slow tests/habitat/test_import.py``.
The committed eb-habitat suite also holds EB-Habitat's in-context examples,
read from EmbodiedBench's clone (``EAI_SOURCE_EMBODIEDBENCH``): without it, the
import is checked against tasks/ for langr only.
"""

import hashlib
import os
import pickle
import subprocess
from pathlib import Path

import pytest

from eai.tasks.examples import read
from eai.tasks.sources import Pin, open_source
from eai.tasks.store import DirectorySuite
from eai_habitat import importer, pickles
from eai_habitat.plugin import LLARP
from eai_habitat.subsets import SUBSETS
from tests.habitat.conftest import needs_entry_point
from tests.helpers import ROOT, run_eai

LLARP_CLONE = os.environ.get("EAI_SOURCE_LLARP")
EB_CLONE = os.environ.get("EAI_SOURCE_EMBODIEDBENCH")
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not LLARP_CLONE, reason="set EAI_SOURCE_LLARP to a clone of apple/ml-llarp")]


def tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@needs_entry_point
def test_the_import_is_deterministic_and_is_what_tasks_holds(tmp_path):
    outs = []
    sources = ["--source", f"llarp={LLARP_CLONE}"] + (["--source", f"embodiedbench={EB_CLONE}"] if EB_CLONE else [])
    for seed in ("0", "4242"):
        out = tmp_path / seed
        result = run_eai("tasks", "import", "llarp", *sources, "--out", str(out), env={"PYTHONHASHSEED": seed})
        assert result.returncode == 0, result.stderr
        outs.append(out)
    for suite in ("langr", "eb-habitat"):
        assert tree(outs[0] / suite) == tree(outs[1] / suite), suite
    for suite in ("langr", "eb-habitat") if EB_CLONE else ("langr",):
        assert tree(outs[0] / suite) == tree(ROOT / "tasks" / suite), suite


def git(repo, *args):
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout.strip()


def eb_clone(tmp_path, files: dict[str, bytes]) -> Path:
    """A repository holding ``files`` as Git LFS pointers, their contents in its LFS store."""
    repo = tmp_path / "embodiedbench"
    repo.mkdir()
    git(repo, "init", "-q")
    for name, content in files.items():
        oid = hashlib.sha256(content).hexdigest()
        path = repo / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"version https://git-lfs.github.com/spec/v1\noid sha256:{oid}\nsize {len(content)}\n")
        stored = repo / ".git" / "lfs" / "objects" / oid[:2] / oid[2:4] / oid
        stored.parent.mkdir(parents=True, exist_ok=True)
        stored.write_bytes(content)
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "EB-Habitat datasets")
    return repo


def test_eb_habitats_own_files_build_the_exact_suite(tmp_path):
    """Two episodes per subset, taken from the LLaRP split EB draws it from,
    written as EB's files are (LFS objects in LLaRP's format)."""
    llarp = open_source(LLARP, Path(LLARP_CLONE))
    files, origins = {}, []
    for subset, splits in SUBSETS.items():
        dataset = pickles.load(llarp.read(f"datasets/{splits[0]}.pickle"), splits[0])
        dataset["all_eps"] = dataset["all_eps"][:2]
        files[f"{importer.EB_DATASETS}{subset}.pickle"] = pickle.dumps(dataset, protocol=4)
        origins += [f"{splits[0]}_000", f"{splits[0]}_001"]
    files[importer.EB_EXAMPLES[0]] = b'["Human instruction: Close the fridge.\\nOutput: {}"]'
    repo = eb_clone(tmp_path, files)
    pin = Pin("embodiedbench", git(repo, "rev-parse", "HEAD"), repository="test/embodiedbench")
    out = tmp_path / "eb-habitat"
    importer.write_eb_habitat(llarp, open_source(pin, repo), [LLARP, pin], out)
    suite = DirectorySuite("eb-habitat", "habitat", "", lambda: out)
    tasks = suite.load()
    assert [t.id for t in tasks] == [f"{s}_{k:03d}" for s in SUBSETS for k in (0, 1)]
    assert [t.name for t in tasks] == [s for s in SUBSETS for _ in (0, 1)]
    assert suite.info().description == importer.EB_HABITAT_EXACT
    assert [e.instruction for e in read(suite.file("examples"))] == ["Close the fridge."]
    langr = {t.id: t for t in DirectorySuite("langr", "habitat", "", lambda: ROOT / "tasks" / "langr").load(origins)}
    for task, origin in zip(tasks, origins):
        assert (task.instruction, task.goal, task.gold_plan) == (
            langr[origin].instruction, langr[origin].goal, langr[origin].gold_plan)
