"""Collaboration episodes after PARTNR (docs/collaboration.md): evaluation
functions over state trajectories, and two agents acting in one world."""
