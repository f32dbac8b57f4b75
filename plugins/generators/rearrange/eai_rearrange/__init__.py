"""Rearrangement tasks generated on BEHAVIOR scenes: the generator hook on a second world."""
