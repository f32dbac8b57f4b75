"""``eai merge --cache`` streams the shards' caches (issue 38 item 5): rows are
checked, then added in batches, never all held at once. What a merge writes,
and what a conflict leaves, is as before: the union by key, or the target
untouched."""

import sqlite3

import pytest

from eai.exceptions import EaiError
from eai.llm.cache import MAX_PENDING, ResponseCache
from eai.runner.merge import merge_caches

ROWS = 2 * MAX_PENDING + 300  # more than two of the writer's batches


def write(path, keys, answer=lambda key: f"answer {key}"):
    cache = ResponseCache(path)
    for key in keys:
        cache.put(f"k{key:05}", f'{{"request": {key}}}', {"text": answer(key), "usage": {"output_tokens": key}})
    cache.close()
    return path


def table(path):
    with sqlite3.connect(str(path)) as db:
        return db.execute("select key, request, answer from answers order by key").fetchall()


def test_shard_caches_larger_than_a_batch_merge_into_their_union(tmp_path):
    first = write(tmp_path / "shard0.sqlite", range(ROWS))
    second = write(tmp_path / "shard1.sqlite", range(ROWS // 2, ROWS + ROWS // 2))
    target = write(tmp_path / "all.sqlite", range(ROWS - 10, ROWS + 10))
    assert merge_caches([first, second], target) == ROWS + ROWS // 2 - 20
    expected = sorted(set(table(first)) | set(table(second)))
    assert table(target) == expected
    assert [key for key, _, _ in ResponseCache(target).rows()] == [key for key, _, _ in expected]


def test_a_conflict_after_many_agreeing_rows_leaves_the_target_as_it_was(tmp_path):
    first = write(tmp_path / "shard0.sqlite", range(ROWS))
    second = write(tmp_path / "shard1.sqlite", range(ROWS - 1, ROWS + 5), lambda key: f"other {key}")
    target = write(tmp_path / "all.sqlite", range(3))
    before = table(target)
    with pytest.raises(EaiError, match=f"response caches disagree on key k{ROWS - 1:05}: .*shard0.sqlite and "
                                       ".*shard1.sqlite hold different answers"):
        merge_caches([first, second], target)
    assert table(target) == before


def test_a_damaged_row_of_the_target_is_replaced_by_the_shards_answer(tmp_path):
    first = write(tmp_path / "shard0.sqlite", range(3))
    target = write(tmp_path / "all.sqlite", range(3))
    with sqlite3.connect(str(target)) as db:
        db.execute("update answers set answer = '{\"text\": ' where key = 'k00001'")
    assert merge_caches([first], target) == 1
    assert table(target) == table(first)
