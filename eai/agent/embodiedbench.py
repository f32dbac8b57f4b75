"""A turn's prompt laid out as EmbodiedBench's language-only planner lays it out
(``planner/vlm_planner.py`` and ``planner/planner_utils.py`` at commit
b24793607b7c5f1f236dad6d9c3f3c94d0bd4b04): the world's system prompt filled with
the numbered action list and the first n of EB's in-context examples (``n_shots``,
10 in EB's configs; :data:`N_SHOTS`), the instruction,
on the first turn EB's request for JSON and later the action history with EB's
request for a new plan, then EB's description of the JSON answer
(``template_lang``, which EB appends for models it asks without a JSON schema).
EB-ALFRED's and EB-Habitat's plugins lay out their episode prompt so."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path

N_SHOTS = 10  # EB's n_shots for EB-ALFRED and EB-Habitat (configs/eb-alf.yaml, eb-hab.yaml)
FIRST_ASK = (" You are supposed to output in json. You need to output your reasoning steps and plan. At the end, "
             "output the action id (0 ~ {last}) from the available actions to excute.")
TEMPLATE_LANG = (
    "The output json format should be {'reasoning_and_reflection':str, 'language_plan':str, "
    "'executable_plan':List[{'action_id':int, 'action_name':str}...]}\n"
    "The fields in above JSON follows the purpose below:\n"
    "1. reasoning_and_reflection is for summarizing the history of interactions and any available environmental "
    "feedback. Additionally, provide reasoning as to why the last action or plan failed and did not finish the task, "
    "2. language_plan is for describing a list of actions to achieve the user instruction. Each action is started by "
    "the step number and the action name, "
    "3. executable_plan is a list of actions needed to achieve the user instruction, with each action having an "
    "action ID and a name.\n"
    "!!! Please do not output any other thing more than the above-mentioned JSON, do not include ```json and ```!!!\n")


def action_list_text(actions: Sequence[str]) -> str:
    """EB's ``get_availabel_action_prompt``: ``\\naction id 0: find a Cart, \\naction id 1: ...``."""
    return ", ".join(f"\naction id {i}: {name}" for i, name in enumerate(actions))


@cache
def eb_examples(path: Path, file: str) -> tuple[str, ...]:
    """The examples of EB's example file ``file`` a suite's ``examples.json`` at ``path`` holds, in EB's
    order (none when the suite has no such file: imported without EmbodiedBench)."""
    from eai.tasks.examples import read  # here: the worlds import this module at start-up, which stays light

    return tuple(e.text for e in read(path) if e.file == file) if path.is_file() else ()


def examples_text(examples: Sequence[str], later: bool) -> str:
    """EB's examples slot: each ``## Task Execution Example {i}: \\n {x}``, blank-line separated (on a
    ``later`` turn EB writes two spaces before the number, as its planner does)."""
    label = "## Task Execution Example  {i}: \n {x}" if later else "## Task Execution Example {i}: \n {x}"
    return "\n\n".join(label.format(i=i, x=x) for i, x in enumerate(examples))


def eb_prompt(system: str, actions: Sequence[str], instruction: str, history: str,
              examples: Sequence[str] = ()) -> str:
    """A turn's prompt: ``system`` (with EB's three ``{}``: the last id, the action list, the
    ``examples`` kept), the instruction, EB's first request or the ``history`` (with its request),
    and ``template_lang``."""
    instruction = instruction.rstrip(".")
    prompt = system.format(len(actions) - 1, action_list_text(actions), examples_text(examples, bool(history)))
    prompt += f"\n\n## Now the human instruction is: {instruction}."
    prompt += history or FIRST_ASK.format(last=len(actions) - 1)
    return prompt + TEMPLATE_LANG


def eb_chat_prompt(said: str) -> str:
    """A later turn's message in EB's chat-history mode, ``said`` (the world's
    :meth:`~eai.simulation.simulator.Simulator.episode_chat_prompt`: the instruction line and the
    history with EB's request), then ``template_lang``, which EB appends to every prompt it sends."""
    return said + TEMPLATE_LANG
