"""Object names as models write them, compared the way every simulator compares them.

``name_key`` is the one spelling-insensitive form of a name: lower case,
surrounding whitespace, quotes and angle brackets dropped, each run of spaces
or hyphens one underscore (``'<Washing machine>'`` -> ``washing_machine``).
Simulators build their lookups from it (``World.resolve_args``), and goal
interpretation compares object and class names through it.
"""

from __future__ import annotations

import re
from functools import lru_cache

_SEPARATORS = re.compile(r"[\s\-]+")


@lru_cache(maxsize=8192)
def name_key(text: str) -> str:
    return _SEPARATORS.sub("_", str(text).strip().strip("'\"<>").strip().lower())
