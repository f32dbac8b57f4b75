"""ALFWorld's TextWorld engine behind eai's environment protocol, for the EB-ALFRED tasks (docs/engines.md)."""
