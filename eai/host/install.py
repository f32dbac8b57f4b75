"""How eai is installed, for hints that work: the pip command adding an extra.

The distribution is ``embodied-agent-interface`` (``eai`` on the package index
is another project); the import package, the command and the entry-point group
are ``eai``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import metadata
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

DISTRIBUTION = "embodied-agent-interface"


def install_command(extra: str) -> str:
    """The pip command that adds ``extra`` to eai as it is installed here."""
    return command_for(extra, _direct_url())


def command_for(extra: str, origin: Mapping[str, Any]) -> str:
    """The pip command adding ``extra`` to an install whose PEP 610
    ``direct_url.json`` is ``origin`` ({} for one from the package index):
    ``pip install -e ".[openai]"`` from an editable checkout,
    ``pip install "embodied-agent-interface[openai] @ URL"`` from a file or
    repository, ``pip install "embodied-agent-interface[openai]"`` otherwise."""
    url = str(origin.get("url", ""))
    if origin.get("dir_info", {}).get("editable") and url.startswith("file:"):
        return f'pip install -e "{_shown(Path(unquote(urlsplit(url).path)))}[{extra}]"'
    if url:
        return f'pip install "{DISTRIBUTION}[{extra}] @ {url}"'
    return f'pip install "{DISTRIBUTION}[{extra}]"'


def _direct_url() -> dict[str, Any]:
    """PEP 610's direct_url.json of the installed distribution ({} when installed from an index)."""
    try:
        text = metadata.distribution(DISTRIBUTION).read_text("direct_url.json")
    except metadata.PackageNotFoundError:
        return {}
    try:
        found = json.loads(text) if text else {}
    except json.JSONDecodeError:
        return {}
    return found if isinstance(found, dict) else {}


def _shown(path: Path) -> str:
    """``.`` for the working folder, else the path."""
    return "." if path == Path.cwd() else str(path)
