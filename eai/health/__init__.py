"""Health checks behind ``eai doctor``: Python, plugins, task data, simulators, planners and live environments."""
