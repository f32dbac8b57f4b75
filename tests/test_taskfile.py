"""Reading one task file: the fast path reads it as the json reader does, and goal
literals keep their sign, whatever their names."""

import json
import tempfile
from pathlib import Path

from hypothesis import given, strategies as st

from eai.tasks.building import build_task
from eai.tasks.reading import TaskFileError, _read_with_json, read_model
from eai.tasks.taskfile import TaskFile
from eai.world import Literal
from tests.helpers import ROOT

BATHTUB = "cleaning_bathtub_0_Pomaria_0_int_0_2021-09-10_16-22-10"
TASK = json.loads((ROOT / "tasks" / "behavior" / "tasks" / f"{BATHTUB}.json").read_text())
scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5)
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=8)


def outcome(read, path):
    try:
        return read(path, TaskFile, "t").model_dump()
    except TaskFileError as exc:
        return str(exc)


@given(st.lists(st.tuples(st.sampled_from(sorted(TASK) + ["goal.state", "initial.objects", "colour"]), json_values),
                max_size=3), st.booleans())
def test_the_fast_path_reads_a_task_file_as_the_json_reader_does(edits, crlf):
    data = json.loads(json.dumps(TASK))
    for where, value in edits:
        *parents, key = where.split(".")
        target = data
        for name in parents:
            target = target.get(name) if isinstance(target, dict) else None
        if isinstance(target, dict):
            target[key] = value
    text = json.dumps(data, indent=1)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "t.json"
        path.write_bytes(text.replace("\n", "\r\n").encode() if crlf else text.encode())
        assert outcome(read_model, path) == outcome(_read_with_json, path)


atom = st.lists(st.sampled_from(["not", "ontop", "a.1", "b_2"]), min_size=1, max_size=3)
negated = st.tuples(st.just("not"), atom)


@given(st.lists(st.one_of(atom, negated), max_size=4))
def test_a_negated_literal_is_not_and_an_atom_while_an_atom_may_be_named_not(literals):
    names = sorted({name for item in literals for name in (item[1] if isinstance(item, tuple) else item)[1:]})
    data = {"id": "t", "name": "t", "instruction": "", "goal": {"ltl": "", "state": literals},
            "initial": {"objects": [{"id": name, "class_name": "thing"} for name in names]}}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "t.json"
        path.write_text(json.dumps(data))
        task = build_task(read_model(path, TaskFile, "t"), "s", path)
    assert task.goal.state == tuple(Literal(False, tuple(item[1])) if isinstance(item, tuple)
                                    else Literal(True, tuple(item)) for item in literals)
