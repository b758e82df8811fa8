"""Theme lookup and the Jinja2 environment.

The built-in theme ships inside the wheel as `sitegen/themes/default` and lives at
`themes/default` in a source checkout. A project may override any template or asset by
putting a file with the same relative path under its own `themes/default/`.
"""

from __future__ import annotations

import os
import pickle
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import jinja2
import jinja2.bccache

from sitegen.cachedir import read_no_follow, write_atomic
from sitegen.confine import OUTSIDE, inside_project

THEME_NAME = "default"


def builtin_theme_dir() -> Path:
    package_dir = Path(__file__).resolve().parent
    for candidate in (package_dir / "themes" / THEME_NAME, package_dir.parent / "themes" / THEME_NAME):
        if (candidate / "templates").is_dir():
            return candidate
    raise RuntimeError(f"sitegen is installed without its theme (looked in {package_dir})")


@dataclass(frozen=True)
class Theme:
    dirs: tuple[Path, ...]  # most specific first: project override, then built-in
    # Files of the project's override that resolve outside the project (symlinks): never
    # read; the built-in file is used instead and the build warns (`refusals`).
    refused: frozenset[Path] = field(default=frozenset())
    project_dir: Path | None = None

    @property
    def refusals(self) -> list[str]:
        """One warning per refused override file, naming it as it sits in the project."""
        assert self.project_dir is not None or not self.refused
        return [
            f"{path.relative_to(self.project_dir).as_posix()}: theme file is a link to a file {OUTSIDE}; "
            "the built-in one is used"
            for path in sorted(self.refused)
            if self.project_dir is not None
        ]

    def assets(self) -> dict[str, Path]:
        """Asset files by relative path; a project file shadows the built-in one."""
        found: dict[str, Path] = {}
        for theme_dir in reversed(self.dirs):
            assets_dir = theme_dir / "assets"
            if assets_dir.is_dir():
                for path in sorted(assets_dir.rglob("*")):
                    if path.is_file() and not self.is_refused(path):
                        found[path.relative_to(assets_dir).as_posix()] = path
        return found

    def file(self, relative: str) -> Path | None:
        """A theme file (such as "fonts/Lato-Bold.ttf"): the project's override, else the built-in one."""
        for theme_dir in self.dirs:
            candidate = theme_dir / relative
            if candidate.is_file() and not self.is_refused(candidate):
                return candidate
        return None

    def loader(self, folder: str) -> jinja2.BaseLoader:
        """Templates from `folder` ("templates", "components") of each theme dir, most
        specific first, skipping refused files."""
        return _ConfinedLoader([str(d / folder) for d in self.dirs], self.is_refused)

    def is_refused(self, path: Path) -> bool:
        return any(path == refused or path.is_relative_to(refused) for refused in self.refused)

    @property
    def is_builtin(self) -> bool:
        """No project override: every template is sitegen's own."""
        return self.dirs == (builtin_theme_dir(),)

    def environment(self, compiled: CompiledTemplates | None = None) -> jinja2.Environment:
        """The templates' environment (`compiled`: where compiled templates are kept, if anywhere)."""
        env = jinja2.Environment(
            loader=self.loader("templates"),
            autoescape=jinja2.select_autoescape(default=True, default_for_string=True),
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
            # A changed theme file makes a new Environment (the builder's theme generation), so
            # templates never need Jinja's per-render check of their file's mtime.
            auto_reload=False,
            bytecode_cache=compiled,
        )
        return env


def user_cache_dir() -> Path:
    """sitegen's folder in the user's cache (`$XDG_CACHE_HOME/sitegen`, else `~/.cache/sitegen`)."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "sitegen"


class CompiledTemplates(jinja2.BytecodeCache):
    """Jinja's compiled form of the built-in theme's templates, kept in the user's cache folder
    as Python keeps a module's `.pyc`: compiling them is a large part of a one-page rebuild.

    Only for the built-in theme (`Theme.is_builtin`), and never inside a project: a compiled
    template is code that runs, and a repository can ship any file. Jinja checks a hash of the
    source and its own format on every load, so a changed template is compiled again; a file
    that cannot be read or written costs only the compiling."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or user_cache_dir() / "templates"

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            data = read_no_follow(self.folder / f"{bucket.key}.jinja")
        except OSError:
            return
        try:
            bucket.bytecode_from_string(data)
        except (pickle.UnpicklingError, ValueError, EOFError, TypeError):  # damaged: compiled again
            bucket.reset()

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            write_atomic(self.folder / f"{bucket.key}.jinja", bucket.bytecode_to_string())
        except OSError:
            pass


def template_failure(exc: jinja2.TemplateError, project_dir: Path | None) -> str:
    """Where a theme template failed and why ("themes/default/components/card.html:2: 'tone'
    is undefined"): a project's override by its path in the project, a built-in template by its
    name (nothing outside the project is named). The line comes from the error (a syntax
    error) or from the template's frame in the traceback (Jinja maps it to template lines)."""
    filename = getattr(exc, "filename", None)
    line = getattr(exc, "lineno", None)
    if filename is None:
        tb = exc.__traceback__
        while tb is not None:
            if tb.tb_frame.f_code.co_filename.endswith(".html"):
                filename, line = tb.tb_frame.f_code.co_filename, tb.tb_lineno
            tb = tb.tb_next
    message = getattr(exc, "message", None) or str(exc) or type(exc).__name__
    if filename is None:
        return f"theme template error: {message}"
    path = Path(filename)
    inside = inside_project(project_dir, path) if project_dir is not None else None
    shown = inside.relative_to(project_dir).as_posix() if inside is not None and project_dir is not None \
        else f"built-in template {path.parent.name}/{path.name}"
    return f"{shown}{f':{line}' if line else ''}: {message}"


class _ConfinedLoader(jinja2.FileSystemLoader):
    """A FileSystemLoader that passes over refused files (falling back to the next folder)."""

    def __init__(self, searchpath: list[str], refused: Callable[[Path], bool]) -> None:
        super().__init__(searchpath)
        self._refused = refused

    def get_source(
        self, environment: jinja2.Environment, template: str
    ) -> tuple[str, str, Callable[[], bool]]:
        for folder in self.searchpath:
            candidate = Path(folder, *template.split("/"))
            if candidate.is_file() and not self._refused(candidate):
                return jinja2.FileSystemLoader(folder).get_source(environment, template)
        raise jinja2.TemplateNotFound(template)


def load_theme(project_dir: Path) -> Theme:
    builtin = builtin_theme_dir()
    project_dir = project_dir.resolve()
    override = project_dir / "themes" / THEME_NAME
    if not override.is_dir() or override.resolve() == builtin:
        return Theme(dirs=(builtin,))
    if inside_project(project_dir, override) is None:  # the whole folder links elsewhere
        return Theme(dirs=(builtin,), refused=frozenset({override}), project_dir=project_dir)
    refused = frozenset(
        Path(folder, name)
        for folder, dir_names, file_names in os.walk(override, followlinks=False)
        for name in (*dir_names, *file_names)  # a linked folder is listed, not walked
        if inside_project(project_dir, Path(folder, name)) is None
    )
    return Theme(dirs=(override, builtin), refused=refused, project_dir=project_dir)
