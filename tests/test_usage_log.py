"""The report's model usage, read from a unit's responses.jsonl a line at a time (a 1,100-episode
langr run's log is 17 MB), counts what reading the whole log counted: each task's last line."""

from __future__ import annotations

import json
from pathlib import Path

from eai.reporting.usage import run_usage
from eai.results.store import ResponseLog

TASKS = list(json.loads((Path(__file__).parents[1] / "tasks" / "langr" / "suite.json").read_text())["tasks"])[:3]


def line(task_id: str, *calls: dict) -> dict:
    return {"identifier": task_id, "llm_output": "[]", "calls": list(calls)}


def test_langr_resumed_episode_counts_its_last_line(tmp_path: Path) -> None:
    log = ResponseLog(tmp_path / "responses.jsonl")
    log.open()
    first, second, third = TASKS
    log.append({**line(first, {"seconds": 4.0}), "error": "timeout"})  # asked again on --resume
    log.append(line(second, {"seconds": 1.25}, {"cached": True}))
    log.append(line(first, {"seconds": 0.5}, {"seconds": 0.75}))
    log.append(line(third, {"cached": True, "seconds": 9.0}, {"seconds": None}))
    log.close()
    whole = [c for response in log.read().values() for c in response.calls]  # the log read whole, as before
    made = [c for c in whole if not c.get("cached")]
    assert run_usage(log.path) == {"model_calls": len(made), "cached": len(whole) - len(made),
                                   "seconds": round(sum(c.get("seconds") or 0.0 for c in made), 1)}
    assert run_usage(log.path) == {"model_calls": 4, "cached": 2, "seconds": 2.5}
    assert [key for key, _ in log.each_item()] == [first, second, first, third]


def test_no_log_no_usage(tmp_path: Path) -> None:
    assert run_usage(tmp_path / "responses.jsonl") == {}
