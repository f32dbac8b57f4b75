"""A submission compared file by file (:mod:`eai.challenge.compare`), and
the comparison printed: both headline figures, then every difference with
its class and reason, and each reason's documentation once."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from eai.challenge import upstream
from eai.challenge.compare import Comparison, compare_file
from eai.challenge.reasons import kind_of
from eai.challenge.submission import ENVIRONMENTS, MODULES, Refused, kit_files, problems, read_submission
from eai.exceptions import EaiError
from eai.host.manager import Plugins


def compare_submission(plugins: Plugins, path: Path, suites: Sequence[str], modules: Sequence[str], work: Path,
                       cache: Path | None, say: Callable[[str], None]) -> list[Comparison]:
    """Each chosen file of the submission at ``path`` compared (all when none
    is chosen); :class:`Refused` with every problem when it is not a submission."""
    for given, known, what in ((suites, ENVIRONMENTS, "environment"), (modules, MODULES, "module")):
        if unknown := [n for n in given if n not in known]:
            raise EaiError(f"unknown {what} {unknown[0]!r} (known: {', '.join(known)})")
    files = read_submission(path)
    kit = kit_files(plugins)
    if found := problems(files, kit):
        raise Refused(found)
    chosen = [k for k in kit if (not suites or k.suite in suites) and (not modules or k.module in modules)]
    runnable = [k for k in chosen if (k.suite, k.module) not in upstream.NEEDS_IGIBSON]
    python = upstream.upstream_python(cache, say=say) if runnable else None
    return [compare_file(plugins, k, files[k.name].decode("utf-8"), python, work / f"{k.suite}-{k.module}", say)
            for k in chosen]


def print_comparisons(found: Sequence[Comparison], say: Callable[[str], None]) -> None:
    """The headline table, then each file's differences and the reasons they cite."""
    say("| file | tasks | eai | upstream eai-eval 1.0.5 | differences |")
    say("|---|---|---|---|---|")
    for c in found:
        say(f"| {c.suite}/{c.module} | {c.tasks} | {c.eai} | {c.upstream or 'not run: ' + c.not_run} | "
            f"{counted(c) if c.upstream else '-'} |")
    for c in found:
        if not c.upstream:
            continue
        say("")
        say(f"{c.suite}/{c.module}: the same verdict on {c.tasks - len(c.differences)} of {c.tasks} tasks; "
            f"{counted(c)}")
        for note in c.notes:
            say(f"  upstream: {note}")
        if not c.differences:
            continue
        say("")
        say("| task | eai | upstream | class | reason |")
        say("|---|---|---|---|---|")
        for d in c.differences:
            say(f"| {d.task} | {d.ours.shown} | {d.theirs.shown} | {kind_of(d.reasons)} | "
                f"{'; '.join(r.key for r in d.reasons) or '-'} |")
        say("")
        cited = {r.key: r for d in c.differences for r in d.reasons}
        for reason in cited.values():
            say(f"- {reason.key} ({reason.kind}): {reason.text} ({reason.where})")


def counted(c: Comparison) -> str:
    """How many differences there are of each class."""
    if not c.differences:
        return "0 differences"
    kinds = Counter(kind_of(d.reasons) for d in c.differences)
    return f"{len(c.differences)} differ ({', '.join(f'{n} {k}' for k, n in sorted(kinds.items()))})"
