"""Task by task: eai's action-sequencing verdicts beside the upstream evaluator's, on VirtualHome.

    python benchmarks/vs_upstream_verdicts.py [--variants gold,drop_first,swap] [--listed-objects-only]
                                              [--wheel PATH] [--cache DIR]

The answers are the 342 gold programs as they are, with their first step
dropped and with their first two steps swapped (``benchmarks/verdicts.py``'s
variants), in the upstream response format. Both tools score the same files:
``eai score`` and eai-eval 1.0.5 (installed on first use in the cached venv of
``vs_upstream.py``), the upstream in one process per variant, with its four
known defects repaired at run time by its driver (its files are left as they
are; docs/metrics.md, "Where we differ from the upstream evaluator"):

- the gold shortcut: an answer equal to the gold program is counted executable
  without being simulated; the driver hides the gold program from that test;
- tasks whose own gold final state fails its goal check (37, those with two or
  more edge goals) are dropped; the driver passes that check;
- ``PLUGIN`` and ``PLUGOUT`` are missing from its action table (hallucinations);
  the driver adds them with arity 1, as its simulator executes them;
- zero-argument steps written ``[]`` are dropped by its reader; the driver's
  reader keeps them;

and, unless ``--listed-objects-only``, a fifth: an object its prompt does not
list (it lists those whose state or relations differ between the program's
initial and final graphs) is a hallucination, so 19 gold programs that handle
an object and leave it as it was (the remote control of ``170_1``) are
hallucinations; the driver accepts every object of the task's scene, as eai
does.

It runs with ``PYTHONHASHSEED=0`` (some of its name-to-id maps follow the
hash seed). A task's verdict is ``executable`` or its error class (the upstream's
names mapped to eai's: ``wrong_temporal_order`` is ``wrong_order``,
``affordance_error`` is ``affordance``, ``parameter error`` is ``arity``...);
an upstream additional step does not stop execution, as in eai. The upstream
writes no per-task success, so agreement is on these verdicts. Prints, per
variant, the count of tasks with the same verdict and every difference, with
eai's error detail.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from verdicts import VARIANTS
from vs_upstream import default_cache, last_line, upstream_python

from eai.host.manager import get_plugins
from tests.helpers import upstream_output

# The upstream's error names (its error_info.json) in eai's words.
UPSTREAM_CLASS = {None: "executable", "wrong_temporal_order": "wrong_order", "missing_step": "missing_step",
                  "affordance_error": "affordance", "additional_step": "executable", "parsing error": "parsing",
                  "hallucination error": "hallucination", "parameter error": "arity"}

DRIVER = '''\
import json, re, sys
from virtualhome_eval.evaluation.action_sequencing.scripts import evaluate_results as er
from virtualhome_eval.simulation.evolving_graph import eval_utils

responses, out, scene_objects = sys.argv[1:4]
planner = er.construct_planner


def construct_planner(*args, **kwargs):  # 1: the gold program is never taken for the answer
    found = planner(*args, **kwargs)
    return found[:2] + (object(),) + found[3:]


scene_evaluate = er.scene_evaluate_wID


def scene_evaluate_wID(*args, **kwargs):  # 2: no task is dropped by its own gold check
    found = scene_evaluate(*args, **kwargs)
    return found if "action_seq" in kwargs else found[:3] + (True,) + found[4:]


STEP = re.compile(r'"(\\w+)"\\s*:\\s*(\\[[^\\]]*\\])')  # 4: an empty argument list is a step too


def load_json_preserving_order(text):
    return [{key: json.loads(value)} for key, value in STEP.findall(re.sub(r"\\s+", " ", text.strip()))]


er.construct_planner, er.scene_evaluate_wID, er.load_json_preserving_order = (
    construct_planner, scene_evaluate_wID, load_json_preserving_order)
if scene_objects == "yes":  # 5: any object of the scene may be named
    listed = er.MotionPlanner.get_symbolic_goal_nl

    def get_symbolic_goal_nl(self, *args, **kwargs):
        found = listed(self, *args, **kwargs)
        names = {f"{node.class_name}_{node.id}": node.id for node in self.env_graph.get_nodes()}
        return found[:-1] + ({**names, **found[-1]},)

    er.MotionPlanner.get_symbolic_goal_nl = get_symbolic_goal_nl
eval_utils.valid_actions.update(PLUGIN=("PLUGIN", 1), PLUGOUT=("PLUGOUT", 1))  # 3: actions it executes
from virtualhome_eval.agent_eval import agent_evaluation
agent_evaluation(mode="evaluate_results", eval_type="action_sequencing", llm_response_path=responses,
                 output_dir=out, dataset="virtualhome", num_workers=1)
'''


def answers(variant: str) -> list[dict[str, str]]:
    tasks = get_plugins().suites.get("virtualhome").load()
    edit = VARIANTS[variant]
    return [{"identifier": t.id, "llm_output": upstream_output([[a.name, *a.args] for a in edit(t.gold_plan)])}
            for t in tasks]


def eai_verdicts(responses: Path, out: Path) -> dict[str, tuple[str, str]]:
    """Task id -> (verdict, error detail) from ``eai score``'s records."""
    subprocess.run([sys.executable, "-m", "eai", "score", str(responses), "--suite", "virtualhome", "--module",
                    "action_sequencing", "--out", str(out), "--quiet"], check=True, stdout=subprocess.DEVNULL)
    found = {}
    for line in (out / "records.jsonl").read_text().splitlines():
        r = json.loads(line)
        found[r["identifier"]] = ("executable" if r["executable"] else r["error_type"], r.get("error_detail") or "")
    return found


def upstream_verdicts(python: Path, driver: Path, folder: Path, variants: list[str],
                      scene_objects: bool) -> dict[str, dict[str, str]]:
    """Variant -> task id -> verdict, from the upstream's error_info.json files;
    one upstream process per variant (its response folder), all at once."""
    env = {**os.environ, "PATH": f"{python.parent}{os.pathsep}{os.environ.get('PATH', '')}", "PYTHONHASHSEED": "0"}
    env.pop("PYTHONPATH", None)
    running = {}
    for v in variants:
        (folder / v).mkdir()
        running[v] = subprocess.Popen([str(python), str(driver), str(folder / "responses" / v), str(folder / v / "out"),
                                       "yes" if scene_objects else "no"], cwd=folder / v, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.PIPE, text=True, env=env, stdin=subprocess.DEVNULL)
    found = {}
    for v, process in running.items():
        _, err = process.communicate()
        if process.returncode:
            sys.exit(f"error: the upstream evaluator failed on {v}: {last_line(err)}")
        results = folder / v / "out" / "virtualhome" / "evaluate_results" / "action_sequencing" / v
        found[v] = {task: UPSTREAM_CLASS.get(info["error_type"], info["error_type"])
                    for task, info in json.loads((results / "error_info.json").read_text()).items()}
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], epilog=__doc__.split("\n\n", 1)[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated answer sets (default: all)")
    parser.add_argument("--listed-objects-only", action="store_true",
                        help="keep the upstream's rule that only the objects its prompt lists may be named")
    parser.add_argument("--wheel", type=Path, help="install eai-eval from this wheel instead of the registry")
    parser.add_argument("--cache", type=Path, default=default_cache(), help="folder for the upstream's venv")
    args = parser.parse_args()
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    if unknown := [v for v in variants if v not in VARIANTS]:
        parser.error(f"unknown variant(s) {', '.join(unknown)}; known: {', '.join(VARIANTS)}")
    if args.wheel and not args.wheel.is_file():
        parser.error(f"no wheel at {args.wheel}")
    python = upstream_python(args.cache, args.wheel)
    with tempfile.TemporaryDirectory(prefix="vs_upstream_verdicts-") as tmp:
        folder = Path(tmp)
        ours = {}
        for v in variants:
            given = folder / "responses" / v / "virtualhome" / "action_sequencing"
            given.mkdir(parents=True)
            (given / f"{v}_outputs.json").write_text(json.dumps(answers(v)))
            print(f"eai: {v} ...", file=sys.stderr)
            ours[v] = eai_verdicts(given / f"{v}_outputs.json", folder / f"eai-{v}")
        print(f"upstream: {', '.join(variants)}, one process each (minutes of CPU each) ...", file=sys.stderr)
        driver = folder / "driver.py"
        driver.write_text(DRIVER)
        theirs = upstream_verdicts(python, driver, folder, variants, not args.listed_objects_only)
    for v in variants:
        report(v, ours[v], theirs[v])


def report(variant: str, ours: dict[str, tuple[str, str]], theirs: dict[str, str]) -> None:
    """The count of tasks with the same verdict, the kinds of difference, and each difference."""
    differ = sorted((t, mine, detail, theirs.get(t, "absent")) for t, (mine, detail) in ours.items()
                    if mine != theirs.get(t, "absent"))
    kinds = Counter(f"eai {mine}, upstream {up}" for _, mine, _, up in differ)
    print(f"\n{variant}: the same verdict on {len(ours) - len(differ)} of {len(ours)} tasks"
          + "".join(f"; {kind}: {n}" for kind, n in sorted(kinds.items())))
    for task, mine, detail, up in differ:
        print(f"  {task}: eai {mine}, upstream {up}" + (f" ({detail})" if detail else ""))


if __name__ == "__main__":
    main()
