"""Markdown features as they appear in a built page."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from sitegen.markdown import LinkResolver, make_markdown, render_markdown
from sitegen.markdown.code import parse_info, pygments_css
from sitegen.markdown.components import ComponentRenderer
from sitegen.pages import read_page
from sitegen.theme import load_theme

MARKDOWN = make_markdown()


def render(project: Path, page_id: str = "page"):
    pages = [read_page(project, source, source.stem) for source in (project / "content").glob("*.md*")]
    page = next(p for p in pages if p.id == page_id)
    return render_markdown(MARKDOWN, page, LinkResolver(project, pages), ComponentRenderer(load_theme(project)))


def one_page(make_project: Callable[..., Path], body: str) -> Path:
    return make_project({"name": "T", "navigation": [{"group": "G", "pages": ["page"]}]}, {"page.md": body})


def test_commonmark_tables_strikethrough_tasks_footnotes(make_project: Callable[..., Path]) -> None:
    body = (
        "Some *emphasis* and **strong**.\n\n"
        "| Name | Type |\n|---|---|\n| id | integer |\n\n"
        "~~old~~\n\n"
        "- [x] done\n- [ ] todo\n\n"
        "A claim.[^1]\n\n[^1]: The source.\n"
    )
    html = render(one_page(make_project, body)).html
    assert "<em>emphasis</em>" in html and "<strong>strong</strong>" in html
    assert "<th>Name</th>" in html and "<td>integer</td>" in html
    assert "<s>old</s>" in html
    assert 'class="task-list-item' in html and 'type="checkbox"' in html and "checked" in html
    assert 'class="footnote-ref"' in html and "The source." in html


def test_single_tilde_strikethrough_as_github_and_mintlify_read_it(make_project: Callable[..., Path]) -> None:
    body = ("| Old | New |\n|---|---|\n| ~strike~ | ~~two~~ |\n\n"
            "A ~*struck* word~ here. Costs ~5 to ~10, paths like ~/x and `~code~` stay.\n")
    html = render(one_page(make_project, body)).html
    assert "<td><s>strike</s></td>" in html and "<td><s>two</s></td>" in html
    assert "A <s><em>struck</em> word</s> here." in html
    assert "Costs ~5 to ~10, paths like ~/x and <code>~code~</code> stay." in html


def test_heading_ids_are_stable_and_unique_with_anchor_links(make_project: Callable[..., Path]) -> None:
    body = "## Install\n\n## Install\n\n### Use `sitegen` now!\n\n#### Deep\n"
    result = render(one_page(make_project, body))
    assert '<h2 id="install">Install <a class="header-anchor" href="#install" aria-label="Link to this section">#</a></h2>' in result.html
    assert 'id="install-2"' in result.html  # Mintlify's numbering: the second is -2
    assert 'id="use-sitegen-now"' in result.html
    # "On this page" lists h2 and h3 only.
    assert [(e.level, e.id, e.text) for e in result.toc] == [
        (2, "install", "Install"), (2, "install-2", "Install"), (3, "use-sitegen-now", "Use sitegen now!"),
    ]


def test_code_is_highlighted_by_pygments_with_a_file_title(make_project: Callable[..., Path]) -> None:
    body = "```python app.py\nimport os\nprint('hi')\n```\n\n```\nplain <b>\n```\n"
    html = render(one_page(make_project, body)).html
    assert '<div class="code-title"><span>app.py</span></div>' in html
    assert '<code class="language-python"><span class="line"><span class="kn">import</span><span class="w"> </span><span class="nn">os</span>' in html
    assert "plain &lt;b&gt;" in html  # unknown/no language: escaped, not highlighted
    assert 'class="copy-code"' in html


def test_fence_info_forms() -> None:
    assert parse_info("python app.py") == ("python", "app.py")
    assert parse_info('js title="src/a b.js"') == ("js", "src/a b.js")
    assert parse_info("bash {1,3} run.sh") == ("bash", "run.sh")
    assert parse_info("json") == ("json", None)


def test_highlight_css_has_a_light_and_a_dark_style() -> None:
    css = pygments_css()
    assert ":root:not([data-theme=dark]) .highlight .kn" in css
    assert ":root[data-theme=dark] .highlight .kn" in css


def test_raw_html_in_pages_passes_through(make_project: Callable[..., Path]) -> None:
    html = render(one_page(make_project, '<div class="note">Careful</div>\n')).html
    assert '<div class="note">Careful</div>' in html


def test_mdx_import_lines_are_dropped(make_project: Callable[..., Path]) -> None:
    project = make_project({"name": "T", "navigation": [{"group": "G", "pages": ["page"]}]},
                           {"page.mdx": "import Chart from './chart'\n\n# Title\n\n```python\nimport os\n```\n"})
    html = render(project).html
    assert "import Chart" not in html
    assert '<span class="kn">import</span><span class="w"> </span><span class="nn">os</span>' in html


def test_mintlify_components_become_html_with_markdown_inside(make_project: Callable[..., Path]) -> None:
    body = (
        "<Note>This is **important**.</Note>\n\n"
        "<CardGroup cols={2}>\n"
        "  <Card title=\"Quickstart\" href=\"/quickstart\">\n"
        "    Send your *first* request.\n"
        "  </Card>\n"
        "</CardGroup>\n\n"
        "```md\n<Note>stays code</Note>\n```\n\n"
        "<Accordion title=\"More\">Hidden text</Accordion>\n"
    )
    project = make_project({"name": "T", "navigation": [{"group": "G", "pages": ["page"]}]},
                           {"page.mdx": body, "quickstart.md": "# Q"})
    result = render(project)
    assert '<div class="callout-body"><span class="visually-hidden">Note: </span>This is <strong>important</strong>.</div>' in result.html
    assert '<div class="card-group columns" style="--cols: 2">' in result.html
    # Indented content is dedented (MDX semantics), not an indented code block; hrefs are rewritten.
    assert '<a class="card-link" href="../quickstart/">Quickstart</a>' in result.html
    assert '<div class="card-body"><p>Send your <em>first</em> request.</p>' in result.html
    assert "&lt;Note&gt;stays code&lt;/Note&gt;" in result.html
    assert '<summary>\n<span class="accordion-heading"><span class="accordion-title">More</span>' in result.html
    assert result.warnings == []


def test_component_link_warnings_keep_the_authors_line_number(make_project: Callable[..., Path]) -> None:
    body = "Intro\n\n<Card title=\"X\" href=\"/nowhere\">Text</Card> and [bad](missing.md)\n"
    project = make_project({"name": "T", "navigation": [{"group": "G", "pages": ["page"]}]}, {"page.mdx": body})
    result = render(project)
    assert result.errors == []
    assert result.warnings == [
        "content/page.mdx:3: link '/nowhere' points to no page or file; left as written",
        "content/page.mdx:3: link 'missing.md' points to no page or file; left as written",
    ]
