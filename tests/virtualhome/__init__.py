"""Tests of the VirtualHome simulator plugin on the real task suite."""
