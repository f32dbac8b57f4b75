"""``eai check-world``: the same plans in eai's world and in another environment, compared step by step."""

import json

import pytest

from eai.host.manager import get_plugins, load_plugins, set_plugins
from eai.simulation.environment import SymbolicProvider, Unbuildable
from eai.simulation.worldcheck import UNEXPLAINED, agreement, check_world, perturbed, reasons, unbuilt
from tests.helpers import eai_cli
from tests.test_environment import LivePlugin, Slippery, Wrapping, suite_tasks


def simulator():
    return get_plugins().simulators.get("virtualhome")


def test_eai_world_agrees_with_itself_on_every_plan():
    tasks = suite_tasks("virtualhome", 6)
    check = check_world(SymbolicProvider(simulator()), simulator(), "virtualhome", tasks, ("gold", "drop", "swap"))
    assert len(check.outcomes) == 3 * len(tasks)
    assert all(o.agree for o in check.outcomes)
    assert agreement(check, lambda o: o.plan) == [("drop", 6, 6), ("gold", 6, 6), ("swap", 6, 6)]


def test_a_step_the_other_environment_refuses_is_the_disagreement_with_both_answers():
    tasks = suite_tasks("virtualhome", 4)
    check = check_world(Wrapping("virtualhome", Slippery), simulator(), "virtualhome", tasks, ("gold",))
    assert [(o.task, o.agree, o.step) for o in check.outcomes] == [(t.id, False, 1) for t in tasks]
    first = check.outcomes[0]
    assert first.action == str(tasks[0].gold_plan[1]) and "slipped" in first.theirs and first.ours.endswith("done")
    assert [(reason, len(found)) for reason, found in reasons(check)] == [(UNEXPLAINED, 4)]


def test_the_perturbed_plans_drop_one_step_and_swap_two_neighbours_the_same_way_each_time():
    [task] = suite_tasks("virtualhome", 1)
    gold, plans = task.gold_plan, perturbed(task, 0)
    assert len(plans["drop"]) == len(gold) - 1 and all(a in gold for a in plans["drop"])
    swapped = [i for i, (a, b) in enumerate(zip(gold, plans["swap"])) if a != b]
    assert len(swapped) == 2 and swapped[1] == swapped[0] + 1
    assert perturbed(task, 0) == plans
    assert any(perturbed(task, seed) != plans for seed in range(1, 6))


class Picky(Wrapping):
    """An environment that cannot build one task (as a real engine that lacks what it needs)."""

    def unbuildable(self, task):
        return Unbuildable("no such room", "the scene lacks it") if task.id == "417_1" else None


def test_tasks_the_environment_cannot_build_are_counted_by_reason_and_not_played():
    tasks = get_plugins().suites.get("virtualhome").load(["27_2", "417_1"])
    check = check_world(Picky("virtualhome", Slippery), simulator(), "virtualhome", tasks, ("gold",))
    assert check.unbuildable == {"417_1": ("no such room", "the scene lacks it")}
    assert [o.task for o in check.outcomes] == ["27_2"]
    assert unbuilt(check) == [("no such room", ["417_1"])]


@pytest.fixture
def live():
    plugins = load_plugins(extra={"live": LivePlugin()})
    set_plugins(plugins)
    return plugins


def test_the_command_prints_agreement_per_task_type_and_every_disagreement(live, tmp_path, capsys):
    out = tmp_path / "check.json"
    code, printed, _ = eai_cli(capsys, "check-world", "--suite", "virtualhome", "--environment", "wrapped-virtualhome",
                               "--tasks", "27_2", "--tasks", "417_1", "--plans", "gold", "--out", str(out), "--quiet")
    assert code == 0, printed
    assert "2 task(s), 2 built, 0 cannot be built" in printed
    assert "Agreement per task type" in printed and "unexplained: 2 disagreement(s)" in printed
    assert "27_2 gold step 2 WALK(basket_for_clothes.1000)" in printed
    saved = json.loads(out.read_text())
    assert [o["agree"] for o in saved["outcomes"]] == [False, False]


@pytest.mark.parametrize("args,message", [
    (["--plans", "gold,random"], "unknown plan(s) random; known: gold, drop, swap, baseline"),
    (["--environment", "nowhere"], "unknown environment 'nowhere'"),
])
def test_bad_options_are_one_line(live, args, message, capsys):
    base = {"--suite": "virtualhome", "--environment": "wrapped-virtualhome"}
    given = dict(zip(args[::2], args[1::2]))
    flat = [x for key, value in {**base, **given}.items() for x in (key, value)]
    code, printed, errors = eai_cli(capsys, "check-world", *flat)
    assert code != 0 and message in printed + errors and "Traceback" not in printed + errors
