"""Shared pieces of the model-backend tests: the fake key, the providers, gold
answers for the first VirtualHome tasks, run settings, result files, and a
clock that only a run's waits move."""

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

import pytest

import eai_langchain.plugin
from eai.base import jsonl
from eai.host.manager import Plugins, load_plugins
from eai.llm.calls import RetryPolicy
from eai.modules import get_module
from eai.runner.config import RunConfig
from eai.testing.fake_server import prompt_of
from tests.helpers import upstream_output

FAKE_KEY = "sk-fake-4f9c1e7b2d8a6035-never-a-real-key"
MODEL = "openai:fake-model"
UNIT = Path("virtualhome", "action_sequencing", "openai_fake-model")

needs_entry_point = pytest.mark.skipif(
    not any(ep.name == "langchain" for ep in metadata.entry_points(group="eai")),
    reason="the langchain entry point is not installed (pip install -e .)",
)


def with_langchain() -> Plugins:
    """The installed plugins, plus the langchain providers if their entry point is not installed."""
    plugins = load_plugins()
    return plugins if "openai" in plugins.models.names() else load_plugins(extra={"langchain": eai_langchain.plugin})


@dataclass(frozen=True)
class Gold:
    """The first VirtualHome tasks: ids in suite order and, by prompt, the id and gold plan."""

    ids: list[str]
    by_prompt: dict[str, tuple[str, str]]

    @classmethod
    def load(cls, count: int) -> "Gold":
        plugins = with_langchain()
        suite = plugins.suites.get("virtualhome")
        tasks = suite.load(suite.ids()[:count])
        simulator, module = plugins.simulators.get(suite.simulator), get_module("action_sequencing")
        by_prompt = {module.prompt(t, simulator)[-1].content: (t.id, upstream_output([[a.name, *a.args] for a in t.gold_plan]))
                     for t in tasks}
        return cls([t.id for t in tasks], by_prompt)

    def answer(self, body) -> str:
        """The gold plan for the task a request asks about ("" for an unknown prompt)."""
        return self.by_prompt.get(prompt_of(body), ("", ""))[1]

    def task_of(self, body) -> str:
        return self.by_prompt[prompt_of(body)][0]


def run_config(out: Path, base_url: str, **changes) -> RunConfig:
    """A run of the first four VirtualHome tasks on action sequencing, quick to retry."""
    settings = dict(suites=["virtualhome"], modules=["action_sequencing"], models=[MODEL], out=out, limit=4,
                    concurrency=4, timeout=10.0,
                    retry=RetryPolicy(attempts=3, first_delay=0.01), model_options={"base_url": base_url})
    return RunConfig(**{**settings, **changes})


def read_jsonl(path: Path) -> list[dict]:
    return [item for _, item in jsonl.read(path)]


@dataclass
class VirtualTime:
    """A clock for a run's :class:`RetryPolicy` that only the run's waits move.

    ``sleep(d)`` lets the other calls go on, then sets the clock at least ``d``
    past the time it was called, and runs what was scheduled (``at``) for the
    time reached: a server coming back after an outage. So when a server is
    given up on depends on the order of the calls' failures and waits, never on
    the machine's speed or load; ``slept`` lists every wait asked for.
    """

    now: float = 0.0
    slept: list[float] = field(default_factory=list)
    scheduled: list[tuple[float, Callable[[], None]]] = field(default_factory=list)

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        until = self.now + seconds
        self.slept.append(seconds)
        await asyncio.sleep(0)
        self.now = max(self.now, until)
        due = [work for when, work in self.scheduled if when <= self.now]
        self.scheduled = [(when, work) for when, work in self.scheduled if when > self.now]
        for work in due:
            work()

    def at(self, when: float, work: Callable[[], None]) -> None:
        self.scheduled.append((when, work))

    def policy(self, **changes) -> RetryPolicy:
        """eai's default back-off (1 s, doubling) and give-up window (30 s), 3 attempts a call, on this clock."""
        return RetryPolicy(**{"attempts": 3, "clock": self.clock, "sleep": self.sleep, **changes})
