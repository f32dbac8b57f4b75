"""Object ids for the arguments a model wrote.

Accepted spellings of one argument: the scene name the prompt shows
(``bow_0``, ``room_floor_living_room_0``, ``peach_0_part_0``) or the BDDL
name (``bow.n.08_1``, ``peach.n.03_1_part_0``). Names are compared in lower
case, with surrounding quotes and angle brackets dropped and spaces or
hyphens read as underscores. The two objects of ``"a, b"`` arrive as two
tokens (the kernel splits on commas). Unknown names and the agent give None.
"""

from __future__ import annotations

import re

from eai.world import Task


def _norm(text: str) -> str:
    return re.sub(r"[\s\-]+", "_", str(text).strip().strip("'\"<>").strip().lower())


class Names:
    def __init__(self, task: Task, agent: str) -> None:
        scene = task.extra.get("behavior", {}).get("scene_names", {})
        ids = {_norm(obj.id): obj.id for obj in task.objects if obj.id != agent}
        scenes = {_norm(name): obj_id for obj_id, name in scene.items() if obj_id != agent}
        self.lookup = {**ids, **scenes}

    def resolve(self, raw: list[str]) -> list[str | None]:
        return [self.lookup.get(_norm(token)) for token in raw]
