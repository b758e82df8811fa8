"""Whether `sitegen build` has nothing to do: the output folder already holds what a build
would write, because nothing a build reads changed since the last one wrote it.

After a successful cached build, `record` keeps (in `.sitegen-cache/build/`) the state of
every input as it was when that build *started* (so an edit made while it ran counts as a
change), the build's arguments, its report, and the state of the output folder it left:

- every file of the project (path, size, mtime, ctime, inode), except the output and cache
  folders and git's database, plus the downloaded OpenAPI documents;
- sitegen's own files and its theme, the site-packages folders (an install or upgrade
  changes them), the Python version, the Pagefind executable and the variables that pick it;
- the config files `find_project_dir` looks for, present or not.

`check` (run by `sitegen build` before it imports anything heavy) walks the same files: any
difference at all and the real build runs. A stat that matches is trusted the way git trusts
its index, with the same exception: a file changed within `_RACY_NS` of the snapshot could
change again without its stat showing it, so its content hash was recorded and is compared.
Builds whose output depends on more than files never take the shortcut: a site URL (the
sitemap's dates come from git history) or remote OpenAPI documents fetched online.

Imports only the standard library: it is what a no-change build pays for.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import sitegen
from sitegen.cachedir import BUILD_SUBDIR, CACHE_DIR, OPENAPI_SUBDIR, write_atomic
from sitegen.project_layout import CONFIG_FOLDERS, CONFIG_NAMES

_FORMAT = 1
# Kept equal to publish/site_url.py's ENV_VAR by a test (importing the publishing modules is
# what this one exists to avoid).
SITE_URL_VARIABLE = "SITEGEN_SITE_URL"
# Timestamps come from a coarse clock: a file written this close to the snapshot may be
# written again with the same stat; its content hash decides.
_RACY_NS = 2_000_000_000
_CODE_DIR = Path(__file__).resolve().parent

Stat = list[int | str]  # size, mtime_ns, ctime_ns, inode[, content hash when racy]


@dataclass(frozen=True)
class Replay:
    """What the build that the output folder holds reported."""

    pages: int
    warnings: list[str]
    site_url: str | None
    left_out: tuple[str, ...] = ()  # page menu assistants left out for want of a site URL


@dataclass(frozen=True)
class Snapshot:
    """The inputs' state at the start of a build (see the module docstring)."""

    taken_ns: int
    files: dict[str, Stat]  # "p/<path in the project>", "c/<path in sitegen>", "x/<absolute path>"
    of: tuple[str, ...] = ()  # what it is a snapshot of: given folder, project, output, extra files

    def is_of(self, given: Path, project: Path, out_dir: Path, extra_files: Iterable[Path] = ()) -> bool:
        return self.of == _subject(given, project, out_dir, extra_files)


def _subject(given: Path, project: Path, out_dir: Path, extra_files: Iterable[Path]) -> tuple[str, ...]:
    return (str(given.resolve()), str(project), str(out_dir), *map(str, extra_files))


def settings(project: Path, out_dir: Path, strict: bool, offline: bool, no_scripts: bool = False) -> dict[str, str]:
    """Everything besides files that a build's output depends on (a build given a site URL
    is never repeated, so that one is not here)."""
    return {
        "project": str(project.resolve()), "out": str(out_dir), "strict": str(strict), "offline": str(offline),
        "no_scripts": str(no_scripts),
        "sitegen": sitegen.__version__, "python": sys.version, "executable": sys.executable,
        "pagefind": os.environ.get("PAGEFIND_BINARY_PATH", ""), "path": os.environ.get("PATH", ""),
    }


def _record_path(cache_root: Path, key: dict[str, str]) -> Path:
    name = hashlib.blake2b(f"{key['project']}\0{key['out']}".encode(), digest_size=8).hexdigest()
    return cache_root / BUILD_SUBDIR / f"uptodate-{name}.json"


def _digest(path: str) -> str:
    try:
        with open(path, "rb") as handle:
            return hashlib.file_digest(handle, "blake2b").hexdigest()[:40]
    except OSError:
        return "unreadable"


def racy_after(taken_ns: int) -> int:
    """The moment from which a file's change is too close to a stat taken at `taken_ns` for
    that stat to vouch for its content (git's "racy" rule): a file whose mtime or ctime is at
    or after it could be written again without its stat showing it. Every stat-trusting
    cache uses this one rule."""
    return taken_ns - _RACY_NS


def is_racy(mtime_ns: int, ctime_ns: int, taken_ns: int) -> bool:
    """Whether a stat with these times, taken after `taken_ns`, cannot vouch for the file's content."""
    return max(mtime_ns, ctime_ns) >= racy_after(taken_ns)


def _stat(path: str, racy_from: int | None) -> Stat | None:
    """A file's stat (following links: a linked page is read through its link); with
    `racy_from` (`racy_after`), a file changed from that moment on also gets its content hash."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    found: Stat = [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino]
    if racy_from is not None and max(st.st_mtime_ns, st.st_ctime_ns) >= racy_from:
        found.append(_digest(path))
    return found


def _walk(root: Path, prefix: str, skip: set[str], racy_from: int | None, into: dict[str, Stat]) -> None:
    """Every file under `root` (folders in `skip`, by absolute path, left out); links to
    folders are noted with their target, not followed (the build refuses those that leave
    the project, and those that stay inside are walked where they point)."""
    for folder, dirs, names in os.walk(root):
        # The folder's path relative to `root`, once per folder (relpath per file was a
        # good part of the walk).
        here = os.path.relpath(folder, root)
        rel = prefix if here == "." else prefix + here + "/"
        kept = []
        for name in dirs:
            full = os.path.join(folder, name)
            if full in skip or name in ("__pycache__", ".git") or _staging(full, skip):
                continue
            if os.path.islink(full):
                into[rel + name + "/"] = [os.readlink(full)]
                continue
            kept.append(name)
        dirs[:] = kept
        for name in names:
            if name.endswith(".pyc"):
                continue
            found = _stat(os.path.join(folder, name), racy_from)
            into[rel + name] = found if found is not None else ["missing"]


def _staging(full: str, skip: set[str]) -> bool:
    """The output's staging folders (`.site.new-…`, `.site.old-…`) beside a skipped folder."""
    parent, name = os.path.split(full)
    return name.startswith(".") and any(
        os.path.dirname(skipped) == parent and name.startswith((f".{os.path.basename(skipped)}.new-",
                                                                 f".{os.path.basename(skipped)}.old-"))
        for skipped in skip)


def site_packages() -> list[str]:
    """The site-packages folders on sys.path: an install or upgrade of a library changes one."""
    return sorted({entry for entry in sys.path if entry.endswith(("site-packages", "dist-packages"))})


def snapshot(given: Path, project: Path, out_dir: Path, extra_files: Iterable[Path] = ()) -> Snapshot:
    """The state of every input of a build of `project` (found from `given`) into `out_dir`."""
    taken = time.time_ns()
    racy_from = racy_after(taken)
    files: dict[str, Stat] = {}
    cache_root = project / CACHE_DIR
    skip = {str(out_dir), str(project / "site"), str(cache_root)}
    _walk(project, "p/", skip, racy_from, files)
    _walk(cache_root / OPENAPI_SUBDIR, "o/", set(), racy_from, files)
    _walk(_CODE_DIR, "c/", set(), racy_from, files)
    theme_root = _CODE_DIR.parent / "themes"  # the built-in theme of a source checkout
    if theme_root.is_dir():
        _walk(theme_root, "t/", set(), racy_from, files)
    probes = [given.resolve() / sub / name for sub in CONFIG_FOLDERS for name in CONFIG_NAMES]
    extra_files = list(extra_files)
    for path in [*probes, *extra_files, *map(Path, site_packages())]:
        found = _stat(str(path), racy_from)
        files["x/" + str(path)] = found if found is not None else ["missing"]
    return Snapshot(taken, files, _subject(given, project, out_dir, extra_files))


OutputState = dict[str, list[int]]  # path in the output folder -> size, mtime, inode, mode


def output_state(out_dir: Path, skip: frozenset[str] = frozenset()) -> OutputState:
    """(size, mtime, inode, mode) of every file and link in the output folder (the build's
    output manifest is made from the same walk: `record` is given it); the folders in `skip`
    (paths in it) are neither entered nor listed."""
    state: OutputState = {}

    def visit(folder: str, prefix: str) -> None:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    if prefix + entry.name not in skip:
                        visit(entry.path, prefix + entry.name + "/")
                else:
                    st = entry.stat(follow_symlinks=False)
                    state[prefix + entry.name] = [st.st_size, st.st_mtime_ns, st.st_ino, st.st_mode]
    try:
        visit(str(out_dir), "")
    except OSError:
        state["?"] = []  # unreadable: never equal to a recorded state
    return state


def record(before: Snapshot, project: Path, key: dict[str, str], out_dir: Path, replay: Replay,
           extra_files: Iterable[Path] = (), output: OutputState | None = None) -> None:
    """After a successful build: keep `before` and what the build left (`output`: the state
    of the output folder, if the build took it after writing it), for `check`. A record that
    cannot be written only costs the next build its shortcut."""
    path = _record_path(project / CACHE_DIR, key)
    try:
        data = {
            "format": _FORMAT, "key": key, "project": str(project), "extra": [str(p) for p in extra_files],
            "taken_ns": before.taken_ns, "files": before.files,
            "output": output if output is not None else output_state(out_dir),
            "pages": replay.pages, "warnings": replay.warnings, "site_url": replay.site_url,
            "left_out": list(replay.left_out),
        }
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps(data).encode())
    except OSError:
        forget(project, key)


def forget(project: Path, key: dict[str, str]) -> None:
    """Drop the record (a build is about to change the output, or failed to describe it)."""
    with contextlib.suppress(OSError):
        _record_path(project / CACHE_DIR, key).unlink(missing_ok=True)


def check(given: Path, key: dict[str, str], out_dir: Path, taken: list[Snapshot] | None = None) -> Replay | None:
    """The last build's report if the output folder holds exactly what building now would
    write (nothing it reads changed, the output was not touched); else None. The snapshot
    the check took, if any, is added to `taken`: the build that follows can record it
    (`Snapshot.is_of` says whether it fits) instead of walking every file again."""
    for sub in CONFIG_FOLDERS:
        path = _record_path(given.resolve() / sub / CACHE_DIR, key)
        try:
            data = json.loads(path.read_bytes())
        except (OSError, ValueError):
            continue
        try:
            if data["format"] != _FORMAT or data["key"] != key:
                return None
            project = Path(data["project"])
            now = snapshot(given, project, out_dir, [Path(p) for p in data["extra"]])
            if taken is not None:
                taken.append(now)
            recorded: dict[str, Stat] = data["files"]
            if now.files.keys() != recorded.keys():
                return None
            for name, stat in now.files.items():
                known = recorded[name]
                if stat[:4] != known[:4]:
                    return None
                # Racy when recorded: the hash taken then decides (it is taken now too when
                # still racy; else the file is hashed here).
                if len(known) > 4 and known[4] != (stat[4] if len(stat) > 4 else _digest(_real(name, project))):
                    return None
            if output_state(out_dir) != data["output"]:
                return None
            return Replay(int(data["pages"]), [str(w) for w in data["warnings"]], data["site_url"],
                          tuple(str(name) for name in data["left_out"]))
        except (OSError, KeyError, TypeError, ValueError, AttributeError):
            return None
    return None


def _real(name: str, project: Path) -> str:
    kind, rel = name[:2], name[2:]
    root = {"p/": project, "o/": project / CACHE_DIR / OPENAPI_SUBDIR, "c/": _CODE_DIR,
            "t/": _CODE_DIR.parent / "themes"}.get(kind)
    return rel if root is None else str(root / rel)
