"""Health findings: what ``eai doctor`` reports, gathered from the kernel and plugins.

Any registered ability module, simulator, planner, model provider, suite or environment may
define ``doctor() -> list[Finding]`` to report on what it needs. Each suite's
simulator is checked by running the gold plan of the suite's first task; each
live environment by the conformance kit on that task.
"""

from __future__ import annotations

import sys

from eai.base.finding import Finding
from eai.host.manager import Plugins
from eai.modules.deferred import loaded
from eai.simulation.environment import EnvironmentProvider
from eai.simulation.goals import GoalChecker
from eai.simulation.taxonomy import execute
from eai.tasks.suite import TaskSuite


def python_finding() -> Finding:
    version = ".".join(map(str, sys.version_info[:3]))
    ok = sys.version_info >= (3, 10)
    return Finding("python", ok, version, "" if ok else "install Python 3.10 or newer")


def gather(plugins: Plugins) -> list[Finding]:
    findings = [python_finding()]
    for info in plugins.loaded:
        version = f" {info.version}" if info.version else ""
        findings.append(Finding(f"plugin {info.name}", True, f"{info.module}{version}"))
    for failure in plugins.failures:
        findings.append(
            Finding(
                f"plugin {failure.plugin}",
                False,
                f"{failure.stage}: {failure.error}",
                f"fix or uninstall the package providing {failure.plugin!r}, "
                f"or leave it out of EAI_LOAD_PLUGINS",
            )
        )
    for registry in (plugins.modules, plugins.suites, plugins.simulators, plugins.planners, plugins.models,
                     plugins.environments):
        for name, item in registry:
            try:
                report = getattr(loaded(item), "doctor", None)
                if report is not None:
                    findings.extend(report())
            except Exception as exc:  # a broken check (or module) is itself a finding
                findings.append(Finding(f"{registry.kind} {name}", False, f"check raised {exc!r}"))
    findings += [simulator_finding(plugins, name, suite) for name, suite in plugins.suites]
    return findings + [environment_finding(plugins, provider) for _, provider in plugins.environments]


def simulator_finding(plugins: Plugins, name: str, suite: TaskSuite) -> Finding:
    """Whether ``suite``'s simulator runs its first task's gold plan to the goal."""
    label = f"simulator {suite.simulator}"
    if suite.simulator not in plugins.simulators:
        return Finding(label, False, f"suite {name!r} needs it and it is not installed",
                       f"install the plugin that provides simulator {suite.simulator!r}")
    try:
        [task] = suite.load(suite.ids()[:1])
        simulator = plugins.simulators.get(suite.simulator)
        run = execute(simulator.world(task), task.gold_plan)
        reached = GoalChecker(task, simulator.vocabulary).check(run.trajectory).success
    except Exception as exc:  # no tasks, or a broken simulator: both are findings
        return Finding(label, False, f"could not run a task of {name!r}: {exc}")
    ok = run.executable and reached
    outcome = "goal reached" if ok else f"failed: {run.error_type or 'goal not reached'}"
    return Finding(label, ok, f"gold plan of {name} {task.id} ({len(task.gold_plan)} steps): {outcome}")


def environment_finding(plugins: Plugins, provider: EnvironmentProvider) -> Finding:
    """Whether a live environment is installed and passes the conformance kit
    on the first task it can build of its simulator's suites (a benchmark's
    before a generated one). An environment this machine lacks is a warning:
    it is optional."""
    from eai.simulation.conformance import conformance_problems

    label = f"environment {provider.name}"
    lacking = provider.missing()
    if lacking:
        return Finding(label, False, f"not installed ({lacking})", "install it to run plans in it", required=False)
    suites = sorted((s for _, s in plugins.suites if s.simulator == provider.simulator),
                    key=lambda s: not s.in_default_run)
    if not suites:
        return Finding(label, False, f"no installed suite has {provider.simulator!r} tasks to try it on",
                       f"install the suite of simulator {provider.simulator!r}")
    try:
        found = next(((suite, task) for suite in suites for task_id in suite.ids() for task in suite.load([task_id])
                      if provider.unbuildable(task) is None), None)
        if found is None:
            return Finding(label, False, f"it can build no task of {', '.join(s.name for s in suites)}",
                           "see docs/environments.md")
        suite, task = found
        problems = conformance_problems(provider, [task])
    except Exception as exc:  # a broken environment is itself a finding
        return Finding(label, False, f"conformance on {suites[0].name} raised {exc!r}", "see docs/environments.md")
    engine = f"{provider.engine()}: " if provider.engine() else ""
    detail = f"{engine}conformance on {suite.name} {task.id}: " + ("passed" if not problems else "; ".join(problems[:3]))
    return Finding(label, not problems, detail, "" if not problems else "see docs/environments.md")
