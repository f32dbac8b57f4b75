"""The conformance kit of the step-by-step protocol (:mod:`eai.simulation.environment`).

Any live environment runs it on tasks of the symbolic simulator it serves::

    from eai.testing.environment import EnvironmentConformance

    class TestMyThor(EnvironmentConformance):
        @pytest.fixture
        def provider(self):
            return MyThorProvider()          # an EnvironmentProvider

        @pytest.fixture
        def tasks(self):
            return get_plugins().suites.get("eb-alfred").load()[:5]

Each check is also a plain function returning what is wrong (empty: conforms),
so it can run outside pytest (:mod:`eai.simulation.conformance`, which does not
import pytest). The checks ask what the paper's evaluation
relies on: a reset restores the task's initial state and can be repeated;
the state speaks only of the task's objects in the simulator's predicates;
an action that cannot be carried out changes nothing and says why; the gold
plan is carried out step by step and reaches the goal.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from eai.simulation.conformance import conformance_problems, gold_problems, refusal_problems, reset_problems
from eai.simulation.environment import EnvironmentProvider
from eai.world import Task

__all__ = ["EnvironmentConformance", "conformance_problems", "gold_problems", "refusal_problems", "reset_problems"]


class EnvironmentConformance:
    """Subclass as ``Test...`` and give the fixtures ``provider`` and ``tasks``."""

    @pytest.fixture
    def provider(self) -> EnvironmentProvider:
        raise NotImplementedError("define a 'provider' fixture returning your EnvironmentProvider")

    @pytest.fixture
    def tasks(self) -> Sequence[Task]:
        raise NotImplementedError("define a 'tasks' fixture returning tasks of the provider's simulator")

    def test_reset(self, provider: EnvironmentProvider, tasks: Sequence[Task]) -> None:
        assert [p for t in tasks for p in reset_problems(provider, t)] == []

    def test_refusal(self, provider: EnvironmentProvider, tasks: Sequence[Task]) -> None:
        assert [p for t in tasks for p in refusal_problems(provider, t)] == []

    def test_gold_plans(self, provider: EnvironmentProvider, tasks: Sequence[Task]) -> None:
        assert [p for t in tasks for p in gold_problems(provider, t)] == []
