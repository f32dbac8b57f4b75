"""Foundations: JSON and JSONL handling, names, paths, limits and findings; they import no other part of eai."""
