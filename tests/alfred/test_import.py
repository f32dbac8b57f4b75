"""``eai tasks import eb-alfred`` reproduces tasks/eb-alfred byte for byte.

The importer reads a clone of EmbodiedBench at the pinned commit, which CI
cannot fetch (no network but the package registries), so this test runs only
when the clone's path is given in EAI_SOURCE_EMBODIEDBENCH (a bare git
directory will do); the alfworld wheel comes from EAI_SOURCE_ALFWORLD when set,
else eai downloads it from the package index.
"""

import os

import pytest

from tests.helpers import ROOT, run_eai

CLONE = os.environ.get("EAI_SOURCE_EMBODIEDBENCH")


@pytest.mark.slow
@pytest.mark.skipif(not CLONE, reason="set EAI_SOURCE_EMBODIEDBENCH to a clone of EmbodiedBench/EmbodiedBench")
def test_import_reproduces_the_committed_suite_byte_for_byte(tmp_path):
    args = ["tasks", "import", "eb-alfred", "--source", f"embodiedbench={CLONE}", "--out", str(tmp_path)]
    if os.environ.get("EAI_SOURCE_ALFWORLD"):
        args += ["--source", f"alfworld={os.environ['EAI_SOURCE_ALFWORLD']}"]
    for _ in range(2):  # a second run over the first changes nothing either
        result = run_eai(*args)
        assert result.returncode == 0, result.stderr
        committed = ROOT / "tasks" / "eb-alfred"
        files = sorted(p.relative_to(committed) for p in committed.rglob("*") if p.is_file())
        assert files == sorted(p.relative_to(tmp_path / "eb-alfred") for p in (tmp_path / "eb-alfred").rglob("*")
                               if p.is_file())
        for name in files:
            assert (tmp_path / "eb-alfred" / name).read_bytes() == (committed / name).read_bytes(), name
