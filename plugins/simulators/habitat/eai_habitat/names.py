"""The names a model may write for a habitat object, read back as its id.

Accepted, ignoring case and reading spaces and hyphens as underscores: the
id (``tv_stand``, ``ball_1``); a fixed entity's LLaRP name
(``receptacle_aabb_TvStnd1_Top1_frl_apartment_tvstand``), friendly name
(``TV stand``, ``black table``, as LLaRP's instructions say them) or
EB-Habitat's name (``table 1``, ``cabinet 7``, ``refrigerator push point``);
a category (``ball``) when the task has one object of it.
"""

from __future__ import annotations

import re

from eai.plugin_api import Task
from eai_habitat.scene import EB_NAMES, FIXED

_SEPARATORS = re.compile(r"[\s\-]+")


def key(name: str) -> str:
    return _SEPARATORS.sub("_", name.strip().strip("<>'\"").strip().lower())


class Names:
    def __init__(self, task: Task) -> None:
        found: dict[str, str] = {}
        by_class: dict[str, list[str]] = {}
        for obj in task.objects:
            by_class.setdefault(key(obj.class_name), []).append(obj.id)
        for name, ids in by_class.items():
            if len(ids) == 1:
                found[name] = ids[0]
        for entity in FIXED:
            if entity.id in task.object_by_id:
                found[key(entity.name)] = entity.id
                if entity.id in EB_NAMES:
                    found[key(EB_NAMES[entity.id])] = entity.id
        found.update({key(obj.id): obj.id for obj in task.objects})
        self._ids = found

    def resolve(self, name: str) -> str | None:
        return self._ids.get(key(name))

    @staticmethod
    def category(name: str, kinds: dict[str, tuple[str, ...]]) -> str | None:
        """The category of ``kinds`` (category -> its objects) that ``name`` names, if any."""
        wanted = key(name)
        return next((category for category in kinds if key(category) == wanted), None)
