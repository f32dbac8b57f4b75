"""What a split run's report counts (issue 31 item 12, docs/scale.md): two tasks
with the same prompt in different shards, each shard with its own cache, are
both asked; the run in one piece answers the second from its cache. Records,
summaries and report.json are the same; report.md's "From cache" says what
happened in each."""

import json

from eai import api
from eai.host.manager import get_plugins
from eai.runner.merge import merge_run
from eai.testing.fake_server import FakeServer
from tests.helpers import ROOT, folder_files, table_rows, virtualhome_folder
from tests.models.support import FAKE_KEY, Gold, needs_entry_point

IDS = ("27_2", "417_1", "850_1", "954_2", "11_1")  # VirtualHome's first five tasks
AGAIN = "27_2_again"  # 27_2 under another id: the same prompt, at position 5 (shard 1 of 2; 27_2 is in shard 0)


def twin_suite(folder):
    """A suite folder holding VirtualHome's first five tasks, then the first again under another id."""
    virtualhome_folder(folder, IDS, tasks=[*IDS, AGAIN])
    task = json.loads((folder / "tasks" / f"{IDS[0]}.json").read_text())
    (folder / "tasks" / f"{AGAIN}.json").write_text(json.dumps({**task, "id": AGAIN}))
    return folder


@needs_entry_point
def test_the_same_prompt_in_two_shards_is_asked_twice_and_counted_so(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_KEY)
    suite = twin_suite(tmp_path / "twins")
    gold = Gold.load(len(IDS))
    with FakeServer(answer=gold.answer) as server:
        options = dict(models=["openai:fake-model"], suites=[str(suite)], modules=["action_sequencing"],
                       base_url=server.url, concurrency=1)
        plain = api.run(out=tmp_path / "plain", cache=tmp_path / "plain.sqlite", **options).folder
        assert server.count == 5  # 27_2_again is asked after 27_2 was answered (at most 2 prompts are ready at once)
        for i in range(2):
            api.run(out=tmp_path / f"shard{i}", cache=tmp_path / f"shard{i}.sqlite", shard=f"{i}/2", **options)
        assert server.count == 5 + 6
    merge_run([tmp_path / "shard0", tmp_path / "shard1"], tmp_path / "merged", get_plugins())
    api.run_report(tmp_path / "merged")
    kept = ("records.jsonl", "summary.json", "report.json")
    same = {p: d for p, d in folder_files(plain).items() if p.rsplit("/", 1)[-1] in kept}
    assert same == {p: d for p, d in folder_files(tmp_path / "merged").items() if p.rsplit("/", 1)[-1] in kept}
    usage = {name: table_rows((folder / "report.md").read_text(), "Model usage")["twins"]
             for name, folder in (("plain", plain), ("merged", tmp_path / "merged"))}
    assert (usage["plain"]["Calls"], usage["plain"]["From cache"]) == ("6", "1")
    assert (usage["merged"]["Calls"], usage["merged"]["From cache"]) == ("6", "0")
    differing = {header for header in usage["plain"] if usage["plain"][header] != usage["merged"][header]}
    assert differing <= {"From cache", "Model time (s)"}
    lines = [(a, b) for a, b in zip((plain / "report.md").read_text().splitlines(),
                                    (tmp_path / "merged" / "report.md").read_text().splitlines()) if a != b]
    assert len(lines) == 1 and lines[0][0].startswith("| twins | action_sequencing | openai:fake-model |")


def test_the_docs_say_why_from_cache_is_not_shard_independent():
    text = " ".join((ROOT / "docs" / "scale.md").read_text().split())
    assert "Two tasks with the same prompt that fall into different shards, each with its own cache, are both asked" in text
