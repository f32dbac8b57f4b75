"""docs/challenge.md: its commands run as printed on a baseline run, and its
table of reasons is the catalogue eai compare upstream gives reasons from."""

import re
import shlex
from pathlib import Path

import pytest

from eai.challenge.reasons import RULES
from eai.challenge.submission import kit_files, problems, read_submission
from eai.host.manager import get_plugins
from tests.helpers import ROOT, run_eai

PAGE = (ROOT / "docs" / "challenge.md").read_text(encoding="utf-8")


def commands() -> list[str]:
    """The indented block after the line saying the commands run as printed."""
    section = PAGE.split("## From a run to a submission", 1)[1].split("each command runnable as printed", 1)[1]
    block = re.search(r"\n\n((?:    .*\n)+)", section).group(1)
    return [line[4:] for line in block.splitlines()]


def run_page(tmp_path: Path, count: int) -> list:
    """The page's first ``count`` commands, in a fresh folder; the response cache
    there too, the official evaluator's environment where it is installed."""
    done = []
    for command in commands()[:count]:
        args = shlex.split(command)
        env = {"XDG_CACHE_HOME": str(tmp_path / "cache")} if args[1] != "compare" else None
        done.append(run_eai(*args[1:], env=env, cwd=tmp_path))
        assert done[-1].returncode == 0, (command, done[-1].stderr)
    return done


def test_the_page_runs_a_baseline_run_and_exports_it_as_printed(tmp_path):
    assert [c.split()[:3] for c in commands()] == [["eai", "run", "--suite"], ["eai", "export", "challenge"],
                                                  ["eai", "compare", "upstream"]]
    run_page(tmp_path, 2)
    assert problems(read_submission(tmp_path / "try.zip"), kit_files(get_plugins())) == []


@pytest.mark.slow
def test_the_page_compares_the_export_with_the_official_evaluator_as_printed(tmp_path):
    compared = run_page(tmp_path, 3)[-1].stdout
    row = next(line for line in compared.splitlines() if line.startswith("| virtualhome/goal_interpretation |"))
    assert "not run" not in row and re.search(r"\| F1 \d+\.\d\d \| F1 \d+\.\d\d \|", row), compared


def test_the_page_lists_every_reason_where_docs_say_it():
    listed = {tuple(c.strip() for c in line.strip("|").split("|"))[:2]
              for line in PAGE.split("### The reasons", 1)[1].split("###", 1)[0].splitlines()
              if line.startswith("| ") and not line.startswith("| reason |")}
    catalogue = {(reason.key, reason.kind) for rules in RULES.values() for reason, _, _ in rules}
    assert listed == catalogue
    for rules in RULES.values():
        for reason, _, _ in rules:
            path, *headings = reason.where.split(", ")
            text = (ROOT / path).read_text(encoding="utf-8")
            assert all(re.search(rf"^#+ {re.escape(h.removesuffix(' (BEHAVIOR)'))}$", text, re.M) for h in headings), reason
