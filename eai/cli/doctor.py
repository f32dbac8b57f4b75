"""``eai doctor``: is everything eai needs here and working?"""

from __future__ import annotations

import typer

from eai.cli.output import console, print_json
from eai.health.doctor import gather
from eai.host.manager import get_plugins


def doctor_command(as_json: bool = typer.Option(False, "--json", help="Print JSON for scripts.")) -> None:
    """Check Python, plugins, task data, simulators and planners; exit 1 when something required is broken.

    Examples:

    \b
        eai doctor
        eai doctor --json
    """
    findings = gather(get_plugins())
    broken = [f for f in findings if not f.ok and f.required]
    if as_json:
        print_json({"ok": not broken, "findings": [f.to_dict() for f in findings]})
    else:
        for f in findings:
            mark = "[green]ok[/green]  " if f.ok else ("[red]FAIL[/red]" if f.required else "[yellow]warn[/yellow]")
            console.print(f"{mark} {f.name}: {f.detail}", highlight=False)
            if not f.ok and f.fix:
                console.print(f"      fix: {f.fix}", highlight=False)
        console.print("all good" if not broken else f"{len(broken)} problem(s) found", highlight=False)
    if broken:
        raise typer.Exit(1)
