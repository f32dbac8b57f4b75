"""What the agent is shown each turn, as EmbodiedBench's language-only planner
writes it without chat history (``chat_history=0``: one user message a turn).

The first turn: the world's episode prompt (:meth:`eai.simulation.simulator.Simulator.episode_prompt`;
by default its action-sequencing prompt: the instruction, what it observes,
the action list and the answer form) of the task as seen from the current state. Later turns:
the same prompt, then ``The action history:`` (every step so far with its
action id where the world numbers its actions, and the environment's
feedback), then EB's request for a new plan from the current state. The
history is capped as EB caps it: by the episode's budgets (at most
``max_steps`` steps and ``max_invalid`` invalid answers are listed). EB's
chat-history mode sends the episode as one conversation instead (:mod:`eai.agent.chat`);
so does native tool calling (:func:`conversation`), the environment's answers the tools' results.
"""

from __future__ import annotations

import json

from eai.agent.forms import asking, calls
from eai.agent.protocol import AgentEpisode
from eai.llm.model import Message

HISTORY = "\n\n The action history:"
NOT_CARRIED_OUT = "Not carried out: an earlier action of this turn failed, or the episode ended."
STEP = "\nStep {i}, action id {id}, {words}, env feedback: {feedback}"  # EB's vlm_planner.process_prompt
STEP_UNNUMBERED = "\nStep {i}, {words}, env feedback: {feedback}"
NUMBERED_ASK = (
    "\n\n Considering the above interaction history, to achieve the human instruction: '{instruction}', you are "
    "supposed to output in json. You need to summarize interaction history and environment feedback and reason why "
    "the last action or plan failed and did not finish the task, output your new plan to achieve the goal from "
    "current state. At the end, output the excutable plan with action ids(0 ~ {last}) from the available actions.")
CHAT_NUMBERED_ASK = NUMBERED_ASK.replace("excutable", "executable")  # EB's chat-history branch spells it so
PLAIN_ASK = (
    "\n\n Considering the above interaction history, to achieve the human instruction: '{instruction}', summarize "
    "the interaction history and environment feedback and reason why the last action or plan failed and did not "
    "finish the task, then output your new plan to achieve the goal from the current state, in the output format "
    "asked above.")


def prompt(episode: AgentEpisode, form: str, later: str = "") -> str:
    """The world's prompt for the current state with the history ``later`` (:func:`history`),
    and what ``form`` asks besides."""
    return asked(episode.simulator.episode_prompt(episode.view, later, episode.shots), form)


def asked(text: str, form: str) -> str:
    """``text``, then what ``form`` asks besides the world's own answer format."""
    extra = asking(form)
    return f"{text.rstrip()}\n\n{extra}" if extra else text


def history(episode: AgentEpisode, chat: bool = False) -> str:
    """The action history and the request for a new plan ("" on the first turn); ``chat``:
    as EB's chat-history mode words the request (:mod:`eai.agent.chat`)."""
    if not episode.history:
        return ""
    lines = [STEP.format(i=i, id=number, words=words, feedback=said) if number is not None
             else STEP_UNNUMBERED.format(i=i, words=words or "(no action)", feedback=said)
             for i, (number, words, said) in enumerate(episode.history)]
    instruction = episode.task.instruction.rstrip(".")
    listed = episode.listed
    numbered = CHAT_NUMBERED_ASK if chat else NUMBERED_ASK
    ask = (numbered.format(instruction=instruction, last=len(listed.actions) - 1) if listed is not None
           else PLAIN_ASK.format(instruction=instruction))
    return HISTORY + "".join(lines) + ask


def conversation(episode: AgentEpisode, prompt: str) -> tuple[Message, ...]:
    """With native tool calling: the first prompt, then each turn's tool calls and, as their
    results, what the environment answered to each (an answer calling no tool and the
    invalid-action feedback it got, as plain messages). The history is the whole episode's,
    bounded by its budgets."""
    messages = [Message("user", prompt)]
    for k, turn in enumerate(episode.turns):
        found = calls(turn.answer)
        if found is None:
            said = turn.steps[-1]["feedback"] if turn.steps else ""
            messages += [Message("assistant", turn.answer), Message("user", said)]
            continue
        ids = [str(call.get("id") or f"call_{k}_{i}") for i, call in enumerate(found)]
        messages.append(Message("assistant", "", tuple(
            (i, call["name"], json.dumps(call.get("args", {}), sort_keys=True)) for i, call in zip(ids, found))))
        messages += [Message("tool", turn.steps[i]["feedback"] if i < len(turn.steps) else NOT_CARRIED_OUT,
                             tool_call_id=call_id) for i, call_id in enumerate(ids)]
    return tuple(messages)
