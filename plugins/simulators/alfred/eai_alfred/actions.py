"""EB-ALFRED's action list for a task: the skills in its words, numbered.

The first part is EB-ALFRED's global list (162 actions over the object types
its skills name, whether the scene has them or not): ``find a T`` for each
findable type, ``pick up the T``, ``put down the object in hand``, ``drop
the object in hand``, ``open``/``close the T``, ``turn on``/``turn off the
T``, ``slice the T``. Then, as EB-ALFRED adds for each scene, the further
instances of the receptacle types with several in the scene (``find a
Cabinet_2``, and ``open``/``close`` for those that open) and of the types
that can be picked up (``find a Apple_2``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from eai.plugin_api import Task


def global_actions(skills: Mapping[str, Sequence[str]]) -> list[str]:
    actions = [f"find a {t}" for t in skills["find"]]
    actions += [f"pick up the {t}" for t in skills["pick_up"]]
    actions += ["put down the object in hand", "drop the object in hand"]
    actions += [phrase for t in skills["open"] for phrase in (f"open the {t}", f"close the {t}")]
    actions += [phrase for t in skills["toggle"] for phrase in (f"turn on the {t}", f"turn off the {t}")]
    return actions + [f"slice the {t}" for t in skills["slice"]]


def action_list(task: Task, skills: Mapping[str, Sequence[str]]) -> list[str]:
    """The task's actions, in EB-ALFRED's order (module doc)."""
    receptacles = sorted(o.id for o in task.objects if o.has("receptacle") and o.id != o.class_name)
    pickable = sorted(o.id for o in task.objects if o.class_name in skills["pick_up"] and o.id != o.class_name)
    extra = [f"find a {o}" for o in receptacles]
    extra += [phrase for o in receptacles if task.object_by_id[o].class_name in skills["open"]
              for phrase in (f"open the {o}", f"close the {o}")]
    return global_actions(skills) + extra + [f"find a {o}" for o in pickable]
