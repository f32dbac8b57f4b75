"""Health findings: what ``eai doctor`` reports, gathered from the kernel and plugins.

Any registered simulator, planner, model provider or suite may define
``doctor() -> list[Finding]`` to report on what it needs. Each suite's
simulator is checked by running the gold plan of the suite's first task.
"""

from __future__ import annotations

import sys
from dataclasses import asdict, dataclass

from eai.goals import GoalChecker
from eai.plugins import Plugins
from eai.suite import TaskSuite
from eai.taxonomy import execute


@dataclass(frozen=True)
class Finding:
    name: str
    ok: bool
    detail: str = ""
    fix: str = ""
    required: bool = True

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


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
    for registry in (plugins.suites, plugins.simulators, plugins.planners, plugins.models):
        for _, item in registry:
            report = getattr(item, "doctor", None)
            if report is not None:
                try:
                    findings.extend(report())
                except Exception as exc:  # a broken check is itself a finding
                    findings.append(Finding(f"{registry.kind} {item.name}", False, f"check raised {exc!r}"))
    return findings + [simulator_finding(plugins, name, suite) for name, suite in plugins.suites]


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
