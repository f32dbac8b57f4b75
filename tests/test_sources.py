"""Sources read in place: a git repository at a pinned commit, with every file read hashed."""

import hashlib
import json
import subprocess
import zlib

import pytest

from eai.exceptions import EaiError
from eai.tasks.importing import import_source, provenance, readme
from eai.tasks.sources import Pin, Snapshot, open_source
from eai.tasks.suite import TaskSuite


def git(repo, *args):
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout.strip()


@pytest.fixture
def repository(tmp_path):
    """A repository with two commits: the pinned one, then a later change."""
    repo = tmp_path / "upstream"
    repo.mkdir()
    git(repo, "init", "-q")
    (repo / "LICENSE").write_text("Sample licence\n")
    (repo / "data").mkdir()
    (repo / "data" / "a.json").write_text(json.dumps({"x": 1}))
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "first")
    pinned = git(repo, "rev-parse", "HEAD")
    (repo / "data" / "a.json").write_text(json.dumps({"x": 2}))
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-am", "second")
    return repo, Pin("upstream", pinned, repository="someone/upstream")


def test_a_snapshot_reads_the_pinned_commit_and_hashes_what_it_read(repository):
    repo, pin = repository
    snapshot = open_source(pin, repo)
    assert isinstance(snapshot, Snapshot)
    assert snapshot.names("data/") == ["data/a.json"]
    assert snapshot.json("data/a.json") == {"x": 1}
    assert snapshot.hashes == {"data/a.json": hashlib.sha256(b'{"x": 1}').hexdigest()}
    assert snapshot.licence() == "Sample licence\n"


def test_a_bare_git_directory_reads_the_same(repository, tmp_path):
    repo, pin = repository
    bare = tmp_path / "bare.git"
    subprocess.run(["git", "clone", "-q", "--bare", str(repo), str(bare)], check=True)
    assert open_source(pin, bare).json("data/a.json") == {"x": 1}


def test_a_snapshot_needs_a_clone_holding_the_commit(repository, tmp_path):
    repo, pin = repository
    with pytest.raises(EaiError, match="--source upstream=PATH"):
        open_source(pin)
    with pytest.raises(EaiError, match="not a directory"):
        open_source(pin, tmp_path / "nowhere")
    with pytest.raises(EaiError, match="not a clone of someone/upstream holding commit 0000000000"):
        open_source(Pin("upstream", "0" * 40, repository="someone/upstream"), repo)
    with pytest.raises(EaiError, match="has no file 'data/b.json'"):
        open_source(pin, repo).read("data/b.json")


def test_provenance_keeps_every_file_hash_and_the_licence_in_the_readme(repository, tmp_path):
    repo, pin = repository
    snapshot = open_source(pin, repo)
    snapshot.read("data/a.json")
    record = provenance((pin,), {"upstream": snapshot})
    assert record["sources"][0]["files"] == snapshot.hashes and record["sources"][0]["commit"] == pin.version
    (tmp_path / "out" / "suite").mkdir(parents=True)
    (tmp_path / "out" / "suite" / "provenance.json").write_text(json.dumps(record))
    text = readme(tmp_path / "out")
    assert f"| `suite/` | github.com/someone/upstream at commit `{pin.version}` |" in text
    assert "Sample licence" in text


def lfs_repository(tmp_path, content: bytes, store: bytes | None):
    """A repository whose ``data/big.bin`` is a Git LFS pointer to ``content``;
    ``store`` (when not None) is what the clone's LFS store holds for it."""
    repo = tmp_path / "lfs"
    repo.mkdir(parents=True)
    git(repo, "init", "-q")
    oid = hashlib.sha256(content).hexdigest()
    (repo / "data").mkdir()
    (repo / "data" / "big.bin").write_text(
        f"version https://git-lfs.github.com/spec/v1\noid sha256:{oid}\nsize {len(content)}\n")
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "pointer")
    if store is not None:
        stored = repo / ".git" / "lfs" / "objects" / oid[:2] / oid[2:4] / oid
        stored.parent.mkdir(parents=True)
        stored.write_bytes(store)
    return repo, Pin("lfs", git(repo, "rev-parse", "HEAD"), repository="someone/lfs")


def test_a_file_stored_with_git_lfs_is_read_from_the_clones_lfs_store(tmp_path):
    repo, pin = lfs_repository(tmp_path, b"the real bytes", b"the real bytes")
    snapshot = open_source(pin, repo)
    assert snapshot.read("data/big.bin") == b"the real bytes"
    assert snapshot.hashes["data/big.bin"] == hashlib.sha256(b"the real bytes").hexdigest()


def test_stored_says_whether_the_clone_holds_a_files_content(tmp_path, repository):
    """EB's episode files are LFS objects this machine's clone lacks: the eb-habitat import asks first."""
    with_content, pin = lfs_repository(tmp_path / "a", b"the real bytes", b"the real bytes")
    assert open_source(pin, with_content).stored("data/big.bin")
    without, pin = lfs_repository(tmp_path / "b", b"the real bytes", None)
    assert not open_source(pin, without).stored("data/big.bin")
    plain = open_source(repository[1], repository[0])
    assert plain.names() == ["LICENSE", "data/a.json"] and all(plain.stored(name) for name in plain.names())
    with pytest.raises(EaiError, match="has no file 'nowhere'"):
        plain.stored("nowhere")


def test_a_git_lfs_file_missing_from_the_clone_or_wrong_is_a_clear_error(tmp_path):
    repo, pin = lfs_repository(tmp_path / "a", b"the real bytes", None)
    with pytest.raises(EaiError, match="data/big.bin is stored with Git LFS and its content is not in .*git lfs pull"):
        open_source(pin, repo).read("data/big.bin")
    repo, pin = lfs_repository(tmp_path / "b", b"the real bytes", b"other bytes")
    with pytest.raises(EaiError, match="does not hold the content of data/big.bin"):
        open_source(pin, repo).read("data/big.bin")


class Listing(TaskSuite):
    """A suite whose import lists the sources it was given."""

    name, simulator = "listing", "none"

    def __init__(self, sources):
        self.sources = sources

    def ids(self):
        return []

    def load(self, ids=None):
        return []

    def import_tasks(self, archives, out):
        out.mkdir(parents=True, exist_ok=True)
        (out / "sources.txt").write_text(" ".join(sorted(archives)))


def test_an_optional_source_is_read_only_when_its_path_is_given(repository, tmp_path):
    repo, pin = repository
    extra = Pin("extra", pin.version, repository="someone/extra", optional=True)
    suite = Listing((pin, extra))
    import_source("listing", [suite], tmp_path / "a", {"upstream": repo})
    assert (tmp_path / "a" / "listing" / "sources.txt").read_text() == "upstream"
    assert [s["name"] for s in json.loads((tmp_path / "a" / "listing" / "provenance.json").read_text())["sources"]] == [
        "upstream"]
    import_source("listing", [suite], tmp_path / "b", {"upstream": repo, "extra": repo})
    assert (tmp_path / "b" / "listing" / "sources.txt").read_text() == "extra upstream"


def blob(repo, pinned, name):
    return git(repo, "rev-parse", f"{pinned}:{name}")


def test_a_git_replace_does_not_pass_as_the_pinned_commit(repository):
    """A clone whose pinned file, tree and commit are each replaced (git
    replace) still reads as the pinned commit: replacement refs are ignored."""
    repo, pin = repository
    (repo / "tampered.json").write_text(json.dumps({"x": 666}))
    tampered = git(repo, "hash-object", "-w", "tampered.json")
    git(repo, "replace", blob(repo, pin.version, "data/a.json"), tampered)
    assert json.loads(git(repo, "cat-file", "blob", f"{pin.version}:data/a.json")) == {"x": 666}  # what git shows
    assert open_source(pin, repo).json("data/a.json") == {"x": 1}
    git(repo, "replace", "-d", blob(repo, pin.version, "data/a.json"))
    git(repo, "replace", pin.version, "HEAD")  # the pinned commit replaced by the later one
    assert json.loads(git(repo, "cat-file", "blob", f"{pin.version}:data/a.json")) == {"x": 2}
    snapshot = open_source(pin, repo)
    assert snapshot.json("data/a.json") == {"x": 1}
    assert snapshot.hashes == {"data/a.json": hashlib.sha256(b'{"x": 1}').hexdigest()}


def rewrite_object(repo, oid, content: bytes):
    """Overwrite the loose object ``oid`` in the clone's store with ``content`` (git reads it unverified)."""
    path = repo / ".git" / "objects" / oid[:2] / oid[2:]
    path.chmod(0o644)
    path.write_bytes(zlib.compress(b"blob %d\0" % len(content) + content))


def test_a_file_that_is_not_the_committed_provenances_is_one_line_naming_it(repository, tmp_path):
    repo, pin = repository
    committed = tmp_path / "tasks"
    import_source("listing", [Reading(pin)], committed, {"upstream": repo})  # the provenance eai ships
    rewrite_object(repo, blob(repo, pin.version, "data/a.json"), json.dumps({"x": 666}).encode())
    assert open_source(pin, repo).json("data/a.json") == {"x": 666}  # the store lies, git does not check
    out = tmp_path / "out"
    with pytest.raises(EaiError) as caught:
        import_source("listing", [Reading(pin)], out, {"upstream": repo}, committed=committed)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(f"data/a.json in {repo} is not the file of someone/upstream at ")
    assert "the committed provenance says" in message
    assert not (out / "listing").exists()  # nothing written
    provenance_file = committed / "listing" / "provenance.json"
    before = provenance_file.read_bytes()
    with pytest.raises(EaiError, match="data/a.json in"):  # importing over the committed suite keeps it
        import_source("listing", [Reading(pin)], committed, {"upstream": repo}, committed=committed)
    assert provenance_file.read_bytes() == before


class Reading(Listing):
    """A suite whose import reads data/a.json from its one repository source."""

    def __init__(self, pin):
        super().__init__((pin,))

    def import_tasks(self, archives, out):
        data = archives["upstream"].read("data/a.json")
        out.mkdir(parents=True, exist_ok=True)
        (out / "a.json").write_bytes(data)


def test_example_files_that_are_no_list_of_texts_are_one_clear_error(repository):
    from eai.tasks.examples import capture

    with pytest.raises(EaiError, match="data/a.json is not a JSON list of example texts"):
        capture(open_source(repository[1], repository[0]), ["data/a.json"])
