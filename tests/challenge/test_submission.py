"""The EAI Challenge's submission format: the kit's files and identifiers, and
the check of a submission, one line per problem."""

import io
import json
import zipfile

from hypothesis import given, strategies as st

from eai.challenge.submission import file_problems, kit_files, problems, read_submission, read_zip
from eai.host.manager import get_plugins


def kit():
    return {f.name: f for f in kit_files(get_plugins())}


def answered(kit_file, output=""):
    return json.dumps([{"identifier": i, "llm_output": output} for i in kit_file.identifiers]).encode()


def zipped(entries):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return buffer


def test_the_kit_asks_342_342_338_296_virtualhome_and_100_behavior_tasks_per_module():
    files = kit()
    counts = {name: len(f.identifiers) for name, f in files.items()}
    assert counts == {
        "behavior_goal_interpretation_outputs.json": 100, "behavior_subgoal_decomposition_outputs.json": 100,
        "behavior_action_sequencing_outputs.json": 100, "behavior_transition_modeling_outputs.json": 100,
        "virtualhome_goal_interpretation_outputs.json": 342, "virtualhome_subgoal_decomposition_outputs.json": 338,
        "virtualhome_action_sequencing_outputs.json": 342, "virtualhome_transition_modeling_outputs.json": 296}


def test_virtualhome_subgoal_ids_are_written_scene_1_and_leave_out_the_four_tasks_without_a_goal():
    files = kit()
    subgoals = files["virtualhome_subgoal_decomposition_outputs.json"]
    actions = files["virtualhome_action_sequencing_outputs.json"]
    assert subgoals.identifiers[:2] == ("scene_1_27_2", "scene_1_417_1") and subgoals.tasks[:2] == ("27_2", "417_1")
    assert sorted(set(actions.tasks) - set(subgoals.tasks)) == ["339_1", "627_1", "84_1", "93_1"]
    assert actions.identifiers == actions.tasks  # the other files name tasks by their ids


def test_a_complete_submission_has_no_problem_at_the_top_of_the_zip_or_in_one_folder():
    files = kit()
    entries = {name: answered(f) for name, f in files.items()}
    assert problems(read_zip(zipped(entries), "sub.zip"), list(files.values())) == []
    in_folder = {f"sample_submission/{name}": data for name, data in entries.items()}
    assert problems(read_zip(zipped(in_folder), "sub.zip"), list(files.values())) == []


def test_each_problem_is_one_line_naming_its_file():
    files = kit()
    entries = {name: answered(f) for name, f in files.items()}
    entries["__MACOSX/._virtualhome_action_sequencing_outputs.json"] = b"\0"
    del entries["behavior_goal_interpretation_outputs.json"]
    entries["behavior_subgoal_decomposition_outputs.json"] = b"{not json"
    entries["behavior_transition_modeling_outputs.json"] = b'{"identifier": "x"}'
    items = json.loads(entries["virtualhome_subgoal_decomposition_outputs.json"])
    items[1:3] = [{"identifier": "27_2", "llm_output": "x"}, {"identifier": "scene_1_27_2", "llm_output": 3}]
    items.append({"identifier": "scene_1_27_2", "llm_output": "again"})
    entries["virtualhome_subgoal_decomposition_outputs.json"] = json.dumps(items).encode()
    found = problems(read_zip(zipped(entries), "sub.zip"), list(files.values()))
    assert found == [
        "__MACOSX/._virtualhome_action_sequencing_outputs.json: not a file of a submission "
        "(it holds the eight <env>_<module>_outputs.json)",
        "behavior_goal_interpretation_outputs.json: missing",
        found[2],
        "behavior_transition_modeling_outputs.json: a JSON dict, not a list of {identifier, llm_output}",
        "virtualhome_subgoal_decomposition_outputs.json: 1 item(s) not an object with a string identifier "
        "and a string llm_output: item 2",
        "virtualhome_subgoal_decomposition_outputs.json: 1 identifier(s) answered more than once: scene_1_27_2",
        "virtualhome_subgoal_decomposition_outputs.json: 1 identifier(s) the kit does not ask: 27_2",
        "virtualhome_subgoal_decomposition_outputs.json: 2 of the kit's 338 identifier(s) unanswered: "
        "scene_1_417_1, scene_1_850_1",
    ]
    assert found[2].startswith("behavior_subgoal_decomposition_outputs.json: not valid JSON (")
    assert all("\n" not in line for line in found)


def test_a_folder_of_the_eight_files_reads_as_a_submission(tmp_path):
    files = kit()
    for name, f in files.items():
        (tmp_path / name).write_bytes(answered(f))
    assert problems(read_submission(tmp_path), list(files.values())) == []


ANY_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)


@given(st.lists(st.fixed_dictionaries({"identifier": ANY_TEXT, "llm_output": ANY_TEXT}), max_size=8), ANY_TEXT)
def test_any_answer_list_is_checked_without_failing(items, output):
    identifiers = ("27_2", "417_1", "scene_1_27_2")
    found = file_problems(json.dumps(items).encode(), identifiers)
    given_ids = {i["identifier"] for i in items}
    assert any("unanswered" in p for p in found) == (not set(identifiers) <= given_ids)
    assert any("does not ask" in p for p in found) == bool(given_ids - set(identifiers))
    exact = [{"identifier": i, "llm_output": output} for i in identifiers]
    assert file_problems(json.dumps(exact, ensure_ascii=False).encode("utf-8"), identifiers) == []


@given(st.binary(max_size=30))  # the shortest answer to "27_2" takes 39 bytes
def test_any_bytes_are_a_problem_or_a_list_never_a_crash(data):
    found = file_problems(data, ("27_2",))
    assert found and all(isinstance(p, str) for p in found)
