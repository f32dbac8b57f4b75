"""Action sequencing: plan, execute, classify errors, check goals."""

from eai_modules.action_sequencing.module import ActionSequencing

__all__ = ["ActionSequencing"]
