"""LTL goals: parse and print them."""

from eai.ltl.parser import parse
from eai.ltl.printer import to_text
from eai.ltl.syntax import (
    And,
    Exists,
    Forall,
    ForN,
    Formula,
    Implies,
    LTLSyntaxError,
    Not,
    Or,
    Prim,
    Then,
    has_then,
)

__all__ = [
    "And",
    "Exists",
    "Forall",
    "ForN",
    "Formula",
    "Implies",
    "LTLSyntaxError",
    "Not",
    "Or",
    "Prim",
    "Then",
    "has_then",
    "parse",
    "to_text",
]
