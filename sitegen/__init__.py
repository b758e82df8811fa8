"""sitegen: a static documentation site generator for docs.json (mint.json) projects."""

__version__ = "0.1.0"
