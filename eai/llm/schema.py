"""Answers asked in a JSON schema (``--response-format json-schema``): whether one conforms.

An answer conforms when what it says after any reasoning preamble
(:func:`eai.base.answer_cap.answer_part`) is one JSON value, and that value
is valid under the schema (JSON Schema draft 2020-12, checked with the
``jsonschema`` library, the reference implementation in Python). A schema
failure is counted apart from a parsing error: the modules still read the
answer as leniently as ever, so a failure costs the answer nothing.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from eai.base.answer_cap import answer_part


def conforms(text: str, schema: Mapping[str, Any]) -> bool:
    """Whether ``text`` is one JSON value valid under ``schema``."""
    import jsonschema  # type: ignore[import-untyped]

    try:
        value = json.loads(answer_part(text))
    except ValueError:
        return False
    return jsonschema.Draft202012Validator(schema).is_valid(value)
