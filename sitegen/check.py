"""`sitegen check`: every check a build makes, and no site written; one report.

The build already finds every broken thing (config, front matter, links, `#anchors`, images,
navigation entries, `openapi:` references, redirects) and says so in one line each,
`file:line: message`. `check_project` runs the same steps into an output that keeps nothing,
then reads each line back into a `Problem` (file, line, kind, target) for `--format json`.
With `external`, every http(s) link of the pages and of docs.json is fetched (external.py).
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import re
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from sitegen.cachedir import CACHE_DIR
from sitegen.config import LoadedConfig, find_project_dir, load_config
from sitegen.errors import SitegenError, location
from sitegen.external import FetchLimits, check_urls
from sitegen.pipeline import BuildOptions, build_into
from sitegen.project_layout import CONFIG_NAMES
from sitegen.search import SearchIndex

Severity = Literal["error", "warning"]

_LOCATED = re.compile(r"^(?P<file>[^:\s][^:]*):(?P<line>\d+)(?::\d+)?: (?P<message>.*)$", re.DOTALL)
_FILE_ONLY = re.compile(r"^(?P<file>[^:\s][^:]*\.[A-Za-z]+): (?P<message>.*)$", re.DOTALL)

# (kind, pattern of the message after its location); the first match names the kind and the
# `target` group, what the problem is about.
_KINDS: tuple[tuple[str, re.Pattern[str]], ...] = tuple((kind, re.compile(pattern)) for kind, pattern in (
    ("anchor", r"^link to '(?P<target>[^']*)': no heading"),
    ("link", r"^link '(?P<target>[^']*)' (?:points to no page or file|is outside)"),
    ("image", r"^image '(?P<target>[^']*)' (?:not found|is outside)"),
    ("navigation", r"^navigation\S*: page '(?P<target>[^']*)' not found"),
    ("redirect", r"^redirects\[\d+\]\.\w+: '(?P<target>[^']*)'"),
    ("external", r"^(?:\S+: )?external link '(?P<target>[^']*)'"),
    ("openapi", r"^openapi: (?:'(?P<target>[^']*)')?"),
    ("front-matter", r"^front matter: (?P<target>[\w-]+)?"),
))


@dataclass(frozen=True)
class Problem:
    file: str | None  # as the project names it ("guides/setup.mdx", "docs.json"); None: the whole site
    line: int | None
    kind: str  # link, anchor, image, navigation, openapi, redirect, external, front-matter, config, content
    target: str | None  # the link, page, operation… the problem is about, as written
    message: str  # without the location
    severity: Severity

    def text(self) -> str:
        where = location(self.file, self.line) if self.file else None
        return f"{where}: {self.message}" if where else self.message


@dataclass
class CheckReport:
    pages: int
    problems: list[Problem] = field(default_factory=list)
    external_links: int = 0  # distinct URLs fetched

    def summary(self) -> dict[str, Any]:
        severities = Counter(problem.severity for problem in self.problems)
        return {
            "pages": self.pages, "problems": len(self.problems),
            "errors": severities["error"], "warnings": severities["warning"],
            "external_links": self.external_links,
            "kinds": dict(sorted(Counter(problem.kind for problem in self.problems).items())),
        }

    def to_json(self) -> str:
        return json.dumps({"problems": [asdict(p) for p in self.problems], "summary": self.summary()}, indent=2)

    def summary_line(self) -> str:
        counts = self.summary()
        checked = f"{counts['pages']} page{'s' if counts['pages'] != 1 else ''}"
        if self.external_links:
            checked += f" and {self.external_links} external link{'s' if self.external_links != 1 else ''}"
        if not self.problems:
            return f"Checked {checked}: no problems"
        parts = [f"{counts[name]} {name if counts[name] != 1 else name[:-1]}"
                 for name in ("errors", "warnings") if counts[name]]
        return f"Checked {checked}: {len(self.problems)} problem{'s' if len(self.problems) != 1 else ''} " \
               f"({', '.join(parts)})"


def check_project(
    project_dir: Path, external: bool = False, limits: FetchLimits | None = None, offline: bool = False
) -> CheckReport:
    """Build PROJECT into nothing and report every problem; with `external`, fetch links too."""
    project = find_project_dir(project_dir.resolve())
    options = BuildOptions(project, exclude=(project / "site", project / CACHE_DIR), offline=offline,
                           search=SearchIndex(enabled=False))
    try:
        result = build_into(options, _Nowhere())
    except SitegenError as exc:  # nothing sensible could be built: these are the problems
        return CheckReport(0, [parse_problem(message, "error") for message in exc.messages])
    loaded = load_config(project)
    report = CheckReport(result.pages, [_with_line(parse_problem(warning, "warning"), loaded)
                                        for warning in result.warnings])
    if external:
        links = result.external_links + config_links(loaded)
        statuses = check_urls((url for _, url in links), limits or FetchLimits())
        report.external_links = len(statuses)
        for where, url in links:
            status = statuses[url]
            if status is not None:
                report.problems.append(parse_problem(f"{where}: external link '{url}': {status}", "warning"))
    # By file and line; sorting is stable, so problems on one line keep the build's order.
    report.problems.sort(key=lambda problem: (problem.file or "", problem.line or 0))
    return report


def parse_problem(text: str, severity: Severity) -> Problem:
    """One build message (`file:line: message`, `docs.json: json.path: message`) as a Problem."""
    file: str | None = None
    line: int | None = None
    message = text
    located = _LOCATED.match(text) or _FILE_ONLY.match(text)
    if located is not None:
        file, message = located.group("file"), located.group("message")
        line = int(located.group("line")) if "line" in located.re.groupindex else None
    kind, target = "content", None
    for name, pattern in _KINDS:
        found = pattern.match(message)
        if found is not None:
            kind, target = name, found.group("target")
            break
    else:
        if file in CONFIG_NAMES:
            kind = "config"
    return Problem(file, line, kind, target, message, severity)


def _with_line(problem: Problem, loaded: LoadedConfig) -> Problem:
    """A docs.json problem named by JSON path alone (`docs.json: colors.primary: …`) with the
    line of that path, so that every problem `check` reports has a line to annotate."""
    if problem.file != loaded.file_name or problem.line is not None:
        return problem
    json_path = problem.message.partition(": ")[0]
    where = loaded.where(json_path)
    found = re.match(r"^[^:]+:(\d+): ", where)
    return dataclasses.replace(problem, line=int(found.group(1))) if found else problem


def config_links(loaded: LoadedConfig) -> list[tuple[str, str]]:
    """(where, URL) for every http(s) URL docs.json links to (top bar, anchors, tabs, footer…);
    not API servers or OpenAPI documents, which are no links a reader follows."""
    links: list[tuple[str, str]] = []

    def walk(node: object, path: str) -> None:
        if isinstance(node, str):
            if node[:8].lower().startswith(("http://", "https://")):
                links.append((loaded.where(path), node))
        elif isinstance(node, list):
            for index, item in enumerate(node):
                walk(item, f"{path}[{index}]")
        elif isinstance(node, dict):
            for key, value in node.items():
                if key not in ("$schema", "openapi", "api"):
                    walk(value, f"{path}.{key}" if path else str(key))

    # read once already; a file changed since is the next check's business
    with contextlib.suppress(ValueError):
        walk(json.loads(loaded.text), "")
    return links


class _Nowhere:
    """An output that keeps only the paths written: `check` writes no site and needs no page
    afterwards."""

    def __init__(self) -> None:
        self.paths: set[str] = set()

    def write(self, path: str, data: bytes) -> None:
        self.paths.add(path)

    def copy(self, path: str, source: Path) -> None:
        self.paths.add(path)

    def commit(self) -> None:
        self.paths.clear()

    def abort(self) -> None:
        self.paths.clear()
