"""Typed registries that plugins fill through their ``register`` callbacks."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Generic, TypeVar

from eai.exceptions import EaiError, UnknownNameError

T = TypeVar("T")


class Registry(Generic[T]):
    """Named items of one kind, each remembered with the plugin that gave it."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._items: dict[str, tuple[T, str]] = {}

    def register(self, name: str, item: T, plugin: str = "") -> None:
        if not name or not isinstance(name, str):
            raise EaiError(f"{self.kind} name must be a non-empty string, got {name!r}")
        if name in self._items:
            owner = self._items[name][1]
            raise EaiError(f"{self.kind} {name!r} is registered twice (by {owner!r} and {plugin!r})")
        self._items[name] = (item, plugin)

    def get(self, name: str) -> T:
        try:
            return self._items[name][0]
        except KeyError:
            raise UnknownNameError(self.kind, name, self._items) from None

    def plugin_of(self, name: str) -> str:
        self.get(name)
        return self._items[name][1]

    def names(self) -> list[str]:
        return sorted(self._items)

    def in_registration_order(self) -> list[str]:
        """The names in the order plugins registered them (plugins load by entry-point name)."""
        return list(self._items)

    def __contains__(self, name: object) -> bool:
        return name in self._items

    def __iter__(self) -> Iterator[tuple[str, T]]:
        for name in self.names():
            yield name, self._items[name][0]

    def __len__(self) -> int:
        return len(self._items)
