"""Runs a run's units as Ray tasks over a cluster (docs/scale.md)."""
