import pytest

from tests.models.support import FAKE_KEY, Gold, with_langchain

KEY_VARIABLES = ("OPENAI_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL",
                 "OLLAMA_API_KEY", "OLLAMA_HOST")


@pytest.fixture(autouse=True)
def fake_key(monkeypatch):
    """Only the fake key is in the environment: no real key can leak into a test."""
    for name in KEY_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_KEY)


@pytest.fixture
def plugins():
    return with_langchain()


@pytest.fixture(scope="session")
def gold() -> Gold:
    return Gold.load(16)
