"""Fuzz scoring: adversarial answers through every module's parse and evaluate.

    python benchmarks/fuzz_answers.py [--count 10000] [--module M ...] [--item M:N]

For each module, ``--count`` answers (default 10,000) made from the gold
answers of real tasks of both suites (every 5th task the module covers) by
``tests/adversarial.py`` (cut, line- and encoding-breaking characters, huge
numbers, deep nesting, unterminated strings, megabytes of repeats, many
items, ``or`` alternatives, prose, noise, combined), plus the issue's
measured worst cases. Each answer is parsed and evaluated alone under a CPU
limit of 60 s. Each module runs in its own process, so its peak memory is
its own. Prints per module: answers, crashes (an exception out of parse or
evaluate; must be 0), answers over the CPU limit (must be 0), truncated
answers, the slowest answer's CPU time (and how to replay it: ``--item``),
and the peak resident memory (making the answers included) with the memory
after loading the tasks and the answer whose scoring raised the peak most.

Transition modeling: the per-answer CPU is parsing and the logic-form record
(``Answer.record``); planning runs afterwards in one ``evaluate_all`` batch
over the same answers, as ``eai score`` does (equal problems once), with
the peak memory after it; the CPU of each module's whole run, planner
processes included, is printed last.
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eai.host.manager import get_plugins  # noqa: E402
from eai.modules import get_module  # noqa: E402
from eai.modules.base import Env  # noqa: E402
from eai_modules.transition_modeling.answer import Answer  # noqa: E402
from eai_modules.transition_modeling.gold import gold_model  # noqa: E402
from tests.adversarial import MODULES, CpuLimitExceeded, adversarial, cpu_limit, gold_answer  # noqa: E402

CPU_SECONDS = 60.0
WORST_CASES = (  # the audit's measured worst cases (issue 14), on every base
    lambda base: "(:action " * 1_250_000,  # 10 MB of repeated "(:action"
    lambda base: "ON(x.1)\n" * 1_300_000,  # 10 MB of 870k+ lines
    lambda base: "[" * 60 + '"' + "x" * 10_000_000,  # an unterminated 10 MB string after 60 "["
    lambda base: base + " " * 64_000_000,  # a 64 MB answer
    lambda base: base.replace("1", "1" * 5000, 1),  # a number of 5,000 digits
    lambda base: '{"node goals": [["not", [',  # the BEHAVIOR goal answer that raised IndexError
)


def megabytes(kilobytes: int) -> float:
    return kilobytes / 1024


def peak_kb() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def samples(module: str) -> list[tuple]:
    plugins = get_plugins()
    mod = get_module(module)
    chosen = []
    for suite in ("virtualhome", "behavior"):
        chosen += [t for t in plugins.suites.get(suite).load() if mod.applies_to(t)][::5]
    return [(task, gold_answer(plugins, module, task)) for task in chosen]


def answer(module: str, bases: list[tuple], index: int) -> tuple:
    """Answer ``index`` of ``module``: the same on every run."""
    rng = random.Random(f"{module}:{index}")
    task, base = rng.choice(bases)
    if index < len(WORST_CASES):
        return task, WORST_CASES[index](base)
    return task, adversarial(rng, base)


def env_for(task) -> Env:
    plugins = get_plugins()
    return Env(plugins.simulators.get(plugins.suites.get(task.suite).simulator), plugins, {"workers": 1})


def score_one(module: str, task, text: str) -> bool:
    """Parse and evaluate one answer (transition modeling: without planning); whether it was truncated."""
    mod = get_module(module)
    parsed = mod.parse(text)
    if module == "transition_modeling":
        record = Answer.read(parsed, task, gold_model(get_plugins(), task.suite)).record()
    else:
        record = mod.evaluate(parsed, task, env_for(task))
    return record["truncated_answer"]


def fuzz(module: str, count: int) -> None:
    bases = samples(module)
    loaded = peak_kb()
    crashes: list[str] = []
    over, truncated, slowest, slowest_index = 0, 0, 0.0, 0
    raised, raised_index = 0, 0
    start_wall = time.perf_counter()
    for index in range(count):
        task, text = answer(module, bases, index)
        before, peak_before = time.process_time(), peak_kb()
        try:
            with cpu_limit(CPU_SECONDS):
                truncated += score_one(module, task, text)
        except CpuLimitExceeded:
            over += 1
        except Exception as exc:  # a crash: reported, the fuzzing goes on
            crashes.append(f"{module}:{index}: {type(exc).__name__}: {exc}"[:300])
        spent = time.process_time() - before
        if spent > slowest:
            slowest, slowest_index = spent, index
        rise = peak_kb() - peak_before
        if rise > raised:
            raised, raised_index = rise, index
    most = (f"scoring --item {module}:{raised_index} raised it most, by {megabytes(raised):.1f} MB" if raised
            else "no answer's scoring raised it")
    print(f"{module}: {count} answers, {len(crashes)} crashes, {over} over {CPU_SECONDS:g} s of CPU, "
          f"{truncated} truncated; slowest {slowest:.3f} s CPU (--item {module}:{slowest_index}); "
          f"peak memory {megabytes(peak_kb()):.0f} MB ({megabytes(loaded):.0f} MB after loading the tasks; {most}); "
          f"{time.perf_counter() - start_wall:.0f} s wall", flush=True)
    for crash in crashes[:20]:
        print("  crash", crash)
    if module == "transition_modeling":
        plan_all(bases, count)


def plan_all(bases: list[tuple], count: int) -> None:
    """Transition modeling's evaluate_all over the same answers, with planning
    (each answer made again and parsed at once: only the parsed ones are kept)."""
    module = get_module("transition_modeling")
    own, start = time.process_time(), time.perf_counter()
    by_suite: dict[str, list] = {}
    for index in range(count):
        task, text = answer("transition_modeling", bases, index)
        by_suite.setdefault(task.suite, []).append((module.parse(text), task))
    crashed = ""
    try:
        for items in by_suite.values():
            module.evaluate_all(items, Env(None, get_plugins(), {}))
    except Exception as exc:
        crashed = f": crashed, {type(exc).__name__}: {exc}"
    print(f"transition_modeling planning: {count} answers in {time.perf_counter() - start:.0f} s wall, "
          f"{time.process_time() - own:.0f} s CPU in this process{crashed or ', no crash'}; "
          f"peak memory {megabytes(peak_kb()):.0f} MB")


def replay(item: str) -> None:
    module, index = item.split(":")
    task, text = answer(module, samples(module), int(index))
    before, peak_before = time.process_time(), peak_kb()
    truncated = score_one(module, task, text)
    print(f"{item}: task {task.id}, {len(text)} characters, truncated {truncated}, "
          f"{time.process_time() - before:.3f} s CPU, peak memory {megabytes(peak_before):.0f} -> "
          f"{megabytes(peak_kb()):.0f} MB; starts {text[:200]!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--module", action="append", choices=MODULES)
    parser.add_argument("--item", help="replay one answer, MODULE:INDEX")
    parser.add_argument("--here", action="store_true", help="run in this process (one module)")
    args = parser.parse_args()
    if args.item:
        replay(args.item)
        return
    modules = args.module or list(MODULES)
    if args.here:
        for module in modules:
            fuzz(module, args.count)
        return
    for module in modules:  # one process each: its own peak memory
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, __file__, "--here", "--module", module, "--count", str(args.count)], check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        print(f"{module}: {cpu:.0f} s of CPU in all, its planner processes included", flush=True)


if __name__ == "__main__":
    main()
