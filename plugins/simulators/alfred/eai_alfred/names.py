"""Object ids for the names a model wrote, as EB-ALFRED names objects.

Ids are EB-ALFRED's names: an object's type for the first instance of it
(``Cabinet``), ``Type_N`` for the N-th (``Cabinet_2``). A name is compared
ignoring case, spaces and underscores inside the type's words (``dining
table``, ``diningtable`` and ``DiningTable`` are one name), and a trailing
number is the instance (``cabinet 2``, ``Cabinet_2``; ``_1`` is the first).
Unknown names give None.
"""

from __future__ import annotations

import re

from eai.plugin_api import Task, name_key

_INSTANCE = re.compile(r"^(.*?)_?(\d+)$")
_NOT_ALNUM = re.compile(r"[^a-z0-9]")


def eb_key(text: str) -> str:
    key = name_key(text)
    match = _INSTANCE.match(key)
    head, number = (match.group(1), match.group(2)) if match and match.group(1) else (key, "")
    head = _NOT_ALNUM.sub("", head)
    return f"{head}_{number}" if number and number != "1" else head


class Names:
    def __init__(self, task: Task) -> None:
        self.lookup = {eb_key(obj.id): obj.id for obj in task.objects}

    def resolve(self, raw: list[str]) -> list[str | None]:
        return [self.lookup.get(eb_key(str(token))) for token in raw]
