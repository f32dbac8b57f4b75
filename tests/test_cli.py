import json
import re
import subprocess
import sys

import pytest

from tests.helpers import eai_cli, run_eai

MODULES = ("goal_interpretation", "subgoal_decomposition", "action_sequencing", "transition_modeling")


def test_help_names_the_commands():
    result = run_eai("--help")
    assert result.returncode == 0
    for command in ("list", "doctor"):
        assert command in result.stdout


@pytest.mark.parametrize("args", [["--help"], ["list", "suites"]])
def test_help_and_list_leave_heavy_libraries_unimported(args):
    # networkx (goal matching), langchain (model calls), unified_planning (planners) and the
    # compose stages are imported where they are used; start-up does not pay for them
    code = ("import sys\nfrom eai.cli import main\ntry:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            "print(*sorted(sys.modules), file=sys.stderr)")
    result = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                            timeout=120)
    imported = set(result.stderr.split())
    assert "eai.cli" in imported and result.stdout
    # nor for the ability modules (registered deferred, made when first used)
    heavy = {"networkx", "langchain_core", "unified_planning", "eai.compose.pipeline", "lark", "yaml", "eai.ltl",
             "eai.tasks.taskfile", "eai.health.doctor", "eai.cli.run", "eai.cli.score", "eai.compose.planning",
             "eai.modules.base", *(f"eai_modules.{name}" for name in MODULES)}
    if args == ["--help"]:
        heavy.add("pydantic")  # typer imports it to convert a command's arguments
    assert not imported & heavy, imported & heavy


def test_the_help_lists_each_command_with_its_own_first_help_line():
    # eai --help lists the built-in commands before importing them: what it shows must be what they say
    import typer

    from eai.cli import BUILT_IN, app

    group = typer.main.get_command(app)
    for name, (_, _, line) in BUILT_IN.items():
        assert group.loaded(name).help.strip().split("\n")[0] == line, name


def test_doctor_json_reports_python():
    result = run_eai("doctor", "--json")
    report = json.loads(result.stdout)
    python = next(f for f in report["findings"] if f["name"] == "python")
    assert python["ok"]
    assert result.returncode == (0 if report["ok"] else 1)


def test_doctor_runs_each_suites_simulator_with_no_3d_simulator_installed():
    report = json.loads(run_eai("doctor", "--json").stdout)
    simulators = {f["name"]: f for f in report["findings"] if f["name"].startswith("simulator ")}
    assert set(simulators) == {"simulator virtualhome", "simulator behavior", "simulator alfred", "simulator habitat"}
    assert all(f["ok"] and f["detail"].endswith("goal reached") for f in simulators.values()), simulators


def commands(group=None, path=()):
    """Every command path of the ``eai`` command line: ("run",), ("tasks", "list")..."""
    import typer

    from eai.cli import app

    group = group or typer.main.get_command(app)
    found = [path]
    for name in list(getattr(group, "commands", {})):
        command = group.loaded(name) if hasattr(group, "loaded") else group.commands[name]
        found += commands(command, (*path, name))
    return found


@pytest.mark.parametrize("path", commands(), ids=lambda p: " ".join(p) or "eai")
def test_every_help_has_an_example_and_no_type_placeholders(path, capsys):
    code, out, err = eai_cli(capsys, *path, "-h")
    assert code == 0, err
    assert "Examples:" in out and f"eai {' '.join(path)}".strip() in out.split("Examples:")[1]
    for placeholder in ("<bool>", "<list[", "<path>", "<str>", "<int", "<float"):
        assert placeholder not in out, placeholder
    usage = next(line for line in out.splitlines() if "Usage:" in line)
    assert "{" not in usage and usage.split("Usage: ")[1].split()[:len(path) + 1] == ["eai", *path], usage
    long_help = eai_cli(capsys, *path, "--help")[1]
    assert long_help == out


def test_flags_take_no_value_and_the_version_is_there(capsys):
    from eai import __version__
    assert eai_cli(capsys, "--version")[:2] == (0, f"eai {__version__}\n")
    code, out, _ = eai_cli(capsys, "doctor", "-h")
    assert code == 0 and re.search(r"--json\s+Print JSON", out)
    code, _, err = eai_cli(capsys, "list", "suites", "--json", "true")
    assert code == 2 and re.search(r"unexpected extra argument.*\(true\)", err)


def test_an_unknown_module_is_named_a_module_among_the_four(capsys):
    code, _, err = eai_cli(capsys, "run", "--module", "nosuch", "--limit", "1")
    assert code == 2 and err == ("error: unknown module 'nosuch' (known: action_sequencing, goal_interpretation, "
                                 "subgoal_decomposition, transition_modeling)\n")
