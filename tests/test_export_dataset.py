"""``eai export dataset`` (docs/dataset.md) on the run folders kept of format 1 (tests/data/format1):
every line valid, its verdict the record, its reward and its corrected answer what ``eai.reward``
gives, the suites' licence notices in the card, the same bytes twice; pipelines and failed calls
left out; a folder that is no run refused in one line."""

import json
import shutil

import pytest

import eai
from eai.host.manager import get_plugins
from eai.modules import get_module
from eai.results.schema import problems
from eai.training.dataset import export_dataset
from tests.helpers import ROOT, eai_cli, folder_files

FORMAT1 = ROOT / "tests" / "data" / "format1"
UNITS = ["action_sequencing", "goal_interpretation", "subgoal_decomposition", "transition_modeling"]


def lines(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    out = tmp_path_factory.mktemp("dataset") / "run"
    export_dataset(get_plugins(), FORMAT1 / "run", out)
    return out


def test_each_line_is_valid_its_verdict_the_record_and_its_reward_what_eai_reward_gives(exported):
    assert sorted(p.name for p in (exported / "data").iterdir()) == [
        f"virtualhome-{module}-baseline_auto.jsonl" for module in UNITS]
    for module in UNITS:
        found = lines(exported / "data" / f"virtualhome-{module}-baseline_auto.jsonl")
        records = lines(FORMAT1 / "run" / "virtualhome" / module / "baseline_auto" / "records.jsonl")
        responses = lines(FORMAT1 / "run" / "virtualhome" / module / "baseline_auto" / "responses.jsonl")
        assert [line["identifier"] for line in found] == [r["identifier"] for r in records] == ["27_2", "417_1"]
        for line, record, response in zip(found, records, responses):
            assert problems("dataset", line) == []
            assert line["verdict"] == {k: v for k, v in record.items() if k != "usage"}
            assert line["answer"] == response["llm_output"] and line["error_class"] == record.get("error_type")
            judged = eai.reward("virtualhome", module, line["identifier"], line["answer"])
            assert line["reward"] == judged.value
            task = eai.load_suite("virtualhome", [line["identifier"]])[0]
            messages = get_module(module).prompt(task, get_plugins().simulators.get("virtualhome"))
            assert line["prompt"] == [{"role": m.role, "content": m.content} for m in messages]
            assert line["prompt_as_sent"] is True
            if line["reward"] == 1.0:
                assert line["corrected_answer"] is None
            else:  # the baseline's goals and operators are wrong: the gold ones, verified, beside them
                assert eai.reward("virtualhome", module, line["identifier"], line["corrected_answer"]).value == 1.0


def test_the_card_names_each_file_as_a_config_and_carries_the_suites_licence(exported, tmp_path, capsys):
    card = (exported / "README.md").read_text()
    assert card.startswith("---\nlicense: other\nconfigs:\n")
    for module in UNITS:
        assert f'  data_files: "data/virtualhome-{module}-baseline_auto.jsonl"' in card
    assert "| `virtualhome-goal_interpretation-baseline_auto` | 2 | 0 | 2 |" in card
    assert "### eai-eval" in card and "Copyright (c) 2024 embodied-agent-interface" in card
    code, out, err = eai_cli(capsys, "export", "dataset", str(FORMAT1 / "run"), "--out", str(tmp_path / "again"))
    assert code == 0, err
    assert out.endswith("8 line(s) from 4 unit(s), 4 with reward 1.0, 4 with a corrected answer\n")
    assert folder_files(tmp_path / "again") == folder_files(exported)


@pytest.mark.slow  # .ci/run's slow stage installs the hf extra (datasets pulls pyarrow and pandas)
def test_hugging_face_datasets_reads_the_folder_as_written(exported, tmp_path):
    datasets = pytest.importorskip("datasets")
    config = "virtualhome-goal_interpretation-baseline_auto"
    rows = datasets.load_dataset(str(exported), config, split="train", cache_dir=str(tmp_path / "cache"))
    written = lines(exported / "data" / f"{config}.jsonl")
    assert rows.num_rows == 2 and [row["identifier"] for row in rows] == ["27_2", "417_1"]
    assert [row["reward"] for row in rows] == [line["reward"] for line in written]
    assert rows[0]["corrected_answer"] == written[0]["corrected_answer"]


def test_pipelines_and_failed_calls_have_no_lines_and_are_said(tmp_path, capsys):
    code, out, err = eai_cli(capsys, "export", "dataset", str(FORMAT1 / "compose"), "--out", str(tmp_path / "c"))
    assert code == 0, err
    assert ("note: virtualhome/goal_interpretation+action_sequencing/baseline:auto left out: played as episodes "
            "(several prompts per task)") in out
    assert [p.name for p in (tmp_path / "c" / "data").iterdir()] == ["virtualhome-action_sequencing-baseline_auto.jsonl"]
    run = shutil.copytree(FORMAT1 / "run", tmp_path / "run")
    unit = run / "virtualhome" / "action_sequencing" / "baseline_auto"
    records = lines(unit / "records.jsonl")
    records[0] = {"identifier": records[0]["identifier"], "model_error": "timed out after 120 s"}
    (unit / "records.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    code, _, err = eai_cli(capsys, "export", "dataset", str(run), "--out", str(tmp_path / "d"))
    assert code == 0, err
    assert [line["identifier"] for line in lines(tmp_path / "d" / "data" / "virtualhome-action_sequencing-baseline_auto.jsonl")] == ["417_1"]


def test_a_folder_that_is_no_run_or_holds_only_episodes_is_refused_in_one_line(tmp_path, capsys):
    code, _, err = eai_cli(capsys, "export", "dataset", str(ROOT / "tests"), "--out", str(tmp_path / "x"))
    assert code == 2 and err == (f"error: {ROOT / 'tests'} is not a run folder (it has no run.json): give the --out "
                                 "folder of eai run or eai compose\n")
    code, _, err = eai_cli(capsys, "export", "dataset", str(FORMAT1 / "turns"), "--out", str(tmp_path / "x"))
    assert code == 2 and err.count("\n") == 1 and "holds no unit to export" in err
    assert not (tmp_path / "x").exists()
