"""AI2-THOR's ALFRED tasks for eai: the EB-ALFRED suite and its symbolic simulator."""
