"""The objects a goal talks about, and how a goal's names resolve to them.

Both the evaluator and the grounder read a formula through these rules:

* A proposition whose name is a listed state predicate is a *state
  predicate*, even if an action has the same name (VirtualHome's ``OPEN`` is
  both; the state wins, as in the paper's parser). Otherwise one whose name is
  an action name is an *action proposition*, and a one-argument proposition
  named after a class of the universe is a *class test*:
  ``basket.n.01(x0)`` holds iff ``x0``'s class is ``basket.n.01``. A
  benchmark may read a class test wider (``classes``: ALFRED's ``Knife(x)``
  holds of a ``ButterKnife`` too, ALFRED matching types by substring); a name
  that only such a reading gives objects is a class test too.
  Anything else is a *state predicate*.
* An argument bound by a quantifier denotes the object it is bound to. An
  object id denotes that object. A class name that is no object's id denotes
  *some* object of that class, independently in each proposition:
  ``ONTOP(character, chair)`` holds iff some character is on some chair. Any
  other name denotes itself, so its atoms are absent from every state of the
  universe and its propositions are false.
* A quantifier ranges over all objects, in universe order, except the typed
  form ``Q v. (not C(v) or B)`` (or ``Q v. (C(v) implies B)``) with ``C(v)`` a
  class test, which ranges over the objects of class ``C`` with body ``B``.
  That is how upstream writes BDDL's ``(Q (?v - C) B)``; read literally it
  would make ``exists`` trivially true and ``forn`` count every non-``C``.
  ``exists v. (C(v) and B)`` and ``forn N v. (C(v) and B)`` also range over
  the objects of class ``C`` only, with body ``B``: the same truth, without
  trying every other object.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from eai.ltl.syntax import And, Formula, Implies, Not, Or, Prim
from eai.world.objects import Obj

ACTION, CLASS_TEST, STATE = "action", "class test", "state"


class Universe:
    """A task's objects and action names, with lookups built once and reused.

    ``predicates`` optionally lists state predicate names; a listed name is
    never read as an action or a class test. ``classes`` maps a class test's
    name to the other classes it also holds of (see the module doc).
    """

    def __init__(
        self, objects: Iterable[Obj], action_names: Iterable[str] = (), predicates: Iterable[str] = (),
        classes: Mapping[str, Iterable[str]] | None = None,
    ) -> None:
        self.objects = tuple(objects)
        self.action_names = frozenset(action_names)
        self.predicates = frozenset(predicates)
        self.ids = tuple(obj.id for obj in self.objects)
        self.class_of = {obj.id: obj.class_name for obj in self.objects}
        self.admits = {name: frozenset(wider) | {name} for name, wider in (classes or {}).items()}
        by_class: dict[str, list[str]] = {}
        for obj in self.objects:
            by_class.setdefault(obj.class_name, []).append(obj.id)
        for name, admitted in self.admits.items():  # a class's own objects first, then those read into it
            wider = [obj.id for obj in self.objects if obj.class_name in admitted and obj.class_name != name]
            if wider:
                by_class[name] = by_class.get(name, []) + wider
        self.by_class = {name: tuple(ids) for name, ids in by_class.items()}  # the objects each class test holds of

    def is_a(self, obj: str, name: str) -> bool:
        """Whether the class test ``name`` holds of object ``obj``."""
        return self.class_of.get(obj) in self.admits.get(name, (name,))

    def kind(self, prim: Prim) -> str:
        """:data:`ACTION`, :data:`CLASS_TEST` or :data:`STATE`."""
        if prim.name in self.predicates:
            return STATE
        if prim.name in self.action_names:
            return ACTION
        if len(prim.args) == 1 and prim.name in self.by_class and prim.name not in self.predicates:
            return CLASS_TEST
        return STATE

    def denotes(self, name: str) -> tuple[str, ...]:
        """The objects an unbound argument ``name`` may stand for (see module doc)."""
        if name in self.class_of:
            return (name,)
        return self.by_class.get(name, (name,))

    def arguments(self, prim: Prim, env: Mapping[str, str]) -> list[tuple[str, ...]]:
        """The objects each argument of ``prim`` may stand for: its binding in ``env``, else :meth:`denotes`."""
        return [(env[a],) if a in env else self.denotes(a) for a in prim.args]

    def ground(self, prim: Prim, env: Mapping[str, str]) -> tuple[str, ...] | None:
        """The objects ``prim``'s arguments stand for, when each stands for one
        (the one element of each of :meth:`arguments`); else None."""
        args = []
        for name in prim.args:
            obj = env.get(name)
            if obj is None:
                denoted = self.denotes(name)
                if len(denoted) != 1:
                    return None
                obj = denoted[0]
            args.append(obj)
        return tuple(args)

    def passes(self, prim: Prim, arguments: list[tuple[str, ...]]) -> bool:
        """Whether the class test ``prim`` holds of an object its argument may stand for."""
        return any(self.is_a(obj, prim.name) for obj in arguments[0])

    def scope(self, var: str, body: Formula, conjunctive: bool = False) -> tuple[tuple[str, ...], Formula]:
        """The objects a quantifier over ``var`` ranges over, and its effective
        body; ``conjunctive`` (exists, forn) also reads ``C(v) and B`` as typed."""
        guard, rest = None, body
        if isinstance(body, Or) and len(body.args) >= 2 and isinstance(body.args[0], Not):
            guard = body.args[0].arg
            rest = body.args[1] if len(body.args) == 2 else Or(body.args[1:])
        elif isinstance(body, Implies):
            guard, rest = body.lhs, body.rhs
        elif conjunctive and isinstance(body, And) and len(body.args) >= 2:
            guard = body.args[0]
            rest = body.args[1] if len(body.args) == 2 else And(body.args[1:])
        if isinstance(guard, Prim) and guard.args == (var,) and self.kind(guard) == CLASS_TEST:
            return self.by_class[guard.name], rest
        return self.ids, body
