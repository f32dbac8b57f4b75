"""Every verdict of the committed suites, written down to compare before and after a change.

    python benchmarks/verdicts.py snapshot DIR [--suites S ...] [--limit N]
    python benchmarks/verdicts.py compare OLD NEW

``snapshot`` writes into DIR the records and summaries of, for every committed
suite and every module its simulator claims:

- ``gold``: the gold answers scored with ``eai score`` (action sequencing: the
  gold plan; subgoal decomposition: the goal-derived subgoal plan; goal
  interpretation: the gold goals; transition modeling: the gold operators);
- ``drop_first`` and ``swap``: the gold plan with its first step dropped, and
  with its first two steps swapped (action sequencing), which exercise the
  error taxonomy;
- ``baseline``: ``eai run --model baseline:auto`` on the suite, every module;
- ``episodes``: ``eai run --module action_sequencing --model baseline:planner
  --replan 2 --action-failure-p 0.2`` (50 tasks), and on partnr-vh the
  turn-by-turn two-agent run.

``compare`` prints, for every unit, the records (by task id) whose content
differs, with the fields that differ, and the summaries that differ; it exits
1 when anything differs. Seconds and other timings are left out of the
comparison (they differ by run), and so is the result format of a file.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

SUITES = ("virtualhome", "behavior", "eb-alfred", "eb-habitat", "langr", "etplan-vh", "partnr-vh")
TIMINGS = {"seconds", "wall_seconds", "cpu_seconds", "elapsed", "started", "finished"}
VERSIONS = {"format_version"}  # the result format a file is in (eai/results/formats.py), no verdict
# the gold plan, with its first step dropped, with its first two steps swapped
VARIANTS = {"gold": lambda p: p, "drop_first": lambda p: p[1:], "swap": lambda p: (p[1:2] + p[:1] + p[2:])}


def eai(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "eai", *args, "--quiet"], check=True, stdout=subprocess.DEVNULL)


def plan_text(steps) -> str:
    return json.dumps([[a.name, *a.args] for a in steps])


def goal_text(task) -> str:
    def lit(x):
        return list(x.atom) if x.positive else ["not", list(x.atom)]
    return json.dumps({"node goals": [lit(x) for x in task.goal.state], "edge goals": [lit(x) for x in task.goal.relation],
                       "action goals": [{"action": step[0], "description": ""} for step in task.goal.action]})


def answers(suite: str, module: str, variant: str, limit: int | None) -> list[dict[str, str]]:
    from eai.host.manager import get_plugins
    from eai.modules import get_module

    plugins = get_plugins()
    simulator = plugins.simulators.get(plugins.suites.get(suite).simulator)
    tasks = [t for t in plugins.suites.get(suite).load() if get_module(module).applies_to(t)][:limit]
    if not tasks:
        return []
    if module == "action_sequencing":
        text = {t.id: plan_text(VARIANTS[variant](tuple(t.gold_plan))) for t in tasks}
    elif module == "subgoal_decomposition":
        from eai_modules.subgoal_decomposition import goal_subgoal_plan
        text = {t.id: json.dumps({"output": goal_subgoal_plan(t, simulator)}) for t in tasks}
    elif module == "goal_interpretation":
        text = {t.id: goal_text(t) for t in tasks}
    else:
        from eai.exceptions import EaiError
        from eai_modules.transition_modeling.gold import gold_model
        try:
            model = gold_model(plugins, suite)
        except EaiError:  # a suite without gold operators of its own (a generated one)
            return []
        text = {t.id: "\n".join(op.to_pddl("") for op in model.operators(t)) for t in tasks}
    return [{"identifier": i, "llm_output": x} for i, x in text.items()]


def snapshot(out: Path, suites: list[str], limit: int | None) -> None:
    from eai.host.manager import get_plugins

    plugins = get_plugins()
    with tempfile.TemporaryDirectory() as tmp:
        for suite in suites:
            modules = plugins.simulators.get(plugins.suites.get(suite).simulator).modules
            for module in modules:
                for variant in ("gold", "drop_first", "swap") if module == "action_sequencing" else ("gold",):
                    path = Path(tmp) / f"{suite}-{module}-{variant}.json"
                    given = answers(suite, module, variant, limit)
                    if not given:  # no task of the suite has what the module needs
                        continue
                    path.write_text(json.dumps(given))
                    print(f"{variant} {suite}/{module}", flush=True)
                    eai("score", str(path), "--suite", suite, "--module", module, "--out", str(out / variant / suite / module))
            print(f"baseline {suite}", flush=True)
            lim = ["--limit", str(limit)] if limit else []
            eai("run", "--suite", suite, "--model", "baseline:auto", "--out", str(out / "baseline" / suite), *lim)
            print(f"episodes {suite}", flush=True)
            eai("run", "--suite", suite, "--module", "action_sequencing", "--model", "baseline:planner", "--replan", "2",
                "--action-failure-p", "0.2", "--limit", str(min(limit or 50, 50)), "--out", str(out / "episodes" / suite))
        if "partnr-vh" in suites:
            print("turn-by-turn partnr-vh", flush=True)
            eai("run", "--suite", "partnr-vh", "--agents", "2", "--turn-by-turn", "--model", "baseline:planner",
                "--out", str(out / "turns"), *(["--limit", str(limit)] if limit else []))


def without_timings(value):
    if isinstance(value, dict):
        return {k: without_timings(v) for k, v in value.items() if k not in TIMINGS | VERSIONS}
    if isinstance(value, list):
        return [without_timings(v) for v in value]
    return value


def records(path: Path) -> dict[str, dict]:
    found = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        found[str(record.get("identifier"))] = without_timings(record)
    return found


def fields(old: dict, new: dict, prefix: str = "") -> list[str]:
    """The dotted names of the fields that differ between two records."""
    names = []
    for key in sorted(set(old) | set(new)):
        a, b = old.get(key), new.get(key)
        if isinstance(a, dict) and isinstance(b, dict):
            names += fields(a, b, f"{prefix}{key}.")
        elif a != b:
            names.append(f"{prefix}{key}")
    return names


def compare(old: Path, new: Path) -> int:
    differs = 0
    units = sorted({p.parent.relative_to(old) for p in old.rglob("records.jsonl")}
                   | {p.parent.relative_to(new) for p in new.rglob("records.jsonl")})
    for unit in units:
        a, b = old / unit / "records.jsonl", new / unit / "records.jsonl"
        if not (a.exists() and b.exists()):
            print(f"{unit}: only in {'old' if a.exists() else 'new'}")
            differs += 1
            continue
        ra, rb = records(a), records(b)
        changed = [i for i in sorted(set(ra) | set(rb)) if ra.get(i) != rb.get(i)]
        for i in changed:
            what = "only in old" if i not in rb else "only in new" if i not in ra else ", ".join(fields(ra[i], rb[i]))
            print(f"{unit} {i}: {what}")
        sa, sb = (without_timings(json.loads((d / unit / "summary.json").read_text())) for d in (old, new))
        if sa != sb:
            print(f"{unit} summary: {', '.join(fields(sa, sb))}")
        differs += bool(changed) or sa != sb
    print(f"{differs} of {len(units)} units differ")
    return 1 if differs else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    take = sub.add_parser("snapshot", help="write the records of every suite's gold, perturbed and baseline runs")
    take.add_argument("out", type=Path)
    take.add_argument("--suites", nargs="+", default=list(SUITES), choices=SUITES)
    take.add_argument("--limit", type=int, help="at most this many tasks per suite and module (a quick look)")
    both = sub.add_parser("compare", help="the records and summaries that differ between two snapshots")
    both.add_argument("old", type=Path)
    both.add_argument("new", type=Path)
    args = parser.parse_args()
    if args.command == "snapshot":
        snapshot(args.out, args.suites, args.limit)
    else:
        sys.exit(compare(args.old, args.new))


if __name__ == "__main__":
    main()
