"""Health findings: what ``eai doctor`` reports, gathered from the kernel and plugins.

Any registered simulator, planner, model provider or suite may define
``doctor() -> list[Finding]`` to report on what it needs.
"""

from __future__ import annotations

import sys
from dataclasses import asdict, dataclass

from eai.plugins import Plugins


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
    return findings
