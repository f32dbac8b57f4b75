"""eai: the Embodied Agent Interface as software.

The Python API (docs/api.md): ``eai.score`` answers made elsewhere,
``eai.run`` models on task suites, ``eai.load_suite``, ``eai.report``.
Plugin authors use the modules docs/plugins.md names; everything else is private.
"""

__version__ = "0.1.0"

from eai.api import Result, Run, load_suite, report, run, score  # noqa: E402  (the API imports lazily)
from eai.exceptions import EaiError  # noqa: E402

__all__ = ["EaiError", "Result", "Run", "__version__", "load_suite", "report", "run", "score"]
