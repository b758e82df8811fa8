"""A translated page's Markdown and fallback code blocks speak the page's language
(tests/fixtures/mintlify/bakehouse-v2: English and French, one OpenAPI file with a POST).

An API page's `.md` (what "Copy page" copies, `page.md`, `llms-full.txt`) words its sections,
"required", "one of", defaults and constraints with the HTML page's `api_*` words; a mermaid
diagram shown as code when the diagram renderer is missing has the page's button words.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from sitegen.markdown.code import mermaid_script

from conftest import FIXTURES, built_fixture, built_page

BAKEHOUSE = FIXTURES / "mintlify" / "bakehouse-v2"
API_PAGE = "{code}/api-reference/place-an-order"


@pytest.fixture(scope="module")
def bakehouse(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site of a copy of the Bakehouse fixture."""
    _, site, warnings = built_fixture(BAKEHOUSE, tmp_path_factory.mktemp("bakehouse"))
    assert warnings == []
    return site


def api_markdown(site: Path, code: str) -> str:
    """The API page's Markdown beside its HTML; the copy at its URL + .md says the same."""
    page = API_PAGE.format(code=code)
    beside = (site / page / "index.md").read_text(encoding="utf-8")
    assert (site / f"{page}.md").read_text(encoding="utf-8") == beside
    return beside


def section(markdown: str, title: str) -> str:
    """The text of the `## title` section, up to the next one."""
    return markdown.split(f"\n## {title}\n\n", 1)[1].split("\n## ", 1)[0].strip()


def test_the_french_api_page_markdown_uses_the_french_words(bakehouse: Path) -> None:
    markdown = api_markdown(bakehouse, "fr")
    assert markdown.startswith("# Passer une commande\n\n> Orders loaves from one oven batch.\n\n"
                               "**POST** `/orders`\n\nURL de base: `https://api.bakehouse.example/v1`\n\n")
    assert section(markdown, "Paramètres de requête") == \
        "- `batch` (integer, obligatoire, minimum : 1): The oven batch to bake in."
    assert section(markdown, "Corps de la requête") == (
        "`application/json` (obligatoire)\n\nType : `object`\n\n"
        "- `loaf` (string, obligatoire, l'un de `\"sourdough\"`, `\"rye\"`): The bread to bake.\n"
        "- `count` (integer, par défaut: `1`, maximum : 24): How many loaves."
    )
    responses = section(markdown, "Réponses")
    assert responses.startswith("### 201\n\nThe order is placed.\n\n`application/json`\n\nType : `object`\n\n"
                                "- `id` (string): The order's id.\n\n")
    assert responses.endswith("### 422\n\nThe batch is full.")
    assert section(markdown, "Exemple de requête").startswith("```bash\ncurl --request POST \\\n")
    # No English word of the reference is left beside the French ones (the curl example is code).
    reference = markdown.split("\n## Exemple de requête\n", 1)[0]
    for english in ("required", "Request body", "Responses", "Query parameters", "one of", "default:",
                    "Base URL", "Type:", "Example request"):
        assert english not in reference, english


def test_the_english_api_page_markdown_keeps_the_english_words(bakehouse: Path) -> None:
    markdown = api_markdown(bakehouse, "en")
    assert "\n\nBase URL: `https://api.bakehouse.example/v1`\n\n" in markdown
    assert section(markdown, "Query parameters") == \
        "- `batch` (integer, required, minimum: 1): The oven batch to bake in."
    assert section(markdown, "Request body") == (
        "`application/json` (required)\n\nType: `object`\n\n"
        "- `loaf` (string, required, one of `\"sourdough\"`, `\"rye\"`): The bread to bake.\n"
        "- `count` (integer, default: `1`, maximum: 24): How many loaves."
    )
    assert section(markdown, "Responses").startswith("### 201\n\nThe order is placed.\n\n`application/json`\n\n"
                                                     "Type: `object`\n\n")
    assert section(markdown, "Example request").startswith("```bash\ncurl --request POST \\\n")
    assert "obligatoire" not in markdown and "Réponses" not in markdown


def test_llms_full_txt_holds_each_language_s_api_page_in_its_own_words(bakehouse: Path) -> None:
    full = (bakehouse / "llms-full.txt").read_text(encoding="utf-8")
    pages = full.split("\n\n---\n\n")
    french = next(page for page in pages if page.startswith("# Passer une commande\n"))
    english = next(page for page in pages if page.startswith("# Place an order\n"))
    assert "- `batch` (integer, obligatoire, minimum : 1): The oven batch to bake in." in french
    assert "\n## Corps de la requête\n" in french and "\n## Réponses\n" in french
    assert "- `batch` (integer, required, minimum: 1): The oven batch to bake in." in english
    assert "\n## Request body\n" in english and "\n## Responses\n" in english


@pytest.fixture
def without_diagram_renderer(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The diagram-renderer package cannot be imported (None in sys.modules stops an import),
    as on a machine without it; the lookup of its script is not cached across the switch."""
    mermaid_script.cache_clear()
    monkeypatch.setitem(sys.modules, "diagram_renderer", None)
    yield
    monkeypatch.undo()
    mermaid_script.cache_clear()


def test_a_mermaid_diagram_shown_as_code_has_the_page_s_button_words(
        without_diagram_renderer: None, tmp_path: Path) -> None:
    _, site, warnings = built_fixture(BAKEHOUSE, tmp_path)
    problem = ("mermaid diagrams need the diagram-renderer package (pip install diagram-renderer); "
               "the diagram's source is shown as code")
    assert sorted(warnings) == [f"en/ovens.mdx:6: {problem}", f"fr/ovens.mdx:6: {problem}"]
    french = built_page(site, "fr/ovens")
    assert ('<div class="code-block" data-lang="mermaid"><button type="button" class="copy-code" '
            'aria-label="Copier mermaid" hidden>Copier</button>') in french
    assert '<pre class="mermaid"' not in french and "mermaid.min.js" not in french
    english = built_page(site, "en/ovens")
    assert ('<div class="code-block" data-lang="mermaid"><button type="button" class="copy-code" '
            'aria-label="Copy mermaid" hidden>Copy</button>') in english
