"""Test kits for plugin authors: :mod:`eai.testing.environment` checks a live environment."""
