"""Publishing a site at its URL: what only makes sense once the site knows where it lives.

- `site_url.py`: the URL (`--site-url` > `SITEGEN_SITE_URL` > docs.json `siteUrl`), checked
- `tags.py`: `Publishing`, what each page's canonical link and social tags say
- `social.py`: the 1200x630 social card of each page (Pillow), cached by content hash
- `sitemap.py`: `sitemap.xml` (lastmod from one `git log`) and `robots.txt`

The build calls these from its steps (pipeline/builder.py, pipeline/steps.py, pipeline/render_pages.py);
nothing here imports the build.
"""

from __future__ import annotations

from sitegen.publish.site_url import ENV_VAR, SiteUrlSetting, resolve_site_url, setting_from
from sitegen.publish.sitemap import sitemap_files
from sitegen.publish.social import CardStyle, card_style, ensure_card, prune_cards
from sitegen.publish.tags import Publishing

__all__ = [
    "ENV_VAR", "CardStyle", "Publishing", "SiteUrlSetting", "card_style", "ensure_card", "prune_cards",
    "resolve_site_url", "setting_from", "sitemap_files",
]
