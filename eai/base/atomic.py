"""Writing a file whole or not at all.

Every result eai writes (run.json, summary.json, records.jsonl, the report
files, the viewer's page) goes through :func:`write_atomic`: the text is
written to a temporary file in the same folder, then renamed over the
file's name, so a reader sees the old file or the new one, never a part
(a full disk or a kill midway leaves the old file and no temporary one).
Renaming replaces a symbolic link standing at the name instead of writing
through it. A ``durable`` file (what a resumed run or a merge reads) is
also flushed to the disk (fsync) before the rename, and the folder after
it, so a power cut cannot leave it empty; the pages derived from it
(reports, the viewer) are not, since ``eai report`` makes them again.

A write that fails is a :class:`WriteError`: one line naming the file and
the reason (``No space left on device``).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterable
from pathlib import Path

from eai.exceptions import EaiError


class WriteError(EaiError):
    """A file eai could not write (disk full, permission, a symbolic link in the way)."""


def write_failed(path: Path, exc: OSError) -> WriteError:
    """The one-line error for ``exc`` raised while writing ``path``."""
    return WriteError(f"cannot write {path}: {exc.strerror or exc}")


def write_atomic(path: Path, text: str | bytes | Iterable[str], durable: bool = True) -> None:
    """Replace ``path`` with ``text`` (a string, or strings written one after
    the other, as UTF-8; or bytes as they are), whole or not at all; its
    folder is made if missing."""
    path = Path(path)
    temporary = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        name = path.with_name(f".{path.name}.{secrets.token_hex(6)}.partial")
        handle = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # the umask applies, as to any file
        temporary = name
        with open(handle, "wb") as out:
            for chunk in [text] if isinstance(text, (str, bytes)) else text:
                out.write(chunk if isinstance(chunk, bytes) else chunk.encode("utf-8"))
            out.flush()
            if durable:
                os.fsync(out.fileno())
        os.replace(temporary, path)
        temporary = None
        if durable:
            _sync_folder(path.parent)
    except OSError as exc:
        raise write_failed(path, exc) from None
    finally:
        if temporary is not None:
            temporary.unlink(missing_ok=True)


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (where the system lets a folder be opened for that)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)
