"""What a run runs, checked before any model is called: the suites (named,
or by default), each on the modules its simulator claims
(``Simulator.modules``), every task id given naming a task of a chosen suite,
and some task left to run."""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from eai.compose.pipeline import parse_pipeline
from eai.exceptions import EaiError
from eai.host.manager import Plugins
from eai.modules import MODULES


def default_suites(plugins: Plugins) -> list[str]:
    """What a run runs when no suite is named: every installed suite whose
    simulator is installed and that runs by default (``TaskSuite.in_default_run``:
    not the large or generated ones)."""
    return [name for name, suite in plugins.suites if suite.simulator in plugins.simulators and suite.in_default_run]


def claims(plugins: Plugins, suite: str, module: str) -> bool:
    """Whether the simulator of ``suite`` has the prompt of every ability module in ``module`` (a pipeline)."""
    simulator = plugins.simulators.get(plugins.suites.get(suite).simulator)
    return all(MODULES[stage.name].asks_with in simulator.modules for stage in parse_pipeline(module, plugins).stages
               if stage.name in MODULES)


def check_selection(plugins: Plugins, suites: Sequence[str], modules: Sequence[str],
                    task_ids: Sequence[str] | None) -> None:
    """One clear error for a task id or subset name no chosen suite has, or a selection
    that leaves no task for any module to run."""
    pairs = [(suite, module) for suite in suites for module in modules if claims(plugins, suite, module)]
    if not pairs:
        runs = "; ".join(f"{suite}: {', '.join(plugins.simulators.get(plugins.suites.get(suite).simulator).modules)}"
                         for suite in suites)
        raise EaiError(f"no suite chosen runs {', '.join(modules)} (what each runs: {runs})")
    ids = {suite: plugins.suites.get(suite).ids() for suite in suites}
    if not task_ids:
        if not any(ids[suite] for suite, _ in pairs):
            raise EaiError(f"no task to run: suite(s) {', '.join(suites)} hold no task")
        return
    known = {i for found in ids.values() for i in found}
    known |= {name for suite in suites for name in plugins.suites.get(suite).subsets()}
    for task_id in task_ids:
        if task_id not in known:
            close = difflib.get_close_matches(task_id, sorted(known), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise EaiError(f"no task {task_id!r} in suite(s) {', '.join(suites)}{hint} (see: eai tasks list SUITE)")
    for suite, module in pairs:
        stages = parse_pipeline(module, plugins).stages
        found = plugins.suites.get(suite)
        for task in found.load(found.select(list(task_ids))):
            if all(stage.applies_to(task) for stage in stages):
                return
    raise EaiError(f"no task of --tasks {','.join(task_ids)} has what {', '.join(modules)} need(s)")
