"""Tests of the BEHAVIOR simulator plugin on the real task suite."""
