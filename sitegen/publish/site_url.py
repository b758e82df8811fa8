"""The published site's URL: from `--site-url`, else `SITEGEN_SITE_URL`, else docs.json `siteUrl`.

Without one the site stays relative everywhere (it works under any path, opened from disk
too); with one, pages get canonical links and social tags, and the build writes a sitemap.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote, urlsplit

from sitegen.config import LoadedConfig
from sitegen.errors import ConfigError

ENV_VAR = "SITEGEN_SITE_URL"
FLAG = "--site-url"
_EXAMPLE = "such as https://docs.example.com/ or https://example.com/docs/"


@dataclass(frozen=True)
class SiteUrlSetting:
    """A site URL given outside docs.json, with where it came from (for messages)."""

    value: str | None = None  # None: docs.json's `siteUrl`, if it has one
    source: str = FLAG  # "--site-url" or "SITEGEN_SITE_URL"


def setting_from(flag: str | None, environ: dict[str, str] | None) -> SiteUrlSetting:
    """The flag wins over the environment variable; an empty variable counts as unset."""
    if flag is not None:
        return SiteUrlSetting(flag, FLAG)
    value = (environ or {}).get(ENV_VAR, "")
    return SiteUrlSetting(value, ENV_VAR) if value.strip() else SiteUrlSetting()


def resolve_site_url(setting: SiteUrlSetting, loaded: LoadedConfig) -> str | None:
    """The checked site URL ending in "/", or None when there is none. A bad one is an error
    naming where it came from: a sitemap of wrong URLs is worse than none."""
    if setting.value is not None:
        return check_site_url(setting.value, setting.source)
    configured = loaded.config.site_url
    if configured is None:
        return None
    return check_site_url(configured, f"{loaded.file_name}: siteUrl")


def check_site_url(value: str, where: str) -> str:
    text = value.strip()
    parts = urlsplit(text)
    problem = None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        problem = "is not an absolute http(s) URL"
    elif parts.query or parts.fragment or "?" in text or "#" in text:
        problem = "has a query or fragment, which page URLs cannot follow"
    elif parts.username is not None or parts.password is not None:
        problem = "holds a user name or password"
    elif any(ch.isspace() for ch in text):
        problem = "has white space in it"
    if problem is None:
        try:
            parts.port  # noqa: B018 - raises ValueError for a port that is not a number
        except ValueError:
            problem = "has a port that is not a number"
    if problem is not None:
        raise ConfigError(f"{where}: {value!r} {problem} ({_EXAMPLE})")
    path = quote(parts.path, safe="/%:@!$&'()*+,;=-._~")
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}{path.rstrip('/')}/"


def absolute(site_url: str, path: str) -> str:
    """`path` (relative to the site root, as page URLs are) under the site URL."""
    return site_url + quote(path, safe="/%:@!$&'()*+,;=-._~")
