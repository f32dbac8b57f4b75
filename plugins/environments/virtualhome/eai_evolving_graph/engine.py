"""VirtualHome 2.3.0's evolving graph, loaded from where pip installed it, with its defects worked around.

VirtualHome ships, beside the client of its Unity build, a Python simulator of
scripts on scene graphs: ``virtualhome/simulation/evolving_graph`` (the
upstream evaluator of the paper runs a modified copy of it). Installed with
``pip install --no-deps virtualhome==2.3.0`` (its pinned ``opencv-python``
builds from source and stalls; the evolving graph needs only numpy):

- ``import virtualhome`` fails: its ``__init__`` takes ``sys.path[5]`` as its
  own folder and imports the Unity client. The evolving graph is loaded from
  its folder under a private name instead (:mod:`eai.host.installed`), so
  ``virtualhome`` itself is never imported;
- ``[FIND]`` of an object the character is not close to crashes:
  ``FindExecutor`` calls ``JoinedExecutor.execute()`` with two arguments its
  signature lacks (``modify``, ``in_place``). The private copy's
  ``_walk_find_executor`` is replaced by a joined executor that takes them
  (walk there, as VirtualHome means);
- ``[PUTOFF]`` crashes: ``PutOffExecutor`` calls its ``check_putoff`` without
  the character's index, which calls ``_get_character_node`` with one
  argument too many. The private copy's ``check_putoff`` is VirtualHome's
  check with the index defaulting to the first character (eai's episodes
  have one) and passed once;
- the character's own states are read from the initial graph: its
  ``get_char_node`` ignores changed nodes, so after ``[LIE]`` the character
  is not lying (``[SLEEP]`` fails) and after ``[STANDUP]`` still sitting
  (``[WALK]`` fails). The private copy's ``_get_character_node`` reads the
  character's current node, as the upstream evaluator's copy does.

Nothing in site-packages is changed (the upstream evaluator's copy, in
``eai-eval``, fixes all three the same way).
"""

from __future__ import annotations

from functools import lru_cache
from importlib import import_module, metadata
from types import ModuleType, SimpleNamespace

from eai.plugin_api import load_installed, package_path, required_package

VERSION = "2.3.0"
INSTALL = (f'pip install "eai-kit[virtualhome]" && pip install --no-deps virtualhome=={VERSION} '
           '(in a checkout: pip install -e ".[virtualhome]" and the same second command)')
PRIVATE = "eai_evolving_graph._virtualhome_evolving_graph"


def version() -> str:
    try:
        return metadata.version("virtualhome")
    except metadata.PackageNotFoundError:
        return ""


def missing() -> str:
    """What stops the engine from running here ("" when nothing does)."""
    root = package_path("virtualhome")
    if root is None or not (root / "simulation" / "evolving_graph" / "execution.py").is_file():
        return f"virtualhome's evolving graph is not installed: {INSTALL}"
    if package_path("numpy") is None:
        return f"numpy (which the evolving graph imports) is not installed: {INSTALL}"
    return ""


@lru_cache(maxsize=1)
def evolving_graph() -> SimpleNamespace:
    """The evolving graph's modules ``environment``, ``execution`` and ``scripts``, loaded privately and fixed."""
    root = required_package("virtualhome", missing())
    load_installed(root / "simulation" / "evolving_graph", PRIVATE)
    modules = SimpleNamespace(**{name: import_module(f"{PRIVATE}.{name}") for name in ("environment", "execution", "scripts")})
    _fix_find(modules.execution)
    _fix_putoff(modules.execution, modules.environment)
    _fix_character(modules.execution)
    return modules


def _fix_find(execution: ModuleType) -> None:
    """``FindExecutor`` far from its object: walk there (module doc)."""
    class Joined(execution.JoinedExecutor):  # type: ignore[name-defined,misc]
        def execute(self, script, state, info, char_index, modify=True, in_place=False):  # type: ignore[no-untyped-def]
            for executor in self.executors:
                yield from executor.execute(script, state, info, char_index, modify, in_place)

    execution._walk_find_executor = Joined(execution.WalkExecutor(), execution._FindExecutor())


def _fix_putoff(execution: ModuleType, environment: ModuleType) -> None:
    """``PUTOFF``: the check VirtualHome wrote, called as it means (module doc)."""
    def check_putoff(self, state, node, info, char_index=0):  # type: ignore[no-untyped-def]
        character = execution._get_character_node(state, char_index)
        worn = environment.ExistsRelation(environment.NodeInstance(node), environment.Relation.ON,
                                          environment.NodeInstanceFilter(character))
        if not state.evaluate(worn):
            info.error("{} is not on {}", node, character)
            return False
        if environment.Property.CLOTHES not in node.properties:
            info.error("{} is not clothes", node)
            return False
        return True

    execution.PutOffExecutor.check_putoff = check_putoff


def _fix_character(execution: ModuleType) -> None:
    """The character's current node, not the initial graph's (module doc)."""
    def character(state, char_index):  # type: ignore[no-untyped-def]
        first = next(state.get_char_node(char_index), None)
        return None if first is None else state.get_node(first.id)

    execution._get_character_node = character
