from eai.host import hookspecs
from tests.helpers import ROOT


def test_every_hook_is_documented():
    doc = (ROOT / "docs" / "plugins.md").read_text()
    hooks = [name for name in dir(hookspecs) if name.startswith("eai_")]
    assert hooks
    missing = [hook for hook in hooks if f"`{hook}(" not in doc]
    assert missing == []
