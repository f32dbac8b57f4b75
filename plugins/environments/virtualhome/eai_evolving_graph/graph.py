"""eai's VirtualHome states as VirtualHome's scene graphs, and back.

A task's objects are the graph's nodes: id ``cup.1000`` is node 1000 of class
``cup``, with the object's properties and its unary atoms as the node's
states; the rooms (what something is inside and that is inside nothing, as
eai's VirtualHome scene has them) are of category ``Rooms``, which
VirtualHome's executor looks for (the task data keeps no other category). Relation atoms are edges, in VirtualHome's names: ``ONTOP`` is
``ON`` and ``NEXT_TO`` is ``CLOSE`` (the others keep theirs). Reading a graph
back gives the same atoms; what eai has no predicate for is left out, and
the character is ``NEXT_TO`` everything VirtualHome lets it reach
(:func:`reach`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from eai.plugin_api import Atom, Task

EDGES = {"ONTOP": "ON", "INSIDE": "INSIDE", "NEXT_TO": "CLOSE", "FACING": "FACING", "BETWEEN": "BETWEEN",
         "HOLDS_RH": "HOLDS_RH", "HOLDS_LH": "HOLDS_LH"}
RELATIONS = {edge: pred for pred, edge in EDGES.items()}


def node_id(obj: str) -> int:
    """``cup.1000`` -> 1000."""
    return int(obj.rsplit(".", 1)[1])


def graph_of(task: Task, atoms: Iterable[Atom], properties: Iterable[str]) -> dict[str, list[dict[str, Any]]]:
    """The scene graph of ``task`` in the state ``atoms``; object properties outside ``properties`` (VirtualHome's) are left out."""
    known = set(properties)
    states: dict[str, list[str]] = {o.id: [] for o in task.objects}
    edges = []
    for atom in sorted(atoms):
        if len(atom) == 2:
            states[atom[1]].append(atom[0])
        elif atom[0] in EDGES:
            edges.append({"from_id": node_id(atom[1]), "relation_type": EDGES[atom[0]], "to_id": node_id(atom[2])})
    inside = [(e["from_id"], e["to_id"]) for e in edges if e["relation_type"] == "INSIDE"]
    rooms = {to for _, to in inside} - {source for source, _ in inside}
    nodes = [{"id": node_id(o.id), "class_name": o.class_name, "properties": sorted(p for p in o.properties if p in known),
              "states": states[o.id], "category": "Rooms" if node_id(o.id) in rooms else None} for o in task.objects]
    return {"nodes": nodes, "edges": edges}


def atoms_of(graph: Mapping[str, list[dict[str, Any]]], ids: Mapping[int, str], states: Iterable[str],
             character: int | None = None) -> frozenset[Atom]:
    """The atoms of a scene graph, in the task's object ids (``ids``: node -> id); unary ones among
    ``states``; with a ``character``, it is ``NEXT_TO`` all it can reach (:func:`reach`)."""
    unary = set(states)
    found: set[Atom] = set()
    if character is not None:
        found.update(("NEXT_TO", ids[character], ids[node]) for node in reach(graph, character))
    for node in graph["nodes"]:
        found.update((state, ids[node["id"]]) for state in node["states"] if state in unary)
    for edge in graph["edges"]:
        if edge["relation_type"] in RELATIONS:
            found.add((RELATIONS[edge["relation_type"]], ids[edge["from_id"]], ids[edge["to_id"]]))
    return frozenset(found)


def reach(graph: Mapping[str, list[dict[str, Any]]], character: int) -> set[int]:
    """The nodes VirtualHome counts the character close to (``_is_character_close_to``): those it has a
    ``CLOSE`` edge to, and those close to or ``ON`` one of these. eai's ``NEXT_TO(character, x)`` means
    near ``x``, what the character can act on, so it is read as this."""
    close: dict[int, set[int]] = {}
    on: dict[int, set[int]] = {}
    for edge in graph["edges"]:
        if edge["relation_type"] == "CLOSE":
            close.setdefault(edge["from_id"], set()).add(edge["to_id"])
        elif edge["relation_type"] == "ON":
            on.setdefault(edge["to_id"], set()).add(edge["from_id"])
    first = close.get(character, set())
    found = set(first)
    for node in first:
        found |= close.get(node, set()) | on.get(node, set())
    found.discard(character)
    return found
