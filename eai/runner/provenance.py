"""What run.json says about how a run was made, beside its options: the result
format, the eai version and the versions of the plugins' distributions, when
it started and finished (UTC, ISO 8601) and the command line that asked for it.

None of it decides a result, so none of it is compared on ``--resume``, between
shards, or by the tests comparing run folders (:data:`eai.results.formats.PROVENANCE`). The command
line holds no secret: a word that names a credential (``--api-key VALUE``,
``--token=VALUE``), the value of an environment variable named like one
(``OPENAI_API_KEY``), anything shaped like a provider's key (``sk-...``) and a
URL's credentials become ``[redacted]``; the home folder is written ``~``.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import eai
from eai.host.manager import Plugins
from eai.llm.credentials import REDACTED, is_credential, without_credentials
from eai.results.formats import FIELD, FORMAT_VERSION

KEY_SHAPES = re.compile(r"(?:sk-|hf_|gh[pousr]_|github_pat_|xox[abprs]-|AKIA|AIza|glpat-)[A-Za-z0-9_\-]{8,}")
URL = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*://[^\s,;]+")
MIN_SECRET = 8  # an environment variable's value shorter than this is not looked for (it would match everywhere)


def utc_now() -> str:
    """This moment in UTC, ISO 8601 to the second: ``2026-11-27T19:46:00Z``."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def command_line(argv: Sequence[str] | None = None) -> list[str]:
    """``argv`` (default: this process's, its program by name only) without secrets or the home folder."""
    words = list(argv) if argv is not None else [Path(sys.argv[0]).name, *sys.argv[1:]]
    secrets = sorted({value for name, value in os.environ.items() if is_credential(name) and len(value) >= MIN_SECRET},
                     key=len, reverse=True)
    shown: list[str] = []
    hide_next = False
    for word in words:
        if hide_next:
            shown.append(REDACTED)
            hide_next = False
            continue
        flag, equals, _ = word.partition("=")
        if word.startswith("-") and is_credential(flag.lstrip("-")):
            shown.append(f"{flag}={REDACTED}" if equals else word)
            hide_next = not equals
            continue
        shown.append(_scrubbed(word, secrets))
    return shown


def _scrubbed(word: str, secrets: Sequence[str]) -> str:
    home = str(Path.home())
    if len(home) > 1:
        word = re.sub(rf"{re.escape(home)}(?=/|$)", "~", word)
    word = KEY_SHAPES.sub(REDACTED, URL.sub(lambda url: without_credentials(url.group()), word))
    for secret in secrets:
        word = word.replace(secret, REDACTED)
    return word


def distributions(plugins: Plugins) -> dict[str, dict[str, str]]:
    """Each loaded plugin's distribution and its version, by plugin name."""
    return {info.name: {"distribution": info.distribution, "version": info.version}
            for info in sorted(plugins.loaded, key=lambda info: info.name)}


def provenance(plugins: Plugins, command: Sequence[str] | None, started: str) -> dict[str, Any]:
    """run.json's provenance of a run started at ``started`` and not finished yet."""
    return {FIELD: FORMAT_VERSION, "eai_version": eai.__version__, "plugins": distributions(plugins),
            "started": started, "finished": None, "command": command_line(command)}
