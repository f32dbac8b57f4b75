"""EB-ALFRED's skills as ALFWorld commands (docs/engines.md, "ALFWorld").

EB-ALFRED's skills act as AI2-THOR does; ALFWorld's commands as its PDDL
domain does. Each skill becomes the commands that do the same in ALFWorld's
engine, which checks them (reach, open receptacles, a free hand, its
receptacle table):

- ``FIND x``: ``go to`` the receptacle ``x`` is (or stands) in, or ``x`` itself;
- ``PICK_UP x``: ``take x from r``; like EB-ALFRED, another object of the
  type (or a slice) when ``x`` cannot be taken;
- ``PUT_DOWN``: ``move h to r``, ``r`` the receptacle found last;
- ``OPEN``/``CLOSE``/``SLICE``: ``open``/``close``/``slice x with knife``;
- ``TURN_ON`` a lamp: ``use``. ALFWorld cleans, heats and cools what the
  agent holds at a sink, microwave or fridge, where ALFRED changes what is
  in them when a faucet or microwave is turned on or a fridge closed; so
  turning a faucet on cleans each object in its sink where the agent stands
  (a faucet beside two sinks: that one) by ``take``, ``clean`` and ``move``
  it back, turning a microwave on opens it and heats what is in
  it the same way (then closes it), and closing a fridge cools what is in it
  first. This needs a free hand: with an object in hand they clean, heat
  or cool nothing (a documented difference).

``DROP`` has no ALFWorld command. What the skill layer refuses before the
engine (nothing in hand to put down, an object the game left out) it says in
EB-ALFRED's words; an effect that already holds is an additional step, as
in eai's world.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from eai.plugin_api import Action
from eai_alfworld.board import Board, Focus, pieces, standing
from eai_alfworld.game import Game

KNIVES = ("Knife", "ButterKnife")
CHANGES = {"Fridge": "cool", "Microwave": "heat", "Faucet": "clean"}  # fixture class -> ALFWorld's verb
ABLE = {"cool": "coolable", "heat": "heatable", "clean": "cleanable"}


@dataclass(frozen=True)
class Move:
    """One skill in ALFWorld: commands to play (then ``after`` updates the focus), or why none."""

    commands: tuple[str, ...] = ()
    refusal: str = ""  # the skill cannot be done
    redundant: str = ""  # its effect already holds
    after: Callable[[Focus], None] = lambda focus: None


Admissible = Callable[[str], bool]


def _refuse(reason: str) -> Move:
    return Move(refusal=reason)


def _engine_name(game: Game, board: Board, focus: Focus, obj: str) -> str | None:
    """The game's object that stands for ``obj`` (a slice: its sliced object), or None."""
    whole = game.slices.get(obj)
    if whole is None:
        return obj if obj in game.objects or obj in game.receptacles else None
    if not board.has("is_sliced", whole) or focus.stands_for.get(whole, obj) != obj:
        return None
    return whole


def find(game: Game, board: Board, focus: Focus, obj: str, admissible: Admissible) -> Move:
    if focus.at == obj:
        return Move(redundant=f"The robot is already at the {obj}")

    def there(f: Focus) -> None:
        f.at = obj

    def go(receptacle: str) -> Move:  # ALFWorld goes nowhere when already there
        return Move(() if board.location == receptacle else (f"go to {receptacle}",), after=there)
    if obj in game.fixtures:
        return go(game.fixtures[obj][0])
    whole = game.slices.get(obj)
    if whole is not None and board.has("is_sliced", whole) and focus.stands_for.get(whole, obj) != obj:
        return go(focus.cut_at[whole]) if whole in focus.cut_at else _left_out(obj)
    name = _engine_name(game, board, focus, obj)
    if name is None:
        return _left_out(obj) if whole is None else _refuse(f"Cannot find {obj}. This object may not exist in this scene. "
                                                             "Try to explore other instances instead.")
    if name in game.receptacles:
        return go(name)
    if board.held == name:
        return Move((), after=there)
    return go(board.parent[name]) if name in board.parent else _left_out(obj)


def _left_out(obj: str) -> Move:
    return _refuse(f"Cannot find {obj}: ALFWorld's game of this task leaves it out (docs/engines.md)")


def pick_up(game: Game, board: Board, focus: Focus, obj: str, admissible: Admissible) -> Move:
    if board.held is not None and _held(game, board, focus) == obj:
        return Move(redundant=f"The robot already holds the {obj}")
    if board.held is not None:
        return _refuse(f"Robot is currently holding {game.task.object_by_id[_held(game, board, focus)].class_name}")
    named = standing(game, focus, obj) if pieces(game, obj) and board.has("is_sliced", obj) else obj  # a slice of it
    cls = game.task.object_by_id[obj].class_name
    alike = [o for o in sorted(game.objects) if o != obj and game.task.object_by_id[o].class_name == cls]
    tried = []
    for candidate in [named, *alike]:
        name = _engine_name(game, board, focus, candidate) if candidate == named else candidate
        if name is None or name not in board.parent or (candidate != named and board.has("is_sliced", name)):
            continue
        command = f"take {name} from {board.parent[name]}"
        tried.append(command)
        if admissible(command):
            return Move((command,), after=_standing_set(game, candidate))
    if tried:
        return Move(tried[:1])  # the engine refuses it and says so
    return _left_out(obj) if _engine_name(game, board, focus, named) is None else \
        _refuse(f"Cannot find {obj} to pick up. Find the object before picking up it")


def _standing_set(game: Game, candidate: str) -> Callable[[Focus], None]:
    def after(focus: Focus) -> None:
        whole = game.slices.get(candidate)
        if whole is not None:
            focus.stands_for[whole] = candidate
    return after


def _held(game: Game, board: Board, focus: Focus) -> str:
    held = str(board.held)
    return standing(game, focus, held) if board.has("is_sliced", held) and pieces(game, held) else held


def put_down(game: Game, board: Board, focus: Focus, obj: str | None, admissible: Admissible) -> Move:
    if board.held is None:
        return _refuse("Robot is not holding any object")
    target = focus.at
    if target in game.receptacles:
        return Move((f"move {board.held} to {target}",))
    if target is not None and "receptacle" in game.task.object_by_id[target].properties:
        return _refuse(f"Putting the object on {target} failed: ALFWorld's engine puts nothing into objects that move")
    return _refuse(f"Putting the object on {target or 'the floor'} failed: {target or 'nothing'} found last is no "
                   "receptacle. Find a receptacle first")


def drop(game: Game, board: Board, focus: Focus, obj: str | None, admissible: Admissible) -> Move:
    if board.held is None:
        return Move(redundant="Robot is not holding any object")
    return _refuse("ALFWorld has no command to drop an object")


def open_(game: Game, board: Board, focus: Focus, obj: str, admissible: Admissible) -> Move:
    if obj not in game.receptacles:
        return _refuse(f"Open action failed: ALFWorld opens receptacles only, and {obj} is none of the game's")
    if board.has("is_open", obj):
        return Move(redundant=f"Open action failed. The {obj} is already open")
    if obj in focus.switched:
        return _refuse(f"Open action failed. Turn the {obj} off first")
    return Move((f"open {obj}",))


def close(game: Game, board: Board, focus: Focus, obj: str, admissible: Admissible) -> Move:
    if obj not in game.receptacles:
        return _refuse(f"Close action failed: ALFWorld closes receptacles only, and {obj} is none of the game's")
    if not board.has("is_open", obj):
        return Move(redundant=f"Close action failed. The {obj} is already closed")
    cools = game.task.object_by_id[obj].class_name == "Fridge"  # closing a microwave heats nothing
    return Move((*(_change(game, board, obj, [obj]) if cools else ()), f"close {obj}"))


def _change(game: Game, board: Board, fixture: str, receptacles: list[str]) -> list[str]:
    """The commands that clean, heat or cool what is in ``receptacles`` as ``fixture`` does in ALFRED (module doc)."""
    verb = CHANGES.get(game.task.object_by_id[fixture].class_name)
    if verb is None or board.held is not None:
        return []
    commands = []
    for receptacle in receptacles:
        for obj in (o for o in board.contents(receptacle) if ABLE[verb] in game.abilities.get(o, ())):
            commands += [f"take {obj} from {receptacle}", f"{verb} {obj} with {receptacle}", f"move {obj} to {receptacle}"]
    return commands


def turn_on(game: Game, board: Board, focus: Focus, obj: str, admissible: Admissible) -> Move:
    if obj in game.objects:
        return Move(redundant=f"Turn on action failed. The {obj} is already on") if board.has("is_on", obj) else \
            Move((f"use {obj}",))
    if obj not in game.fixtures:
        return _left_out(obj)
    if obj in focus.switched:
        return Move(redundant=f"Turn on action failed. The {obj} is already on")
    at = game.fixtures[obj]
    if board.location not in at:
        return _refuse(f"Cannot find {obj} to turn on")
    if board.has("is_open", obj):
        return _refuse(f"Turn on action failed. Close the {obj} first")
    changes = _change(game, board, obj, [obj] if obj in game.receptacles else [str(board.location)])
    if obj in game.receptacles and changes:
        changes = [f"open {obj}", *changes, f"close {obj}"]
    return Move(tuple(changes), after=lambda f: f.switched.add(obj))


def turn_off(game: Game, board: Board, focus: Focus, obj: str, admissible: Admissible) -> Move:
    if obj in game.objects:
        return Move((f"use {obj}",)) if board.has("is_on", obj) else \
            Move(redundant=f"Turn off action failed. The {obj} is already off")
    if obj not in game.fixtures:
        return _left_out(obj)
    if obj not in focus.switched:
        return Move(redundant=f"Turn off action failed. The {obj} is already off")
    if board.location not in game.fixtures[obj]:
        return _refuse(f"Cannot find {obj} to turn off")
    return Move((), after=lambda f: f.switched.discard(obj))


def slice_(game: Game, board: Board, focus: Focus, obj: str, admissible: Admissible) -> Move:
    if obj not in game.objects:
        return _left_out(obj)
    if board.has("is_sliced", obj):
        return Move(redundant=f"Slice action failed. The {obj} is already sliced")
    if board.held is None or game.task.object_by_id[board.held].class_name not in KNIVES:
        return _refuse("Slice action failed. Hold a knife first")
    where = board.parent.get(obj)

    def cut(f: Focus) -> None:
        if where is not None:
            f.cut_at[obj] = where
    return Move((f"slice {obj} with {board.held}",), after=cut)


SKILLS = {"FIND": find, "PICK_UP": pick_up, "PUT_DOWN": put_down, "DROP": drop, "OPEN": open_, "CLOSE": close,
          "TURN_ON": turn_on, "TURN_OFF": turn_off, "SLICE": slice_}


def translate(game: Game, board: Board, focus: Focus, action: Action, admissible: Admissible) -> Move:
    """What ``action`` comes to in ALFWorld, in the state ``board`` and ``focus`` describe."""
    skill = SKILLS.get(action.name)
    if skill is None or len(action.args) > 1:
        return _refuse(f"{action.name} is no skill of EB-ALFRED")
    obj = action.args[0] if action.args else None
    if obj is not None and obj not in game.task.object_by_id:
        return _refuse(f"Cannot find {obj}. This object may not exist in this scene. Try to explore other instances instead.")
    if (obj is None) != (action.name in ("PUT_DOWN", "DROP")):
        return _refuse(f"{action.name} takes {'no object' if obj is not None else 'one object'}")
    return skill(game, board, focus, obj, admissible)  # type: ignore[arg-type]
