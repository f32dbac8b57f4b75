"""The object-centric world representation: objects, states, actions, tasks."""

from eai.world.actions import Action, Trajectory
from eai.world.atoms import SharedAtoms, atom_set
from eai.world.objects import Obj
from eai.world.state import Atom, AtomIndex, Decoded, Literal, State, format_atom
from eai.world.task import Goal, Task, TransitionModelTask

__all__ = ["Action", "Atom", "AtomIndex", "Decoded", "Goal", "Literal", "Obj", "SharedAtoms", "State", "Task", "Trajectory",
           "TransitionModelTask", "atom_set", "format_atom"]
