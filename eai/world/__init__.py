"""The object-centric world representation: objects, states, actions, tasks."""

from eai.world.actions import Action, Trajectory
from eai.world.objects import Obj
from eai.world.state import Atom, AtomIndex, State, format_atom
from eai.world.task import Goal, Task

__all__ = ["Action", "Atom", "AtomIndex", "Goal", "Obj", "State", "Task", "Trajectory", "format_atom"]
