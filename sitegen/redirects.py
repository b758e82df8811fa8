"""docs.json `redirects`: a static page at each exact source, and a `_redirects` file.

Any host can serve the static pages (meta refresh, canonical link, a visible link, with
relative URLs so they work under any sub-path). Netlify and Cloudflare Pages also read
`_redirects` at the site root and answer with a real HTTP redirect; that file carries the
rules a static page cannot serve: parameters (`/old/:slug` -> `/new/:slug`) and wildcards,
written Mintlify's way (`/old/:slug*`) and rewritten the hosts' way (`/old/*` -> `/new/:splat`).

`SiteRoutes` is where a path of the site leads on Mintlify's server: its page, else the
redirect that matches it (followed to its end), else the first listed page in its folder.
Links (markdown/links.py) and redirect destinations are judged by it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from html import escape

from markupsafe import Markup

from sitegen.config import LoadedConfig, Redirect
from sitegen.i18n import fill, ui_strings
from sitegen.nav import Navigation, normalize_page_ref
from sitegen.pages import Page, is_external, root_prefix, split_suffix, url_for

HOST_RULES = "_redirects"  # read by Netlify and Cloudflare Pages at the site root

# In the language of the page it leads to (a reader may see it for a moment).
_REDIRECT_PAGE = """<!doctype html>
<html lang="{lang}"{dir}>
<head>
<meta charset="utf-8">
<title>{redirecting}</title>
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="0; url={url}">
<link rel="canonical" href="{url}">
</head>
<body>
<p>{moved_to}</p>
</body>
</html>
"""

_WILDCARD = re.compile(r":([A-Za-z_][A-Za-z0-9_]*)\*")  # Mintlify's `:slug*`: any rest of the path
_PARAMETER = re.compile(r":[A-Za-z_][A-Za-z0-9_]*")
# A source's parts as Mintlify (path-to-regexp) reads them: `/:name*` (any rest, none too),
# `:name` (one segment), `*` (any rest).
_SOURCE_PART = re.compile(r"(?P<rest>/:(?P<rest_name>[A-Za-z_][A-Za-z0-9_]*)\*)|:(?P<name>[A-Za-z_][A-Za-z0-9_]*)"
                          r"|(?P<star>\*)")
MAX_HOPS = 10  # redirects followed from one path before giving up (a loop, or a very long chain)


@dataclass(frozen=True)
class Landing:
    """Where a path of the site ends: a page of the site, or another site's URL."""

    page: Page | None
    url: str | None = None  # another site (page is None)
    suffix: str = ""  # the `#fragment`/`?query` the last redirect's destination carried
    file: str | None = None  # a file the build makes at the site root (`llms.txt`; page is None)


class SiteRoutes:
    """What a path of the site leads to on Mintlify's server, besides a page's own URL: `/`
    is the home page (the first listed page when no page is `index`); a docs.json redirect's
    source leads where its destination does (the first matching rule, as Mintlify matches
    them); a folder without a page of its own leads to the first page the navigation lists in
    it (Mintlify's answer to a path it has no page for, before sending the reader home);
    `generated` are the files the build writes at the site root that Mintlify serves too."""

    def __init__(self, pages: Iterable[Page], listed: Sequence[Page] = (), redirects: Sequence[Redirect] = (),
                 generated: Iterable[str] = ()) -> None:
        self.by_id = {page.id: page for page in pages}
        self.generated = frozenset(generated)
        self.home = self.by_id.get("index") or (listed[0] if listed else None)
        self._listed = [page for page in listed if not page.hidden]
        self._rules = [rule for rule in map(_compile_rule, redirects) if rule is not None]

    def page_at(self, path: str) -> Page | None:
        """The page whose own URL is `path` ("/guides/setup", "guides/", "/"), else None."""
        ref = normalize_page_ref(path)
        if not ref:
            return self.home
        return self.by_id.get(ref) or self.by_id.get(ref + "/index")

    def follow(self, path: str) -> Landing | None:
        """Where `path` (without `#`/`?`) ends: its page, else through redirects and folders."""
        suffix, seen = "", set()
        for _ in range(MAX_HOPS):
            page = self.page_at(path)
            if page is not None:
                return Landing(page, suffix=suffix)
            key = "/" + path.strip().strip("/")
            if key[1:] in self.generated:
                return Landing(None, suffix=suffix, file=key[1:])
            key = "/" + normalize_page_ref(path)
            if key in seen:
                return None
            seen.add(key)
            destination = self._redirect(key)
            if destination is None:
                first = self._first_in_folder(key)
                return Landing(first, suffix=suffix) if first is not None else None
            if is_external(destination) and not destination.startswith("#"):
                return Landing(None, url=destination)
            path, rest = split_suffix(destination)
            suffix = rest or suffix
        return None

    def _redirect(self, path: str) -> str | None:
        for pattern, destination in self._rules:
            match = pattern.fullmatch(path)
            if match is not None:
                return _fill(destination, match)
        return None

    def _first_in_folder(self, path: str) -> Page | None:
        folder = path.strip("/") + "/"
        if folder == "/":
            return None
        return next((page for page in self._listed if page.id.startswith(folder)), None)


def _source_path(redirect: Redirect) -> str:
    """A redirect's source as a normalized path (`/a/b`), without its `#fragment` or `?query`."""
    return "/" + redirect.source.strip().partition("#")[0].partition("?")[0].strip("/")


def _compile_rule(redirect: Redirect) -> tuple[re.Pattern[str], str] | None:
    """A redirect's source as a pattern over normalized paths (`/a/b`), with its destination."""
    source = _source_path(redirect)
    parts, end, stars = [], 0, 0
    for match in _SOURCE_PART.finditer(source):
        parts.append(re.escape(source[end:match.start()]))
        if match.group("rest"):
            parts.append(f"(?:/(?P<{match.group('rest_name')}>.*))?")
        elif match.group("name"):
            parts.append(f"(?P<{match.group('name')}>[^/]+)")
        else:
            stars += 1
            parts.append(f"(?P<_star{stars}>.*)")
        end = match.end()
    parts.append(re.escape(source[end:]))
    try:
        return re.compile("".join(parts)), redirect.destination.strip()
    except re.error:  # the same parameter twice: Mintlify refuses such a rule too
        return None


def _fill(destination: str, match: re.Match[str]) -> str:
    """The destination with the source's parameters (`:slug*`, `:slug`) and stars put in."""
    values = {name: value or "" for name, value in match.groupdict().items()}
    filled = re.sub(r":([A-Za-z_][A-Za-z0-9_]*)\*?", lambda m: values.get(m.group(1), m.group(0)), destination)
    stars = iter(values[f"_star{number}"] for number in range(1, len(values) + 1) if f"_star{number}" in values)
    filled = re.sub(r"\*", lambda m: next(stars, ""), filled)
    return re.sub(r"(?<!:)//+", "/", filled)



@dataclass
class RedirectFiles:
    pages: dict[str, bytes] = field(default_factory=dict)  # output path -> static redirect page
    host_rules: list[str] = field(default_factory=list)  # lines of `_redirects`
    warnings: list[str] = field(default_factory=list)

    def host_file(self) -> bytes | None:
        return ("\n".join(self.host_rules) + "\n").encode() if self.host_rules else None


def site_routes(loaded: LoadedConfig, pages: Iterable[Page], navigation: Navigation,
                generated: Iterable[str] = ()) -> SiteRoutes:
    """The site's routes: its pages, the pages every navigation lists, docs.json's redirects
    and the `generated` files at its root."""
    return SiteRoutes(pages, [item.page for item in navigation.all_ordered()], loaded.config.redirects, generated)


def redirect_files(loaded: LoadedConfig, routes: SiteRoutes,
                   language_of: Callable[[Page | None], str | None] = lambda page: None) -> RedirectFiles:
    """The static pages and `_redirects` lines for docs.json `redirects`, with a warning for a
    source that is also a page (the page is kept) and a destination that leads to no page. A
    page's words are in `language_of` the page it leads to (None: another site's or no page's)."""
    made = RedirectFiles()
    for index, redirect in enumerate(loaded.config.redirects):
        here = f"redirects[{index}]"
        source = _source_path(redirect)
        status = "308" if redirect.permanent else "307"  # Mintlify's codes: both keep the method
        followed = _destination(redirect, routes)
        landing, path, suffix = followed
        exact = not ("*" in source or _PARAMETER.search(source))
        source_id = normalize_page_ref(source) or "index"
        if exact and source_id in routes.by_id:
            made.warnings.append(f"{loaded.where(here + '.source')}: '{redirect.source}' is also a page; "
                                 "the page is kept and no redirect is written")
            continue
        if landing is None and path is not None and not ("*" in path or _PARAMETER.search(path)):
            made.warnings.append(f"{loaded.where(here + '.destination')}: '{redirect.destination}' is no page; "
                                 "the redirect points there anyway")
        if not exact:  # only a host's rules can serve a pattern
            rule_source, splat = _host_pattern(source)
            made.host_rules.append(_rule(rule_source, _host_destination(redirect, followed, splat), status))
            continue
        source_url = url_for(source_id)
        if landing is not None and landing.page is not None:
            url = (root_prefix(source_url) + landing.page.url or "./") + suffix
        elif landing is not None and landing.url is not None:  # another site, maybe after other redirects
            url = landing.url
        elif landing is not None and landing.file is not None:
            url = root_prefix(source_url) + landing.file + suffix
        elif path is None:
            url = redirect.destination.strip()
        else:
            url = root_prefix(source_url) + path.strip("/") + suffix
        target = landing.page if landing is not None else None
        made.pages[source_url + "index.html"] = _redirect_page(url, language_of(target)).encode()
        made.host_rules.append(_rule(source, _host_destination(redirect, followed, None), status))
    return made


def _redirect_page(url: str, language: str | None) -> str:
    ui = ui_strings(language)
    link = Markup('<a href="{0}">{0}</a>').format(url)
    return _REDIRECT_PAGE.format(url=escape(url), lang=escape(language or "en"), dir=' dir="rtl"' if ui.rtl else "",
                                 redirecting=escape(ui.redirecting), moved_to=fill(ui.moved_to, url=link))


def _rule(source: str, destination: str, status: str) -> str:
    # Fields are separated by whitespace: a space inside a path is written as the URL would be.
    return f"{source.replace(' ', '%20')} {destination.replace(' ', '%20')} {status}"


def _destination(redirect: Redirect, routes: SiteRoutes) -> tuple[Landing | None, str | None, str]:
    """(where it ends, its path or None for another site, the `#fragment`/`?query` to keep).
    A destination that is another redirect's source, or a folder, is followed to its page."""
    destination = redirect.destination.strip()
    if is_external(destination) and not destination.startswith("#"):
        return None, None, ""
    path, suffix = split_suffix(destination)
    landing = None if "*" in path or _PARAMETER.search(path) else routes.follow(path)
    return landing, path, suffix or (landing.suffix if landing is not None else "")


def _host_pattern(source: str) -> tuple[str, str | None]:
    """`/old/:slug*` -> (`/old/*`, "slug"): the hosts' splat, and the parameter it stood for."""
    match = _WILDCARD.search(source)
    if match is None:
        return source, None
    return source[:match.start()] + "*" + source[match.end():], match.group(1)


def _host_destination(redirect: Redirect, followed: tuple[Landing | None, str | None, str],
                      splat: str | None) -> str:
    """The destination as `_redirects` writes it, from where `_destination` `followed` it: a
    page's own URL (no extra hop for the trailing slash), the splat as `:splat`, another site
    as it is."""
    destination = redirect.destination.strip()
    if splat is not None:
        destination = destination.replace(f":{splat}*", ":splat")
    destination = destination.replace("*", ":splat")
    landing, path, suffix = followed
    if landing is not None and ":" not in destination:
        if landing.page is not None:
            return "/" + landing.page.url + suffix
        if landing.url is not None:
            return landing.url
        if landing.file is not None:
            return "/" + landing.file + suffix
    if path is None:
        return destination
    return "/" + destination.lstrip("/")
