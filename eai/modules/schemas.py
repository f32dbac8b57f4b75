"""The JSON schema each stage's answers are asked in (``--response-format json-schema``).

A stage that is an ability module is asked in the module's
:attr:`~eai.modules.base.AbilityModule.response_schema`; a stage without one
(transition modeling, whose answers are PDDL; an episode's turns) is asked
without a schema, said once per stage in one line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from eai.exceptions import UnknownNameError
from eai.modules import get_module

FORMATS = ("text", "json-schema")


def stage_schemas(response_format: str, say: Callable[[str], None]) -> Callable[[str], Mapping[str, Any] | None]:
    """The schema of each stage's answers, by stage name (None: free text)."""
    said: set[str] = set()

    def schema(stage: str) -> Mapping[str, Any] | None:
        if response_format != "json-schema":
            return None
        try:
            found = get_module(stage).response_schema
        except UnknownNameError:
            found = None
        if found is None and stage not in said:
            said.add(stage)
            say(f"note: {stage} has no JSON schema yet: its answers are asked without one")
        return found

    return schema
