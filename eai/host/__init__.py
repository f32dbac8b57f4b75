"""The plugin host: hook specifications, the plugin manager, typed registries and health checks."""
