"""Properties every simulator's World must have, for its tests to check along
random executions (hypothesis draws the actions)::

    from eai.testing.worlds import probe, random_action

    action = random_action(data, ACTIONS, objects)
    check = probe(world, state, action)   # fails if a reported missing precondition holds

(The kit imports hypothesis.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hypothesis import strategies as st

from eai.pddl.ground import holds
from eai.simulation.simulator import ActionSpec, Check, World
from eai.world import Action, State


def random_action(data: Any, actions: Mapping[str, ActionSpec], objects: Sequence[str]) -> Action:
    """An action of ``actions`` on objects drawn from ``objects``, with the right arity."""
    name = data.draw(st.sampled_from(sorted(actions)))
    return Action(name, tuple(data.draw(st.sampled_from(objects)) for _ in range(actions[name].arity)))


def probe(world: World, state: State, action: Action) -> Check:
    """``world.check(state, action)``, asserting that every precondition it
    reports missing is false in ``state``."""
    check = world.check(state, action)
    for formula in check.missing:
        assert not holds(formula, state), (action, formula)
    return check
