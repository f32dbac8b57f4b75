"""Episodes in LLaRP's dataset format (``LangRearrangeDatasetV0.to_binary``,
which EB-Habitat's own files share), from small files the tests write."""

import pickle

import pytest

from eai.exceptions import EaiError
from eai_habitat.episodes import read_split

GOAL = {"expr_type": "AND", "quantifier": "EXISTS", "inputs": [{"name": "X", "expr_type": "ball"}],
        "sub_exprs": ["on_top(X, receptacle_aabb_Sofa_frl_apartment_sofa)", "not_holding()"]}


def dataset(array=list):
    """Two episodes; names are stored once in idx_to_name and referred to by index."""
    names = {0: "057_racquetball_:0000", 1: "receptacle_aabb_sink_kitchen_counter", 2: "029_plate_:0000",
             3: "fridge_:0000", 4: "receptacle_aabb_Sofa_frl_apartment_sofa"}
    episode = {
        "episode_id": "0", "scene_id": "data/replica_cad/configs/scenes/v3_sc3_staging_07.scene_instance.json",
        "name_to_receptacle": array([[0, 1], [2, 4]]), "ao_states": {3: {2: 0.0}},
        "rigid_objs": array([[0, 0], [2, 1]]), "markers": [[3, 3, array([0.1, -0.62, 0.2]), 3, 3]],
        "instruction": "Bring a ball to the sofa.", "instruct_id": "42f1b012_x", "start_preds": [],
        "goal_preds": GOAL, "subgoals": [["holding(057_racquetball_:0000)"]], "sampled_entities": {},
    }
    second = {**episode, "instruction": "Shut the fridge.", "start_preds": ["opened_fridge(fridge_push_point)"],
              "subgoals": None}
    return {"all_transforms": array([[[1.0, 0.0], [0.0, 1.0]]] * 2), "idx_to_name": names, "all_eps": [episode, second]}


def check(episodes):
    first, second = episodes
    assert (first.id, first.scene, first.instruction) == ("base_000", "v3_sc3_staging_07", "Bring a ball to the sofa.")
    assert first.placement == {"057_racquetball_:0000": "receptacle_aabb_sink_kitchen_counter",
                               "029_plate_:0000": "receptacle_aabb_Sofa_frl_apartment_sofa"}
    assert first.articulation == {"fridge_:0000": {2: 0.0}} and first.goal == GOAL
    assert first.subgoals == (("holding(057_racquetball_:0000)",),)
    assert (second.id, second.start_preds, second.subgoals) == ("base_001", ("opened_fridge(fridge_push_point)",), ())


def test_a_dataset_file_is_read_episode_by_episode():
    check(read_split(pickle.dumps(dataset(), protocol=4), "base"))


def test_a_dataset_file_with_numpy_arrays_is_read_without_them():
    np = pytest.importorskip("numpy")
    check(read_split(pickle.dumps(dataset(np.array), protocol=4), "base"))


def test_a_file_of_another_shape_is_a_clear_error():
    with pytest.raises(EaiError, match=r"base\.pickle is not a Language Rearrangement dataset"):
        read_split(pickle.dumps({"all_eps": [{"scene_id": 3}]}), "base")
