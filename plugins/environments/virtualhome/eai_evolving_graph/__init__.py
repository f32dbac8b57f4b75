"""VirtualHome 2.3.0's evolving graph behind eai's environment protocol, for the VirtualHome tasks (docs/engines.md)."""
