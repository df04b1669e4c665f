"""docdeck: a terminal client for the documentation platform's management API."""

__version__ = "0.1.0"
