"""The kernel's layers (docs/architecture.md): a package imports only its own layer and the ones
below, no package cycle, and no function-local import hides an edge; checked over the AST, imports
inside ``if TYPE_CHECKING:`` aside (they are read by type checkers, never run)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1]

# Lowest first. "modules" is the interface of ability modules and the code several modules and the
# kernel share (eai/modules/, the paper's four being the plugin plugins/modules); "modules.benchmark"
# is what a benchmark adds to a trajectory's record, a feature (it judges with PARTNR's evaluation).
LAYERS: list[tuple[str, ...]] = [
    ("exceptions", "base"),
    ("world", "ltl", "pddl"),
    ("host",),
    ("simulation", "llm", "tasks", "modules"),
    ("agent", "challenge", "collaboration", "compose", "generation", "health", "modules.benchmark", "reporting", "results",
     "viewer"),
    ("runner",),
    ("api", "cli", "plugin_api", "testing", "eai"),
]

# Edges that break the rules today, each with the step of issue 32 that removes it. The test fails
# when one is no longer there, so this list only shrinks.
KNOWN: dict[tuple[str, str], str] = {}

LAYER_OF = {component: n for n, components in enumerate(LAYERS) for component in components}


def component(module: str) -> str:
    """The component of a module of eai: its package under eai/, eai.modules.benchmark apart."""
    parts = module.split(".")
    if len(parts) == 1:
        return "eai"
    if parts[1] == "modules" and len(parts) > 2 and parts[2] == "benchmark":
        return "modules.benchmark"
    if parts[1] in ("__init__", "__main__"):
        return "eai" if parts[1] == "__init__" else "cli"
    return parts[1]


def kernel_imports() -> list[tuple[str, str, int]]:
    """(importing module, imported module, line) for every import of eai by eai that runs."""
    found = []
    for path in sorted((ROOT / "eai").rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {id(n) for node in ast.walk(tree)
                       if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
                       for n in ast.walk(node)}
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                if node.module == "eai":
                    names = [f"eai.{a.name}" for a in node.names if a.name not in ("EaiError", "__version__")]
                else:
                    names = [node.module] if node.module.startswith("eai.") else []
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names if a.name.startswith("eai.")]
            else:
                continue
            found.extend((module, name, node.lineno) for name in names)
    return found


def test_every_package_of_eai_has_a_layer():
    packages = {p.name for p in (ROOT / "eai").iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    loose = {p.stem for p in (ROOT / "eai").glob("*.py")} - {"__init__", "__main__"}
    assert packages | loose <= set(LAYER_OF), sorted((packages | loose) - set(LAYER_OF))


def test_no_import_reaches_a_higher_layer():
    upward = [f"{a} -> {b} (line {line})" for a, b, line in kernel_imports()
              if (a, b) not in KNOWN and LAYER_OF[component(b)] > LAYER_OF[component(a)]]
    assert upward == []


def test_no_package_cycle():
    graph = nx.DiGraph((component(a), component(b)) for a, b, _ in kernel_imports()
                       if (a, b) not in KNOWN and component(a) != component(b))
    assert list(nx.simple_cycles(graph)) == []


def test_known_exceptions_still_exist():
    """A known exception that is gone must leave the list, so that it only shrinks."""
    edges = {(a, b) for a, b, _ in kernel_imports()}
    assert [edge for edge in KNOWN if edge not in edges] == []


def test_the_architecture_page_lists_the_same_layers():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d) \| ([^|]+) \|", text, flags=re.M)
    documented = {int(n): tuple(sorted(re.findall(r"`([\w.]+)`", names))) for n, names in rows}
    assert documented == {n: tuple(sorted(components)) for n, components in enumerate(LAYERS)}
