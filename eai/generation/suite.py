"""``eai tasks generate``: a generator and a scene in, a suite folder out.

The folder is a suite in our format (suite.json, the base scenes, one file per
task) named after the folder, with ``provenance.json``: the generator, the
scene, ``n``, the seed and the filter model (so ``generation_command`` can
spell the command that makes it again), and the scene suite's own sources and
licences. Written whole or not at all, replacing only an earlier generated
suite (never a folder of other files). Generated into the tasks folder eai
reads, the suite is listed in its README.md like the imported ones, with the
command that generates it again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eai.base.atomic import write_atomic
from eai.base.paths import check_name, tasks_dir
from eai.exceptions import EaiError
from eai.generation.build import Generated, Progress, generate
from eai.generation.certify import NODES, PLANNER
from eai.generation.plausibility import ModelFilter
from eai.host.manager import Plugins
from eai.llm.calls import RetryPolicy
from eai.tasks.folders import suite_name
from eai.tasks.importing import PROVENANCE, readme
from eai.tasks.store import DirectorySuite
from eai.tasks.suite import TaskSuite
from eai.tasks.taskfile import SuiteFile
from eai.tasks.writer import check_replaceable, write_suite


@dataclass(frozen=True)
class SceneChoice:
    """The suite whose tasks' initial states are the scenes, and the tasks named (none: the generator chooses)."""

    suite: TaskSuite
    ids: tuple[str, ...] = ()

    @property
    def spec(self) -> str:
        return f"{self.suite.name}/{','.join(self.ids)}" if self.ids else self.suite.name


def scene_choice(plugins: Plugins, spec: str) -> SceneChoice:
    """``SUITE`` (a name or a suite folder) or ``SUITE/ID[,ID...]``."""
    try:
        return SceneChoice(plugins.suites.get(suite_name(plugins, spec)))
    except EaiError:
        if "/" not in spec.strip("/"):
            raise
    head, _, tail = spec.rpartition("/")
    return SceneChoice(plugins.suites.get(suite_name(plugins, head)), tuple(i for i in tail.split(",") if i))


def generate_suite(plugins: Plugins, generator_name: str, scene: str, n: int, seed: int, out: Path,
                   filter_model: str | None = None, cache: Path | None = None,
                   model_options: dict[str, str] | None = None, retry: RetryPolicy = RetryPolicy(),
                   progress: Progress = lambda done, total: None) -> Generated:
    """Generate ``n`` tasks with ``generator_name`` from ``scene`` and write them to ``out``; the model
    filter, if any, is called with ``model_options`` (``base_url``) and ``retry``, through ``cache``."""
    generator = plugins.generators.get(generator_name)
    if n < 1:
        raise EaiError(f"--n must be at least 1, got {n}")
    check_name(out.name, "--out folder (the generated suite's name)")
    check_replaceable(out)
    choice = scene_choice(plugins, scene)
    if choice.suite.simulator != generator.simulator:
        raise EaiError(f"generator {generator.name!r} makes {generator.simulator} tasks; the scene suite "
                       f"{choice.suite.name!r} is a {choice.suite.simulator} suite")
    simulator = plugins.simulators.get(generator.simulator)
    scenes = choice.suite.load(list(choice.ids)) if choice.ids else generator.scenes(choice.suite)
    judge = ModelFilter(plugins, filter_model, cache, model_options, retry) if filter_model else None
    try:
        made = generate(generator, scenes, simulator, plugins, n, seed, f"the scene {choice.spec}", judge, progress)
    finally:
        if judge is not None:
            judge.close()
    suite = SuiteFile(suite=out.name, simulator=generator.simulator,
                      description=f"{generator.description}: {n} tasks from {choice.spec}, seed {seed}",
                      tasks=[task.id for task in made.tasks])
    record = {"generated": {"generator": generator.name, "method": generator.method, "scene": choice.spec, "n": n,
                            "seed": seed, "filter_model": filter_model, "planner": PLANNER, "nodes": NODES},
              "sources": _sources(choice.suite)}
    write_suite(out, suite, made.tasks, made.scenes, {PROVENANCE: json.dumps(record, indent=1, sort_keys=True) + "\n"})
    if out.resolve().parent == tasks_dir().resolve():
        write_atomic(out.parent / "README.md", readme(out.parent))
    return made


def _sources(suite: TaskSuite) -> list[dict[str, Any]]:
    """The scene suite's sources and licences, from its provenance.json when it has one."""
    if not isinstance(suite, DirectorySuite) or not (suite.path / PROVENANCE).is_file():
        return []
    return json.loads((suite.path / PROVENANCE).read_text(encoding="utf-8")).get("sources", [])
