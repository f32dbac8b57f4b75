"""``eai export``: a run written in another tool's format (the EAI Challenge's submission, training data)."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from eai.cli.command import CONTEXT, Command, Group
from eai.cli.output import say
from eai.host.manager import get_plugins

app = typer.Typer(help="Write a run in another format: the EAI Challenge's submission zip, or training data.\n\n"
                       "Examples:\n\n\b\n    eai export challenge runs/gpt --out submission.zip\n"
                       "    eai export dataset runs/gpt --out data/gpt",
                  no_args_is_help=True, cls=Group, context_settings=CONTEXT)


@app.command("challenge", cls=Command)
def challenge_command(
    run: Path = typer.Argument(..., help="The run folder (eai run --out) holding the answers of both suites, virtualhome and behavior, and the four modules."),
    out: Path = typer.Option(Path("submission.zip"), "--out", help="The zip to write (replaced whole when it exists)."),
    model: str = typer.Option(None, "--model", help="The model whose answers to export, when the run holds several."),
    allow_eai_prompts: bool = typer.Option(False, "--allow-eai-prompts", help="Export a run that asked eai's own prompts, not the challenge's (the zip's comment says so)."),
    allow_missing: bool = typer.Option(False, "--allow-missing", help="Write the tasks the run did not answer as empty answers (scored as failures; the zip's comment says how many)."),
) -> None:
    """Write a run as an EAI Challenge submission: a zip of the eight files
    <env>_<module>_outputs.json, each [{identifier, llm_output}] with the
    starter kit's identifiers (VirtualHome subgoal ids written scene_1_<id>;
    338 VirtualHome subgoal and 296 transition modeling tasks), the model's
    answers as they came.

    A run is refused, one line per problem (exit 1), when a file would lack
    its suite or module or any of the kit's tasks, when it holds several
    models and --model chooses none, or when its prompts were not the
    official ones (run.json records the prompt style; eai's own prompts are
    not the challenge's): --allow-eai-prompts and --allow-missing export it
    anyway. The zip is checked against the format before it is written, and
    is byte-identical for the same run. docs/challenge.md has the whole round
    trip.

    Examples:

    \b
        eai export challenge runs/gpt --out submission.zip
        eai export challenge runs/both --model openai:gpt-4o --out gpt-4o.zip
        eai export challenge runs/baseline --out baseline.zip --allow-eai-prompts --allow-missing
    """
    from eai.challenge.export import export
    from eai.challenge.submission import Refused  # here: eai --help stays light

    try:
        done = export(get_plugins(), run, out, model, allow_eai_prompts, allow_missing)
    except Refused as refused:
        exit_refused(refused)
    for notice in done.notices:
        say(f"note: {notice}")
    say(f"wrote {out}: the {len(done.files)} files of an EAI Challenge submission, checked against the format")


@app.command("dataset", cls=Command)
def dataset_command(
    run: Path = typer.Argument(..., help="The run folder (eai run or eai compose --out)."),
    out: Path = typer.Option(..., "--out", help="The folder to write (replaced whole when it exists)."),
) -> None:
    """Write a run's answers as verified training data: per task, the prompt,
    the model's answer, the simulator's verdict and its reward (1.0: correct),
    the error class, and a corrected answer (the annotation's or a planner's,
    kept only when the same evaluator scores it 1.0).

    The folder holds a JSONL file per unit under data/ (schema: eai schema
    dataset) and a README.md with the suites' licence notices, laid out as a
    Hugging Face dataset: datasets.load_dataset(FOLDER, CONFIG) reads it
    (pip install "eai-kit[hf]"). Units played as episodes (pipelines,
    replanning, two agents) are left out, and said so. A folder that is no
    run is refused in one line. docs/dataset.md says more.

    Examples:

    \b
        eai export dataset runs/gpt --out data/gpt
        python -c "import datasets; print(datasets.load_dataset('data/gpt', 'virtualhome-action_sequencing-openai_gpt-4o'))"
    """
    from eai.training.dataset import export_dataset

    parts, notes = export_dataset(get_plugins(), run, out)
    for note in notes:
        say(f"note: {note}")
    lines = sum(len(p.lines) for p in parts)
    correct, corrected = sum(p.correct for p in parts), sum(p.corrected for p in parts)
    say(f"wrote {out}: {lines} line(s) from {len(parts)} unit(s), {correct} with reward 1.0, "
        f"{corrected} with a corrected answer")


def exit_refused(refused: Exception) -> None:
    """Each problem of a refused submission on a line of its own, then exit 1."""
    for problem in getattr(refused, "problems", [str(refused)]):
        print(f"error: {problem}", file=sys.stderr)
    raise typer.Exit(1) from None
