"""Object ids for the arguments a model wrote.

Accepted spellings of one argument: an object id (``soap.1002``), a name and
its node id as two tokens (``"soap", "1002"``), ``soap (1002)``,
``<soap> (1002)``, ``soap_1002``, a bare node id (``1002``) or a class name
alone (``soap``). Names are compared by :func:`eai.base.names.name_key` (case,
quotes, spaces and hyphens aside). A class name shared by several objects means the task's
relevant object of that class with the smallest node id, else the object of
that class with the smallest node id. A name whose id belongs to another
class, an unknown name or id, and the character give None.
"""

from __future__ import annotations

import re

from eai.plugin_api import Task, name_key

_NAMED_ID = re.compile(r"^<?(.+?)>?\s*\(\s*(\d+)\s*\)$")
_SUFFIXED = re.compile(r"^(.+)_(\d+)$")


def _node_id(obj_id: str) -> str:
    return obj_id.rpartition(".")[2]


class Names:
    def __init__(self, task: Task, character: str) -> None:
        self.ids = {name_key(o.id): o.id for o in task.objects if o.id != character}
        self.by_node = {_node_id(o.id): o.id for o in task.objects if o.id != character}
        relevant = set(task.relevant)
        by_class: dict[str, list[str]] = {}
        for obj in sorted(task.objects, key=lambda o: (o.id not in relevant, _number(o.id), o.id)):
            if obj.id != character:
                by_class.setdefault(name_key(obj.class_name), []).append(obj.id)
        self.by_class = {name: ids[0] for name, ids in by_class.items()}

    def resolve(self, raw: list[str]) -> list[str | None]:
        tokens = [str(token).strip() for token in raw]
        out: list[str | None] = []
        i = 0
        while i < len(tokens):
            token = tokens[i]
            following = tokens[i + 1] if i + 1 < len(tokens) else ""
            if following.isdigit() and not token.isdigit():
                out.append(self.named(token, following))
                i += 2
            else:
                out.append(self.one(token))
                i += 1
        return out

    def named(self, name: str, node: str) -> str | None:
        """The object with node id ``node`` if its class is ``name``."""
        return self.ids.get(f"{name_key(name)}.{node}")

    def one(self, token: str) -> str | None:
        norm = name_key(token)
        if norm in self.ids:
            return self.ids[norm]
        for pattern in (_NAMED_ID, _SUFFIXED):
            match = pattern.match(token.strip())
            found = match and self.named(*match.groups())
            if found:
                return found
        if norm.isdigit():
            return self.by_node.get(norm)
        return self.by_class.get(norm)


def _number(obj_id: str) -> int:
    node = _node_id(obj_id)
    return int(node) if node.isdigit() else -1
