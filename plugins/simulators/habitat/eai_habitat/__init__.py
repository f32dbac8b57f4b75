"""Habitat for eai: ReplicaCAD rearrangement (LLaRP's Language Rearrangement, EB-Habitat), symbolic."""
