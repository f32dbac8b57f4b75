"""Hooks of the built-in Fast Downward planner plugin."""

from eai.plugin_api import hookimpl
from eai_fast_downward.planner import FastDownward


@hookimpl
def eai_register_planners(register):
    register(FastDownward())
    register(FastDownward(via_up=False))
