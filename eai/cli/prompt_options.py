"""``eai run --prompts``, ``--system-prompt`` and ``--shots``: how the modules' prompts are asked,
as run.json's options record it (only when not the default, so runs of before resume as they were)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from eai.exceptions import EaiError
from eai.modules.prompting import PROMPTS, SHOTS, SYSTEM_PROMPT
from eai.simulation.simulator import PAPER

PromptsOption = Annotated[str, typer.Option(
    "--prompts", metavar="STYLE|FILE.json",
    help="The prompts asked: a style, paper (the paper's prompts, default) or upstream (the EAI Challenge's, byte for "
         "byte; VirtualHome and BEHAVIOR), or a plugin's; or a prompt file [{\"identifier\", \"llm_prompt\"}] "
         "answered verbatim, its tasks scored (docs/models.md, Prompt variants).")]
SystemPromptOption = Annotated[str | None, typer.Option(
    "--system-prompt", metavar="TEXT|@FILE", help="Sent first, as a system message, with every prompt; @FILE reads it from a file.")]

ShotsOption = Annotated[str | None, typer.Option(
    "--shots", metavar="K", help="Keep the first K in-context examples of prompts that have some (0: none; default: "
                                 "all the style has; EB episodes: EmbodiedBench's 10); recorded in run.json, and as "
                                 "not applicable in summary.json where a unit's prompts have none.")]


def prompt_options(prompts: str, system_prompt: str | None, shots: str | int | None = None) -> dict[str, Any]:
    """run.json's options for the prompts (none for the paper's prompts without a system prompt or --shots)."""
    from eai.runner.given_prompts import (  # here: the runner imports the stages
        PROMPTS_SHA256,
        file_sha256,
        is_prompt_file,
    )

    found: dict[str, Any] = {}
    if is_prompt_file(prompts):
        path = Path(prompts)
        if not path.is_file():
            raise EaiError(f"--prompts {prompts}: no such file")
        found |= {PROMPTS: prompts, PROMPTS_SHA256: file_sha256(path)}
    elif prompts != PAPER:
        found[PROMPTS] = prompts
    if system_prompt:
        found[SYSTEM_PROMPT] = read_system_prompt(system_prompt)
    if shots is not None:
        found[SHOTS] = parse_shots(str(shots))
    return found


def parse_shots(value: str) -> int:
    """``--shots``'s K: a whole number, 0 or more."""
    if not value.strip().isdigit():
        raise EaiError(f"--shots {value}: give a whole number of in-context examples, 0 or more")
    return int(value)


def read_system_prompt(value: str) -> str:
    """``value``, or the text of the file ``@FILE`` names."""
    if not value.startswith("@"):
        return value
    path = Path(value[1:])
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise EaiError(f"--system-prompt {value}: cannot read {path} ({exc.__class__.__name__})") from None
    if not text.strip():
        raise EaiError(f"--system-prompt {value}: {path} is empty")
    return text
