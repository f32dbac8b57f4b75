"""The built-in baselines on real tasks, and ``eai run`` with no module named
(all four modules, both suites), as the README's main job runs it."""

import json

from eai.host.manager import get_plugins
from eai.pddl.formula import to_sexpr
from eai.pddl.response import parse_operators
from eai_baselines import transition_modeling
from tests.helpers import run_eai
from tests.models.support import needs_entry_point

MODULES = ("goal_interpretation", "subgoal_decomposition", "action_sequencing", "transition_modeling")


def effects_of(text: str) -> dict[str, str]:
    parsed = parse_operators(text)
    assert not parsed.errors
    return {name: to_sexpr(op.effect) for name, op in parsed.operators.items()}


def test_the_lexical_transition_model_binds_predicates_to_parameters_of_their_type():
    plugins = get_plugins()
    domain = plugins.simulators.get("behavior").transition_model()
    task = next(t for t in plugins.suites.get("behavior").load() if "open" in t.transition_model.operators)
    guessed = effects_of(transition_modeling.guess(task, domain))
    assert guessed["open"] == "(and (open ?obj))"  # the object, not ?agent
    if "place_inside" in guessed:
        assert guessed["place_inside"] == "(and (inside ?obj_in_hand ?obj))"
    vh_domain = plugins.simulators.get("virtualhome").transition_model()
    vh_task = next(t for t in plugins.suites.get("virtualhome").load()
                   if t.transition_model and "switch_on" in t.transition_model.operators)
    assert effects_of(transition_modeling.guess(vh_task, vh_domain))["switch_on"] == "(and (on ?obj))"


@needs_entry_point
def test_eai_run_with_no_module_named_runs_all_four_on_both_suites(tmp_path):
    out = tmp_path / "run"
    result = run_eai("run", "--limit", "3", "--out", str(out), "--quiet", "--no-cache")
    assert result.returncode == 0, result.stderr
    for suite in ("virtualhome", "behavior"):
        for module in MODULES:
            summary = json.loads((out / suite / module / "baseline_auto" / "summary.json").read_text())
            assert summary["n"] == 3, (suite, module)
    assert not (out / "langr").exists() and not (out / "eb-habitat").exists()  # named to run (docs/tasks.md)
    report = (out / "report.md").read_text()
    assert all(f"Table {k}" in report for k in (3, 4, 5, 6, 7))
    assert (out / "report.html").is_file()
