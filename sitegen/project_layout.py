"""Where a docs project keeps its config. A module of its own so that `sitegen build`'s
up-to-date check (uptodate.py) finds the project without importing the config models."""

from __future__ import annotations

CONFIG_NAMES = ("docs.json", "mint.json")
# Mintlify repositories often keep their docs in docs/ beside the code.
CONFIG_FOLDERS = (".", "docs")
