"""An example eai plugin: a lamp-switching simulator and its task suite."""
