"""Hooks of the evolving_graph plugin: the environment ``virtualhome`` (extra ``virtualhome``)."""

from eai.plugin_api import hookimpl
from eai_evolving_graph.environment import GraphProvider


@hookimpl
def eai_register_environments(register):
    register(GraphProvider())
