"""The object-centric world representation: objects, states, actions, tasks."""

from eai.world.actions import Action, Trajectory
from eai.world.objects import Obj
from eai.world.state import Atom, AtomIndex, Decoded, Literal, State, format_atom
from eai.world.task import Goal, Task, TransitionModelTask

__all__ = ["Action", "Atom", "AtomIndex", "Decoded", "Goal", "Literal", "Obj", "State", "Task", "Trajectory", "TransitionModelTask", "format_atom"]
