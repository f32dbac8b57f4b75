"""Test kits for plugin authors: :mod:`eai.testing.pytest_plugin` (the pytest plugin:
hermetic sessions, fixtures), :mod:`eai.testing.environment` checks a live environment,
:mod:`eai.testing.fake_server` is a chat server for a model backend's tests."""
