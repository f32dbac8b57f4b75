"""``eai check-world``: the same plans in eai's world and in a real engine, and where they differ."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from eai.cli.output import console, print_json, print_table, say
from eai.cli.progress import counted
from eai.exceptions import EaiError
from eai.host.manager import get_plugins
from eai.runner.setup import live_environment
from eai.simulation.worldcheck import PLANS, WorldCheck, agreement, check_world, reasons, unbuilt


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def check_world_command(
    suite: str = typer.Option(..., "--suite", help="Task suite (see: eai list suites)."),
    environment: str = typer.Option(..., "--environment", help="The environment to check against eai's world (see: eai list environments)."),
    plans: str = typer.Option(",".join(PLANS), "--plans", help="Plans to play, comma-separated: gold, drop (one step dropped), swap (two neighbouring steps swapped), baseline (baseline:planner's plan)."),
    tasks: list[str] = typer.Option(None, "--tasks", help="Only these task ids or subset names (repeat the option)."),
    limit: int = typer.Option(None, "--limit", min=1, help="At most this many tasks (the first ones)."),
    seed: int = typer.Option(0, "--seed", help="Picks the dropped and the swapped steps (the same on every machine)."),
    out: Path = typer.Option(None, "--out", help="Also write every outcome as JSON to this file."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of tables."),
    quiet: bool = typer.Option(False, "--quiet", help="No progress bar."),
) -> None:
    """Play the same plans in eai's world and in a real engine; print the agreement and every difference.

    Each task's gold plan, the gold plan with one step dropped, with two
    neighbouring steps swapped, and the planner baseline's plan are played
    step by step in the suite's symbolic world and in ENVIRONMENT, each until
    a step fails. A plan agrees when every step succeeds or fails alike and
    the goal verdicts at its end are the same. Prints the agreement per task
    type and per plan, every disagreement with its reason class (the
    environment's documented differences; 'unexplained' when none applies),
    and the tasks the environment cannot build, by reason. docs/engines.md.

    Examples:

    \b
        eai check-world --suite eb-alfred --environment alfworld
        eai check-world --suite virtualhome --environment virtualhome --plans gold
        eai check-world --suite etplan-vh --environment virtualhome --limit 50 --out etplan.json
    """
    chosen = [p.strip() for p in plans.split(",") if p.strip()]
    unknown = [p for p in chosen if p not in PLANS]
    if unknown or not chosen:
        raise EaiError(f"unknown plan(s) {', '.join(unknown) or '(none given)'}; known: {', '.join(PLANS)}")
    plugins = get_plugins()
    found = plugins.suites.get(suite)
    simulator = plugins.simulators.get(found.simulator)
    provider = live_environment(plugins, environment, simulator)
    selected = found.load(found.select(tasks) if tasks else found.ids())[:limit]

    def baseline(task):
        from eai.compose.planning import planned_actions

        return planned_actions(task, simulator)

    with counted(f"check-world {suite} vs {environment}", quiet) as shown:
        check = check_world(provider, simulator, suite, selected, chosen, seed, baseline, shown)
    if out is not None:
        out.write_text(json.dumps(check.to_dict(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    if as_json:
        print_json(check.to_dict())
    else:
        show(check)


def show(check: WorldCheck) -> None:
    built = len(check.kinds) - len(check.unbuildable)
    say(f"eai's world vs {check.environment} ({check.engine}) on {check.suite}: {len(check.kinds)} task(s), "
        f"{built} built, {len(check.unbuildable)} cannot be built")
    by_kind = {name: (plans, agree) for name, plans, agree in agreement(check, lambda o: o.kind)}
    tasks_of: dict[str, list[str]] = {}
    for task, kind in check.kinds.items():
        tasks_of.setdefault(kind, []).append(task)
    rows = [[kind, len(ids), len(ids) - sum(t in check.unbuildable for t in ids), *by_kind.get(kind, (0, 0)),
             _percent(by_kind.get(kind, (0, 0))[1], by_kind.get(kind, (0, 0))[0])] for kind, ids in sorted(tasks_of.items())]
    print_table("Agreement per task type", ["task type", "tasks", "built", "plans", "agree", "agree %"], rows)
    print_table("Agreement per plan", ["plan", "plans", "agree", "agree %"],
                [[name, plans, agree, _percent(agree, plans)] for name, plans, agree in agreement(check, lambda o: o.plan)])
    for reason, outcomes in reasons(check):
        console.print(f"[bold]{reason}[/bold]: {len(outcomes)} disagreement(s)", highlight=False)
        for o in outcomes:
            where = f"step {o.step + 1} {o.action}" if o.step is not None else "at the end"
            say(f"  {o.task} {o.plan} {where}: eai: {o.ours} | {check.environment}: {o.theirs}")
    for reason, ids in unbuilt(check):
        say(f"cannot be built ({reason}): {len(ids)}: {', '.join(ids)}")
