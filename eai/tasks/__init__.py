"""Task data: the task-file format, the store that loads suites, importers and their pinned sources."""
