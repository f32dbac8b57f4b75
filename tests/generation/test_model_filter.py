"""The optional model filter of ``eai tasks generate``, over real HTTP against
the fake server: its decisions are recorded in each task, and a second run
replays them from the cache, byte for byte, without asking again."""

import json

from eai.testing.fake_server import FakeServer, prompt_of
from tests.helpers import folder_files, run_eai
from tests.models.support import FAKE_KEY, needs_entry_point

pytestmark = needs_entry_point


def judge(body):
    """Food does not belong anywhere, says this model; everything else is fine."""
    task = prompt_of(body).rsplit("Task: ", 1)[1]
    return "Unreasonable." if any(w in task for w in ("kiwi", "food")) else "Reasonable"


def generate(server_url, out, cache, *more):
    return run_eai("tasks", "generate", "etplan", "--scene", "virtualhome", "--n", "18", "--out", str(out), "--quiet",
                   "--filter-model", "openai:fake-judge", "--base-url", server_url, "--cache", str(cache), *more,
                   env={"OPENAI_API_KEY": FAKE_KEY})


def test_decisions_are_recorded_and_replayed_from_the_cache(tmp_path):
    cache = tmp_path / "cache.sqlite"
    with FakeServer(answer=judge) as server:
        first = generate(server.url, tmp_path / "a" / "gen", cache)
        asked = server.count
        server.answer = lambda body: "Unreasonable"  # a changed mind is never asked: the cache answers
        second = generate(server.url, tmp_path / "b" / "gen", cache)
        assert server.count == asked
    assert first.returncode == 0, first.stderr
    assert "dropped by openai:fake-judge" in first.stdout
    tasks = [json.loads(p.read_text()) for p in (tmp_path / "a" / "gen" / "tasks").iterdir()]
    assert len(tasks) == 18 and asked >= 18
    for task in tasks:
        decision = task["generation"]["filter"]
        assert decision["model"] == "openai:fake-judge" and decision["answer"] == "Reasonable"
        assert "kiwi" not in task["instruction"]
    assert second.returncode == 0, second.stderr
    assert folder_files(tmp_path / "b" / "gen") == folder_files(tmp_path / "a" / "gen")
    for path in (tmp_path / "a").rglob("*"):
        assert not path.is_file() or FAKE_KEY.encode() not in path.read_bytes()


def test_a_model_that_cannot_be_reached_stops_with_one_line_and_writes_nothing(tmp_path):
    with FakeServer() as server:
        url = server.url
    result = generate(url, tmp_path / "gen", tmp_path / "cache.sqlite", "--retries", "1")
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert result.stderr.startswith("error: --filter-model openai:fake-judge: ") and "nothing was written" in result.stderr
    assert not (tmp_path / "gen").exists()
