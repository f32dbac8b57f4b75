"""The hooks: eai calls these with a ``register`` callback."""

from eai.plugin_api import DeferredModule, hookimpl
from eai_example.lamps import LampSimulator, LampSuite


@hookimpl
def eai_register_simulators(register):
    register(LampSimulator())


@hookimpl
def eai_register_suites(register):
    register(LampSuite())


@hookimpl
def eai_register_modules(register):
    register(DeferredModule("plan_lcs", "eai_example.plan_lcs:PlanLcs"))  # imported when first used
