"""``replay:`` answers each task from a responses file (issue 38 item 5: by a
dict of task ids built once, no longer a scan of the file per request). Which
line answers is unchanged: the first in the file naming the task, as such or
as the upstream writes VirtualHome ids (``scene_1_27_2``)."""

import asyncio
import json

import pytest

from eai.host.manager import get_plugins
from eai.llm.model import Message, ModelCallError, Request

IDS = ("27_2", "417_1", "850_1")  # VirtualHome's first tasks


def replay(tmp_path, lines):
    path = tmp_path / "responses.jsonl"
    path.write_text("".join(json.dumps({"identifier": i, "llm_output": text}) + "\n" for i, text in lines))
    return get_plugins().models.get("replay").create(str(path), {})


def ask(model, task):
    return asyncio.run(model.generate(Request((Message("user", "?"),), task=task)))


def test_virtualhome_tasks_are_answered_by_the_first_line_naming_them(tmp_path):
    tasks = dict(zip(IDS, get_plugins().suites.get("virtualhome").load(list(IDS))))
    model = replay(tmp_path, [("scene_1_27_2", "upstream 27_2"), ("27_2", "ours 27_2"), ("417_1", "ours 417_1"),
                              ("scene_2_417_1", "upstream 417_1"), ("417_1", "ours 417_1 again")])
    assert ask(model, tasks["27_2"]) == "upstream 27_2"
    assert ask(model, tasks["417_1"]) == "ours 417_1 again"  # a repeated identifier: its last answer, at its first place
    with pytest.raises(ModelCallError, match=r"has no answer for task '850_1'"):
        ask(model, tasks["850_1"])


def test_every_langr_episode_is_answered_by_its_own_line(tmp_path):
    suite = get_plugins().suites.get("langr")
    ids = suite.ids()
    model = replay(tmp_path, [(i, f"answer to {i}") for i in reversed(ids)])
    assert [ask(model, task) for task in suite.load(ids[::100])] == [f"answer to {i}" for i in ids[::100]]
