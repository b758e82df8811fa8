"""Build a folder of real Mintlify repositories and say, per repository, what a reader would see.

    python bench/realworld.py FOLDER [--out /dev/shm/realworld] [--only NAME,NAME] [--timeout 900]
                                     [--json results.json]

FOLDER holds one checkout per repository (fetched by hand, never committed). Each is built
with the real CLI (`python -m sitegen build --no-cache --offline`) into --out, and the
table gives per repository:

  exit      the build's exit code (`T/O` when it ran past --timeout)
  pages     HTML pages written (the 404 page and redirect stubs left out)
  seconds   wall time of the build
  warnings  how many, then the five commonest kinds (the kind is the message with its
            quoted values, numbers and locations taken out, cut at the first `;`)
  unknown   `unknown component <X>` warnings, with the commonest names
  refused   attributes refused as `not a value sitegen can compute`
  fragments `link to '#…': no heading` warnings (deep links that point at nothing)
  raw tags  `<Name` written out in the visible text of the built pages (outside code), which
            means an MDX tag was shown to the reader as text
  nav pages the page paths the repository's navigation lists (docs.json or mint.json, `$ref`s
            followed, hidden levels and groups left out; `root` pages counted; entries without
            a page file or with `hidden: true` left out, as Mintlify lists them nowhere either), then how many
            of them a built sidebar links to (`data-page` in the pages and the section nav
            scripts): `412/415`
  endpoints the API operation pages the built sidebars link to that no page file makes
            (generated pages), then the `"METHOD /path"` entries of the navigation outside
            hidden levels, each once per OpenAPI document it is read from (an `openapi` level
            without pages adds all its operations, so pages may exceed entries): `82/82`

A repository's project folder is the one holding docs.json or mint.json (the checkout
itself, else `docs/`, as sitegen finds it).
"""

from __future__ import annotations

import argparse
import contextlib
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

_LOCATION = re.compile(r"^warning: (?:[^:\s][^:]*:\d+(?::\d+)?: |[^:\s][^:]*\.json: )")
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|<[^>]*>|`[^`]*`|\d+")
_UNKNOWN = re.compile(r"unknown component <([^>]+)>")
# A tag, not a type written in prose (`Promise<Result>`, `ReactElement<StepProps>[]`).
_RAW_TAG = re.compile(r"(?<![\w$.])<[A-Z][A-Za-z0-9.]*[\s/>]")
_SKIPPED_TEXT = {"code", "pre", "script", "style", "template", "textarea", "svg", "math"}


@dataclass
class RepoResult:
    name: str
    exit: str
    pages: int
    seconds: float
    warnings: int
    kinds: dict[str, int] = field(default_factory=dict)
    unknown: dict[str, int] = field(default_factory=dict)
    refused: int = 0
    fragments: int = 0
    raw_tags: int = 0
    raw_tag_pages: list[str] = field(default_factory=list)
    error: str = ""
    nav_listed: int = 0
    nav_in_sidebar: int = 0
    nav_missing: list[str] = field(default_factory=list)
    endpoints_listed: int = 0
    endpoint_pages: int = 0


class _VisibleText(html.parser.HTMLParser):
    """The text a reader sees, outside code, scripts and styles."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIPPED_TEXT:
            self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIPPED_TEXT and self.depth:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if not self.depth:
            self.parts.append(data)


def project_folder(checkout: Path) -> Path | None:
    for candidate in (checkout, checkout / "docs"):
        if (candidate / "docs.json").is_file() or (candidate / "mint.json").is_file():
            return candidate
    return None


def warning_kind(line: str) -> str:
    message = _LOCATION.sub("", line, count=1).removeprefix("warning: ")
    message = message.split(";", 1)[0]
    return _QUOTED.sub("…", message).strip()[:70]


def count_raw_tags(site: Path) -> tuple[int, int, list[str]]:
    """(pages, raw tags, the first pages holding one) over the built HTML pages."""
    pages, tags, where = 0, 0, []
    for page in site.rglob("*.html"):
        relative = page.relative_to(site).as_posix()
        if relative.startswith("_sitegen/") or relative == "404.html":
            continue
        text = page.read_text(encoding="utf-8", errors="replace")
        if 'http-equiv="refresh"' in text[:2000]:
            continue  # a redirect stub
        pages += 1
        parser = _VisibleText()
        parser.feed(text)
        found = len(_RAW_TAG.findall(" ".join(parser.parts)))
        if found:
            tags += found
            if len(where) < 5:
                where.append(relative)
    return pages, tags, where


_HTTP_METHODS = {"get", "post", "put", "patch", "delete", "head", "options", "trace", "webhook"}
# In a page: data-page="id"; in a section nav script (a JSON string): data-page=\"id\" with \uXXXX escapes.
_DATA_PAGE = re.compile(r'data-page=\\?"((?:[^"\\]|\\u[0-9a-fA-F]{4})+)')


def is_endpoint_entry(entry: str) -> bool:
    tokens = entry.split()
    return len(tokens) >= 2 and tokens[-2].lower() in _HTTP_METHODS and tokens[-1].startswith("/")


def page_key(entry: str) -> str:
    """A navigation entry or a sidebar link's page id, compared the same way."""
    key = entry.strip().strip("/")
    for suffix in (".mdx", ".md"):
        key = key.removesuffix(suffix)
    return key


def listed_in_navigation(project: Path) -> tuple[set[str], int]:
    """(page paths, endpoint entries) the project's navigation lists outside hidden levels; an
    endpoint entry counts once per OpenAPI document it is read from (the nearest `openapi`
    above it), as one page serves every place that lists the same operation."""
    pages: set[str] = set()
    endpoints: set[tuple[str, str]] = set()
    config_file = next(project / name for name in ("docs.json", "mint.json") if (project / name).is_file())
    try:
        raw = json.loads(config_file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return pages, 0
    if config_file.name == "docs.json":
        sys.path.insert(0, str(REPO))
        from sitegen.config.v2 import resolve_refs  # the same `$ref` rule the build follows

        with contextlib.suppress(Exception):  # a broken `$ref` fails the build, which the exit column shows
            raw = resolve_refs(raw, config_file, project)

    _walk_navigation(raw.get("navigation"), json.dumps(raw.get("openapi"), sort_keys=True), pages, endpoints)
    return pages, len(endpoints)


def _walk_navigation(node: object, document: str, pages: set[str], endpoints: set[tuple[str, str]]) -> None:
    """Adds the pages and endpoint entries under `node` (not hidden) to `pages` and `endpoints`;
    `document` is the nearest `openapi` above it."""
    if isinstance(node, list):
        for item in node:
            _walk_navigation(item, document, pages, endpoints)
        return
    if not isinstance(node, dict) or node.get("hidden") is True:
        return
    openapi = node.get("openapi")
    if openapi is not None:
        document = json.dumps(openapi, sort_keys=True)
    root = node.get("root")
    if isinstance(root, str) and root.strip():
        pages.add(page_key(root))
    for key, value in node.items():
        if key == "pages" and isinstance(value, list):
            for entry in value:
                if not isinstance(entry, str):
                    _walk_navigation(entry, document, pages, endpoints)
                elif is_endpoint_entry(entry):
                    endpoints.add((document, " ".join(entry.split())))
                else:
                    pages.add(page_key(entry))
        elif key not in ("global", "root") and isinstance(value, (list, dict)):
            _walk_navigation(value, document, pages, endpoints)


def sidebar_pages(site: Path) -> dict[str, Path]:
    """Every page id a built sidebar links to, with its built HTML file."""
    ids: set[str] = set()
    for script in (site / "_sitegen" / "nav").glob("*.js"):
        ids.update(json.loads(f'"{found}"') for found in
                   _DATA_PAGE.findall(script.read_text(encoding="utf-8", errors="replace")))
    for page in site.rglob("*.html"):
        if not page.relative_to(site).as_posix().startswith("_sitegen/"):
            ids.update(html.unescape(found) for found in
                       _DATA_PAGE.findall(page.read_text(encoding="utf-8", errors="replace")))
    return {page_key(found): site / page_key(found) / "index.html" for found in ids}


_HIDDEN_FRONT_MATTER = re.compile(r"\A\ufeff?---\r?\n(?:.*\r?\n)*?hidden:\s*true\s*\r?\n(?:.*\r?\n)*?---", re.M)


def has_page_file(project: Path, key: str) -> bool:
    """Whether a navigation entry names a page file that is not `hidden: true` (Mintlify lists
    neither a missing page nor a hidden one; the build warns about the first)."""
    for root in (project, project / "content"):
        for suffix in (".mdx", ".md"):
            path = root / f"{key}{suffix}"
            if path.is_file():
                with path.open(encoding="utf-8", errors="replace") as file:
                    return not _HIDDEN_FRONT_MATTER.match(file.read(4000))
    return False


def count_navigation(project: Path, site: Path, result: RepoResult) -> None:
    listed, result.endpoints_listed = listed_in_navigation(project)
    listed = {key for key in listed if has_page_file(project, key)}
    linked = sidebar_pages(site) if site.is_dir() else {}
    result.nav_listed = len(listed)
    missing = sorted(listed - set(linked))
    result.nav_in_sidebar = len(listed) - len(missing)
    result.nav_missing = missing[:5]
    result.endpoint_pages = sum(
        1 for key, html in linked.items()
        if key not in listed and html.is_file() and "api-method" in html.read_text(encoding="utf-8", errors="replace"))


def build_one(checkout: Path, out_root: Path, timeout: float) -> RepoResult:
    name = checkout.name
    project = project_folder(checkout)
    if project is None:
        return RepoResult(name, "no config", 0, 0.0, 0, error="no docs.json or mint.json")
    out = out_root / name
    if out.exists():
        shutil.rmtree(out)
    command = [sys.executable, "-m", "sitegen", "build", str(project), "--out", str(out),
               "--no-cache", "--offline", "-q"]
    started = time.perf_counter()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=REPO,
                              env={**os.environ, "PYTHONPATH": str(REPO)})
    except subprocess.TimeoutExpired:
        return RepoResult(name, "T/O", 0, timeout, 0)
    seconds = time.perf_counter() - started
    lines = done.stderr.splitlines() + done.stdout.splitlines()
    warnings = [line for line in lines if line.startswith("warning: ")]
    errors = [line for line in lines if line.startswith("error")]
    unknown = Counter(found.group(1) for line in warnings if (found := _UNKNOWN.search(line)))
    result = RepoResult(
        name, str(done.returncode), 0, round(seconds, 2), len(warnings),
        kinds=dict(Counter(warning_kind(line) for line in warnings).most_common(5)),
        unknown=dict(unknown.most_common()),
        refused=sum("not a value sitegen can compute" in line for line in warnings),
        fragments=sum(bool(re.search(r"link to '[^']*#[^']*': no heading", line)) for line in warnings),
        error=errors[0][:200] if errors else "",
    )
    if out.is_dir():
        result.pages, result.raw_tags, result.raw_tag_pages = count_raw_tags(out)
    count_navigation(project, out, result)
    return result


def table(results: list[RepoResult]) -> str:
    rows = ["| repository | exit | pages | s | warnings | unknown components | refused attrs | fragment | raw tags "
            "| nav pages in sidebar | endpoint pages |",
            "|---|---|---|---|---|---|---|---|---|---|---|"]
    for result in results:
        unknown = sum(result.unknown.values())
        names = ", ".join(f"{name} {count}" for name, count in list(result.unknown.items())[:3])
        rows.append(f"| {result.name} | {result.exit} | {result.pages} | {result.seconds:.1f} | {result.warnings} | "
                    f"{unknown}{f' ({names})' if names else ''} | {result.refused} | {result.fragments} | "
                    f"{result.raw_tags} | {result.nav_in_sidebar}/{result.nav_listed} | "
                    f"{result.endpoint_pages}/{result.endpoints_listed} |")
    return "\n".join(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", type=Path)
    parser.add_argument("--out", type=Path, default=Path("/dev/shm/realworld"))
    parser.add_argument("--only", default="", help="comma-separated repository folder names")
    parser.add_argument("--timeout", type=float, default=900.0)
    parser.add_argument("--json", type=Path, help="also write every result (warning kinds in full) here")
    args = parser.parse_args()
    only = {name for name in args.only.split(",") if name}
    checkouts = sorted(path for path in args.folder.iterdir()
                       if path.is_dir() and not path.name.startswith(".") and (not only or path.name in only))
    args.out.mkdir(parents=True, exist_ok=True)
    results = []
    for checkout in checkouts:
        result = build_one(checkout, args.out, args.timeout)
        print(f"{result.name}: exit {result.exit}, {result.pages} pages, {result.seconds:.1f} s, "
              f"{result.warnings} warnings {result.error}", file=sys.stderr, flush=True)
        results.append(result)
    print(table(results))
    print()
    for result in results:
        if result.kinds:
            print(f"{result.name}: " + "; ".join(f"{count}× {kind}" for kind, count in result.kinds.items()))
        if result.raw_tag_pages:
            print(f"{result.name}: raw tags on " + ", ".join(result.raw_tag_pages))
        if result.nav_missing:
            print(f"{result.name}: not in any sidebar: " + ", ".join(result.nav_missing))
    if args.json:
        args.json.write_text(json.dumps([asdict(result) for result in results], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
