"""Runner throughput against a local fake OpenAI-compatible server answering after 200 ms.

Targets: >= 120 calls/s with 32 calls in flight, and < 5 ms of runner
overhead per call. Two measurements over the 342 VirtualHome tasks
(action sequencing), each run with a fresh response cache:

- kernel: a model that just sleeps 200 ms, to isolate the runner itself
  (prompts, cache, log appends);
- http: ``openai:`` through langchain and the OpenAI client, over HTTP to the
  fake server (its own process, so it takes no CPU from the runner's).

For each, the best of three runs: calls/s over the answering phase (32 / 0.2 s
= 160 at best), mean latency per call minus the server's 200 ms, the process's
CPU time per call (for http, most of it is the OpenAI client's), and the time
of scoring afterwards. The load average is printed too: other work on the
machine shows in every figure. Run from the repository root:

    python benchmarks/runner_throughput.py
"""

import asyncio
import multiprocessing
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # for tests.models

from eai.host.hookspecs import hookimpl  # noqa: E402
from eai.host.manager import load_plugins  # noqa: E402
from eai.llm.model import LanguageModel, ModelProvider  # noqa: E402
from eai.runner.config import RunConfig  # noqa: E402
from eai.runner.run import run  # noqa: E402
from eai.testing.fake_server import FakeServer, Reply  # noqa: E402
from tests.models.support import Gold, with_langchain  # noqa: E402

DELAY, CONCURRENCY, TASKS = 0.2, 32, 342


def serve(port_out) -> None:
    gold = Gold.load(TASKS)
    with FakeServer(answer=gold.answer, reply=lambda body: Reply(delay=DELAY)) as server:
        port_out.send(server.url)
        port_out.recv()  # until told to stop


class SleepModel(LanguageModel):
    provider, model = "sleep", "200ms"

    async def generate(self, request):
        await asyncio.sleep(DELAY)
        return "{}"


class SleepProvider(ModelProvider):
    name = "sleep"

    def create(self, model, options):
        return SleepModel()


class SleepPlugin:
    @hookimpl
    def eai_register_models(self, register):
        register(SleepProvider())


def once(plugins, model: str, options: dict[str, str]) -> tuple[float, float, float]:
    """(seconds answering, CPU seconds answering, seconds scoring) of one run with a fresh cache."""
    marks: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        config = RunConfig(suites=["virtualhome"], modules=["action_sequencing"], models=[model],
                           out=Path(tmp) / "run", concurrency=CONCURRENCY, limit=TASKS, cache=Path(tmp) / "cache.sqlite",
                           timeout=30.0, model_options=options)
        asyncio.run(run(config, plugins, lambda *progress: marks.append((time.perf_counter(), time.process_time()))))
        end = time.perf_counter()
    return marks[-1][0] - marks[0][0], marks[-1][1] - marks[0][1], end - marks[-1][0]


def measure(label: str, plugins, model: str, options: dict[str, str], repeat: int = 3) -> None:
    """The best of ``repeat`` runs (the machine may be busy with other work)."""
    wall, cpu, scoring = min(once(plugins, model, options) for _ in range(repeat))
    print(f"{label:6} {TASKS / wall:6.1f} calls/s | latency - {DELAY * 1000:.0f} ms: "
          f"{(wall * CONCURRENCY / TASKS - DELAY) * 1000:5.1f} ms/call | runner CPU {cpu * 1000 / TASKS:4.2f} ms/call "
          f"| then scoring {scoring:.2f} s")


def main() -> None:
    os.environ.pop("OPENAI_API_KEY", None)  # the fake server needs none; never send a real one
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    here, there = multiprocessing.get_context("spawn").Pipe()
    server = multiprocessing.get_context("spawn").Process(target=serve, args=(there,), daemon=True)
    server.start()
    url = here.recv()
    try:
        measure("kernel", load_plugins(extra={"sleep": SleepPlugin()}), "sleep:200ms", {})
        measure("http", with_langchain(), "openai:bench", {"base_url": url})
    finally:
        here.send("stop")
        server.join(10)


if __name__ == "__main__":
    main()
