"""LTL goals: parse and print them, evaluate them on trajectories, ground them into goal options."""

from eai.ltl.evaluate import evaluate, holds
from eai.ltl.grounding import GoalOption, options
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
from eai.ltl.universe import Universe

__all__ = [
    "And",
    "Exists",
    "Forall",
    "ForN",
    "Formula",
    "GoalOption",
    "Implies",
    "LTLSyntaxError",
    "Not",
    "Or",
    "Prim",
    "Then",
    "Universe",
    "evaluate",
    "has_then",
    "holds",
    "options",
    "parse",
    "to_text",
]
