"""The plausibility rule table: which VirtualHome objects a task may carry,
where it may put them, and what belongs together, decided from the objects'
properties (and, for appliances and a few furniture classes, their class)
instead of ET-Plan-Bench's GPT-4o filter. docs/generation.md prints it.

- An **item** (something carried) is ``GRABBABLE`` and ``MOVABLE``, and
  neither furniture-like (``SURFACES``, ``SITTABLE``, ``LIEABLE``), a
  container (``CONTAINERS``) nor an animal. Its **kind** is the first that
  fits: ``clothes`` (``CLOTHES``), ``food`` (``EATABLE``), ``drink``
  (``DRINKABLE``), ``dish`` (``RECIPIENT``), ``paper`` (``HAS_PAPER`` or
  ``READABLE``), else ``thing``.
- A **receptacle** (``INSIDE``) is a ``CONTAINERS`` object that opens
  (``CAN_OPEN``, which ``PUTIN`` needs), is not carried (not ``GRABBABLE``) and
  is not a seat; a **surface** (``ONTOP``) has ``SURFACES`` and is neither
  carried nor a seat or bed. ``KEEPS`` says which kinds some of them keep;
  a switched or plugged appliance not in ``KEEPS`` keeps nothing; any other
  receptacle keeps every kind but food and drink, any other surface every
  kind.
- A **carrier** (the middle object of a temporal task) is a receptacle one
  can carry: ``GRABBABLE``, ``CONTAINERS`` and ``CAN_OPEN``; it takes the
  kinds ``KEEPS`` lists for its class, else every kind but food and drink,
  and is itself put where a ``thing`` may go.
- Two items handled together are of the same kind.
"""

from __future__ import annotations

from eai.plugin_api import Obj

ANIMALS = frozenset({"cat", "dog"})
KINDS = (("clothes", ("CLOTHES",)), ("food", ("EATABLE",)), ("drink", ("DRINKABLE",)), ("dish", ("RECIPIENT",)),
         ("paper", ("HAS_PAPER", "READABLE")))
EVERY_KIND = frozenset({"clothes", "food", "drink", "dish", "paper", "thing"})
KEEPS: dict[str, frozenset[str]] = {
    "freezer": frozenset({"food", "drink"}),
    "fridge": frozenset({"food", "drink"}),
    "microwave": frozenset({"food"}),
    "oven": frozenset({"food"}),
    "stove": frozenset({"food"}),
    "dishwasher": frozenset({"dish"}),
    "washing_machine": frozenset({"clothes"}),
    "basket_for_clothes": frozenset({"clothes"}),
    "folder": frozenset({"paper"}),
    "filing_cabinet": frozenset({"paper"}),
    "bookshelf": frozenset({"paper", "thing"}),
    "dresser": frozenset({"clothes", "thing"}),
    "nightstand": frozenset({"clothes", "paper", "thing"}),
    "bathroom_cabinet": frozenset({"thing"}),
    "bathroom_counter": frozenset({"clothes", "thing"}),
    "cupboard": frozenset({"food", "drink", "dish", "thing"}),
    "kitchen_cabinet": frozenset({"food", "drink", "dish", "thing"}),
    "kitchen_counter": frozenset({"food", "drink", "dish", "thing"}),
    "tvstand": frozenset({"paper", "thing"}),
    "trashcan": frozenset({"paper", "food"}),
    "mousepad": frozenset(),
}
SEATS = ("SITTABLE", "LIEABLE")
APPLIANCE = ("HAS_SWITCH", "HAS_PLUG")


def kind(obj: Obj) -> str | None:
    """The item's kind, or None if ``obj`` is not an item."""
    if not (obj.has("GRABBABLE") and obj.has("MOVABLE")) or obj.class_name in ANIMALS:
        return None
    if any(obj.has(p) for p in ("SURFACES", "CONTAINERS", *SEATS)):
        return None
    return next((name for name, props in KINDS if any(obj.has(p) for p in props)), "thing")


def _keeps(obj: Obj, default: frozenset[str]) -> frozenset[str]:
    if obj.class_name in KEEPS:
        return KEEPS[obj.class_name]
    return frozenset() if any(obj.has(p) for p in APPLIANCE) else default


def receptacle_keeps(obj: Obj) -> frozenset[str]:
    """The kinds a receptacle takes inside (none: not a receptacle)."""
    if not (obj.has("CONTAINERS") and obj.has("CAN_OPEN")) or obj.has("GRABBABLE") or any(obj.has(p) for p in SEATS):
        return frozenset()
    return _keeps(obj, EVERY_KIND - {"food", "drink"})


def surface_keeps(obj: Obj) -> frozenset[str]:
    """The kinds a surface takes on top (none: not a surface)."""
    if not obj.has("SURFACES") or obj.has("GRABBABLE") or any(obj.has(p) for p in SEATS):
        return frozenset()
    return _keeps(obj, EVERY_KIND)


def carrier_keeps(obj: Obj) -> frozenset[str]:
    """The kinds a carrier takes (none: not a carrier)."""
    if not (obj.has("GRABBABLE") and obj.has("CONTAINERS") and obj.has("CAN_OPEN")):
        return frozenset()
    return KEEPS.get(obj.class_name, EVERY_KIND - {"food", "drink"})
