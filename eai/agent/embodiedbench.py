"""A turn's prompt laid out as EmbodiedBench's language-only planner lays it out
(``planner/vlm_planner.py`` and ``planner/planner_utils.py`` at commit
b24793607b7c5f1f236dad6d9c3f3c94d0bd4b04): the world's system prompt filled with
the numbered action list (no n-shot examples: ``n_shots=0``), the instruction,
on the first turn EB's request for JSON and later the action history with EB's
request for a new plan, then EB's description of the JSON answer
(``template_lang``, which EB appends for models it asks without a JSON schema).
EB-ALFRED's and EB-Habitat's plugins lay out their episode prompt so."""

from __future__ import annotations

from collections.abc import Sequence

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


def eb_prompt(system: str, actions: Sequence[str], instruction: str, history: str) -> str:
    """A turn's prompt: ``system`` (with EB's three ``{}``: the last id, the action list, the
    examples), the instruction, EB's first request or the ``history`` (with its request), and
    ``template_lang``."""
    instruction = instruction.rstrip(".")
    prompt = system.format(len(actions) - 1, action_list_text(actions), "")
    prompt += f"\n\n## Now the human instruction is: {instruction}."
    prompt += history or FIRST_ASK.format(last=len(actions) - 1)
    return prompt + TEMPLATE_LANG


def eb_chat_prompt(said: str) -> str:
    """A later turn's message in EB's chat-history mode, ``said`` (the world's
    :meth:`~eai.simulation.simulator.Simulator.episode_chat_prompt`: the instruction line and the
    history with EB's request), then ``template_lang``, which EB appends to every prompt it sends."""
    return said + TEMPLATE_LANG
