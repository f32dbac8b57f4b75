"""``eai list``: what the installed plugins provide."""

from __future__ import annotations

from enum import Enum

import typer

from eai.cli.output import print_json, print_table
from eai.host.manager import get_plugins
from eai.modules.deferred import loaded
from eai.runner.executors import LOCAL, LocalExecutor


class Kind(str, Enum):
    modules = "modules"
    simulators = "simulators"
    planners = "planners"
    models = "models"
    suites = "suites"
    environments = "environments"
    generators = "generators"
    importers = "importers"
    executors = "executors"
    plugins = "plugins"


def list_command(
    kind: Kind = typer.Argument(..., metavar="KIND", help="What to list: modules, simulators, planners, models, suites, environments, generators, importers, executors or plugins."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON for scripts."),
) -> None:
    """List ability modules, simulators, planners, model providers, task suites, live environments, task generators, episode importers, executors or plugins.

    ``eai list models`` says which model providers are installed, and the pip
    command that installs each of the others.

    Examples:

    \b
        eai list models
        eai list suites
        eai list modules
        eai list plugins --json
    """
    plugins = get_plugins()
    if kind is Kind.plugins:
        rows = [
            {"name": p.name, "module": p.module, "distribution": p.distribution, "version": p.version, "ok": True, "error": ""}
            for p in plugins.loaded
        ] + [
            {"name": f.plugin, "module": "", "distribution": "", "version": "", "ok": False, "error": f"{f.stage}: {f.error}"}
            for f in plugins.failures
        ]
        rows.sort(key=lambda r: (r["name"], not r["ok"]))
        if as_json:
            print_json(rows)
        else:
            print_table("plugins", ["name", "module", "version", "status"],
                        [[r["name"], r["module"], r["version"], "ok" if r["ok"] else r["error"]] for r in rows])
        return
    registry = getattr(plugins, kind.value)
    items = [
        {"name": name, "plugin": registry.plugin_of(name), "description": getattr(loaded(item), "description", "")}
        for name, item in registry
    ]
    if kind is Kind.executors:  # the kernel's own, beside the plugins'
        items.insert(0, {"name": LOCAL, "plugin": "eai", "description": LocalExecutor.description})
    columns = ["name", "plugin", "description"]
    if kind is Kind.models:  # whether each provider's integration is installed, else how to install it
        columns.append("installed")
        for item in items:
            item["installed"] = registry.get(item["name"]).missing() or "yes"
    if as_json:
        print_json(items)
    else:
        print_table(kind.value, columns, [[i[c] for c in columns] for i in items])
