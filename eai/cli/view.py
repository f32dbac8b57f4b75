"""``eai view``: a run's tasks one by one, offline, in a browser."""

from __future__ import annotations

import signal
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import typer

from eai.cli.output import say


def view_command(
    runs: list[Path] = typer.Argument(..., metavar="RUN", help="Run folders (eai run, compose) or score folders (eai score --out)."),
    out: Path = typer.Option(None, "--out", help="Write the viewer as a static site (DIR/index.html, each task in DIR/tasks/) instead of serving it."),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="Port on 127.0.0.1 to serve on (0: any free port)."),
) -> None:
    """See why a model failed, task by task: prompt, answer, parse, steps.

    Per run: its configuration and n per unit. Per unit: the summary and the
    tasks, filterable by outcome, error type and text. Per task: the
    instruction, the prompt sent (built again, checked against the run's
    digest of it), the raw answer, what the parser read, the executed steps
    with the failing one highlighted, the goals met and unmet.
    Two runs given: a task side by side. Served on 127.0.0.1 only, to
    requests for Host 127.0.0.1 or localhost (421 otherwise); works offline. One run whose own page (RUN/view, written by eai run and eai
    report) is current is served as it is; else the page is made in a
    temporary folder, removed when the server stops (Ctrl-C or SIGTERM).
    What it shows: docs/viewer.md.

    Examples:

    \b
        eai view runs/2026-01-01T10-00-00
        eai view runs/gpt runs/llama --port 8080
        eai view runs/gpt --out site/gpt
    """
    from eai.base.paths import check_output_folder
    from eai.host.manager import get_plugins
    from eai.viewer.digest import current_view
    from eai.viewer.model import collect_runs
    from eai.viewer.page import write_site
    from eai.viewer.serve import serve

    plugins = get_plugins()
    if out is not None:
        check_output_folder(out)
        say(f"wrote {write_site(collect_runs(runs, plugins, streamed=True), out)}")
        return
    try:
        with terminated_as_interrupt():
            own = current_view(runs[0], plugins) if len(runs) == 1 else None
            if own is not None:
                serve(own, port, lambda url: say(f"serving {url} ({own}, current with the run; Ctrl-C to stop)"))
                return
            model = collect_runs(runs, plugins, streamed=True)
            with tempfile.TemporaryDirectory(prefix="eai-view-") as folder:
                write_site(model, Path(folder))
                serve(Path(folder), port, lambda url: say(f"serving {url} (Ctrl-C to stop)"))
    except KeyboardInterrupt:
        say("stopped")


@contextmanager
def terminated_as_interrupt() -> Iterator[None]:
    """In the block, SIGTERM and SIGHUP stop the command as Ctrl-C does (KeyboardInterrupt),
    so what the block made (the temporary page) is removed."""
    def interrupt(number: int, frame: object) -> None:
        raise KeyboardInterrupt

    previous = {number: signal.signal(number, interrupt) for number in (signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
