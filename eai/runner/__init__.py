"""The evaluation runner: tasks x modules x models, concurrent, cached, resumable."""
