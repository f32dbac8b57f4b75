"""A full disk (issue 31 item 5): one line, nothing answered lost, every result
file whole or not at all. Injected ENOSPC errors, and a real tmpfs of a few
pages where the system lets this user mount one (a user namespace)."""

import errno
import json
import os
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

from eai import api
from eai.base.atomic import WriteError, write_atomic
from eai.results import store
from eai.results.store import ResponseLog
from tests.helpers import eai_cli, folder_files

UNIT = Path("virtualhome", "action_sequencing", "baseline_auto")
RUN = ["run", "--suite", "virtualhome", "--module", "action_sequencing", "--limit", "12", "--no-cache", "--quiet",
       "--concurrency", "1"]
RESULTS = ("records.jsonl", "summary.json", "report.json")


def full_disk(after: int):
    """An ``os`` whose ``write`` fails with ENOSPC from the ``after``-th call on, having written part of the first."""
    calls = []

    def write(handle, data):
        calls.append(len(data))
        if len(calls) > after:
            if len(calls) == after + 1:
                os.write(handle, bytes(data[: len(data) // 2]))  # a part of the line reaches the disk
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return os.write(handle, data)

    return types.SimpleNamespace(**{**vars(os), "write": write})


def results(folder: Path) -> dict[str, bytes]:
    return {path: data for path, data in folder_files(folder).items() if path.rsplit("/", 1)[-1] in RESULTS}


def test_a_line_the_disk_cannot_take_is_taken_back_whole(tmp_path, monkeypatch):
    log = ResponseLog(tmp_path / "responses.jsonl")
    monkeypatch.setattr(store, "os", full_disk(after=2))
    log.open()
    log.append({"identifier": "a", "llm_output": "1"})
    log.append({"identifier": "b", "llm_output": "2"})
    for _ in range(2):  # the failed line, then any later one: none is written
        with pytest.raises(WriteError, match=r"^cannot write .*responses\.jsonl: No space left on device$"):
            log.append({"identifier": "c", "llm_output": "3" * 100})
    log.close()
    assert (tmp_path / "responses.jsonl").read_bytes().count(b"\n") == 2
    assert set(log.read()) == {"a", "b"}


def test_eai_run_on_a_full_disk_is_one_line_and_resumes_to_the_plain_run(capsys, tmp_path, monkeypatch):
    plain = tmp_path / "plain"
    assert eai_cli(capsys, *RUN, "--out", str(plain))[0] == 0
    monkeypatch.setattr(store, "os", full_disk(after=5))
    code, _, err = eai_cli(capsys, *RUN, "--out", str(tmp_path / "run"))
    responses = tmp_path / "run" / UNIT / "responses.jsonl"
    assert code == 2 and err.splitlines() == [
        f"error: cannot write {responses}: No space left on device; what was answered is kept; "
        f"to continue: eai run --resume --out {tmp_path / 'run'} --concurrency 1 --no-cache"]
    assert responses.read_bytes().count(b"\n") == 5 and responses.read_bytes().endswith(b"\n")
    monkeypatch.undo()
    code, _, err = eai_cli(capsys, "run", "--resume", "--out", str(tmp_path / "run"), "--quiet", "--no-cache")
    assert code == 0, err
    assert results(tmp_path / "run") == results(plain)


@pytest.mark.parametrize("durable", [True, False])
def test_a_result_file_is_replaced_whole_or_kept(tmp_path, monkeypatch, durable):
    path = tmp_path / "report.html"
    path.write_text("the previous report\n")

    def chunks():
        yield "<html>" * 1000
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with pytest.raises(WriteError, match=rf"^cannot write {path}: No space left on device$"):
        write_atomic(path, chunks(), durable=durable)
    assert path.read_text() == "the previous report\n" and sorted(os.listdir(tmp_path)) == ["report.html"]
    write_atomic(path, ["new ", "report\n"], durable=durable)
    assert path.read_text() == "new report\n" and sorted(os.listdir(tmp_path)) == ["report.html"]


def test_scores_that_fail_at_fsync_leave_the_previous_files(capsys, tmp_path, monkeypatch):
    run = api.run(suites=["virtualhome"], modules=["action_sequencing"], limit=3, out=tmp_path / "run", use_cache=False)
    before = folder_files(run.folder)

    def fsync(handle):  # where a file system with delayed allocation reports a full disk
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("eai.base.atomic.os", types.SimpleNamespace(**{**vars(os), "fsync": fsync}))
    code, _, err = eai_cli(capsys, "score", str(run.folder / UNIT / "responses.jsonl"), "--suite", "virtualhome",
                           "--module", "action_sequencing", "--out", str(run.folder / UNIT), "--quiet")
    assert code == 2 and err.splitlines() == [f"error: cannot write {run.folder / UNIT / 'records.jsonl'}: "
                                              "No space left on device"]
    assert folder_files(run.folder) == before


def test_a_4_mb_report_html_cut_by_a_full_disk_leaves_the_previous_one(capsys, tmp_path, monkeypatch):
    run = api.run(suites=["virtualhome"], modules=["action_sequencing"], limit=3, out=tmp_path / "run", use_cache=False)
    previous = (run.folder / "report.html").read_bytes()
    assert len(previous) > 1_000_000
    real_open = open

    class Filling:
        """A file that takes 1 MB, then reports the disk full."""

        def __init__(self, *args, **kwargs):
            self.file, self.size = real_open(*args, **kwargs), 0

        def write(self, text):
            self.size += len(text)
            if self.size > 1_000_000:
                self.file.write(text[: len(text) // 2])
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return self.file.write(text)

        def __getattr__(self, name):
            return getattr(self.file, name)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.file.close()

    monkeypatch.setattr("eai.base.atomic.open", Filling, raising=False)
    code, _, err = eai_cli(capsys, "report", str(run.folder), "--html")
    assert code == 2 and err.splitlines() == [f"error: cannot write {run.folder / 'report.html'}: No space left on device"]
    assert (run.folder / "report.html").read_bytes() == previous
    assert not [p for p in run.folder.rglob("*") if p.name.endswith(".partial")]


def can_mount_tmpfs(folder: Path) -> bool:
    if shutil.which("unshare") is None or sys.platform != "linux":
        return False
    folder.mkdir(exist_ok=True)
    done = subprocess.run(["unshare", "-rm", "sh", "-c", f"mount -t tmpfs -o size=8k tmpfs {folder}"],
                          capture_output=True)
    return done.returncode == 0


def test_a_real_full_tmpfs_stops_the_run_in_one_line_and_resume_finishes_it(tmp_path):
    disk = tmp_path / "disk"
    if not can_mount_tmpfs(disk):
        pytest.skip("this user cannot mount a tmpfs in a user namespace (unshare -rm)")
    eai = f"{sys.executable} -m eai"
    run = ["run", "--suite", "virtualhome", "--module", "action_sequencing", "--limit", "60", "--no-cache", "--quiet"]
    script = (f"mount -t tmpfs -o size=24k tmpfs {disk} && cd {tmp_path} && "
              f"{eai} {' '.join(run)} --out {disk}/run 2> full.err; echo $? > full.rc; "
              f"cp -r {disk}/run kept; mount -o remount,size=64m {disk} && "
              f"{eai} run --resume --out {disk}/run --quiet --no-cache && cp -r {disk}/run resumed")
    done = subprocess.run(["unshare", "-rm", "sh", "-c", script], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    err = (tmp_path / "full.err").read_text()
    assert (tmp_path / "full.rc").read_text().strip() == "2"
    assert len(err.splitlines()) == 1 and "No space left on device; what was answered is kept; " in err, err
    kept = (tmp_path / "kept" / UNIT / "responses.jsonl").read_bytes()
    assert kept.endswith(b"\n") and 0 < kept.count(b"\n") < 60
    assert all(json.loads(line)["identifier"] for line in kept.splitlines())
    plain = api.run(suites=["virtualhome"], modules=["action_sequencing"], limit=60, out=tmp_path / "plain",
                    use_cache=False)
    assert results(tmp_path / "resumed") == results(plain.folder)
