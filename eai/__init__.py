"""eai: the Embodied Agent Interface as software.

The Python API (docs/api.md): ``eai.score`` answers made elsewhere,
``eai.run`` models on task suites, ``eai.load_suite``, ``eai.report``, ``eai.compare``.
Plugin authors use :mod:`eai.plugin_api` (docs/plugins.md); everything else is private.
"""

__version__ = "0.1.0"

from eai.exceptions import EaiError  # noqa: E402

_API = ("Result", "Run", "compare", "load_suite", "report", "run", "score")


def __getattr__(name: str):  # PEP 562: the API is imported when first used, so the CLI starts quickly
    if name in _API:
        from eai import api
        return getattr(api, name)
    raise AttributeError(f"module 'eai' has no attribute {name!r}")


__all__ = ["EaiError", "Result", "Run", "__version__", "compare", "load_suite", "report", "run", "score"]
