"""Shards of a run on the real suites, merged back: byte-identical to the run made in one piece."""

import json

import pytest
from hypothesis import given, strategies as st

from eai import api
from eai.exceptions import EaiError
from eai.host.manager import get_plugins
from eai.llm.cache import ResponseCache
from eai.runner.manifest import without_provenance
from eai.runner.merge import merge_caches, merge_run
from eai.runner.transport import TRANSPORT
from eai.tasks.shards import Shard, parse_shard
from tests.helpers import eai_cli, folder_files

SUITES = ["virtualhome", "behavior"]
COMPARED = ("records.jsonl", "summary.json", "run.json", "report.json")  # report.md: seconds and cache hits (docs/scale.md)


def results(folder):
    """The files of a run that must not depend on how it was split or executed: run.json without its
    ``transport`` (how the calls were made: the executor, calls in flight; eai/runner/transport.py)
    and its provenance (when, by which versions and command line: eai/runner/provenance.py)."""
    files = {path: data for path, data in folder_files(folder).items() if path.rsplit("/", 1)[-1] in COMPARED}
    if "run.json" in files:
        settings = without_provenance(json.loads(files["run.json"]))
        settings.pop(TRANSPORT, None)
        files["run.json"] = json.dumps(settings, indent=2, sort_keys=True).encode()
    return files


def sharded(tmp_path, count, **options):
    folders = [tmp_path / f"shard{i}" for i in range(count)]
    for i, folder in enumerate(folders):
        api.run(out=folder, use_cache=False, shard=f"{i}/{count}", **options)
    return folders


def same_as_plain(tmp_path, count, **options):
    """Run in one piece and in ``count`` shards, merge: the same files."""
    plain = api.run(out=tmp_path / "plain", use_cache=False, **options).folder
    folders = sharded(tmp_path, count, **options)
    merge_run(folders, tmp_path / "merged", get_plugins())
    api.run_report(tmp_path / "merged")
    merged, expected = results(tmp_path / "merged"), results(plain)
    assert sorted(merged) == sorted(expected)
    assert merged == expected
    return folders


@given(st.integers(1, 50), st.integers(0, 80))
def test_shards_split_every_task_once_in_suite_order(count, length):
    items = list(range(length))
    shares = [Shard(i, count).share(items) for i in range(count)]
    assert sorted(x for share in shares for x in share) == items
    assert all(x % count == i for i, share in enumerate(shares) for x in share)


@given(st.integers(0, 10**6), st.integers(1, 10**6))
def test_shard_spelling_round_trips(index, count):
    if index < count:
        assert parse_shard(f"{index}/{count}") == Shard(index, count)
        assert str(Shard(index, count)) == f"{index}/{count}"
    else:
        with pytest.raises(EaiError, match="shard number must be 0 to"):
            parse_shard(f"{index}/{count}")


@given(st.text(max_size=12))
def test_shard_spelling_never_raises_but_eai_errors(text):
    try:
        shard = parse_shard(text)
    except EaiError:
        return
    assert 0 <= shard.index < shard.count


def test_two_shards_merged_are_the_plain_run(tmp_path):
    folders = same_as_plain(tmp_path, 2, suites=["virtualhome"], modules=["goal_interpretation", "action_sequencing"], limit=5)
    assert json.loads((folders[1] / "run.json").read_text())["shard"] == "1/2"
    summary = json.loads(next(folders[0].rglob("summary.json")).read_text())
    assert (summary["shard"], summary["tasks"]) == ("0/2", 3)


def test_episodes_of_three_shards_merged_are_the_plain_run(tmp_path):
    same_as_plain(tmp_path, 3, suites=SUITES, modules=["goal_interpretation+action_sequencing"], limit=4, replan=1)


@pytest.mark.slow
def test_shards_of_both_suites_merged_are_the_plain_run(tmp_path):
    same_as_plain(tmp_path, 2, suites=SUITES, limit=40)


def test_scores_of_shards_merged_are_the_whole_score(tmp_path, capsys):
    run = api.run(suites=["virtualhome"], modules=["action_sequencing"], limit=7, out=tmp_path / "run", use_cache=False)
    answers = run.results[0].folder / "responses.jsonl"
    base = ["score", str(answers), "--suite", "virtualhome", "--module", "action_sequencing", "--quiet"]
    assert eai_cli(capsys, *base, "--out", str(tmp_path / "whole"))[0] == 0
    for i in range(3):
        code, out, _ = eai_cli(capsys, *base, "--shard", f"{i}/3", "--out", str(tmp_path / f"part{i}"))
        assert code == 0 and f"(shard {i}/3)" in out
    code, _, err = eai_cli(capsys, "merge", *(str(tmp_path / f"part{i}") for i in range(3)), "--out", str(tmp_path / "merged"))
    assert code == 0, err
    for name in ("records.jsonl", "summary.json", "answers.jsonl"):  # the answers scored, kept (issue 30)
        assert (tmp_path / "merged" / name).read_bytes() == (tmp_path / "whole" / name).read_bytes()


@pytest.mark.parametrize("shard, message", [("3/2", "--shard 3/2: the shard number must be 0 to 1"),
                                            ("0/0", "--shard 0/0: the number of shards must be at least 1"),
                                            ("1-2", "--shard 1-2: expected I/N")])
def test_a_bad_shard_is_one_line(tmp_path, capsys, shard, message):
    for command in (["run", "--suite", "virtualhome"], ["compose", "action_sequencing"],
                    ["score", "x.json", "--suite", "virtualhome", "--module", "action_sequencing"]):
        code, _, err = eai_cli(capsys, *command, "--shard", shard, "--out", str(tmp_path / "out"))
        assert code == 2 and err.startswith(f"error: {message}") and len(err.splitlines()) == 1, err
    assert not (tmp_path / "out").exists()


def test_merging_shards_of_different_runs_or_too_few_is_one_line(tmp_path, capsys):
    for i, limit in enumerate((2, 3)):
        api.run(suites=["virtualhome"], modules=["action_sequencing"], limit=limit, out=tmp_path / f"s{i}",
                use_cache=False, shard=f"{i}/2")
    api.run(suites=["virtualhome"], modules=["action_sequencing"], limit=2, out=tmp_path / "plain", use_cache=False)
    cases = {("s0", "s1"): "s1 is not a shard of the same run as ",
             ("s0",): "shard(s) 1/2 missing: a merge needs all 2 shards of the run",
             ("s0", "s0"): "are both shard 0/2",
             ("s0", "plain"): "plain is not a shard (made without --shard I/N)"}
    for names, message in cases.items():
        code, _, err = eai_cli(capsys, "merge", *(str(tmp_path / n) for n in names), "--out", str(tmp_path / "m"))
        assert code == 2 and message in err and len(err.splitlines()) == 1, err
    assert "its limit is 3, not 2" in err_of(capsys, tmp_path / "s0", tmp_path / "s1", tmp_path / "m")
    assert not (tmp_path / "m" / "run.json").exists()


def err_of(capsys, *folders):
    return eai_cli(capsys, "merge", *map(str, folders[:-1]), "--out", str(folders[-1]))[2]


def test_caches_merge_by_key_and_a_conflict_names_its_key(tmp_path):
    def cache(name, rows):
        found = ResponseCache(tmp_path / name)
        for key, answer in rows.items():
            found.put(key, f'{{"request": "{key}"}}', {"text": answer, "usage": {}})
        found.close()
        return tmp_path / name

    first, second = cache("a.sqlite", {"k1": "one", "k2": "two"}), cache("b.sqlite", {"k2": "two", "k3": "three"})
    assert merge_caches([first, second], tmp_path / "all.sqlite") == 3
    merged = ResponseCache(tmp_path / "all.sqlite")
    assert [(k, r["text"]) for k, _, r in merged.rows()] == [("k1", "one"), ("k2", "two"), ("k3", "three")]
    merged.close()
    wrong = cache("c.sqlite", {"k3": "other"})
    with pytest.raises(EaiError, match="response caches disagree on key k3: .*c.sqlite"):
        merge_caches([wrong], tmp_path / "all.sqlite")
    with pytest.raises(EaiError, match="no response cache"):
        merge_caches([tmp_path / "none.sqlite"], tmp_path / "all.sqlite")


def test_the_local_executor_takes_no_address(tmp_path):
    with pytest.raises(EaiError, match="the local executor takes none"):
        api.run(suites=["virtualhome"], out=tmp_path / "x", address="ray://nowhere:10001")
    assert not (tmp_path / "x").exists()


def test_a_shard_resumes_as_the_shard_it_is(tmp_path, capsys):
    folder = tmp_path / "part"
    base = ["run", "--suite", "virtualhome", "--module", "action_sequencing", "--limit", "3", "--no-cache", "--quiet"]
    assert eai_cli(capsys, *base, "--shard", "1/2", "--out", str(folder))[0] == 0
    code, out, err = eai_cli(capsys, "run", "--resume", "--out", str(folder), "--quiet")
    assert code == 0, err
    assert "n=1 of 1 tasks (shard 1/2: a share of the unit" in out
    assert json.loads((folder / "run.json").read_text())["shard"] == "1/2"
    code, _, err = eai_cli(capsys, "run", "--resume", "--out", str(folder), "--shard", "0/2", "--quiet")
    assert code == 2 and "--shard differs from the run in" in err, err


def test_turn_by_turn_shards_merged_are_the_plain_run(tmp_path):
    """Found on partnr-vh: the merge summed the turn-by-turn records as action sequencing
    records (a KeyError); it now takes the summary of the unit's driver, and its agent setup."""
    same_as_plain(tmp_path, 2, suites=["partnr-vh"], modules=["action_sequencing"], models=["baseline:planner"],
                  limit=3, options={"agents": 2, "turn_by_turn": True, "human": "scripted", "partial": False})
    summary = json.loads((tmp_path / "merged/partnr-vh/action_sequencing/baseline_planner/summary.json").read_text())
    assert summary["agent_setup"] == "2, turn by turn, human scripted, full" and summary["n"] == 3
