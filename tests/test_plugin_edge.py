"""The plugin API's edge: the built-in plugins and the example import eai only
through ``eai.plugin_api`` (and ``EaiError``, ``__version__`` from ``eai``);
the module's table, ``__all__``, the names type checkers see and
docs/plugins.md's list all name the same things; importing it imports
nothing else of eai."""

import ast
import re
import subprocess
import sys

import pytest

import eai.plugin_api as api
from tests.helpers import ROOT

PLUGIN_SOURCES = sorted([*(ROOT / "plugins").rglob("*.py"), *(ROOT / "examples").rglob("*.py")])
FROM_EAI = {"EaiError", "__version__"}


def kernel_imports(path, root=ROOT):
    """Every import of eai in ``path`` (module-level and function-local) that is not the plugin API."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [f"import {a.name}" for a in node.names if a.name == "eai" or a.name.startswith("eai.")]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "eai":
                found += [f"from eai import {a.name}" for a in node.names if a.name not in FROM_EAI]
            elif node.module.startswith("eai.") and node.module != "eai.plugin_api":
                found.append(f"from {node.module} import ...")
    return sorted(f"{path.relative_to(root)}:{line}" for line in found)


def test_built_in_plugins_and_the_example_import_only_the_plugin_api():
    assert len(PLUGIN_SOURCES) > 100  # the 13 built-in plugins and the example are all read
    assert [line for path in PLUGIN_SOURCES for line in kernel_imports(path)] == []


def test_a_function_local_kernel_import_is_found(tmp_path):
    # the Ray executor imported eai.runner.run inside its methods
    path = tmp_path / "executor.py"
    path.write_text("from eai import EaiError\nfrom eai.plugin_api import Shard\n\n"
                    "def work():\n    from eai.runner.run import run_unit\n    import eai.results.scoring\n")
    assert kernel_imports(path, tmp_path) == ["executor.py:from eai.runner.run import ...",
                                              "executor.py:import eai.results.scoring"]


def test_every_name_resolves_and_all_lists_the_table():
    assert api.__all__ == sorted(api._WHERE)
    assert sorted(dir(api)) == api.__all__
    for name in api.__all__:
        assert getattr(api, name) is not None, name
    assert api.ltl.parse("ON(computer.170)") == api.ltl.Prim("ON", ("computer.170",))  # virtualhome 433_1
    assert api.execute_plan.__module__ == "eai.simulation.taxonomy" and api.And.__module__ == "eai.pddl.formula"


def type_checking_names():
    """name -> "module:attribute" as the imports of the stub type checkers read (eai/plugin_api.pyi) say."""
    tree = ast.parse((ROOT / "eai" / "plugin_api.pyi").read_text())
    names = {}
    for node in tree.body:
        if not isinstance(node, ast.ImportFrom):
            continue
        for alias in node.names:
            module = f"{node.module}.{alias.name}"
            is_module = module in api._WHERE.values()
            names[alias.asname or alias.name] = module if is_module else f"{node.module}:{alias.name}"
    return names


def test_type_checkers_see_what_the_table_imports():
    assert type_checking_names() == api._WHERE
    stub = ast.parse((ROOT / "eai" / "plugin_api.pyi").read_text())
    [exported] = [ast.literal_eval(n.value) for n in stub.body if isinstance(n, ast.Assign)
                  and getattr(n.targets[0], "id", "") == "__all__"]
    assert exported == api.__all__


def documented_names():
    text = (ROOT / "docs" / "plugins.md").read_text()
    section = text.split("\n## The plugin API\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^- `([A-Za-z_]+)`: \S", section, flags=re.M)


def test_docs_list_every_name_of_the_api_once():
    names = documented_names()
    assert len(names) == len(set(names))
    assert sorted(names) == api.__all__


def test_importing_the_api_imports_nothing_else_of_eai():
    code = "import sys, eai.plugin_api; print(sorted(m for m in sys.modules if m.split('.')[0] == 'eai'))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['eai', 'eai.exceptions', 'eai.plugin_api']"


def test_the_runner_s_internals_are_not_api():
    with pytest.raises(AttributeError, match="'eai.plugin_api' has no attribute 'run_unit'"):
        api.run_unit  # noqa: B018
