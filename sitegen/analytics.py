"""Analytics and chat providers (v2 `integrations`, classic `analytics`): which of Mintlify's
providers a page loads, with each ID checked by shape; `partials/analytics.html` writes each
one's loader. Imports nothing of sitegen's stages but error wording, so the classic schema's
loader (config/classic.py) and v2's (config/v2/chrome.py) share it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from sitegen.errors import shortened


def _quoted(value: object, limit: int = 40) -> str:
    """A docs.json value as a warning quotes it: its JSON, shortened."""
    return shortened(json.dumps(value), limit)


@dataclass(frozen=True)
class AnalyticsTag:
    """One provider from `integrations`, checked, as the page's head loads it
    (themes/default/templates/partials/analytics.html writes each one's loader)."""

    provider: str  # a key of ANALYTICS_KEYS
    key: str  # its ID (GA4 measurement ID, GTM container ID, Plausible domain(s), PostHog key…)
    host: str | None = None  # a self-hosted server (Plausible `server`, PostHog `apiHost`)
    options: tuple[tuple[str, str], ...] = ()  # its other checked values (Hotjar `hjsv`…), as text

    def option(self, name: str) -> str | None:
        return next((value for key, value in self.options if key == name), None)


# What each provider needs (its ID's key, shape, and how a message names the shape): the
# values end up in script URLs and attributes, so anything else is refused rather than
# escaped into a broken tag. Mintlify's `integrations` list; the script each one loads is its
# own documented loader (partials/analytics.html).
ANALYTICS_KEYS: dict[str, tuple[str, re.Pattern[str], str]] = {
    "ga4": ("measurementId", re.compile(r"G-[A-Z0-9]{4,20}"), "a GA4 measurement ID such as G-ABC123XYZ"),
    "gtm": ("tagId", re.compile(r"GTM-[A-Z0-9]{4,12}"), "a container ID such as GTM-ABC123"),
    "plausible": ("domain", re.compile(r"[a-z0-9.-]+(,[a-z0-9.-]+)*"), "a domain such as docs.example.com"),
    "fathom": ("siteId", re.compile(r"[A-Z0-9]{4,16}"), "a site ID such as ABCDEFGH"),
    "posthog": ("apiKey", re.compile(r"phc_[A-Za-z0-9]{16,64}"), "a project API key such as phc_…"),
    "segment": ("key", re.compile(r"[A-Za-z0-9]{8,64}"), "a write key (letters and digits)"),
    "mixpanel": ("projectToken", re.compile(r"[a-f0-9]{32}"), "a project token (32 hex digits)"),
    "amplitude": ("apiKey", re.compile(r"[a-f0-9]{32}"), "an API key (32 hex digits)"),
    "hotjar": ("hjid", re.compile(r"[0-9]{4,12}"), "a site ID (digits)"),
    "clarity": ("projectId", re.compile(r"[a-z0-9]{6,16}"), "a project ID such as abcd1234ef"),
    "heap": ("appId", re.compile(r"[0-9]{4,20}"), "an app ID (digits)"),
    "pirsch": ("id", re.compile(r"[A-Za-z0-9]{8,64}"), "an identification code (letters and digits)"),
    "logrocket": ("appId", re.compile(r"[a-z0-9_-]{2,64}/[a-z0-9_-]{2,64}"), "an app ID such as org/app"),
    "clearbit": ("publicApiKey", re.compile(r"pk_[A-Za-z0-9]{16,64}"), "a publishable key such as pk_…"),
    "adobe": ("launchUrl", re.compile(r"https://assets\.adobedtm\.com/[A-Za-z0-9/_.-]+\.js"),
              "an Adobe Launch URL on https://assets.adobedtm.com/"),
    "intercom": ("appId", re.compile(r"[a-z0-9]{6,16}"), "an app ID such as abc12345"),
    "frontchat": ("snippetId", re.compile(r"[a-f0-9]{6,64}"), "a chat ID (hex digits)"),
}
# Other values a provider's loader uses: (key, shape, how a message names it, default or None: required).
_ANALYTICS_OPTIONS: dict[str, tuple[tuple[str, re.Pattern[str], str, str | None], ...]] = {
    "hotjar": (("hjsv", re.compile(r"[0-9]{1,3}"), "a script version such as 6", "6"),),
    "posthog": (("sessionRecording", re.compile(r"true|false"), "true or false", "false"),),
}
# Self-hosted servers: (key, default server).
_ANALYTICS_HOSTS = {"plausible": ("server", "plausible.io"), "posthog": ("apiHost", "PostHog's US cloud")}
# Mintlify's own settings in `integrations`, which have nothing to do on a static site.
_MINTLIFY_INTEGRATIONS = {
    "telemetry": "Mintlify's own telemetry; a sitegen site sends none",
    "cookies": "Mintlify's consent cookie; analytics here load on every page without waiting for it",
    "hightouch": "Hightouch's loader needs its per-site snippet, which is not written here",
}


def analytics_tags(integrations: dict[str, Any], root: str, notes: list[str]) -> tuple[AnalyticsTag, ...]:
    """The providers of v2 `integrations` (classic `analytics`, `root` in messages) this theme
    loads (their own script, as Mintlify does); Mintlify's own settings, unknown providers and
    bad values are warnings."""
    tags: list[AnalyticsTag] = []
    for provider, settings in integrations.items():
        where = f"{root}.{provider}"
        if provider in _MINTLIFY_INTEGRATIONS:
            notes.append(f"{where}: {_MINTLIFY_INTEGRATIONS[provider]}; ignored")
            continue
        if provider not in ANALYTICS_KEYS:
            notes.append(f"{where}: not one of Mintlify's integrations ({', '.join(sorted(ANALYTICS_KEYS))}); "
                         "not added")
            continue
        key_name, pattern, shape = ANALYTICS_KEYS[provider]
        value = _text(settings.get(key_name)) if isinstance(settings, dict) else None
        if value is None or not pattern.fullmatch(value.strip()):
            raw = settings.get(key_name) if isinstance(settings, dict) else None
            shown = _quoted(raw) if raw is not None else "missing"
            notes.append(f"{where}.{key_name}: {shown} is not {shape}; {provider} not added")
            continue
        options: list[tuple[str, str]] = []
        for option, option_pattern, option_shape, default in _ANALYTICS_OPTIONS.get(provider, ()):
            raw = settings.get(option)
            given = _text(raw)
            if raw is None:
                given = default
            elif given is None or not option_pattern.fullmatch(given.strip()):
                notes.append(f"{where}.{option}: {_quoted(raw)} is not {option_shape}; using {default}")
                given = default
            if given is not None:
                options.append((option, given.strip()))
        host = None
        if provider in _ANALYTICS_HOSTS:
            host_key, fallback = _ANALYTICS_HOSTS[provider]
            server = settings.get(host_key)
            if isinstance(server, str) and server.strip():
                parts = urlsplit(server.strip())
                if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment \
                        or not re.fullmatch(r"[A-Za-z0-9._~/:-]*", server.strip()):
                    notes.append(f"{where}.{host_key}: {_quoted(server, 60)} is not an http(s) URL; using {fallback}")
                else:
                    host = server.strip().rstrip("/")
        tags.append(AnalyticsTag(provider, value.strip(), host, tuple(options)))
    return tuple(tags)


def _text(value: Any) -> str | None:
    """An ID as text: Mintlify's IDs are strings, but files often write digits as a number."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (str, int)):
        return str(value)
    return None
