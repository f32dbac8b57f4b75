"""The contracts of worlds: simulators, environments, planners, goal checks and the error taxonomy."""
