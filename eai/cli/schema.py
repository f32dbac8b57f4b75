"""``eai schema``: the published JSON schema of a file eai writes."""

from __future__ import annotations

import typer

from eai.cli.output import print_json, print_table
from eai.results.schema import names, schema


def schema_command(
    name: str = typer.Argument(None, metavar="[NAME]", help="The schema to print (run, summary, record, response, ...); none: list them."),
) -> None:
    """Print the JSON schema of a file eai writes, or list the schemas.

    The schemas are of result format 1 (docs/metrics.md, "Format versions"):
    run.json, summary.json, the lines of records.jsonl, responses.jsonl and
    answers.jsonl, report.json, the challenge export's files, the dataset
    export's lines, and the task, suite and scene files of a suite folder.
    A result file's objects may hold fields its schema does not list (a
    reader ignores them); the challenge's files and the task files may not.

    Examples:

    \b
        eai schema
        eai schema summary
        eai schema record > record.schema.json
    """
    if name is None:
        print_table("Schemas (eai schema NAME)", ["name", "describes"], sorted(names().items()))
        return
    print_json(schema(name))
