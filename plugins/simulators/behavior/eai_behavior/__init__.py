"""BEHAVIOR for eai: the task suite (and, later, its symbolic simulator)."""
