"""`$ref` in a v2 docs.json: an object `{"$ref": "file.json"}` is replaced by the JSON file it
names (inside the project only, within the docs.json size and nesting limits; a cycle is an
error naming the chain), and every later message says which file a value came from."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from sitegen.config.validation import json_kind
from sitegen.confine import inside_project, refusal
from sitegen.errors import ConfigError
from sitegen.untrusted import MAX_CONFIG_BYTES, MAX_NESTING, load_json, nesting_message, read_text, size_text

# More `$ref` expansions than any real site has; a file referring to another twice, which
# refers to a third twice, and so on would otherwise grow exponentially.
MAX_REF_EXPANSIONS = 2_000


def resolve_refs(raw: dict[str, Any], path: Path, project_dir: Path) -> dict[str, Any]:
    """`raw` with every `$ref` replaced by its file's JSON (ConfigError when one cannot be)."""
    return RefResolver(project_dir.resolve(), path).resolve(raw)


class RefResolver:
    """Replaces every `{"$ref": "file.json"}` by that file's JSON (sibling keys are laid
    over it), relative to the file holding the reference, never outside the project."""

    def __init__(self, project_dir: Path, config_file: Path) -> None:
        self.project_dir = project_dir
        self.top = config_file
        self.expansions = 0
        try:
            self.total_bytes = config_file.stat().st_size  # docs.json itself counts toward the limit
        except OSError:
            self.total_bytes = 0
        self.origins: dict[str, str] = {}  # JSON path in the composed config -> file it came from

    def display(self, path: Path) -> str:
        real = inside_project(self.project_dir, path)
        return real.relative_to(self.project_dir).as_posix() if real else path.name

    def resolve(self, raw: dict[str, Any]) -> dict[str, Any]:
        resolved = self._walk(raw, "", self.top, (self.display(self.top),), (self.top.resolve(),), 0)
        assert isinstance(resolved, dict)
        return resolved

    def origin(self, message: str) -> str:
        """`message` with the file its JSON path came from, when that is a `$ref`'d file."""
        where = message.split(":", 1)[0]
        best = max((p for p in self.origins if where == p or where.startswith((p + ".", p + "["))),
                   key=len, default=None)
        return message if best is None else f"{message} (from {self.origins[best]})"

    def _error(self, where: str, text: str) -> ConfigError:
        return ConfigError(f"{self.top.name}: {where or '(top level)'}: {text}")

    def _walk(self, node: Any, where: str, file: Path, chain: tuple[str, ...],
              real_chain: tuple[Path, ...], depth: int, start: str | None = None) -> Any:
        """`start`: where in docs.json the chain of `$ref`s leading here began (None: in
        docs.json itself), the spot messages name; `where` is the path in the composed JSON."""
        if depth > MAX_NESTING:
            raise self._error(start or where, nesting_message())
        if isinstance(node, list):
            return [self._walk(item, f"{where}[{index}]", file, chain, real_chain, depth + 1, start)
                    for index, item in enumerate(node)]
        if not isinstance(node, dict):
            return node
        if "$ref" in node:
            return self._expand(node, where, file, chain, real_chain, depth, start)
        return {key: self._walk(value, f"{where}.{key}" if where else key, file, chain, real_chain, depth + 1, start)
                for key, value in node.items()}

    def _expand(self, node: dict[str, Any], where: str, file: Path, chain: tuple[str, ...],
                real_chain: tuple[Path, ...], depth: int, start: str | None) -> Any:
        spot = start if start is not None else where
        via = "" if start is None else f" (in {chain[-1]})"
        reference = node["$ref"]
        if not isinstance(reference, str):
            raise self._error(spot, f"$ref {json.dumps(reference)} is not a string{via}")
        self.expansions += 1
        if self.expansions > MAX_REF_EXPANSIONS:
            raise self._error(spot, f"more than {MAX_REF_EXPANSIONS} $ref expansions; not read further")
        target = file.parent / reference
        real = inside_project(self.project_dir, target)
        if real is None:
            raise ConfigError(refusal(f"{self.top.name}: {spot + '.' if spot else ''}$ref", reference) + via)
        shown = self.display(target)
        if real in real_chain:
            raise self._error(spot, "$ref cycle: " + " -> ".join((*chain, shown)))
        if not os.path.isfile(real):
            raise self._error(spot, f"$ref '{reference}': no such file{via}")
        text = read_text(real, shown, limit=MAX_CONFIG_BYTES, kind="docs.json", error=ConfigError)
        self.total_bytes += len(text)
        if self.total_bytes > MAX_CONFIG_BYTES:  # the same file may be named many times
            raise self._error(spot, f"docs.json and its $ref files add up to more than {size_text(MAX_CONFIG_BYTES)} "
                              "(the limit for docs.json); not read further")
        content = load_json(text, shown, error=ConfigError)
        if where not in self.origins:
            self.origins[where] = shown
        content = self._walk(content, where, real, (*chain, shown), (*real_chain, real), depth + 1, spot)
        siblings = {key: value for key, value in node.items() if key != "$ref"}
        if not siblings:
            return content
        if not isinstance(content, dict):
            raise self._error(spot, f"$ref '{reference}' holds {json_kind(content)}, so the keys beside "
                              f"$ref ({', '.join(siblings)}) cannot be laid over it{via}")
        laid = {key: self._walk(value, f"{where}.{key}" if where else key, file, chain, real_chain, depth + 1, start)
                for key, value in siblings.items()}
        return {**content, **laid}

