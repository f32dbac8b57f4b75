"""No answer can stop scoring or stall it (issue 14), on real tasks of both
suites: the audit's defects one by one, then arbitrary and adversarial text
(tests/adversarial.py) through every module's parse and evaluate. Each answer
is scored under a CPU limit (ITIMER_PROF counts CPU time, not wall-clock
time, so load does not move it): 30 s, ten times the slowest answer of
benchmarks/fuzz_answers.py."""

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from eai.modules import get_module
from eai.modules.base import Env
from tests.adversarial import MODULES, adversarial, cpu_limit, gold_answer
from tests.helpers import run_eai

CPU_SECONDS = 30.0
SUITES = ("virtualhome", "behavior")
ANY_TEXT = st.text(st.characters(exclude_categories=()))  # lone surrogates, U+2028, U+2029, U+0085 included


@pytest.fixture(scope="module")
def samples(plugins):
    """(task, gold answer) of three real tasks per suite and module."""
    chosen = {}
    for suite in SUITES:
        ids = plugins.suites.get(suite).ids()
        tasks = plugins.suites.get(suite).load(ids[::len(ids) // 8])
        for module in MODULES:
            covered = [t for t in tasks if get_module(module).applies_to(t)][:3]
            chosen[suite, module] = [(t, gold_answer(plugins, module, t)) for t in covered]
    return chosen


def scored(plugins, module, task, text):
    """The record of ``text`` as ``task``'s answer, scored under the CPU limit."""
    mod = get_module(module)
    simulator = plugins.simulators.get(plugins.suites.get(task.suite).simulator)
    with cpu_limit(CPU_SECONDS):
        record = mod.evaluate(mod.parse(text), task, Env(simulator, plugins, {"workers": 1}))
    assert json.loads(json.dumps(record)) == record
    assert isinstance(record["truncated_answer"], bool)
    return record


HUGE = {  # the audit's slowest answers (CPU time before the fix)
    "repeated_action": ("transition_modeling", lambda base: "(:action " * 1_250_000),  # 10 MB: over 150 s
    "many_lines": ("subgoal_decomposition", lambda base: "ON(x.1)\n" * 1_300_000),  # 10 MB, 1.3M lines: 28 s
    "unterminated_goals": ("goal_interpretation", lambda base: "[" * 60 + '"' + "x" * 10_000_000),  # 46 s
    "unterminated_subgoals": ("subgoal_decomposition", lambda base: "[" * 60 + '"' + "x" * 10_000_000),  # over 150 s
    "64_mb": ("action_sequencing", lambda base: base + " " * 64_000_000),  # stored and read whole
}


@pytest.mark.parametrize("case", HUGE)
def test_huge_answers_are_capped_and_scored_within_the_cpu_limit(plugins, samples, case):
    module, make = HUGE[case]
    task, base = samples["behavior", module][0]
    assert scored(plugins, module, task, make(base))["truncated_answer"]


@pytest.mark.parametrize("suite", SUITES)
@pytest.mark.parametrize("module", ["goal_interpretation", "subgoal_decomposition", "action_sequencing"])
def test_a_number_of_thousands_of_digits_is_read(plugins, samples, suite, module):
    task, base = samples[suite, module][0]
    digits = "9" * 5000  # int() refuses more than 4,300 digits: this raised ValueError
    if module == "action_sequencing":
        text = base.replace("]", f", {digits}]", 1) if suite == "virtualhome" else f'[{{"action": {digits}}}]'
        assert scored(plugins, module, task, text)["error_type"] in ("hallucination", "arity")
    else:
        text = base.replace("[", f"[{digits}, ", 1)
        record = scored(plugins, module, task, text)
        assert module != "goal_interpretation" or digits[:100] in " ".join(record["malformed"])


def test_eai_score_goes_on_past_an_answer_that_once_stopped_it(tmp_path, plugins, samples):
    task, base = samples["behavior", "goal_interpretation"][0]
    answers = [{"identifier": task.id, "llm_output": '{"node goals": [["not", ['},  # raised IndexError
               {"identifier": samples["behavior", "goal_interpretation"][1][0].id, "llm_output": "[" + "9" * 5000 + "]"}]
    path = tmp_path / "answers.json"
    path.write_text(json.dumps(answers))
    done = run_eai("score", str(path), "--suite", "behavior", "--module", "goal_interpretation",
                   "--out", str(tmp_path / "out"), "--quiet")
    assert done.returncode == 0, done.stderr
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert summary["n"] == 2 and summary["internal_errors"] == 0 and summary["truncated_answer_rate"] == 50.0


def answers(samples, suite, module):
    """Arbitrary text, or an adversarial answer made from a gold answer."""
    bases = st.sampled_from(samples[suite, module])
    return st.one_of(st.tuples(bases.map(lambda s: s[0]), ANY_TEXT),
                     st.builds(lambda s, rng: (s[0], adversarial(rng, s[1])), bases, st.randoms(use_true_random=False)))


def fuzz_test(examples):
    """A test scoring ``examples`` answers for each suite and module."""
    @pytest.mark.parametrize("suite", SUITES)
    @pytest.mark.parametrize("module", MODULES)
    @settings(max_examples=examples, suppress_health_check=[HealthCheck.too_slow], deadline=None)
    @given(data=st.data())
    def test(plugins, samples, suite, module, data):
        task, text = data.draw(answers(samples, suite, module))
        record = scored(plugins, module, task, text)
        if module in ("action_sequencing", "subgoal_decomposition"):
            assert record["executable"] == (record["error_type"] is None)
    return test


test_any_answer_gets_a_record = fuzz_test(5)
test_many_answers_get_a_record = pytest.mark.slow(fuzz_test(200))
