"""A few tasks of every module against a real model behind a real OpenAI-compatible
server. Opt-in: set EAI_REAL_LLM_BASE_URL (and EAI_REAL_LLM_MODEL, default
qwen05), e.g. to a llama.cpp server's (docs/models.md), then

    EAI_REAL_LLM_BASE_URL=http://127.0.0.1:8089/v1 pytest -m real_llm

Slow on a CPU: a one-slot llama.cpp server with a 0.5B model takes minutes per call."""

import json
import os
import subprocess
import sys

import pytest

from eai.base import jsonl
from eai.modules import MODULES

BASE_URL = os.environ.get("EAI_REAL_LLM_BASE_URL", "")
MODEL = os.environ.get("EAI_REAL_LLM_MODEL", "qwen05")

pytestmark = [pytest.mark.real_llm, pytest.mark.slow,
              pytest.mark.skipif(not BASE_URL, reason="no real model server: set EAI_REAL_LLM_BASE_URL")]


def test_a_real_model_answers_a_task_of_every_module_on_both_suites(tmp_path):
    out = tmp_path / "run"
    done = subprocess.run([sys.executable, "-m", "eai", "run", "--model", f"openai:{MODEL}", "--base-url", BASE_URL,
                           "--limit", "1", "--concurrency", "1", "--timeout", "900", "--max-tokens", "1024",
                           "--out", str(out), "--no-cache"], capture_output=True, text=True, timeout=4 * 3600)
    assert done.returncode == 0, done.stderr
    for suite in ("virtualhome", "behavior"):
        for module in MODULES:
            folder = out / suite / module / f"openai_{MODEL}"
            summary = json.loads((folder / "summary.json").read_text())
            [record] = [r for _, r in jsonl.read(folder / "records.jsonl")]
            assert summary["n"] == 1 and "model_error" not in record, (suite, module, record.get("model_error"))
            [call] = record["usage"]
            assert call["prompt_tokens"] > 0 and 0 < call["completion_tokens"] <= 1024
            assert call["finish_reason"] in ("stop", "length")
            assert summary["usage"]["truncated"] == (call["finish_reason"] == "length")
    assert "### Model usage" in (out / "report.md").read_text()
