"""Links and images: page references become relative links to built pages, files become
copied assets.

Accepted page forms: `/quickstart`, `quickstart`, `quickstart.md`, `../errors.mdx#codes`,
`guides/` (a folder's index page). Relative forms are tried from the linking page's
folder first, then from the content root. A path that is no page and no file leads where
Mintlify's server takes it (`redirects.SiteRoutes`: `/` to the home page, a redirect's
source to its destination's page, a folder to its first listed page), and the link is
written to that page. Every URL written is relative to the page, so the site works under
any sub-path and from disk.
"""

from __future__ import annotations

import difflib
import os
import posixpath
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

from sitegen.confine import OUTSIDE, inside_project, is_script_url, shown_url
from sitegen.mintignore import IGNORE_FILE, read_ignore_rules
from sitegen.pages import PAGE_SUFFIXES, Page, content_root, is_external, root_prefix, split_suffix
from sitegen.redirects import Landing, SiteRoutes

_OUTSIDE = "\0outside"  # _find_file: the path leads out of the project (never an output path)
_IGNORED = "\0ignored"  # _find_file: the file is left out by .mintignore
MAX_LINKS_KEPT = 50_000  # link answers a resolver keeps (a few MB at most)

@dataclass(frozen=True)
class Resolved:
    url: str | None = None  # None: leave the link as written
    error: str | None = None  # with a url ("": no link at all), the message is the whole story
    page_id: str | None = None  # the page linked to (fragments are checked against it)


class LinkResolver:
    """Resolves page links and registers every local file the site must copy."""

    def __init__(self, project_dir: Path, pages: Iterable[Page], routes: SiteRoutes | None = None) -> None:
        self.project_dir = project_dir.resolve()
        self.content_dir = content_root(project_dir).resolve()
        self.ignore = read_ignore_rules(self.project_dir)  # an ignored file is never published
        self.pages_by_id = {page.id: page for page in pages}
        # Where a path that is no page leads (redirects, folders); without one, only pages do.
        self.routes = routes if routes is not None else SiteRoutes(self.pages_by_id.values())
        self.assets: dict[str, Path] = {}  # output path ("images/a.png") -> source file
        # (link path, linking page's folder) -> the page it names: pages link to the same
        # pages again and again. Shared by copies of this resolver (the pages are the same).
        self._pages_found: dict[tuple[str, str], Page | None] = {}
        # (link target, linking page's folder, its depth) -> the answer, for the links whose
        # answer depends on nothing else: links to pages and external links (most links of
        # a site, written again on page after page). Shared like _pages_found.
        self._links_found: dict[tuple[str, str, int], Resolved] = {}

    def resolve(self, target: str, page: Page, image: bool = False) -> Resolved:
        if image:
            return self._resolve(target, page, image)
        key = (target, posixpath.dirname(page.id), page.url.count("/"))
        found = self._links_found.get(key)
        if found is None:
            found = self._resolve(target, page, image)
            kept = found.page_id is not None or (found.url is None and found.error is None)
            if kept and len(self._links_found) < MAX_LINKS_KEPT:
                self._links_found[key] = found
        return found

    def _resolve(self, target: str, page: Page, image: bool) -> Resolved:
        if is_script_url(target, image=image):  # <Card href="javascript:…">: never a link
            kind = "image" if image else "link"
            return Resolved(url="", error=f"{kind} {shown_url(target)} is a script URL; the {kind} is left out")
        if is_external(target):
            return Resolved()
        path, suffix = split_suffix(target)
        path = unquote(path)
        if not image:
            linked = self._find_page(path, page)
            if linked is not None:
                return Resolved(url=(root_prefix(page.url) + linked.url or "./") + suffix, page_id=linked.id)
        output = self._find_file(path, page.source.parent)
        if output is _OUTSIDE:
            return Resolved(error=f"{'image' if image else 'link'} '{target}' is {OUTSIDE}; not published")
        if output is _IGNORED:
            return Resolved(error=f"{'image' if image else 'link'} '{target}' is ignored by {IGNORE_FILE}; "
                                  "not published")
        if output is not None:
            return Resolved(url=root_prefix(page.url) + output + suffix)
        landing = None if image else self._find_route(path, page)
        if landing is not None:
            return _landed(landing, page, suffix)
        if image:
            return Resolved(error=f"image '{target}' not found (looked in {self._roots_text(page, path)})")
        return Resolved(error=f"link '{target}' points to no page or file")

    def config_asset(self, ref: str) -> Resolved:
        """A file named in docs.json (logo, favicon…): its output path as `url`, else an
        `error` saying why (missing, or outside the project)."""
        if is_external(ref):
            return Resolved(url=ref)
        output = self._find_file(unquote(ref), None)
        if output is _OUTSIDE:
            return Resolved(error=f"'{ref}' is {OUTSIDE}; not published")
        if output is _IGNORED:
            return Resolved(error=f"'{ref}' is ignored by {IGNORE_FILE}; not published")
        if output is None:
            return Resolved(error=f"file '{ref}' not found (looked in content/ and the project root)")
        return Resolved(url=output)

    # --- lookups -------------------------------------------------------------------

    def _find_page(self, path: str, page: Page) -> Page | None:
        key = (path, posixpath.dirname(page.id))
        if key not in self._pages_found:
            self._pages_found[key] = self._look_up_page(*key)
        return self._pages_found[key]

    def _look_up_page(self, path: str, page_dir: str) -> Page | None:
        if not path.rstrip("/") and path.startswith("/"):
            return self.pages_by_id.get("index")
        for candidate in _page_candidates(path, page_dir):
            for page_id in (candidate, f"{candidate}/index", "index" if candidate == "." else None):
                if page_id and page_id in self.pages_by_id:
                    return self.pages_by_id[page_id]
        return None

    def _find_route(self, path: str, page: Page) -> Landing | None:
        """Where Mintlify's server takes a path that is no page and no file (None: nowhere)."""
        if not path.rstrip("/") and path.startswith("/"):
            return self.routes.follow("/")
        for candidate in _page_candidates(path, posixpath.dirname(page.id)):
            if candidate != "." and not candidate.startswith("../"):
                landing = self.routes.follow("/" + candidate)
                if landing is not None:
                    return landing
        return None

    def _find_file(self, path: str, page_dir: Path | None) -> str | None:
        """The output path of the first inside-the-project file `path` names (from the
        page's folder, the content root, the project root), else `_OUTSIDE` when it leads
        out of the project (for a page's relative link: from the page's folder, where the
        author wrote it from; else from any of those places), else `_IGNORED` when
        `.mintignore` leaves out the file found, else None."""
        bases: list[Path] = []
        if path.startswith("/"):
            path = path.lstrip("/")
        elif page_dir is not None:
            bases.append(page_dir)
        # A page's relative link is written from the page's folder: only a way out of the
        # project from there is "outside" (the roots tried after it are a courtesy).
        judged = bases[:1] if bases else [self.content_dir, self.project_dir]
        bases += [self.content_dir, self.project_dir]
        outside = ignored = False
        for base in bases:
            candidate = inside_project(self.project_dir, base / path)
            if candidate is None:
                # Judged by the path, not by whether the file exists: a message must not
                # tell a stranger which files exist elsewhere on the machine.
                outside = outside or base in judged
                continue
            if not os.path.isfile(candidate):
                continue
            if self.ignore.excludes(candidate.relative_to(self.project_dir).as_posix()):
                ignored = True
                continue
            output = self._output_path(candidate)
            if output is not None:
                self.assets[output] = candidate
                return output
        return _OUTSIDE if outside else _IGNORED if ignored else None

    def _output_path(self, source: Path) -> str | None:
        # Files keep their place relative to the content root (else the project root);
        # anything outside the project is never published.
        for root in (self.content_dir, self.project_dir):
            if source.is_relative_to(root):
                return source.relative_to(root).as_posix()
        return None

    def _roots_text(self, page: Page, path: str) -> str:
        """The places `_find_file` looked in for `path`: a root-relative one is not looked
        for in the page's folder."""
        content = self.content_dir.relative_to(self.project_dir).as_posix()
        folder = page.source.parent.resolve()
        places = []
        if not path.startswith("/") and folder not in (self.content_dir, self.project_dir):
            places.append(folder.relative_to(self.project_dir).as_posix() + "/")
        if content != ".":
            places.append(content + "/")
        places.append("the project root")
        return ", ".join(places[:-1]) + (" and " if len(places) > 1 else "") + places[-1]


def _page_candidates(path: str, page_dir: str) -> list[str]:
    """The page paths (from the content root, without `.md`/`.mdx`) a link's path may name:
    a root-relative one itself; a relative one from the linking page's folder, then from the
    content root."""
    stem = path.rstrip("/")
    for page_suffix in PAGE_SUFFIXES:
        if stem.endswith(page_suffix):
            stem = stem[: -len(page_suffix)]
            break
    if stem.startswith("/"):
        return [posixpath.normpath(stem.lstrip("/"))]
    return [posixpath.normpath(posixpath.join(page_dir, stem)), posixpath.normpath(stem)]


def _landed(landing: Landing, page: Page, suffix: str) -> Resolved:
    """The link to where a route ends, written from `page`: the link's own `#fragment`/`?query`
    wins over the one a redirect's destination carried."""
    if landing.file is not None:
        return Resolved(url=root_prefix(page.url) + landing.file + (suffix or landing.suffix))
    if landing.page is None:
        return Resolved(url=(landing.url or "") + suffix)
    url = root_prefix(page.url) + landing.page.url or "./"
    return Resolved(url=url + (suffix or landing.suffix), page_id=landing.page.id)



def fragment_found(fragment: str, ids: Collection[str]) -> bool:
    """Whether a link's `#fragment` lands on one of a page's `ids` as a browser sees it:
    as written or percent-decoded (`#error-%F0%9F%A4%96` is `error-🤖`), or, for nested
    accordions, as Mintlify's `outer:inner` path of accordion ids."""
    if fragment in ids:
        return True
    decoded = unquote(fragment)
    if decoded in ids:
        return True
    parts = decoded.split(":")
    return len(parts) > 1 and all(part in ids for part in parts)


def fragment_problem(fragment: str, ids: Collection[str], target: str, linking: str, where: str) -> str | None:
    """What is wrong with a link to `#fragment` on page `target` whose ids are `ids` (None:
    nothing). The link is written at `where` ("file:line") on page `linking`; a same-page
    link written in a snippet names the page, since it depends on which page inlines it."""
    if fragment_found(fragment, ids):
        return None
    hint = ""
    meant = fragment_suggestion(fragment, ids)
    if meant is not None:
        hint = f" (the id there is '{meant}')"
    else:
        closest = closest_id(fragment, ids)
        if closest is not None:
            hint = f" (the closest id there is '{closest}')"
    if target != linking:
        return f"link to '{target}#{fragment}': no heading '{fragment}' on that page{hint}; link kept"
    if _written_in_page(where, linking):
        return f"link to '#{fragment}': no heading '{fragment}' on this page{hint}; link kept"
    return (f"link to '#{fragment}': no heading '{fragment}' on page '{target}', which inlines this snippet{hint}; "
            "link kept")


def _written_in_page(where: str, page_id: str) -> bool:
    """Whether `where` ("content/guides/a.mdx:12") is in the file of page `page_id`
    ("guides/a"): page ids are their file's path from the content root, without suffix."""
    written = posixpath.splitext(where.rsplit(":", 1)[0])[0]
    return written == page_id or written.endswith("/" + page_id)


def fragment_suggestion(fragment: str, ids: Collection[str]) -> str | None:
    """The id a `#fragment` that lands nowhere most likely meant: the page's id with the same
    letters and digits (`team-management--roles`, written for an older Mintlify, for
    `team-management-&-roles`); None when no id or more than one has them."""
    wanted = _letters_and_digits(unquote(fragment))
    if not wanted:
        return None
    found = [id_ for id_ in ids if _letters_and_digits(id_) == wanted]
    return found[0] if len(found) == 1 else None


# How alike (difflib's ratio) an id must be to a fragment to be named as the closest one:
# `logos` and `logo` are, `5-billing-settings` and `6-billing-settings` are, `get-started`
# and `page-title` are not.
_CLOSE_ENOUGH = 0.85


def closest_id(fragment: str, ids: Collection[str]) -> str | None:
    """An id of the page close to a `#fragment` that lands nowhere, to name in the warning:
    the fragment with words added at the end (`theme` for the heading `theme` - Required,
    `theme-required`), the field id of the fragment (`api-params`: `param-api-params`), else
    the most alike id when it is alike enough (`set-deflection-email`: `…-emails`); None
    when nothing is close or two ids are equally so."""
    wanted = unquote(fragment).lower()
    if not wanted:
        return None
    longer = sorted((id_ for id_ in ids if id_.startswith(wanted + "-") or id_ == "param-" + wanted), key=len)
    if longer and (len(longer) == 1 or len(longer[0]) < len(longer[1])):
        return longer[0]
    matcher = difflib.SequenceMatcher(b=wanted)
    scored = []
    for id_ in ids:
        matcher.set_seq1(id_)
        # The two cheap upper bounds first, as difflib.get_close_matches does.
        if matcher.real_quick_ratio() >= _CLOSE_ENOUGH and matcher.quick_ratio() >= _CLOSE_ENOUGH:
            ratio = matcher.ratio()
            if ratio >= _CLOSE_ENOUGH:
                scored.append((ratio, id_))
    scored.sort(reverse=True)
    if not scored or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None
    return scored[0][1]


def _letters_and_digits(text: str) -> str:
    return "".join(char for char in text.lower() if char.isalnum())
