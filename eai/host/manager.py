"""Discovering plugins through entry points and filling the registries.

Plugins are found under the entry-point group ``eai``. ``EAI_LOAD_PLUGINS``
limits loading to a comma-separated allow-list of entry-point names (set but
empty: load none). A plugin that fails to import, implements a hook that does
not exist, or raises while registering is recorded in ``failures`` with its
name and the reason, and left out; the others still load.
"""

from __future__ import annotations

import os
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from typing import TYPE_CHECKING, Any

import pluggy

from eai.host import hookspecs
from eai.host.registry import Registry

if TYPE_CHECKING:  # the kinds of the layers above, named for type checkers only (docs/architecture.md)
    import typer

    from eai.compose.stages import Stage
    from eai.generation.generator import Generator
    from eai.llm.model import ModelProvider
    from eai.modules.base import AbilityModule
    from eai.modules.deferred import DeferredModule
    from eai.runner.executors import Executor
    from eai.simulation.environment import EnvironmentProvider
    from eai.simulation.planner import Planner
    from eai.simulation.simulator import Simulator
    from eai.tasks.episode_import import EpisodeImporter
    from eai.tasks.suite import TaskSuite

ENTRY_POINT_GROUP = "eai"
ALLOW_ENV = "EAI_LOAD_PLUGINS"


@dataclass(frozen=True)
class PluginInfo:
    name: str
    module: str
    distribution: str = ""
    version: str = ""


@dataclass(frozen=True)
class PluginFailure:
    plugin: str
    stage: str  # "load", "hooks" or "register"
    error: str


@dataclass
class Plugins:
    """The loaded plugins and what they registered."""

    manager: pluggy.PluginManager
    simulators: Registry[Simulator] = field(default_factory=lambda: Registry("simulator"))
    planners: Registry[Planner] = field(default_factory=lambda: Registry("planner"))
    modules: Registry[AbilityModule | DeferredModule] = field(default_factory=lambda: Registry("module"))
    models: Registry[ModelProvider] = field(default_factory=lambda: Registry("model provider"))
    suites: Registry[TaskSuite] = field(default_factory=lambda: Registry("suite"))
    stages: Registry[Stage] = field(default_factory=lambda: Registry("stage"))
    environments: Registry[EnvironmentProvider] = field(default_factory=lambda: Registry("environment"))
    generators: Registry[Generator] = field(default_factory=lambda: Registry("generator"))
    importers: Registry[EpisodeImporter] = field(default_factory=lambda: Registry("importer"))
    executors: Registry[Executor] = field(default_factory=lambda: Registry("executor"))
    loaded: list[PluginInfo] = field(default_factory=list)
    failures: list[PluginFailure] = field(default_factory=list)

    def add(self, plugin: object, info: PluginInfo) -> bool:
        """Register one plugin object and call its register hooks. False on failure."""
        try:
            self.manager.register(plugin, name=info.name)
        except Exception as exc:  # duplicate names, bad hookimpl signatures
            self.failures.append(PluginFailure(info.name, "hooks", _describe(exc)))
            return False
        unknown = _unknown_hooks(self.manager, plugin)
        if unknown:
            self.manager.unregister(plugin)
            known = ", ".join(sorted(_spec_names()))
            self.failures.append(
                PluginFailure(info.name, "hooks", f"unknown hook {', '.join(unknown)} (known hooks: {known})")
            )
            return False
        for hook, registry in self._registries().items():
            try:
                for impl in _impls(self.manager, hook, info.name):
                    impl(register=_registrar(registry, info.name))
            except Exception as exc:
                self.manager.unregister(plugin)
                self.failures.append(PluginFailure(info.name, "register", _describe(exc)))
                return False
        self.loaded.append(info)
        return True

    def register_commands(self, cli: typer.Typer) -> None:
        """Let every loaded plugin add its sub-commands to ``cli``."""
        for info in self.loaded:
            try:
                for impl in _impls(self.manager, "eai_register_commands", info.name):
                    impl(cli=cli)
            except Exception as exc:
                self.failures.append(PluginFailure(info.name, "register", _describe(exc)))

    def _registries(self) -> dict[str, Registry[Any]]:
        return {
            "eai_register_simulators": self.simulators,
            "eai_register_planners": self.planners,
            "eai_register_modules": self.modules,
            "eai_register_models": self.models,
            "eai_register_suites": self.suites,
            "eai_register_stages": self.stages,
            "eai_register_environments": self.environments,
            "eai_register_generators": self.generators,
            "eai_register_importers": self.importers,
            "eai_register_executors": self.executors,
        }


def _registrar(registry: Registry[Any], plugin: str) -> Callable[[Any], None]:
    def register(item: Any) -> None:
        registry.register(getattr(item, "name", ""), item, plugin)

    return register


def _spec_names() -> set[str]:
    return {name for name in dir(hookspecs) if name.startswith("eai_")}


def _impls(manager: pluggy.PluginManager, hook: str, plugin: str) -> list[Callable[..., Any]]:
    caller = getattr(manager.hook, hook)
    return [impl.function for impl in caller.get_hookimpls() if impl.plugin_name == plugin]


def _unknown_hooks(manager: pluggy.PluginManager, plugin: object) -> list[str]:
    """Hooks the plugin implements that no spec declares: marked ones and
    module-level ``eai_*`` functions (a misspelled hook would be silently ignored)."""
    known = _spec_names()
    names = {caller.name for caller in manager.get_hookcallers(plugin) or [] if caller.name not in known}
    names.update(n for n in dir(plugin) if n.startswith("eai_") and n not in known and callable(getattr(plugin, n)))
    return sorted(names)


def _describe(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def allowed_names() -> set[str] | None:
    """The allow-list from ``EAI_LOAD_PLUGINS``, or None when unset."""
    raw = os.environ.get(ALLOW_ENV)
    if raw is None:
        return None
    return {part.strip() for part in raw.split(",") if part.strip()}


def new_manager() -> pluggy.PluginManager:
    manager = pluggy.PluginManager("eai")
    manager.add_hookspecs(hookspecs)
    return manager


def load_plugins(extra: dict[str, object] | None = None) -> Plugins:
    """Load the entry-point plugins (honouring the allow-list), then ``extra``."""
    plugins = Plugins(new_manager())
    allow = allowed_names()
    points = sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda ep: ep.name)
    seen: set[str] = set()
    for ep in points:
        if ep.name in seen or (allow is not None and ep.name not in allow):
            continue
        seen.add(ep.name)
        dist = getattr(ep, "dist", None)
        info = PluginInfo(ep.name, ep.value, dist.name if dist else "", dist.version if dist else "")
        try:
            plugin = ep.load()
        except Exception as exc:
            plugins.failures.append(PluginFailure(ep.name, "load", _describe(exc)))
            continue
        plugins.add(plugin, info)
    for name, plugin in (extra or {}).items():
        module = plugin.__name__ if isinstance(plugin, types.ModuleType) else type(plugin).__name__
        plugins.add(plugin, PluginInfo(name, module))
    if allow:
        for name in sorted(allow - seen - set(extra or {})):
            plugins.failures.append(PluginFailure(name, "load", f"no plugin named {name!r} is installed"))
    return plugins


_current: Plugins | None = None


def get_plugins() -> Plugins:
    """The process-wide plugins, loaded on first use."""
    global _current
    if _current is None:
        _current = load_plugins()
    return _current


def set_plugins(plugins: Plugins | None) -> None:
    """Replace the process-wide plugins (tests; ``None`` reloads on next use)."""
    global _current
    _current = plugins
