"""Loading a v2 docs.json (one with `theme`), in four passes: `$ref` objects replaced
(refs.py); values Mintlify builds through turned into warnings (lenient.py); the models
validate the result (model.py, unknown keys as warnings); `to_classic` and `to_chrome` map it
onto the classic site model, `v2_settings` keeps what that has no place for."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from sitegen.config.model import LanguageChrome, LoadedConfig
from sitegen.config.v2.chrome import to_chrome
from sitegen.config.v2.lenient import lenient_values
from sitegen.config.v2.model import SiteConfigV2
from sitegen.config.v2.navigation import in_language, language_levels, language_site, to_classic
from sitegen.config.v2.refs import RefResolver
from sitegen.config.v2.settings import canonical_base, v2_settings
from sitegen.config.validation import describe, strip_control_characters, unknown_keys
from sitegen.errors import ConfigError


def load_v2(raw: dict[str, Any], path: Path, project_dir: Path) -> LoadedConfig:
    """The v2 docs.json in `raw` (read from `path`) as the classic site model, its whole tree,
    chrome and settings; ConfigError lists every error at once."""
    name = path.name
    resolver = RefResolver(project_dir.resolve(), path)
    raw = resolver.resolve(raw)
    controls: list[str] = []
    raw = strip_control_characters(raw, "", controls)
    lenient: list[str] = []
    raw = lenient_values(raw, lenient)
    try:
        config = SiteConfigV2.model_validate(raw)
    except ValidationError as exc:
        raise ConfigError([f"{name}: {resolver.origin(describe(err))}" for err in exc.errors()]) from None
    warnings = [f"{name}: {resolver.origin(f'{where}: unknown key')}" for where in unknown_keys(config, "")]
    warnings += [f"{name}: {resolver.origin(text)}" for text in lenient + controls]
    notes: list[str] = []
    site, tree = to_classic(config, notes)
    canonical = canonical_base(config.seo.metatags, notes)
    if canonical is not None and config.site_url is None:  # Mintlify's way to name the published URL
        site = site.model_copy(update={"site_url": canonical})
    chrome = to_chrome(config, notes)
    settings = v2_settings(config, notes)
    warnings += [f"{name}: {resolver.origin(text)}" for text in notes]
    return LoadedConfig(config=site, file=path, warnings=tuple(warnings), tree=tree, chrome=chrome,
                        language_chrome=_language_chrome(config), v2=settings)


def _language_chrome(config: SiteConfigV2) -> dict[str, LanguageChrome]:
    """The languages whose `languages` entry sets its own navbar, footer or banner."""
    own: dict[str, LanguageChrome] = {}
    for code, (json_path, language) in language_levels(config).items():
        if not language.own_chrome():
            continue
        site = language_site(config, code)
        # Its notes are the site's own (fonts, page actions…), already given once.
        own[code] = LanguageChrome(json_path, to_chrome(in_language(config, code), []), tuple(site.topbar_links),
                                   site.topbar_cta_button, dict(site.footer_socials))
    return own
