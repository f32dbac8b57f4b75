import json

from tests.helpers import run_eai


def test_help_names_the_commands():
    result = run_eai("--help")
    assert result.returncode == 0
    for command in ("list", "doctor"):
        assert command in result.stdout


def test_doctor_json_reports_python():
    result = run_eai("doctor", "--json")
    report = json.loads(result.stdout)
    python = next(f for f in report["findings"] if f["name"] == "python")
    assert python["ok"]
    assert result.returncode == (0 if report["ok"] else 1)


def test_doctor_runs_each_suites_simulator_with_no_3d_simulator_installed():
    report = json.loads(run_eai("doctor", "--json").stdout)
    simulators = {f["name"]: f for f in report["findings"] if f["name"].startswith("simulator ")}
    assert {"simulator virtualhome", "simulator behavior"} <= set(simulators)  # and any other installed
    assert all(f["ok"] and f["detail"].endswith("goal reached") for f in simulators.values()), simulators
