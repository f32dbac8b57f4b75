"""Generating task suites from a world's scenes (docs/generation.md): the
generator plugin kind, sampling, the plausibility filter, plan certificates
and writing the suite."""
