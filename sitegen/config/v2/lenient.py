"""Values Mintlify builds through in a v2 docs.json (an unknown theme or enum value, script
URLs, social links without an icon, navbar labels) turned into ones the models take, each
with a warning that starts with its JSON path."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from sitegen.config.model import known_socials
from sitegen.config.v2.model import THEMES
from sitegen.config.validation import EnumRule, replace_enums
from sitegen.confine import is_script_url, script_url_warning

_ENUMS: tuple[EnumRule, ...] = (
    (("theme",), THEMES, "mint", "using 'mint'"),
    (("appearance", "default"), ("system", "light", "dark"), None, "following the visitor's system setting"),
    (("background", "decoration"), ("gradient", "grid", "windows"), None, "no decoration"),
    (("icons", "library"), ("fontawesome", "lucide", "tabler"), None, "using Font Awesome"),
    (("api", "playground", "display"), ("interactive", "simple", "none"), "interactive", "using 'interactive'"),
    (("api", "mdx", "auth", "method"), ("bearer", "basic", "key", "cobo"), None, "no auth input is shown"),
    (("navbar", "primary", "type"), ("button", "github", "discord"), "button", "using 'button'"),
    *((("fonts", *where, "format"), ("woff", "woff2"), None, "taking the format from the file name")
      for where in ((), ("heading",), ("body",))),
    (("api", "examples", "defaults"), ("required", "all"), "required", "using 'required'"),
    (("api", "params", "expanded"), ("all", "closed"), "closed", "using 'closed'"),
    (("seo", "indexing"), ("navigable", "all"), None, "indexing as if it were not set"),
    (("styling", "eyebrows"), ("section", "breadcrumbs"), "section", "using 'section'"),
    (("styling", "codeblocks"), ("system", "dark"), "system", "using 'system'"),
    (("banner", "type"), ("info", "warning", "critical"), "info", "using 'info'"),
)


def lenient_values(raw: dict[str, Any], warnings: list[str]) -> dict[str, Any]:
    """`raw` (already a fresh copy from `$ref` resolution) with values Mintlify builds
    through made acceptable, one warning each."""
    replace_enums(raw, _ENUMS, warnings)
    footer = raw.get("footer")
    socials = footer.get("socials") if isinstance(footer, dict) else None
    if isinstance(socials, dict):
        known_socials(socials, "footer.socials", warnings)
    _drop_script_urls(raw, "", warnings)
    _navbar_labels(raw, warnings)
    return raw


_COUNTED_LINKS = {"github": "GitHub", "discord": "Discord"}


def _navbar_labels(raw: dict[str, Any], warnings: list[str]) -> None:
    """A `github`/`discord` navbar link may leave out its label: Mintlify writes the repository's
    star count or the server's online count there, from its API. Here: the repository's
    name (`owner/repo`) or "Discord", with the brand's icon."""
    navbar = raw.get("navbar")
    links = navbar.get("links") if isinstance(navbar, dict) else None
    for index, link in enumerate(links if isinstance(links, list) else []):
        kind = link.get("type") if isinstance(link, dict) else None
        if kind not in _COUNTED_LINKS or (isinstance(link.get("label"), str) and link["label"].strip()):
            continue
        href = link.get("href")
        label = _COUNTED_LINKS[kind]
        if kind == "github" and isinstance(href, str):
            parts = [part for part in urlsplit(href).path.split("/") if part]
            label = "/".join(parts[:2]) if len(parts) >= 2 else label
        link["label"] = label
        link.setdefault("icon", {"name": kind, "style": "brands"})
        warnings.append(f"navbar.links[{index}]: a {kind} link without a label; labelled '{label}' (Mintlify's "
                        f"{'star' if kind == 'github' else 'online'} count needs its API)")


_LINK_KEYS = ("href", "destination")
_IMAGE_KEYS = {"logo": "no logo is shown", "favicon": "no favicon is set", "image": "no background image is shown"}


def _drop_script_urls(node: Any, where: str, warnings: list[str]) -> bool:
    """Take every javascript:/vbscript:/data: URL out of `node`, with a warning naming its
    JSON path; returns whether `node` itself must go (an entry whose only job is the link)."""
    if isinstance(node, list):
        keep = [item for index, item in enumerate(node) if not _drop_script_urls(item, f"{where}[{index}]", warnings)]
        node[:] = keep
        return False
    if not isinstance(node, dict):
        return False
    for key in list(node):
        value = node[key]
        here = f"{where}.{key}" if where else key
        if key in _LINK_KEYS and isinstance(value, str) and is_script_url(value):
            warnings.append(script_url_warning(here, value, "the entry is left out"))
            return True
        if key in _IMAGE_KEYS and where in ("", "background"):
            images = [(here, value)] if isinstance(value, str) else [
                (f"{here}.{side}", value.get(side)) for side in ("light", "dark") if isinstance(value, dict)]
            bad = [(spot, url) for spot, url in images if isinstance(url, str) and is_script_url(url, image=True)]
            if bad:
                warnings.extend(script_url_warning(spot, url, _IMAGE_KEYS[key]) for spot, url in bad)
                del node[key]
                continue
        if where == "footer.socials" and isinstance(value, str) and is_script_url(value):
            warnings.append(script_url_warning(here, value))
            del node[key]
            continue
        if key == "logo" and where == "" and isinstance(value, dict) and isinstance(value.get("href"), str) \
                and is_script_url(value["href"]):
            warnings.append(script_url_warning("logo.href", value["href"], "the logo links to the home page"))
            del value["href"]
            continue
        if here == "contextual":  # `_page_actions` checks its links, keeping the options' indexes for messages
            continue
        if isinstance(value, (dict, list)) and _drop_script_urls(value, here, warnings):
            del node[key]
    return False
