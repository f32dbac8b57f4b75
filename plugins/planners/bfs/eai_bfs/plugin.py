"""Hooks of the built-in breadth-first search planner plugin."""

from eai.plugin_api import hookimpl
from eai_bfs.search import BreadthFirst


@hookimpl
def eai_register_planners(register):
    register(BreadthFirst())
