"""What a page's <head> says about it once the site has a URL: canonical link, Open Graph
and Twitter card tags (`themes/default/templates/partials/social.html` writes them)."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote

from sitegen.i18n import UiStrings, fill_text, ui_strings
from sitegen.pages import Page
from sitegen.publish.site_url import absolute
from sitegen.publish.social import CardStyle

# The page menu's assistants (v2 `contextual.options`): name, and the address that starts a
# conversation with a prompt. The prompt names the page's Markdown by its absolute URL, which
# only a site with a URL has: without one these entries are left out.
ASSISTANTS = {
    "chatgpt": ("ChatGPT", "https://chatgpt.com/?hints=search&q="),
    "claude": ("Claude", "https://claude.ai/new?q="),
    "perplexity": ("Perplexity", "https://www.perplexity.ai/search/new?q="),
    # Cursor's prompt link: Cursor opens with the prompt filled in, for the reader to send.
    "cursor": ("Cursor", "https://cursor.com/link/prompt?text="),
}


_URL_TAGS = frozenset({"og:image", "og:url", "twitter:image"})  # tags whose content is an address


@dataclass(frozen=True)
class Publishing:
    """The site URL and what the tags of every page need besides the page itself."""

    site_url: str  # absolute, ends in "/"
    home_id: str | None  # the page also written at the site root: its canonical URL is the root
    cards: CardStyle | None  # None: `"thumbnails": false`
    logo: str | None  # output path of a raster logo: the image when there are no cards

    def canonical(self, page: Page) -> str:
        """The page's front matter `canonical`, else its own URL under the site URL."""
        own = dict(page.metatags).get("canonical")
        if own is not None:
            return own
        return self.site_url if page.id == self.home_id else absolute(self.site_url, page.url)

    def tag_content(self, name: str, content: str) -> str:
        """A page's own head tag (front matter `"og:image": "/images/card.png"`) as written,
        but a site path in an image or URL tag under the site URL: crawlers need it absolute."""
        if name in _URL_TAGS and content.startswith("/") and not content.startswith("//"):
            return absolute(self.site_url, content.lstrip("/"))
        return content

    def image(self, page: Page) -> str | None:
        if self.cards is not None:
            return absolute(self.site_url, self.cards.card_path(page))
        return absolute(self.site_url, self.logo) if self.logo else None

    def markdown_url(self, page: Page) -> str:
        """The absolute URL of the page's Markdown (index.md beside its index.html)."""
        return absolute(self.site_url, page.output.removesuffix(".html") + ".md")

    def assistant_links(self, page: Page, actions: tuple[str, ...],
                        ui: UiStrings | None = None) -> list[tuple[str, str]]:
        """(label, URL) of each assistant in `actions`, in order, asked to read the page; the
        label ("Open in Claude") in the words of `ui` (the page's language), else English."""
        prompt = f"Read {self.markdown_url(page)} so I can ask questions about it."
        words = (ui or ui_strings(None)).open_in
        return [(fill_text(words, name=ASSISTANTS[name][0]), ASSISTANTS[name][1] + quote(prompt, safe=""))
                for name in actions if name in ASSISTANTS]

