"""The initial state of a task's relevant objects, as the prompts show it.

``facts`` lists, for each relevant object in task order, where it is (in or
on which receptacle) and its states: an object that opens is open or
closed, one that turns on is on or off, the rest (clean, hot, cool,
sliced) only when true. ``atoms`` gives the same as predicates
(``in_receptacle(Ladle, Cabinet_3)``, ``is_open(Fridge)``).
"""

from __future__ import annotations

from eai.plugin_api import Task


def _parent(task: Task) -> dict[str, str]:
    return {a[1]: a[2] for a in task.init if a[0] == "in_receptacle"}


def facts(task: Task) -> list[str]:
    """Sentences: ``Ladle is in Cabinet_3.``, ``Cabinet_3 is closed.``"""
    parent, lines = _parent(task), []
    for oid in task.relevant:
        obj = task.object_by_id[oid]
        if oid in parent:
            lines.append(f"{oid} is in {parent[oid]}.")
        if obj.has("openable"):
            lines.append(f"{oid} is {'open' if ('is_open', oid) in task.init else 'closed'}.")
        if obj.has("toggleable"):
            lines.append(f"{oid} is {'on' if ('is_on', oid) in task.init else 'off'}.")
    return lines


def atoms(task: Task) -> list[str]:
    """Predicates: the initial atoms of the relevant objects, the closed ones as ``not is_open(X)``."""
    relevant, lines = set(task.relevant), []
    for atom in sorted(task.init):
        if all(arg in relevant for arg in atom[1:]):
            lines.append(f"{atom[0]}({', '.join(atom[1:])})")
    lines += [f"not is_open({oid})" for oid in task.relevant
              if task.object_by_id[oid].has("openable") and ("is_open", oid) not in task.init]
    return lines
