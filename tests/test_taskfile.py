"""Reading one task file: goal literals keep their sign, whatever their names."""

import json
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from eai.taskfile import TaskFile
from eai.taskstore import build_task, read_model
from eai.world import Literal

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
