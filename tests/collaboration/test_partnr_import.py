"""``eai tasks import partnr``: a small PARTNR-shaped episode file (written by
the test, tests/collaboration/partnr_episodes.py) into a user folder; the
counts, the mapping, the plans, a two-agent run, and the refusals."""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import given, settings, strategies as st

from eai.collaboration.evaluation import judge
from eai.exceptions import EaiError
from eai.generation.certify import reaches
from eai.host.manager import get_plugins
from eai.tasks.episode_import import import_episodes, read_json
from eai.tasks.folders import suite_name
from eai.world import Action
from eai_partnr.importer import PartnrEpisodes
from tests.collaboration.partnr_episodes import CABINET, CUP1, CUP2, EPISODES, episode, prop, write
from tests.collaboration.test_evaluation import states
from tests.helpers import ROOT, eai_cli, folder_files

SUMMARY = ("imported 3 of 5 episodes; skipped: 1 (is_in_room: episode files do not place furniture in rooms), "
           "1 (predicate is_filled not in virtualhome's map)")


def import_partnr(capsys, source, out, *more):
    return eai_cli(capsys, "tasks", "import", "partnr", "--source", str(source), "--out", str(out), *more)


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    folder = tmp_path_factory.mktemp("partnr")
    source = write(folder / "val_mini.json.gz")
    import_episodes(get_plugins().importers.get("partnr"), source, folder / "mine", accepted=True)
    return source, folder / "mine"


def tasks_of(folder):
    plugins = get_plugins()
    return {t.id: t for t in plugins.suites.get(suite_name(plugins, str(folder))).load()}


def test_import_counts_skips_and_records_the_source(capsys, tmp_path):
    source = write(tmp_path / "val_mini.json.gz")
    code, out, err = import_partnr(capsys, source, tmp_path / "mine", "--accept-licence")
    assert code == 0, err
    assert SUMMARY in out and "CC BY-NC 4.0" in out
    record = json.loads((tmp_path / "mine" / "provenance.json").read_text())
    assert record["imported"]["sha256"] == hashlib.sha256(source.read_bytes()).hexdigest()
    assert record["imported"]["skipped"] == {"is_in_room: episode files do not place furniture in rooms": 1,
                                             "predicate is_filled not in virtualhome's map": 1}
    assert "CC BY-NC 4.0" in (tmp_path / "mine" / "README.md").read_text()
    assert json.loads((tmp_path / "mine" / "suite.json").read_text())["tasks"] == ["11", "12", "13"]
    before = folder_files(tmp_path / "mine")
    assert import_partnr(capsys, source, tmp_path / "mine", "--accept-licence")[0] == 0
    assert folder_files(tmp_path / "mine") == before  # importing again changes no byte


def test_handles_become_objects_placed_as_the_episode_says(imported):
    _, folder = imported
    task = tasks_of(folder)["12"]
    handles = task.extra["partnr"]["handles"]
    ours = {handle: ident for ident, handle in handles.items()}
    assert ours[CUP1] == "cup.6" and ours[CABINET] == "furniture.5"
    assert ("ONTOP", "cup.6", "furniture.4") in task.init and ("INSIDE", "cup.6", "room.2") in task.init
    assert ("OFF", "lamp.9") in task.init and ("DIRTY", "cup.6") in task.init  # object_states
    assert task.object_by_id["furniture.5"].has("CAN_OPEN")  # is_inside names it
    first = task.evaluation["propositions"][0]["args"]
    assert first == {"object_handles": ["plate.10"], "receptacle_handles": ["furniture.5"]}
    assert not any(atom[1] == "cup.8" and atom[0] == "ONTOP" for atom in task.init)  # on the floor


def test_every_object_a_state_proposition_names_starts_in_that_state(tmp_path):
    # is_clean and is_dirty ask about one state: an object named by either starts dirty (PARTNR's default)
    source = write(tmp_path / "eps.json", [episode("21", "Clean one cup, dirty the other.",
                                                   [prop("is_clean", object_handles=[CUP1]),
                                                    prop("is_dirty", object_handles=[CUP2])])])
    import_episodes(get_plugins().importers.get("partnr"), source, tmp_path / "states", accepted=True)
    task = tasks_of(tmp_path / "states")["21"]
    ours = {handle: ident for ident, handle in task.extra["partnr"]["handles"].items()}
    assert ("DIRTY", ours[CUP1]) in task.init and ("DIRTY", ours[CUP2]) in task.init


def test_gold_plans_reach_percent_complete_one(imported):
    _, folder = imported
    tasks = tasks_of(folder)
    simulator = get_plugins().simulators.get("virtualhome")
    planned = [t for t in tasks.values() if t.gold_plan]
    assert sorted(t.id for t in planned) == ["11", "13"]
    assert all(reaches(t, t.gold_plan, simulator) for t in planned)


def test_episode_with_dependency_and_temporal_order_judged_as_partnr_says(imported):
    """Plate into the cabinet, lamp on, cup on the table, plate back on the
    counter (after it left the cabinet): success; the cup first breaks the order."""
    _, folder = imported
    task = tasks_of(folder)["12"]
    simulator = get_plugins().simulators.get("virtualhome")
    world = simulator.world(task)
    plate = [("FIND", "plate.10"), ("GRAB", "plate.10"), ("FIND", "furniture.5"), ("OPEN", "furniture.5"),
             ("PUTIN", "plate.10", "furniture.5")]
    lamp = [("FIND", "lamp.9"), ("SWITCHON", "lamp.9")]
    cup = [("FIND", "cup.6"), ("GRAB", "cup.6"), ("FIND", "furniture.3"), ("PUTBACK", "cup.6", "furniture.3")]
    back = [("FIND", "plate.10"), ("GRAB", "plate.10"), ("FIND", "furniture.4"), ("PUTBACK", "plate.10", "furniture.4")]
    act = lambda steps: [Action(s[0], tuple(s[1:])) for s in steps]  # noqa: E731
    assert judge(task, simulator, states(world, act(plate + lamp + cup + back))).percent_complete == 1
    assert judge(task, simulator, states(world, act(plate + cup + lamp + back))).percent_complete == 0.75
    # before the plate left the cabinet, the plate on the counter is not queried
    assert judge(task, simulator, states(world, act(back))).percent_complete == 0


def test_two_agent_run_on_the_imported_folder(capsys, imported, tmp_path):
    _, folder = imported
    code, _, err = eai_cli(capsys, "run", "--suite", str(folder), "--agents", "2", "--out", str(tmp_path / "run"),
                           "--quiet", "--no-cache")
    assert code == 0, err
    (path,) = (tmp_path / "run").rglob("records.jsonl")
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(rows) == 3 and all(0 <= row["percent_complete"] <= 1 for row in rows)


def test_refusals_are_one_line_and_write_nothing(capsys, tmp_path):
    source = write(tmp_path / "eps.json")
    code, _, err = import_partnr(capsys, source, ROOT / "tasks" / "partnr-mine", "--accept-licence")
    assert code == 2 and err.startswith(f"error: --out {ROOT / 'tasks' / 'partnr-mine'} is inside ")
    assert len(err.strip().splitlines()) == 1 and not (ROOT / "tasks" / "partnr-mine").exists()
    code, _, err = import_partnr(capsys, source, tmp_path / "mine")
    assert code == 2 and "pass --accept-licence" in err and not (tmp_path / "mine").exists()
    bad = tmp_path / "bad.json"
    bad.write_text('{"episodes": [')
    code, _, err = import_partnr(capsys, bad, tmp_path / "mine", "--accept-licence")
    assert code == 2 and err.strip().splitlines() == [f"error: {bad}: not valid JSON (line 1, column 15: Expecting value)"]
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "mine.txt").write_text("mine")
    code, _, err = import_partnr(capsys, source, tmp_path / "notes", "--accept-licence")
    assert code == 2 and "not an imported suite" in err and (tmp_path / "notes" / "mine.txt").read_text() == "mine"
    write(tmp_path / "none.json", EPISODES[3:])
    code, _, err = import_partnr(capsys, tmp_path / "none.json", tmp_path / "empty", "--accept-licence")
    assert code == 2 and "no episode could be imported" in err and not (tmp_path / "empty").exists()


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=20)
FIELDS = st.fixed_dictionaries({}, optional={
    "episode_id": JSON | st.text(alphabet="abc1", min_size=1, max_size=3), "instruction": JSON,
    "name_to_receptacle": JSON, "object_states": JSON, "evaluation_propositions": JSON,
    "evaluation_proposition_dependencies": JSON, "evaluation_constraints": JSON})


@settings(max_examples=60, deadline=None)
@given(st.lists(FIELDS | JSON, max_size=3))
def test_any_json_is_imported_skipped_or_refused_in_one_line(episodes):
    try:
        made = PartnrEpisodes().convert({"episodes": episodes}, lambda message: None)
    except EaiError as exc:
        assert "\n" not in str(exc)
        return
    assert len(made.tasks) + sum(made.skipped.values()) == len(episodes)


@settings(max_examples=40, deadline=None)
@given(st.binary(max_size=40))
def test_any_bytes_read_as_json_or_refused_in_one_line(tmp_path_factory, raw):
    path = tmp_path_factory.mktemp("raw") / "eps.json"
    path.write_bytes(raw)
    try:
        read_json(path)
    except EaiError as exc:
        assert str(exc).startswith(str(path)) and "\n" not in str(exc)
