"""A reasoning preamble (``<think>...</think>`` and its kin) is never read as the
answer (issue 36 item 2; eai.base.answer_cap): every module reads the same
output from ``<think>X</think>ANSWER`` as from ``ANSWER``, whatever the
thinking X holds (plans, goals and JSON of its own included); thinking the
token limit cut leaves nothing to read; a preamble whose start the chat
template wrote in the prompt ends where its end marker is. On the gold answers
of VirtualHome tasks 27_2 and 417_1 and the scoring of a whole run."""

import json

from hypothesis import example, given, settings, strategies as st

from eai.base.answer_cap import REASONING, answer_part, capped
from eai.modules import get_module
from eai.results.responses import Response
from eai.results.scoring import score
from tests.helpers import upstream_output

TASKS = ("27_2", "417_1")
MODULES = ("action_sequencing", "goal_interpretation", "subgoal_decomposition")
THOUGHTS = st.text(st.characters(codec="utf-8"), max_size=300) | st.sampled_from([
    '{"WALK": ["kitchen", "205"]}', '{"node goals": [], "edge goals": []}', '{"output": ["ON(tv.1)"]}',
    "\n[WALK] <bedroom> (1.67)\n", "Let me plan: first WALK(bedroom), then FIND(chair).",
    '\nThe goal: {"node goals": [["ON", "tv.1"]], "edge goals": [], "action goals": []} is wrong.\n',
])


def gold_answers(plugins):
    from benchmarks.verdicts import goal_text
    from eai_modules.subgoal_decomposition import goal_subgoal_plan

    suite = plugins.suites.get("virtualhome")
    simulator = plugins.simulators.get(suite.simulator)
    tasks = suite.load(list(TASKS))
    return {"action_sequencing": [upstream_output([[a.name, *a.args] for a in t.gold_plan]) for t in tasks],
            "goal_interpretation": [goal_text(t) for t in tasks],
            "subgoal_decomposition": [json.dumps({"output": goal_subgoal_plan(t, simulator)}) for t in tasks]}


def test_every_module_reads_the_answer_after_the_thinking(plugins):
    answers = gold_answers(plugins)

    @settings(max_examples=60, deadline=None)
    @example(thought="\n[WALK] <bedroom> (1.67)\n", marker=REASONING[0], space="")  # a program line read first
    @example(thought='{"output": ["ON(tv.1)"]} was my first idea, then', marker=REASONING[0], space="")
    @given(thought=THOUGHTS.filter(lambda t: all(end not in t for _, end in REASONING)),
           marker=st.sampled_from(REASONING), space=st.sampled_from(["", "\n", "  \n"]))
    def check(thought, marker, space):
        start, end = marker
        for module in MODULES:
            read = get_module(module).parse
            for answer in answers[module]:
                assert read(f"{space}{start}{thought}{end}\n{answer}") == read(answer)
                assert read(f"{thought}{end}{answer}") == read(answer) or start in thought  # opened by the template

    check()


def test_thinking_the_token_limit_cut_leaves_nothing_to_read(plugins):
    answers = gold_answers(plugins)
    for module in MODULES:
        read = get_module(module).parse
        assert read(f"<think>The plan could be {answers[module][0]}", cut=True) == read("", cut=True)


def test_the_preamble_is_kept_in_the_answer_and_left_out_of_what_is_scored(plugins):
    plan = gold_answers(plugins)["action_sequencing"][0]
    thought = '<think>{"WALK": ["bathroom", "11"]} is wrong, the basket is in the dining room</think>\n'
    result = score(plugins, "virtualhome", "action_sequencing",
                   [Response(TASKS[0], thought + plan)], {})
    [record] = result.records
    assert record["success"] and record["executable"]


def test_an_answer_without_a_preamble_is_read_whole():
    for text in ('{"WALK": ["kitchen"]}', "I will <think> later", "", "   "):
        assert answer_part(text) == text
        assert capped(text) == (text, False)
    assert answer_part("<|channel|>analysis<|message|>hmm<|end|><|start|>assistant<|channel|>final<|message|>[]") == "[]"
