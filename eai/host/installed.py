"""Code of an installed third-party package, read without running the package's ``__init__``.

Real engines (docs/engines.md) ship code worth running inside packages whose
``__init__`` fails or has side effects: ``import virtualhome`` indexes
``sys.path[5]`` and imports the Unity client; ``import alfworld`` creates
``~/.cache/alfworld``. :func:`load` imports one module file or sub-package of
such a package under a private name, so its relative imports work and the
package around it is never imported.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from eai.exceptions import EaiError


def package_path(name: str) -> Path | None:
    """The folder of installed top-level package ``name`` (None when it is not installed), found without importing it."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def required(name: str, lacking: str) -> Path:
    """The folder of installed package ``name``; EaiError(``lacking``), what the caller
    finds missing (its install line), when that is not empty or the package is not there."""
    root = package_path(name)
    if lacking or root is None:
        raise EaiError(lacking or f"{name} is not installed")
    return root


def load(path: Path, name: str) -> ModuleType:
    """The module file or package folder at ``path``, imported as ``name``
    (once: later calls return the same module) without importing the packages around it."""
    if name in sys.modules:
        return sys.modules[name]
    folder = path.is_dir()
    spec = importlib.util.spec_from_file_location(name, path / "__init__.py" if folder else path,
                                                  submodule_search_locations=[str(path)] if folder else None)
    if spec is None or spec.loader is None:
        raise ImportError(f"no Python code at {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module
