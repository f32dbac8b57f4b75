"""Training data from runs: a run's answers with the simulators' verdicts (``eai export dataset``)."""
