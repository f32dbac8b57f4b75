"""The Python API (docs/api.md): score answers, run models, load a suite, write a report.

Every heavy import happens inside the functions, so ``import eai`` stays cheap.
Errors the caller can fix raise :class:`eai.exceptions.EaiError` with one clear line.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from eai.runner import defaults

if TYPE_CHECKING:
    from eai.world import Task

Responses = str | os.PathLike | Mapping[str, str] | Iterable[Mapping[str, Any]]
Progress = Callable[[str, int, int, int], None]  # unit label, tasks done, tasks in the unit, failed calls


@dataclass(frozen=True)
class Result:
    """One scored suite/module/model: a record per task and the summary
    (docs/metrics.md), as plain Python objects; ``folder`` holds them on disk."""

    suite: str
    module: str
    model: str
    records: Sequence[dict[str, Any]]
    summary: dict[str, Any]
    folder: Path | None = None

    def interval(self, rate: str) -> dict[str, Any] | None:
        """The standard error and 95% interval of a rate of the summary (its path, as
        ``goal_success.total``): ``se``, ``low``, ``high``, ``method``, ``n``
        (docs/metrics.md, "Uncertainty"); None for a rate that has none."""
        found: dict[str, Any] | None = self.summary.get("uncertainty", {}).get("rates", {}).get(rate)
        return found

    def rows(self) -> list[dict[str, Any]]:
        """One flat dict per record (nested fields as ``goals.total``), led by
        suite, module and model: ``pandas.DataFrame(result.rows())``."""
        keys = {"suite": self.suite, "module": self.module, "model": self.model}
        return [{**keys, **_flat(record)} for record in self.records]


@dataclass(frozen=True)
class Run:
    """A finished run: its folder, each unit's result, and the report files written there."""

    folder: Path
    results: list[Result]
    report: list[Path] = field(default_factory=list)

    def rows(self) -> list[dict[str, Any]]:
        """The rows of every result, one per task and unit."""
        return [row for result in self.results for row in result.rows()]

    def summaries(self) -> list[dict[str, Any]]:
        """One flat dict per unit: suite, module, model and its summary's figures."""
        return [{"suite": r.suite, "module": r.module, "model": r.model, **_flat(r.summary)} for r in self.results]


def _flat(data: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in data.items():
        if isinstance(value, Mapping):
            flat |= _flat(value, f"{prefix}{key}.")
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def load_suite(name: str, ids: Sequence[str] | None = None) -> list[Task]:
    """The tasks of suite ``name`` (or of the suite folder ``name``; only
    ``ids``, when given), in the suite's order."""
    from eai.host.manager import get_plugins
    from eai.tasks.folders import suite_name

    plugins = get_plugins()
    return plugins.suites.get(suite_name(plugins, name)).load(list(ids) if ids is not None else None)


def score(suite: str, module: str, responses: Responses, *, strict: bool = False,
          options: Mapping[str, Any] | None = None, out: str | os.PathLike | None = None) -> Result:
    """Score model answers for ``suite`` and ability ``module``.

    ``responses``: a file (our JSONL or the upstream JSON list), a mapping
    task id -> answer text, or dicts with ``identifier`` and ``llm_output``.
    Tasks without an answer are left out (``summary["unanswered"]``) or, with
    ``strict``, scored as empty answers. No answer at all is an EaiError.
    ``options`` are the module's (e.g. ``{"planner": "bfs"}``); ``out``
    also writes summary.json, records.jsonl and answers.jsonl (the answers
    scored) there."""
    from eai.base.paths import check_output_folder
    from eai.host.manager import get_plugins
    from eai.results.responses import kept_answers
    from eai.results.scoring import require_scored, score as score_responses, write_result

    if out is not None:
        check_output_folder(Path(out), "out")
    answers = _responses(responses)
    result = score_responses(get_plugins(), suite, module, answers, dict(options or {}), strict=strict)
    require_scored(result, "responses" if not isinstance(responses, (str, os.PathLike)) else str(responses))
    if out is not None:
        write_result(result, Path(out), kept_answers(result.records, answers))
    return Result(suite, module, "", result.records, result.summary, Path(out) if out is not None else None)


def _responses(responses: Responses) -> list[Any]:
    from eai.exceptions import EaiError
    from eai.results.responses import Response, read_responses

    if isinstance(responses, (str, os.PathLike)):
        return read_responses(Path(responses))
    if isinstance(responses, Mapping):
        return [Response(str(i), str(text)) for i, text in responses.items()]
    found = []
    for item in responses:
        if not isinstance(item, Mapping) or "identifier" not in item:
            raise EaiError(f"each response needs an 'identifier' and 'llm_output', got {item!r:.80}")
        found.append(Response(str(item["identifier"]), str(item.get("llm_output", item.get("output", ""))),
                              str(item.get("error") or "")))
    return found


def run(models: Sequence[str] | None = None, suites: Sequence[str] | None = None,
        modules: Sequence[str] | None = None, out: str | os.PathLike | None = None, *,
        tasks: Sequence[str] | None = None, limit: int | None = None, resume: bool = False,
        concurrency: int = defaults.CONCURRENCY, base_url: str | None = None,
        temperature: float = defaults.TEMPERATURE, max_tokens: int | None = defaults.MAX_TOKENS,
        timeout: float = defaults.TIMEOUT, retries: int = defaults.RETRIES, give_up_after: float = defaults.GIVE_UP_AFTER,
        first_answer_deadline: float | None = defaults.FIRST_ANSWER_DEADLINE, gen: Mapping[str, Any] | None = None,
        response_format: str = defaults.RESPONSE_FORMAT, cost_limit: float | None = None, price_as: str | None = None,
        cache: str | os.PathLike | None = None, use_cache: bool = True,
        replan: int = defaults.REPLAN, action_failure_p: float = defaults.ACTION_FAILURE_P, seed: int = defaults.SEED,
        epochs: int = defaults.EPOCHS, environment: str | None = None, options: Mapping[str, Any] | None = None, progress: Progress | None = None,
        say: Callable[[str], None] | None = None, shard: str | None = None, executor: str = defaults.EXECUTOR,
        address: str | None = None, command: Sequence[str] | None = None) -> Run:
    """Run ``models`` (default: the built-in baselines) on ``suites`` (names or
    suite folders; default: every installed one that runs by default, so not
    the large or generated ones) and ability ``modules`` (default: all four, or
    pipelines such as ``goal_interpretation+action_sequencing``), score every
    answer and write the report, as ``eai run`` does. ``out`` defaults to
    ``runs/<date-time>``; ``shard`` (``"i/N"``) runs only that share of the
    tasks, ``executor`` (at ``address``) runs the units (docs/scale.md); the
    other settings are ``eai run``'s options (``max_tokens=None``: the
    server's own limit; ``gen``: ``--gen``'s options, e.g. ``{"top_p": 0.9}``;
    ``first_answer_deadline`` None or 0: none). ``say`` gets a line per finished
    unit, warnings and hints; ``command`` is the command line run.json records
    (without secrets; default: this process's)."""
    from eai.base.paths import check_output_folder
    from eai.exceptions import EaiError
    from eai.host.manager import get_plugins
    from eai.llm.cache import default_cache
    from eai.llm.calls import RetryPolicy
    from eai.llm.generation import given
    from eai.llm.model import default_model
    from eai.modules import MODULES
    from eai.modules.schemas import FORMATS
    from eai.runner.config import RunConfig
    from eai.runner.run import run as run_units
    from eai.runner.selection import default_suites
    from eai.tasks.folders import suite_name
    from eai.tasks.shards import parse_shard

    share = parse_shard(shard)
    plugins = get_plugins()
    suites = [suite_name(plugins, s) for s in suites or default_suites(plugins)]
    if not suites:
        raise EaiError("no task suite with its simulator is installed (see: eai doctor)")
    if not 0.0 <= action_failure_p <= 1.0:
        raise EaiError(f"action failure probability must be between 0 and 1, got {action_failure_p}")
    if response_format not in FORMATS:
        raise EaiError(f"response format {response_format!r}: choose {' or '.join(FORMATS)}")
    folder = Path(out) if out is not None else default_out()
    check_output_folder(folder)
    config = RunConfig(
        suites=suites,
        modules=list(modules or MODULES),
        models=list(models or [default_model(plugins)]),
        out=folder,
        concurrency=concurrency,
        limit=limit,
        task_ids=list(tasks) if tasks else None,
        resume=resume,
        generation=given(temperature, max_tokens, gen or {}),
        timeout=timeout,
        retry=RetryPolicy(attempts=retries, give_up_after=give_up_after, first_answer_deadline=first_answer_deadline or None),
        cache=None if not use_cache else Path(cache) if cache is not None else default_cache(),
        model_options={"base_url": base_url} if base_url else {},
        replan=replan,
        action_failure_p=action_failure_p,
        seed=seed,
        epochs=epochs,
        environment=environment,
        options=dict(options or {}),
        shard=share,
        response_format=response_format,
        cost_limit=cost_limit,
        price_as=price_as,
        command=list(command) if command is not None else None,
    )
    _wait(lambda: run_units(config, plugins, progress or (lambda *args: None), say or (lambda text: None),
                            executor, address))
    return run_report(folder)


def run_report(folder: Path) -> Run:
    """The run in ``folder`` with its report and viewer written (report.md, report.html, view/), at once (spread)."""
    from eai.base.spread import spread
    from eai.host.manager import get_plugins
    from eai.reporting.build import write_report
    from eai.reporting.collect import Records, collect
    from eai.viewer.digest import source_digest

    units, digest = collect([folder]), source_digest([folder], get_plugins())  # before the report's temporary files
    parts = (lambda: write_report(units, _features(units), folder, html=True), lambda: [_view([folder], folder, digest)])
    written = [Path(path) for paths in spread(lambda i: [str(p) for p in parts[i]()], len(parts), None) for path in paths]
    return Run(folder, [Result(u.suite, u.module, u.model, Records(u), u.summary, u.folder) for u in units], written)


def default_out() -> Path:
    """A new run's folder: ``runs/<date-time>``."""
    from datetime import datetime

    return Path("runs") / datetime.now().strftime("%Y-%m-%dT%H-%M-%S")


def _wait(start: Callable[[], Any]) -> Any:
    """Run the coroutine ``start()`` makes to its end, also from code already
    inside an event loop (a notebook): then in a thread of its own."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(start())
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(lambda: asyncio.run(start())).result()


def _features(units: Sequence[Any]) -> dict[str, dict[str, dict[str, int]]]:
    from eai.host.manager import get_plugins
    from eai.reporting.analysis import suite_features

    return suite_features(units, get_plugins().suites)


def report(runs: Sequence[Run | str | os.PathLike], out: str | os.PathLike | None = None,
           html: bool = True) -> list[Path]:
    """Write report.json, report.md and (with ``html``) report.html and the
    viewer its numbers link to (view/index.html) over runs or score folders,
    side by side, into ``out`` (default: the first one's folder); returns the
    files written. The results read are never overwritten. Of exactly two runs, it also
    compares them rate by rate on the tasks both scored (:func:`compare`)."""
    from eai.base.paths import check_output_folder
    from eai.exceptions import EaiError
    from eai.reporting.build import write_report
    from eai.reporting.collect import collect
    from eai.reporting.comparison import comparisons

    folders = [r.folder if isinstance(r, Run) else Path(r) for r in runs]
    if not folders:
        raise EaiError("no run or score folder to report on")
    target = Path(out) if out is not None else folders[0]
    check_output_folder(target)
    units = collect(folders)
    written = write_report(units, _features(units), target, html, comparisons(folders, units))
    return written + [_view(folders, target)] if html else written


def compare(a: Run | str | os.PathLike, b: Run | str | os.PathLike) -> list[dict[str, Any]]:
    """Run ``b`` against run ``a``, unit by unit (same suite and module) on the tasks both scored:
    per rate, ``a``, ``b``, the ``difference`` with its paired 95% interval (``low``, ``high``)
    and a test (``test``, ``p_value``: McNemar's exact test for rates of tasks, with the tasks that
    flipped, ``only_a`` and ``only_b``; the paired bootstrap for the others). docs/metrics.md,
    "Comparing two runs"."""
    from eai.reporting.collect import collect
    from eai.reporting.comparison import comparisons

    folders = [r.folder if isinstance(r, Run) else Path(r) for r in (a, b)]
    return [c.as_json() for c in comparisons(folders, collect(folders))]


def _view(folders: Sequence[Path], target: Path, digest: str | None = None) -> Path:
    """The viewer of ``folders`` in ``target/view`` with the digest of its sources (default: taken now)."""
    from eai.base.paths import inside
    from eai.host.manager import get_plugins
    from eai.viewer.digest import FOLDER, source_digest
    from eai.viewer.model import collect_runs
    from eai.viewer.page import write_site

    plugins = get_plugins()
    digest = digest or source_digest(folders, plugins)  # before reading them: a change meanwhile makes the page not current
    return write_site(collect_runs(folders, plugins, streamed=True), inside(target, {"viewer folder": FOLDER}), digest)
