"""A module registered by where its class lives, imported when first used.

Plugins are imported at start-up (``eai --help`` too); registering a
:class:`DeferredModule` instead of an instance keeps a module's parsers and
evaluators out of that cost.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from eai.exceptions import EaiError

if TYPE_CHECKING:
    from eai.modules.base import AbilityModule


class DeferredModule:
    """``where`` is ``"package.module:Class"``, an :class:`AbilityModule` made with no arguments."""

    def __init__(self, name: str, where: str) -> None:
        self.name, self.where = name, where
        self._made: AbilityModule | None = None

    def load(self) -> AbilityModule:
        """The module, imported and made once."""
        if self._made is None:
            module, _, cls = self.where.partition(":")
            try:
                self._made = getattr(import_module(module), cls)()
            except Exception as exc:  # a plugin's defect, said in one line
                raise EaiError(f"module {self.name!r} ({self.where}) could not be made: "
                               f"{type(exc).__name__}: {exc}") from exc
        return self._made

    def __repr__(self) -> str:
        return f"DeferredModule({self.name!r}, {self.where!r})"


def loaded(item: object) -> object:
    """A registered module: made, when it is a :class:`DeferredModule`."""
    return item.load() if isinstance(item, DeferredModule) else item
