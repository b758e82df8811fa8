"""What a page's <head> says about it once the site has a URL: canonical link, Open Graph
and Twitter card tags (`themes/default/templates/partials/social.html` writes them)."""

from __future__ import annotations

from dataclasses import dataclass

from sitegen.pages import Page
from sitegen.publish.site_url import absolute
from sitegen.publish.social import CardStyle


@dataclass(frozen=True)
class Publishing:
    """The site URL and what the tags of every page need besides the page itself."""

    site_url: str  # absolute, ends in "/"
    home_id: str | None  # the page also written at the site root: its canonical URL is the root
    cards: CardStyle | None  # None: `"thumbnails": false`
    logo: str | None  # output path of a raster logo: the image when there are no cards

    def canonical(self, page: Page) -> str:
        return self.site_url if page.id == self.home_id else absolute(self.site_url, page.url)

    def image(self, page: Page) -> str | None:
        if self.cards is not None:
            return absolute(self.site_url, self.cards.card_path(page))
        return absolute(self.site_url, self.logo) if self.logo else None
