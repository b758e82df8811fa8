"""docs.json (or mint.json): the site model every later stage reads, and its loader.

The package, in import order (each module imports only those above it):
- `validation.py`: the wording and leniency both schemas share (errors, unknown keys);
- `model.py`: the classic schema's frozen Pydantic models, `SiteChrome` and `LoadedConfig`;
- `classic.py`: loading Mintlify's classic schema (mint.json, a docs.json without `theme`);
- `v2/`: Mintlify's current schema, mapped onto the same models (imported only for a v2 file);
- `load.py`: finding the file, the checks every file gets, and the dispatch by schema.

Two kinds of problems are reported:
- errors (wrong type, bad enum value, bad hex colour, missing required key): all of
  them at once, one line each, as ConfigError;
- warnings (unknown keys, which real Mintlify files carry; values
  Mintlify builds through, such as an unknown `iconType` or a `background` with one
  mode): returned beside the config, each saying what was used instead; `--strict`
  turns them into errors.

This module is the package's public face: `from sitegen.config import SiteConfig, load_config`.
"""

from sitegen.config.load import find_config_file, find_project_dir, load_config
from sitegen.config.model import (
    DEFAULT_BG_DARK,
    DEFAULT_BG_LIGHT,
    DEFAULT_PRIMARY,
    DEFAULT_PRIMARY_DARK_MODE,
    ICON_TYPES,
    PAGE_ACTIONS,
    PAGE_ASSISTANTS,
    SOCIAL_KEYS,
    Anchor,
    ApiAuth,
    ApiConfig,
    ApiPlayground,
    Background,
    Banner,
    Colors,
    CtaButton,
    CustomPageAction,
    Feedback,
    Gradient,
    HexColor,
    IconType,
    LoadedConfig,
    LogoImages,
    Model,
    ModeToggle,
    NavGroup,
    Redirect,
    SiteBanner,
    SiteChrome,
    SiteConfig,
    SiteFont,
    SiteFooterColumn,
    SiteFooterLink,
    SocialKey,
    Tab,
    Thumbnails,
    TopAnchor,
    TopbarLink,
    VersionElsewhere,
)
from sitegen.project_layout import CONFIG_FOLDERS, CONFIG_NAMES

__all__ = [
    "CONFIG_FOLDERS", "CONFIG_NAMES", "DEFAULT_BG_DARK", "DEFAULT_BG_LIGHT", "DEFAULT_PRIMARY",
    "DEFAULT_PRIMARY_DARK_MODE", "ICON_TYPES", "PAGE_ACTIONS", "PAGE_ASSISTANTS", "SOCIAL_KEYS", "Anchor", "ApiAuth",
    "ApiConfig", "ApiPlayground", "Background", "Banner", "Colors", "CtaButton", "CustomPageAction", "Feedback",
    "Gradient", "HexColor", "IconType", "LoadedConfig", "LogoImages", "ModeToggle", "Model", "NavGroup", "Redirect",
    "SiteBanner", "SiteChrome", "SiteConfig", "SiteFont", "SiteFooterColumn", "SiteFooterLink", "SocialKey", "Tab",
    "Thumbnails", "TopAnchor", "TopbarLink", "VersionElsewhere", "find_config_file", "find_project_dir",
    "load_config",
]
