"""A small site in English, German, Japanese and Turkish (a table that lacked the page's words)
whose page shows a heading, code blocks, callouts, code groups, a prompt, a tooltip, a tab and a
colour swatch."""

from __future__ import annotations

from typing import Any

LONG_CODE = "".join(f"print({number})\n" for number in range(1, 21))  # longer than an expandable block shows


def page(title: str, heading: str, text: str) -> str:
    return (f"---\ntitle: {title}\n---\n\n## {heading}\n\n{text}\n\n"
            f"```python pflanzen.py expandable\n{LONG_CODE}```\n\n"
            "```\nls\n```\n\n"
            f"<Warning>{text}</Warning>\n\n<Note>{text}</Note>\n\n"
            '<CodeGroup dropdown>\n\n```bash\nmake\n```\n\n```python\nrun()\n```\n\n</CodeGroup>\n\n'
            f'<Prompt description="{text}" actions={{["copy", "cursor"]}}>{text}</Prompt>\n\n'
            f'<Tooltip tip="{text}" href="/de/index">{heading}</Tooltip>\n\n'
            "<CodeGroup>\n\n```\nmake\n```\n\n```\nmake run\n```\n\n</CodeGroup>\n\n"  # untitled blocks
            f"<Tabs>\n<Tab>{text}</Tab>\n</Tabs>\n\n"
            f'<Color>\n<Color.Item name="{heading}" value="#2F6B3A" />\n</Color>\n')


LANGUAGES = {"languages": [
    {"language": "en", "groups": [{"group": "Start", "pages": ["index"]}]},
    {"language": "de", "groups": [{"group": "Start", "pages": ["de/index"]}]},
    {"language": "ja", "groups": [{"group": "はじめに", "pages": ["ja/index"]}]},
    {"language": "tr", "groups": [{"group": "Başla", "pages": ["tr/index"]}]},
]}
PAGES = {
    "/index.mdx": page("Orchard", "Planting", "Dig deep."),
    "/de/index.mdx": page("Obstgarten", "Pflanzen", "Tief graben."),
    "/ja/index.mdx": page("果樹園", "植え付け", "深く掘ります。"),
    "/tr/index.mdx": page("Bahçe", "Dikim", "Derin kazın."),
}
CONFIG: dict[str, Any] = {"theme": "mint", "name": "果樹園", "colors": {"primary": "#2F6B3A"}, "navigation": LANGUAGES,
                          "banner": {"content": "新しい品種", "dismissible": True},
                          "navbar": {"primary": {"type": "github", "href": "https://github.com/acme/orchard"}}}
