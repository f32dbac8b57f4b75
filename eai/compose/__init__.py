"""Composing modules: pipelines of stages, planners acting on interpreted goals."""
