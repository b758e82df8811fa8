"""Where a docs project keeps its config, and which schema it is written in. A module of its
own so that `sitegen build`'s up-to-date check (uptodate.py) finds the project, and a classic
project is loaded, without importing the v2 models (config.v2 is a twentieth of a second)."""

from __future__ import annotations

from typing import Any

CONFIG_NAMES = ("docs.json", "mint.json")
# Mintlify repositories often keep their docs in docs/ beside the code.
CONFIG_FOLDERS = (".", "docs")


def is_v2(raw: dict[str, Any]) -> bool:
    """Mintlify's own rule of thumb: v2 has an object `navigation` (and a `theme`)."""
    navigation = raw.get("navigation")
    return isinstance(navigation, dict) or ("theme" in raw and not isinstance(navigation, list))
