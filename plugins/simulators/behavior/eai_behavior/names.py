"""Object ids for the arguments a model wrote.

Accepted spellings of one argument: the scene name the prompt shows
(``bow_0``, ``room_floor_living_room_0``, ``peach_0_part_0``), the same with
its last underscore a dot as the subgoal prompt writes it (``bow.0``,
``room_floor_living_room.0``) or the BDDL name (``bow.n.08_1``,
``peach.n.03_1_part_0``). Names are compared by :func:`eai.base.names.name_key`
(case, quotes, spaces and hyphens aside). The two objects of ``"a, b"``
arrive as two tokens (the kernel splits on commas). Unknown names and the
agent give None.
"""

from __future__ import annotations

from eai.plugin_api import Task, name_key


def _dotted(scene_name: str) -> str:
    """The scene name as the paper's subgoal prompt writes it: ``bow_0`` -> ``bow.0``."""
    head, _, tail = scene_name.rpartition("_")
    return f"{head}.{tail}"


class Names:
    def __init__(self, task: Task, agent: str) -> None:
        scene = task.extra.get("behavior", {}).get("scene_names", {})
        ids = {name_key(obj.id): obj.id for obj in task.objects if obj.id != agent}
        scenes = {name_key(name): obj_id for obj_id, name in scene.items() if obj_id != agent}
        dotted = {_dotted(name): obj_id for name, obj_id in scenes.items() if "_" in name}
        self.lookup = {**dotted, **ids, **scenes}

    def resolve(self, raw: list[str]) -> list[str | None]:
        return [self.lookup.get(name_key(token)) for token in raw]
