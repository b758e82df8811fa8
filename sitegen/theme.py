"""Theme lookup and the Jinja2 environment.

The built-in theme ships inside the wheel as `sitegen/themes/default` and lives at
`themes/default` in a source checkout. A project may override any template or asset by
putting a file with the same relative path under its own `themes/default/`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import jinja2

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

    def assets(self) -> dict[str, Path]:
        """Asset files by relative path; a project file shadows the built-in one."""
        found: dict[str, Path] = {}
        for theme_dir in reversed(self.dirs):
            assets_dir = theme_dir / "assets"
            if assets_dir.is_dir():
                for path in sorted(assets_dir.rglob("*")):
                    if path.is_file():
                        found[path.relative_to(assets_dir).as_posix()] = path
        return found

    def environment(self) -> jinja2.Environment:
        env = jinja2.Environment(
            loader=jinja2.FileSystemLoader([str(d / "templates") for d in self.dirs]),
            autoescape=jinja2.select_autoescape(default=True, default_for_string=True),
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        return env


def load_theme(project_dir: Path) -> Theme:
    builtin = builtin_theme_dir()
    override = (project_dir / "themes" / THEME_NAME).resolve()
    dirs = (builtin,) if override == builtin or not override.is_dir() else (override, builtin)
    return Theme(dirs=dirs)
