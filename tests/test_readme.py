"""The README's commands: the two set-up commands are the ones CI runs on a
fresh clone, and every command it says runs as printed does."""

import re
import shlex

import pytest

from tests.helpers import ROOT, run_eai

README = (ROOT / "README.md").read_text(encoding="utf-8")


def block_after(heading: str, lead: str = "") -> list[str]:
    """The lines of the first indented block after ``heading`` (and after the line containing ``lead``)."""
    section = README.split(heading, 1)[1]
    if lead:
        section = section.split(lead, 1)[1]
    found = re.search(r"\n\n((?:    .*\n)+)", section)
    return [line[4:] for line in found.group(1).splitlines()]


def ci_variable(name: str) -> str:
    line = next(line for line in (ROOT / ".ci" / "run").read_text().splitlines() if line.startswith(f"{name}="))
    return shlex.split(line.partition("=")[2])[0]


def test_the_readme_names_two_set_up_commands_and_ci_runs_exactly_them():
    assert block_after("## Set up") == [ci_variable("INSTALL"), ci_variable("TEST")]
    assert "python3 -m venv" in ci_variable("INSTALL") and "git clone" in (ROOT / ".ci" / "run").read_text()


@pytest.mark.slow
def test_the_readme_commands_run_as_printed(tmp_path):
    commands = block_after("## The main job", "each runnable as printed")
    assert len(commands) >= 6 and all(c.startswith("eai ") for c in commands)
    env = {"XDG_CACHE_HOME": str(tmp_path / "cache")}
    for command in commands:
        result = run_eai(*shlex.split(command.split("  #", 1)[0])[1:], env=env, cwd=tmp_path)
        assert result.returncode == 0, (command, result.stderr)
    assert (tmp_path / "runs" / "both" / "report.html").exists() and (tmp_path / "runs" / "rescored").is_dir()
