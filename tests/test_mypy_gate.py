"""The type-check gate (.ci/mypy_gate.py): errors are kept without their line numbers, a new one
fails, a fixed one lets the baseline shrink. The lines are mypy's own, from this tree."""

import importlib.util
from collections import Counter

import pytest

from tests.helpers import ROOT

spec = importlib.util.spec_from_file_location("mypy_gate", ROOT / ".ci" / "mypy_gate.py")
gate = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gate)

# eai/viewer/attempts.py before and after two lines were added above both definitions
REDEF = 'eai/viewer/attempts.py:83: error: Name "messages" already defined on line 69  [no-redef]'
REDEF_MOVED = 'eai/viewer/attempts.py:85: error: Name "messages" already defined on line 71  [no-redef]'
TASK_ID = ('eai/cli/progress.py:51: error: Argument 1 to "update" of "Progress" has incompatible type "int"; '
           'expected "TaskID"  [arg-type]')
OUTPUT = f"""{REDEF}
eai/collaboration/episode.py:161: error: Item "None" of "PredicateMap | None" has no attribute "in_room"  [union-attr]
plugins/simulators/habitat/eai_habitat/importer.py:29: note: Hint: "python3 -m pip install types-PyYAML"
{TASK_ID}
Found 3 errors in 3 files (checked 322 source files)
"""


def test_an_error_is_kept_without_its_line_numbers():
    assert [key for key, _ in gate.errors(REDEF)] == [key for key, _ in gate.errors(REDEF_MOVED)] == [
        'eai/viewer/attempts.py: [no-redef] Name "messages" already defined on line N']


def test_notes_and_the_summary_are_not_errors():
    assert [line for _, line in gate.errors(OUTPUT)] == [REDEF, OUTPUT.splitlines()[1], TASK_ID]


def test_errors_moved_within_their_files_pass():
    baseline = Counter(key for key, _ in gate.errors(OUTPUT))
    assert gate.compare(baseline, gate.errors(OUTPUT.replace(REDEF, REDEF_MOVED))) == (0, [], 0)


def test_a_new_error_fails_with_its_lines_and_a_fixed_one_lets_the_baseline_shrink():
    baseline = Counter(key for key, _ in gate.errors(OUTPUT))
    twice = gate.errors(OUTPUT + TASK_ID.replace(":51:", ":60:"))
    assert gate.compare(baseline, twice) == (1, [TASK_ID, TASK_ID.replace(":51:", ":60:")], 0)
    assert gate.compare(baseline, gate.errors(OUTPUT.replace(TASK_ID, ""))) == (0, [], 1)


def test_the_baseline_file_reads_back_as_written(tmp_path):
    counts = Counter(key for key, _ in gate.errors(OUTPUT + TASK_ID))
    gate.write_baseline(tmp_path / "baseline.txt", counts)
    assert gate.read_baseline(tmp_path / "baseline.txt") == counts
    assert gate.read_baseline(ROOT / ".ci" / "mypy-baseline.txt")  # the committed one is in that format


@pytest.mark.slow
def test_the_tree_has_no_error_beyond_the_baseline(capsys):
    assert gate.main([]) == 0, capsys.readouterr().out
