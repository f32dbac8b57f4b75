"""run.json's provenance (eai/runner/provenance.py): the command line that asked for a run,
with no secret in it, whatever shape it is given in."""

import json
import string

from hypothesis import assume, given, strategies as st

from eai.runner.provenance import command_line
from tests.helpers import eai_cli

KEY = "sk-fake-4f9c1e7b2d8a6035-never-a-real-key"


def test_a_run_s_command_line_keeps_no_key_or_url_credentials(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    out = tmp_path / "run"
    code, _, err = eai_cli(capsys, "run", "--suite", "virtualhome", "--module", "action_sequencing", "--limit", "1",
                           "--base-url", "http://someone:pa55word-xyz@127.0.0.1:9/v1?api_key=q1w2e3r4t5",
                           "--out", str(out), "--no-cache", "--quiet")
    assert code == 0, err
    text = (out / "run.json").read_text()
    for secret in ("pa55word-xyz", "someone", "q1w2e3r4t5", KEY):
        assert secret not in text
    command = json.loads(text)["command"]
    assert command[:6] == ["eai", "run", "--suite", "virtualhome", "--module", "action_sequencing"]
    assert "http://127.0.0.1:9/v1?api_key=[redacted]" in command


def test_a_key_given_as_an_option_or_shaped_like_one_is_redacted():
    words = ["eai", "run", "--api-key", "abc123def456", "--token=zz9988776655", "--note", "sk-ant-api03-abcdefghijkl",
             "--max-tokens", "2048"]
    assert command_line(words) == ["eai", "run", "--api-key", "[redacted]", "--token=[redacted]", "--note", "[redacted]",
                                   "--max-tokens", "2048"]


@given(secret=st.text(string.ascii_letters + string.digits + "-_", min_size=8, max_size=40),
       before=st.text(max_size=10), after=st.text(max_size=10),
       name=st.sampled_from(["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "HF_TOKEN", "MY_SERVICE_SECRET"]))
def test_a_secret_of_the_environment_never_lands_in_the_command_line(secret, before, after, name):
    import os

    assume(secret not in "[redacted]")  # the mark put in its place
    saved = os.environ.get(name)
    os.environ[name] = secret
    try:
        shown = command_line(["eai", "run", f"{before}{secret}{after}", "--out", f"runs/{secret}"])
    finally:
        if saved is None:
            del os.environ[name]
        else:
            os.environ[name] = saved
    assert all(secret not in word for word in shown)
