"""eai: the Embodied Agent Interface as software."""

__version__ = "0.1.0"
