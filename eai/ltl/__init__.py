"""LTL goals: parse and print them, evaluate them on trajectories, ground and score them."""

from eai.ltl.evaluate import evaluate, holds
from eai.ltl.f1 import PRF, best_prf, option_elements, set_prf
from eai.ltl.grounding import GoalOption, options
from eai.ltl.parser import parse
from eai.ltl.printer import to_text
from eai.ltl.syntax import (
    And,
    Exists,
    Forall,
    Formula,
    ForN,
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
    "PRF",
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
    "best_prf",
    "evaluate",
    "has_then",
    "holds",
    "option_elements",
    "options",
    "parse",
    "set_prf",
    "to_text",
]
