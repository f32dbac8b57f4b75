"""The ability modules, by name: what plugins register (``eai_register_modules``)."""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from typing import TYPE_CHECKING

from eai.exceptions import UnknownNameError
from eai.host.manager import get_plugins
from eai.modules.deferred import loaded

if TYPE_CHECKING:
    from eai.host.registry import Registry
    from eai.modules.base import AbilityModule
    from eai.modules.deferred import DeferredModule


def _registry() -> Registry[AbilityModule | DeferredModule]:
    return get_plugins().modules


class _Modules(MutableMapping[str, "AbilityModule"]):
    """The registered modules by name, in the order plugins registered them
    (the paper's four first among eai's own), each deferred one made on first
    use. Tests may replace one (``monkeypatch.setitem(MODULES, name, module)``)."""

    def __init__(self) -> None:
        self._replaced: dict[str, AbilityModule] = {}

    def __getitem__(self, name: str) -> AbilityModule:
        if name in self._replaced:
            return self._replaced[name]
        registry = _registry()
        if name not in registry:
            raise KeyError(name)
        return loaded(registry.get(name))  # type: ignore[return-value]

    def __setitem__(self, name: str, module: AbilityModule) -> None:
        self._replaced[name] = module

    def __delitem__(self, name: str) -> None:
        del self._replaced[name]

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys([*_registry().in_registration_order(), *self._replaced]))

    def __len__(self) -> int:
        return len(dict.fromkeys([*_registry().in_registration_order(), *self._replaced]))


MODULES: MutableMapping[str, AbilityModule] = _Modules()


def get_module(name: str) -> AbilityModule:
    try:
        return MODULES[name]
    except KeyError:
        raise UnknownNameError("module", name, MODULES) from None
