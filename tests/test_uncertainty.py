"""Every rate of a summary has its standard error and 95% interval (issue 37 item 2,
docs/metrics.md "Uncertainty"): Wilson for proportions of tasks, a seeded bootstrap
over tasks for other ratios; the intervals cover a known rate about 95% of the time."""

import random

import pytest
from scipy.stats import binomtest

import eai
from eai.base.rates import Rate, percent
from eai.host.manager import get_plugins
from eai.results.uncertainty import intervals, wilson
from tests.helpers import upstream_output

SEEDS = 1000


def success_figures(records):
    return {"n": len(records), "task_success_rate": percent(sum(r["success"] for r in records), len(records))}


def atom_figures(records):
    """A micro-averaged rate: atoms matched of atoms predicted, summed over tasks (as precision is)."""
    return {"precision": percent(sum(r["matched"] for r in records), sum(r["predicted"] for r in records))}


def covered(entry, rate):
    return entry["low"] <= 100 * rate <= entry["high"]


def about_95_percent(hits):
    """Wilson's exact coverage at the rates below is 93.9-94.4% (the sum of the binomial's
    probabilities over the counts whose interval covers); 1,000 seeds measure it to +-0.7 points."""
    return 0.92 <= hits / SEEDS <= 0.975


@pytest.mark.parametrize("rate, n", [(0.8, 100), (0.3, 40), (0.95, 342)])
def test_wilson_intervals_of_synthetic_runs_cover_the_known_success_rate_95_percent_of_1000_seeds(rate, n):
    hits = 0
    for seed in range(SEEDS):
        draw = random.Random(seed)
        records = [{"identifier": str(i), "success": draw.random() < rate} for i in range(n)]
        entry = intervals(success_figures, records)["task_success_rate"]
        assert entry["method"] == "wilson" and entry["n"] == n
        hits += covered(entry, rate)
    assert about_95_percent(hits)


def test_bootstrap_intervals_of_synthetic_runs_cover_a_known_micro_averaged_rate_95_percent_of_1000_seeds():
    """Tasks predict 1-6 atoms, each matched with probability 0.6: the ratio of the sums tends to 0.6."""
    hits = 0
    for seed in range(SEEDS):
        draw = random.Random(seed)
        records = []
        for i in range(100):
            predicted = draw.randint(1, 6)
            records.append({"identifier": str(i), "predicted": predicted,
                            "matched": sum(draw.random() < 0.6 for _ in range(predicted))})
        entry = intervals(atom_figures, records)["precision"]
        assert entry["method"] == "bootstrap"
        hits += covered(entry, 0.6)
    assert about_95_percent(hits)


def test_epochs_of_a_task_are_resampled_together_by_the_bootstrap():
    """Three epochs per task: a task is 0, 1/3, 2/3 or 1 of a success, so not a proportion of tasks."""
    records = [{"identifier": str(i), "success": (i + e) % 3 == 0} for i in range(60) for e in range(3)]
    entry = intervals(success_figures, records)["task_success_rate"]
    assert entry["method"] == "bootstrap" and entry["n"] == 60
    assert entry == intervals(success_figures, list(records))["task_success_rate"]  # seeded


def test_a_rate_over_nothing_or_not_a_sum_over_tasks_has_no_interval():
    records = [{"identifier": str(i), "matched": 0, "predicted": 0} for i in range(5)]
    assert intervals(atom_figures, records) == {}

    def of_the_best(records):  # not a sum of the tasks' shares
        best = max(r["matched"] for r in records)
        return {"best": Rate(best, best, 1)}

    assert intervals(of_the_best, [{"identifier": str(i), "matched": i} for i in range(5)]) == {}


@pytest.mark.parametrize("k, n", [(0, 10), (3, 10), (30, 40), (81, 100), (100, 100)])
def test_wilson_is_scipys_wilson_score_interval(k, n):
    low, high = binomtest(k, n).proportion_ci(method="wilson")
    assert wilson(k, n) == pytest.approx((low, high), abs=1e-12)


def test_virtualhome_gold_plans_with_ten_left_empty_have_the_wilson_interval_of_their_success():
    tasks = get_plugins().suites.get("virtualhome").load()[:40]
    answers = {t.id: upstream_output([[a.name, *a.args] for a in t.gold_plan]) if i >= 10 else upstream_output([])
               for i, t in enumerate(tasks)}
    summary = eai.score("virtualhome", "action_sequencing", answers).summary
    k = sum(r["success"] for r in eai.score("virtualhome", "action_sequencing", answers).records)
    assert k <= 30 and summary["task_success_rate"] == round(100 * k / 40, 2)
    entry = summary["uncertainty"]["rates"]["task_success_rate"]
    low, high = binomtest(k, 40).proportion_ci(method="wilson")
    assert entry == {"se": round(100 * (k / 40 * (1 - k / 40) / 40) ** 0.5, 2), "low": round(100 * low, 2),
                     "high": round(100 * high, 2), "method": "wilson", "n": 40}
    assert summary["uncertainty"]["rates"]["empty_plan_rate"]["low"] > 0  # 10 of 40
    figures = [path for path in summary["uncertainty"]["rates"]]
    assert "model_error_rate" in figures and "goal_success.total" in figures and "lcs" in figures
    assert summary["uncertainty"]["rates"]["goal_success.total"]["method"] == "bootstrap"


def test_a_virtualhome_runs_report_gives_each_rate_of_table_4_and_of_success_by_feature_its_interval(tmp_path):
    from tests.helpers import table_rows

    run = eai.run(suites=["virtualhome"], modules=["action_sequencing"], limit=40, out=tmp_path / "run")
    [result] = run.results
    report = (tmp_path / "run" / "report.md").read_text()
    row = table_rows(report, "Table 4: 95% intervals")["baseline:auto"]
    entry = result.interval("task_success_rate")
    assert row["Goal evaluation: Task SR (V)"] == f"{entry['low']:.1f}–{entry['high']:.1f}"
    assert all(cell != "-" for header, cell in row.items() if "Progress" not in header)  # VirtualHome has no task progress
    steps = table_rows(report, "Task success (%) by gold plan length (steps): 95% intervals")["virtualhome"]
    plans = {t.id: len(t.gold_plan) for t in get_plugins().suites.get("virtualhome").load()[:40]}
    short = [r["success"] for r in result.records if plans[r["identifier"]] <= 5]
    low, high = wilson(sum(short), len(short))
    assert steps["1-5"] == f"{100 * low:.1f}–{100 * high:.1f}" + (" (n under 30)" if len(short) < 30 else "")
    html = (tmp_path / "run" / "report.html").read_text()
    assert '"error_y":{"array":[' in html and '"arrayminus":[' in html


def test_the_et_plan_bench_and_partnr_tables_give_each_rate_its_interval(tmp_path):
    """partnr-vh: the sequence metrics, the same by task category (each category's own interval)
    and PARTNR's percent complete and success, each table followed by its intervals."""
    from tests.helpers import table_rows

    run = eai.run(suites=["partnr-vh"], modules=["action_sequencing"], limit=12, out=tmp_path / "run")
    [result] = run.results
    report = (tmp_path / "run" / "report.md").read_text()
    text = "{low:.1f}–{high:.1f} (n under 30)".format
    sequence = table_rows(report, "Action sequencing: similarity to the gold plan and length (ET-Plan-Bench metrics): "
                                  "95% intervals")["baseline:auto"]
    assert sequence["LCS ratio (%)"] == text(**result.interval("lcs_ratio"))
    assert sequence["Task SR (%)"] == text(**result.interval("task_success_rate"))
    partnr = table_rows(report, "PARTNR metrics: percent complete, success and efficiency per agent setup: "
                                "95% intervals")["baseline:auto"]
    assert partnr["Percent complete (%)"] == text(**result.interval("percent_complete"))
    assert partnr["Success (%)"] == text(**result.interval("evaluation_success_rate"))
    section = report.split("### Action sequencing by task category: 95% intervals", 1)[1].split("###", 1)[0]
    rows = [line.split(" | ") for line in section.splitlines() if line.startswith("| baseline:auto")]
    assert rows and {row[2] for row in rows} == set(result.summary["by_category"])
    for row in rows:
        category = row[2]
        assert row[3] == text(**result.interval(f"by_category.{category}.task_success_rate"))
