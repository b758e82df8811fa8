"""`.mintignore`: the project files Mintlify leaves out of the site, in gitignore syntax.

The file sits beside docs.json; its patterns match paths relative to that folder, as
git's do (`pathspec` reads them: negation, anchoring, `**`, folders with a trailing
slash). An ignored page is not built, listed, searched or in llms.txt; an ignored file
is not published, even when a page links to it. A folder that matches is not entered
(git's rule: a file inside an excluded folder cannot be included again).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sitegen.confine import inside_project
from sitegen.errors import ContentError
from sitegen.untrusted import read_text

IGNORE_FILE = ".mintignore"
MAX_IGNORE_BYTES = 256 * 1024  # a pattern file, not a data file

if TYPE_CHECKING:
    import pathspec


@dataclass(frozen=True)
class IgnoreRules:
    """The patterns of a project's `.mintignore` (none when it has no such file)."""

    spec: pathspec.GitIgnoreSpec | None = None
    warnings: tuple[str, ...] = ()  # the file could not be read: nothing is ignored

    def ignores(self, relative: str, folder: bool = False) -> bool:
        """Whether the path (POSIX, relative to the project folder) is ignored."""
        if self.spec is None:
            return False
        return self.spec.match_file(relative + "/" if folder else relative)

    def excludes(self, relative: str) -> bool:
        """Whether the file at `relative` is left out: it, or a folder it is in, is ignored."""
        if self.spec is None:
            return False
        parts = relative.split("/")
        return any(self.ignores("/".join(parts[:end]), folder=True) for end in range(1, len(parts))) \
            or self.ignores(relative)


def read_ignore_rules(project_dir: Path) -> IgnoreRules:
    """The project's `.mintignore` (a file that links outside the project is not read)."""
    path = project_dir / IGNORE_FILE
    if not path.is_file() and not path.is_symlink():
        return IgnoreRules()
    if inside_project(project_dir.resolve(), path) is None:
        return IgnoreRules(warnings=(f"{IGNORE_FILE}: links to a file outside the project; not read, "
                                     "nothing is ignored",))
    try:
        text = read_text(path, IGNORE_FILE, limit=MAX_IGNORE_BYTES, kind="a .mintignore file",
                         error=ContentError)
    except ContentError as exc:
        return IgnoreRules(warnings=tuple(f"{message}; nothing is ignored" for message in exc.messages))
    import pathspec  # here: most projects have no .mintignore, and every build would import it

    return IgnoreRules(pathspec.GitIgnoreSpec.from_lines(text.splitlines()))
