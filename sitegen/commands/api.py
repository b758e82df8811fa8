"""`sitegen api`: the Plant Store reference server.

The server is a separate application (`sitegen.refserver`, also `python -m sitegen.refserver`)
that imports nothing else of sitegen; its flags and its runner live there.
"""

from __future__ import annotations

from sitegen.refserver.cli import add_arguments, run

__all__ = ["add_arguments", "run"]
