"""The langr and eb-habitat suites as users meet them: counts, EB's subsets,
prompts, eai doctor, the step-by-step protocol."""

import json

import pytest

from eai.health.doctor import simulator_finding
from eai.host.manager import get_plugins
from eai.modules import MODULES
from eai.simulation.environment import SymbolicProvider
from eai.tasks.stats import suite_stats
from eai.testing.environment import EnvironmentConformance
from eai_habitat.subsets import PER_SUBSET, SUBSETS, draw
from tests.habitat.conftest import SAMPLE, load, needs_entry_point
from tests.helpers import run_eai

SPLITS = ("conditional_instructions", "context", "irrelevant_text", "multiple_objects", "multiple_rearrangements",
          "new_scenes", "novel_objects", "referring_expressions", "rephrasing", "spatial_relationships",
          "train_validation")


def test_langr_holds_1100_tasks_100_per_split_with_their_counts():
    plugins = get_plugins()
    stats = suite_stats(plugins.suites.get("langr"), plugins.simulators.get("habitat"))
    assert stats["tasks"] == 1100 and stats["by_name"] == {split: 100 for split in SPLITS}
    assert stats["goal_kinds"] == {"exists": 895, "forall": 100, "no quantifier": 54, "not exists": 51}
    assert stats["goal_predicates"] == {"closed_fridge": 88, "not_holding": 1046, "on_top": 1046,
                                        "opened_fridge": 52, "robot_at": 14}
    assert sum(n for _, n in stats["gold_plan_steps"]) == 1100 and max(s for s, _ in stats["gold_plan_steps"]) == 12
    assert stats["satisfied_at_start"] == ["train_validation_090"]
    assert (stats["operators"], stats["preconditions"], stats["effects"]) == (7, 15, 27)  # nav: 4 for its partner


def test_eb_habitat_draws_50_of_each_subset_from_its_llarp_splits():
    suite = get_plugins().suites.get("eb-habitat")
    tasks = suite.load()
    assert [t.id for t in tasks] == [f"{subset}_{k:03d}" for subset in SUBSETS for k in range(PER_SUBSET)]
    langr = {t.id: t for t in get_plugins().suites.get("langr").load()}
    for task in tasks:
        origin = f"{task.extra['habitat']['split']}_{task.extra['habitat']['episode']:03d}"
        assert task.extra["habitat"]["split"] in SUBSETS[task.name]
        assert (task.instruction, task.goal, task.gold_plan) == (
            langr[origin].instruction, langr[origin].goal, langr[origin].gold_plan)
    for subset, splits in SUBSETS.items():
        candidates = [tid for split in splits for tid in langr if tid.rsplit("_", 1)[0] == split]
        drawn = [f"{t.extra['habitat']['split']}_{t.extra['habitat']['episode']:03d}" for t in tasks if t.name == subset]
        assert drawn == draw(subset, candidates)


def test_the_draw_is_a_seeded_rule_not_the_first_50():
    candidates = [f"context_{i:03d}" for i in range(100)]
    chosen = draw("common_sense", candidates)
    assert len(chosen) == 50 and chosen != candidates[:50] and chosen == sorted(chosen)
    assert draw("common_sense", list(reversed(candidates))) == list(reversed(chosen))


@pytest.mark.parametrize("module", list(MODULES))
def test_every_module_has_a_prompt_naming_the_tasks_objects(simulator, module):
    for task in load("context_000", "new_scenes_001"):
        text = simulator.prompt(module, task)
        assert task.instruction in text or module == "transition_modeling"
        assert "tv_stand" in text and "robot_0" in text


def test_the_transition_modeling_prompt_shows_the_domain_and_the_operators_to_write(simulator, ball_task):
    text = simulator.prompt("transition_modeling", ball_task)
    assert "(not_holding ?robot - robot_entity_type)" in text and "(:action pick" in text
    assert "(:goal (exists (?x - ball)" in text and ":effect (and" not in text


def test_doctor_runs_a_gold_plan_of_each_suite():
    plugins = get_plugins()
    for name in ("langr", "eb-habitat"):
        finding = simulator_finding(plugins, name, plugins.suites.get(name))
        assert finding.ok and "goal reached" in finding.detail


@pytest.mark.slow
@needs_entry_point
def test_eai_tasks_stats_langr_json():
    result = run_eai("tasks", "stats", "langr", "--json")
    assert result.returncode == 0, result.stderr
    stats = json.loads(result.stdout)
    assert stats["tasks"] == 1100 and stats["by_name"]["context"] == 100


class TestSymbolicHabitat(EnvironmentConformance):
    @pytest.fixture
    def provider(self):
        return SymbolicProvider(get_plugins().simulators.get("habitat"))

    @pytest.fixture
    def tasks(self):
        return load(*SAMPLE)


def test_a_missing_suite_says_how_to_import_it(tmp_path, monkeypatch):
    monkeypatch.setenv("EAI_TASKS_DIR", str(tmp_path))
    (finding,) = get_plugins().suites.get("langr").doctor()
    assert not finding.ok and "suite.json" in finding.detail
    assert finding.fix == ("run: eai tasks import langr --source llarp=PATH (a clone of github.com/apple/ml-llarp)")
