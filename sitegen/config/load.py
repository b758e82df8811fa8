"""Finding and reading the project's docs.json (else mint.json): the checks every file gets
(size, nesting, JSON, the top level), then the schema it is written in picks the loader
(`classic.load_classic` or `v2.load.load_v2`); a logo file that does not exist is forgiven
for both."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from urllib.parse import unquote

from sitegen.config.classic import load_classic
from sitegen.config.model import LoadedConfig, LogoImages
from sitegen.config.validation import json_kind
from sitegen.confine import OUTSIDE, inside_project
from sitegen.errors import ConfigError
from sitegen.project_layout import CONFIG_FOLDERS, CONFIG_NAMES, is_v2
from sitegen.untrusted import MAX_CONFIG_BYTES, load_json, read_text


def find_config_file(project_dir: Path) -> Path:
    """The project's docs.json (else mint.json). One that is a link to a file outside the
    project is refused, not passed over: a stranger's pull request must not pick the config."""
    real_project = project_dir.resolve()
    for name in CONFIG_NAMES:
        candidate = project_dir / name
        if candidate.is_symlink() and inside_project(real_project, candidate) is None:
            raise ConfigError(f"{name}: links to a file {OUTSIDE}; not read")
        if candidate.is_file():
            return candidate
    raise ConfigError(f"{project_dir}: no docs.json or mint.json found")


def find_project_dir(folder: Path) -> Path:
    """The folder holding the config: `folder` itself, else its `docs/` (where repositories
    that keep code and docs together put docs.json/mint.json). Page paths are relative to it."""
    for sub in CONFIG_FOLDERS:
        candidate = folder / sub
        if any((candidate / name).is_file() for name in CONFIG_NAMES):
            # A `docs/` that links elsewhere on the machine is not this repository's docs.
            if sub != "." and inside_project(folder.resolve(), candidate) is None:
                continue
            return candidate.resolve()
    return folder


def load_config(project_dir: Path) -> LoadedConfig:
    """Read and validate the project's docs.json (else mint.json)."""
    path = find_config_file(project_dir)  # refuses a link to a file outside the project
    name = path.name
    # Size, NUL bytes and UTF-8 first (a BOM from Windows editors is dropped), then nesting and JSON.
    text = read_text(path, name, limit=MAX_CONFIG_BYTES, kind="docs.json", error=ConfigError)
    raw = load_json(text, name, error=ConfigError)
    if not isinstance(raw, dict):
        raise ConfigError(f"{name}: the top level must be a JSON object, not {json_kind(raw)}")
    if is_v2(raw):
        # Imported here, not at the top: the v2 models take a twentieth of a second to
        # import, which a classic project never needs to pay.
        from sitegen.config.v2.load import load_v2

        # `text` gives messages about navigation entries their line (`LoadedConfig.where`).
        return _without_missing_logo(dataclasses.replace(load_v2(raw, path, project_dir), text=text), project_dir)
    return _without_missing_logo(load_classic(raw, path, text), project_dir)


def _without_missing_logo(loaded: LoadedConfig, project_dir: Path) -> LoadedConfig:
    """Mintlify builds a site whose logo file does not exist: the site's name is shown in its
    place (one missing side of a light/dark pair: the other side for both). Only a missing
    file is forgiven; one outside the project stays the build's error."""
    logo = loaded.config.logo
    if logo is None:
        return loaded
    sides = [("logo", logo)] if isinstance(logo, str) else [("logo.light", logo.light), ("logo.dark", logo.dark)]
    missing = [(where, ref) for where, ref in sides if not _exists_for_config(project_dir, ref)]
    if not missing:
        return loaded
    notes = []
    if len(missing) == len(sides):
        notes = [f"{where}: file '{ref}' not found (looked in content/ and the project root); the site's name is "
                 "shown instead" for where, ref in missing]
        config = loaded.config.model_copy(update={"logo": None})
    else:
        (where, ref), = missing
        other = "logo.dark" if where == "logo.light" else "logo.light"
        notes = [f"{where}: file '{ref}' not found (looked in content/ and the project root); using {other} "
                 "in both modes"]
        assert isinstance(logo, LogoImages)
        kept = logo.dark if where == "logo.light" else logo.light
        config = loaded.config.model_copy(update={"logo": logo.model_copy(update={"light": kept, "dark": kept})})
    return dataclasses.replace(loaded, config=config,
                               warnings=(*loaded.warnings, *(f"{loaded.file_name}: {note}" for note in notes)))


def _exists_for_config(project_dir: Path, ref: str) -> bool:
    """Whether a file docs.json names exists where the build looks for it (a URL: yes)."""
    if "://" in ref or ref.startswith("//") or ref.startswith("data:"):
        return True
    path = unquote(ref.split("#", 1)[0].split("?", 1)[0]).lstrip("/")
    if not path:
        return False
    return any(os.path.exists(base / path) for base in (project_dir / "content", project_dir))
