"""docs.json in Mintlify's current ("v2") schema, mapped onto the one site model the rest of
sitegen reads. `config.load` imports it only for a v2 file (one with `theme`), so a classic
project never pays for these models.

- `model.py`: the v2 models (`SiteConfigV2`, the navigation levels, `Group`);
- `refs.py`: `$ref` objects replaced by the files they name (`resolve_refs`);
- `lenient.py`: values Mintlify builds through, as warnings;
- `navigation.py`: `to_classic`, the classic `SiteConfig` plus the whole tree (`NavTree`);
- `settings.py`: `V2Settings`, what the classic model has no place for;
- `chrome.py`: `to_chrome`, the `SiteChrome` (banner, footer columns, fonts, page actions);
- `load.py`: `load_v2`, the passes in order.
"""

from sitegen.config.v2.load import load_v2
from sitegen.config.v2.model import THEMES, Group, OpenApiSource, SiteConfigV2, SourceObject, source_names
from sitegen.config.v2.navigation import NavTree, ProductEntry, TabMenuEntry, Translation, to_classic
from sitegen.config.v2.refs import resolve_refs
from sitegen.config.v2.settings import NotFoundPage, V2Settings

__all__ = [
    "THEMES", "Group", "NavTree", "NotFoundPage", "OpenApiSource", "ProductEntry", "SiteConfigV2", "SourceObject",
    "TabMenuEntry", "Translation", "V2Settings", "load_v2", "resolve_refs", "source_names", "to_classic",
]
