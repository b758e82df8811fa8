"""What the OpenAPI validator said of a project's documents, kept between `sitegen build`s
(`.sitegen-cache/build/openapi-checks.json`): validating a large OpenAPI file takes
seconds, and a build of an API site validates every file again although none changed.

An entry is keyed by sitegen's code hash (its code and the versions of the libraries that
shape its output, the validator's included) and the exact bytes of a document and of every
document its `$ref`s reach (`openapi.documents.CheckedDocuments`). It holds the validator's
findings as the messages the build reports: errors that refuse the file, warnings it builds
through. At the end of a build only the entries it used are kept.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from pathlib import Path

from sitegen.cachedir import BUILD_SUBDIR, ensure_cache_dir, read_no_follow, write_atomic
from sitegen.pipeline.pagecache import code_hash

_FORMAT = 1
_FILE = "openapi-checks.json"
Findings = tuple[list[str], list[str]]  # (errors, warnings)


class ValidatorFindings:
    """`CheckedDocuments` in `.sitegen-cache/build/` (a damaged or foreign file is empty)."""

    def __init__(self, cache_root: Path) -> None:
        self.cache_root = cache_root
        self.path = cache_root / BUILD_SUBDIR / _FILE
        self._known = _read(self.path)
        self._used: dict[str, Findings] = {}

    def findings(self, documents: tuple[tuple[str, str], ...]) -> Findings | None:
        key = _key(documents)
        found = self._known.get(key)
        if found is not None:
            self._used[key] = found
        return found

    def remember(self, documents: tuple[tuple[str, str], ...], findings: Findings) -> None:
        self._used[_key(documents)] = findings

    def save(self) -> None:
        """Keep the entries this build used (a file that cannot be written costs only time)."""
        if self._used == self._known:
            return
        entries = {key: [errors, warnings] for key, (errors, warnings) in self._used.items()}
        data = {"format": _FORMAT, "entries": entries}
        with contextlib.suppress(OSError):
            ensure_cache_dir(self.cache_root)
            (self.cache_root / BUILD_SUBDIR).mkdir(exist_ok=True)
            write_atomic(self.path, json.dumps(data).encode())


def _key(documents: tuple[tuple[str, str], ...]) -> str:
    return hashlib.blake2b(f"{code_hash()}\0{json.dumps(documents)}".encode(), digest_size=20).hexdigest()


def _read(path: Path) -> dict[str, Findings]:
    try:
        data = json.loads(read_no_follow(path))
        entries = data["entries"] if data["format"] == _FORMAT else {}
        return {str(key): ([str(e) for e in errors], [str(w) for w in warnings])
                for key, (errors, warnings) in entries.items()
                if isinstance(errors, list) and isinstance(warnings, list)}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}
