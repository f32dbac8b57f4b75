"""Scripted agents: answers given in advance, played through the episode protocol in the real worlds."""

import asyncio
import json

from eai.agent.play import play_episode
from eai.agent.protocol import EB_BUDGETS
from eai.host.manager import get_plugins
from eai.llm.model import Answer, ModelCallError


def task_of(suite, task_id):
    plugins = get_plugins()
    found = plugins.suites.get(suite)
    return found.load([task_id])[0], plugins.simulators.get(found.simulator)


def plan_text(actions):
    """A VirtualHome-style answer: ``[[ACTION, obj, ...], ...]``."""
    return json.dumps([[a.name, *a.args] if hasattr(a, "name") else list(a) for a in actions])


def play(task, simulator, answers, budgets=EB_BUDGETS, form="json"):
    """The record of ``task`` played by an agent answering ``answers`` in turn (the last one again when
    they run out; an exception among them is a failed call), and the messages it was sent."""
    sent = []

    async def ask(messages, now):
        sent.append(messages)
        answer = answers[min(len(sent), len(answers)) - 1]
        if isinstance(answer, Exception):
            raise answer
        return Answer(answer)

    return asyncio.run(play_episode(task, simulator, ask, budgets, form)), sent


FAILED_CALL = ModelCallError("the server answered 500 three times")
