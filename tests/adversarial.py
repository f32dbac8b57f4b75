"""Adversarial model answers, made from real gold answers, and the CPU limit
they are scored under (the fuzz tests and ``benchmarks/fuzz_answers.py``).

Shapes: cut at any point (a token limit), characters that break lines or
encodings (U+2028, U+2029, U+0085, lone surrogates, NUL, BOM), numbers of
thousands of digits, deep nesting, unterminated strings (after many ``[``),
fragments repeated to megabytes (``(:action`` after ``(:action``), many items
or lines, ``or`` alternatives, prose and fences, arbitrary text; and
combinations of these.
"""

from __future__ import annotations

import json
import random
import re
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from eai.host.manager import Plugins
from eai.world import Task
from eai_modules.subgoal_decomposition import goal_subgoal_plan
from eai_modules.transition_modeling.gold import gold_model
from tests.helpers import upstream_output
from tests.modules.gi_answers import behavior_answer, virtualhome_gold

MODULES = ("goal_interpretation", "subgoal_decomposition", "action_sequencing", "transition_modeling")
BREAKERS = ("\u2028", "\u2029", "\x85", "\ud800", "\udfff", "\x00", "\ufeff", "\u202e", "\r", "\\", '"', "'", "`",
            "```", "{", "[", "(", "}", "]", ")", ",", ":", "(:action", " not ", "\\u", "\\ud800", "#", "//")
MAX_SIZE = 2_000_000  # characters; the scoring cap is far below


def gold_answer(plugins: Plugins, module: str, task: Task) -> str:
    """The task's gold answer, written as models are asked to write it."""
    if module == "goal_interpretation":
        return virtualhome_gold(task) if task.suite == "virtualhome" else behavior_answer(task.goal.state, task.goal.relation)
    if module == "action_sequencing":
        if task.suite == "virtualhome":
            return upstream_output([[a.name, *a.args] for a in task.gold_plan])
        names = task.extra["behavior"]["scene_names"]
        return json.dumps([{"action": a.name, "object": ", ".join(names[x] for x in a.args)} for a in task.gold_plan])
    if module == "subgoal_decomposition":
        simulator = plugins.simulators.get(plugins.suites.get(task.suite).simulator)
        return json.dumps({"necessity_to_use_action": "no", "actions_to_include": [],
                           "output": goal_subgoal_plan(task, simulator)})
    return "\n".join(op.to_pddl("") for op in gold_model(plugins, task.suite).operators(task))


def _at(rng: random.Random, text: str) -> int:
    return rng.randrange(len(text) + 1)


def cut(rng: random.Random, text: str) -> str:
    return text[:_at(rng, text)]


def breakers(rng: random.Random, text: str) -> str:
    for _ in range(rng.randint(1, 8)):
        i = _at(rng, text)
        text = text[:i] + rng.choice(BREAKERS) * rng.choice((1, 1, 3, 1000)) + text[i:]
    return text


def huge_number(rng: random.Random, text: str) -> str:
    digits = "-" * rng.randint(0, 1) + "9" * rng.choice((4301, 5000, 100_000)) + rng.choice(("", ".5", "e99999"))
    numbers = list(re.finditer(r"\d+", text))
    if numbers and rng.random() < 0.7:
        m = rng.choice(numbers)
        return text[:m.start()] + digits + text[m.end():]
    i = _at(rng, text)
    return text[:i] + rng.choice(("", ", ", "[", ": ")) + digits + text[i:]


def deep(rng: random.Random, text: str) -> str:
    depth = rng.choice((99, 101, 1000, 100_000))
    opening, closing = rng.choice((("[", "]"), ("{", "}"), ('{"a": ', "}"), ("(", ")"), ('["not", ', "]"), ("(not ", ")")))
    return opening * depth + text + closing * depth * rng.randint(0, 1)


def unterminated(rng: random.Random, text: str) -> str:
    i = _at(rng, text)
    return text[:i] + "[" * rng.choice((0, 60)) + rng.choice("\"'") + "x" * rng.choice((10, 100_000, 1_000_000))


def repeated(rng: random.Random, text: str) -> str:
    i = _at(rng, text)
    piece = rng.choice((text[i:i + rng.randint(1, 40)], "(:action ", "(:action a :parameters (?x) :effect (p ?x))\n",
                        "ON(x.1)\n", "[", "{", '"', "\n", " ", "```"))
    return text + (piece or "x") * (MAX_SIZE // 4 // max(len(piece), 1))


def many(rng: random.Random, text: str) -> str:
    """The items of the outermost list or object repeated, or the whole answer."""
    first, last = min((i for i in (text.find("["), text.find("{")) if i >= 0), default=-1), max(text.rfind("]"), text.rfind("}"))
    inner = text[first + 1:last] if 0 <= first < last else text
    times = min(rng.choice((2, 100, 5000)), MAX_SIZE // (len(inner) + 2) + 1)
    if 0 <= first < last:
        return text[:first + 1] + ", ".join([inner] * times) + text[last:]
    return "\n".join([text] * times)


def alternatives(rng: random.Random, text: str) -> str:
    """Quoted items (subgoal lines, goals) joined into ``or`` alternatives, many times."""
    items = [item for item in re.findall(r'"([^"]*)"', text) if "(" in item] or ["ON(x.1)"]
    line = " or ".join(rng.choice(items) for _ in range(rng.randint(2, 4)))
    times = min(rng.choice((1, 20, 2000)), MAX_SIZE // (len(line) + 4) + 1)  # enough to pass MAX_SIZE, no more
    return json.dumps({"output": [line] * times})


def prose(rng: random.Random, text: str) -> str:
    return rng.choice(("Sure! ", "```json\n", "```\n```", "Here {is} [the] plan:\n", "")) + text + rng.choice(
        ("\n```", " Hope this helps!", "\n```\n{", "", " [1] {note"))


def noise(rng: random.Random, text: str) -> str:
    alphabet = "{}[]()\"':,.\\ \n\t#/-_aAnotON0123456789\u2028\u2029\x85\ud800\udfff"
    return "".join(rng.choice(alphabet) for _ in range(rng.choice((0, 1, 50, 5000))))


SHAPES: tuple[Callable[[random.Random, str], str], ...] = (
    cut, breakers, huge_number, deep, unterminated, repeated, many, alternatives, prose, noise)


def adversarial(rng: random.Random, base: str) -> str:
    """One to three shapes applied to ``base``."""
    text = base
    for _ in range(rng.choice((1, 1, 2, 3))):
        text = rng.choice(SHAPES)(rng, text)[:MAX_SIZE]
    return text


class CpuLimitExceeded(BaseException):
    """Not an Exception, so no ``except Exception`` in the code under test hides it."""


@contextmanager
def cpu_limit(seconds: float) -> Iterator[None]:
    """Stop the block with :class:`CpuLimitExceeded` once this process has used
    ``seconds`` of CPU in it (ITIMER_PROF counts CPU, not wall-clock time)."""
    def expire(signum: int, frame: object) -> None:
        raise CpuLimitExceeded(f"more than {seconds} s of CPU")

    previous = signal.signal(signal.SIGPROF, expire)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
