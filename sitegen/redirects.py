"""docs.json `redirects`: a static page at each exact source, and a `_redirects` file.

Any host can serve the static pages (meta refresh, canonical link, a visible link, with
relative URLs so they work under any sub-path). Netlify and Cloudflare Pages also read
`_redirects` at the site root and answer with a real HTTP redirect; that file carries the
rules a static page cannot serve: parameters (`/old/:slug` -> `/new/:slug`) and wildcards,
written Mintlify's way (`/old/:slug*`) and rewritten the hosts' way (`/old/*` -> `/new/:splat`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape

from markupsafe import Markup

from sitegen.config import LoadedConfig, Redirect
from sitegen.i18n import fill, ui_strings
from sitegen.nav import normalize_page_ref
from sitegen.pages import Page, is_external, root_prefix, url_for

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


@dataclass
class RedirectFiles:
    pages: dict[str, bytes] = field(default_factory=dict)  # output path -> static redirect page
    host_rules: list[str] = field(default_factory=list)  # lines of `_redirects`
    warnings: list[str] = field(default_factory=list)

    def host_file(self) -> bytes | None:
        return ("\n".join(self.host_rules) + "\n").encode() if self.host_rules else None


def redirect_files(loaded: LoadedConfig, pages: list[Page],
                   language_of: Callable[[Page | None], str | None] = lambda page: None) -> RedirectFiles:
    """The static pages and `_redirects` lines for docs.json `redirects`, with a warning for a
    source that is also a page (the page is kept) and a destination that is no page. A page's
    words are in `language_of` its destination (None: another site's or no page's)."""
    by_id = {page.id: page for page in pages}
    made = RedirectFiles()
    for index, redirect in enumerate(loaded.config.redirects):
        here = f"redirects[{index}]"
        source = "/" + redirect.source.strip().partition("#")[0].partition("?")[0].strip("/")
        status = "308" if redirect.permanent else "307"  # Mintlify's codes: both keep the method
        target, path, suffix = _destination(redirect, by_id)
        exact = not ("*" in source or _PARAMETER.search(source))
        source_id = normalize_page_ref(source) or "index"
        if exact and source_id in by_id:
            made.warnings.append(f"{loaded.where(here + '.source')}: '{redirect.source}' is also a page; "
                                 "the page is kept and no redirect is written")
            continue
        if target is None and path is not None and not ("*" in path or _PARAMETER.search(path)):
            made.warnings.append(f"{loaded.where(here + '.destination')}: '{redirect.destination}' is no page; "
                                 "the redirect points there anyway")
        if not exact:  # only a host's rules can serve a pattern
            rule_source, splat = _host_pattern(source)
            made.host_rules.append(_rule(rule_source, _host_destination(redirect, by_id, splat), status))
            continue
        source_url = url_for(source_id)
        if path is None:  # another site
            url = redirect.destination.strip()
        elif target is not None:
            url = (root_prefix(source_url) + target.url or "./") + suffix
        else:
            url = root_prefix(source_url) + path.strip("/") + suffix
        made.pages[source_url + "index.html"] = _redirect_page(url, language_of(target)).encode()
        made.host_rules.append(_rule(source, _host_destination(redirect, by_id, None), status))
    return made


def _redirect_page(url: str, language: str | None) -> str:
    ui = ui_strings(language)
    link = Markup('<a href="{0}">{0}</a>').format(url)
    return _REDIRECT_PAGE.format(url=escape(url), lang=escape(language or "en"), dir=' dir="rtl"' if ui.rtl else "",
                                 redirecting=escape(ui.redirecting), moved_to=fill(ui.moved_to, url=link))


def _rule(source: str, destination: str, status: str) -> str:
    # Fields are separated by whitespace: a space inside a path is written as the URL would be.
    return f"{source.replace(' ', '%20')} {destination.replace(' ', '%20')} {status}"


def _destination(redirect: Redirect, by_id: dict[str, Page]) -> tuple[Page | None, str | None, str]:
    """(the page it names or None, its path or None for another site, `#fragment`/`?query`)."""
    destination = redirect.destination.strip()
    if is_external(destination) and not destination.startswith("#"):
        return None, None, ""
    cut = min((destination.find(mark) for mark in "?#" if mark in destination), default=len(destination))
    path, suffix = destination[:cut], destination[cut:]
    ref = normalize_page_ref(path)
    target = by_id.get(ref or "index") or (by_id.get(ref + "/index") if ref else None)
    return target, path, suffix


def _host_pattern(source: str) -> tuple[str, str | None]:
    """`/old/:slug*` -> (`/old/*`, "slug"): the hosts' splat, and the parameter it stood for."""
    match = _WILDCARD.search(source)
    if match is None:
        return source, None
    return source[:match.start()] + "*" + source[match.end():], match.group(1)


def _host_destination(redirect: Redirect, by_id: dict[str, Page], splat: str | None) -> str:
    """The destination as `_redirects` writes it: a page's own URL (no extra hop for the
    trailing slash), the splat as `:splat`, another site as it is."""
    destination = redirect.destination.strip()
    if splat is not None:
        destination = destination.replace(f":{splat}*", ":splat")
    destination = destination.replace("*", ":splat")
    target, path, suffix = _destination(redirect, by_id)
    if target is not None and ":" not in destination:
        return "/" + target.url + suffix
    if path is None:
        return destination
    return "/" + destination.lstrip("/")
