"""The alfred simulator's symbolic environment passes the conformance kit on
EB-ALFRED tasks, and answers in EB-ALFRED's words."""

import pytest

from eai.host.manager import get_plugins
from eai.simulation.environment import SymbolicProvider
from eai.testing.environment import EnvironmentConformance
from eai.testing.faults import act


class TestAlfredSymbolicEnvironment(EnvironmentConformance):
    @pytest.fixture
    def provider(self):
        return SymbolicProvider(get_plugins().simulators.get("alfred"))

    @pytest.fixture
    def tasks(self, sample):
        return sample[:8]


def test_steps_answer_in_eb_alfreds_words(eb_tasks):
    task = eb_tasks["base_0"]
    with SymbolicProvider(get_plugins().simulators.get("alfred")).open() as env:
        env.reset(task)
        refused = env.step(act("PICK_UP", "Ladle_2"))
        assert not refused.success
        assert refused.feedback == "Last action is invalid. Cannot find Ladle_2 to pick up. Find the object before picking up it"
        unknown = env.step(act("FIND", "Cabinet_99"))
        assert not unknown.success and "Cannot find Cabinet_99" in unknown.feedback
        results = [env.step(action) for action in task.gold_plan]
        assert all(r.success and r.feedback == "Last action executed successfully." for r in results)
        assert results[-1].goal_reached and not results[-2].goal_reached
