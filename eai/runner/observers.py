"""The observer hooks (:mod:`eai.host.hookspecs`: run started, task finished, unit
finished, run finished), called so that no observer can break a run.

Each plugin's hook is called on its own: one that raises is one warning line
(the first time that plugin's hook raises for this caller: a unit, or the run's
start and end), the other observers are still called and the run goes on. The
calls are in a deterministic order: a unit's tasks in the unit's task order
(each task's epochs in turn; :class:`InOrder`), whatever order they finish in, and their data holds no
timing (a call's ``seconds`` is left out).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from eai.host.manager import Plugins
from eai.runner.config import Say, Unit

UNTIMED = ("seconds",)  # what a call entry holds that differs from run to run

# Takes an observer call (the hook's name and its data) to make elsewhere.
Relay = Callable[[str, dict[str, Any]], None]


class Observers:
    """The loaded plugins' observer hooks, each called guarded."""

    def __init__(self, plugins: Plugins, say: Say, relay: Relay | None = None) -> None:
        self.manager, self.say, self.relay = plugins.manager, say, relay
        self.warned: set[tuple[str, str]] = set()

    def notify(self, hook: str, **data: Any) -> None:
        """Call every plugin's ``hook`` with ``data`` (the arguments each asks for), in the order the plugins loaded;
        or hand the call to the relay, when there is one."""
        if self.relay is not None:
            self.relay(hook, data)
            return
        for impl in getattr(self.manager.hook, hook).get_hookimpls():
            try:
                impl.function(**{name: data[name] for name in impl.argnames})
            except Exception as exc:  # an observer must not break a run
                if (impl.plugin_name, hook) not in self.warned:
                    self.warned.add((impl.plugin_name, hook))
                    self.say(f"warning: plugin {impl.plugin_name!r}'s {hook} raised {type(exc).__name__}: {exc} "
                             "(ignored: the run goes on; later failures of this hook here are not shown)")


def unit_names(unit: Unit) -> dict[str, str]:
    """What an observer is told a unit is: ``{"suite", "module", "model"}``."""
    return {"suite": unit.suite, "module": unit.module, "model": unit.model}


def untimed(item: dict[str, Any]) -> dict[str, Any]:
    """A responses.jsonl line without its calls' timings."""
    calls = [{k: v for k, v in call.items() if k not in UNTIMED} for call in item.get("calls", [])]
    return {**item, "calls": calls}


class InOrder:
    """Hands each finished item on in the order of its key in ``keys`` (a task's
    :func:`~eai.results.store.epoch_key`): an item waits for the items before it."""

    def __init__(self, keys: Sequence[str], emit: Callable[[dict[str, Any]], None]) -> None:
        self.keys, self.emit = list(keys), emit
        self.next = 0
        self.waiting: dict[str, dict[str, Any]] = {}

    def finished(self, key: str, item: dict[str, Any]) -> None:
        self.waiting[key] = item
        while self.next < len(self.keys) and self.keys[self.next] in self.waiting:
            self.emit(self.waiting.pop(self.keys[self.next]))
            self.next += 1
