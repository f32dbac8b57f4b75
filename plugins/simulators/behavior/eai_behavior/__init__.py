"""BEHAVIOR for eai: the task suite and its symbolic simulator."""
