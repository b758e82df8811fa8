"""Markdown features as they appear in a built page."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from sitegen.markdown import LinkResolver, make_markdown, render_markdown
from sitegen.markdown.code import parse_info, pygments_css
from sitegen.pages import read_page

MARKDOWN = make_markdown()


def render(project: Path, page_id: str = "page"):
    source = next((project / "content").glob(f"{page_id}.md*"))
    page = read_page(project, source, page_id)
    return render_markdown(MARKDOWN, page, LinkResolver(project, [page]))


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


def test_heading_ids_are_stable_and_unique_with_anchor_links(make_project: Callable[..., Path]) -> None:
    body = "## Install\n\n## Install\n\n### Use `sitegen` now!\n\n#### Deep\n"
    result = render(one_page(make_project, body))
    assert '<h2 id="install">Install <a class="header-anchor" href="#install" aria-label="Link to this section">#</a></h2>' in result.html
    assert 'id="install-1"' in result.html
    assert 'id="use-sitegen-now"' in result.html
    # "On this page" lists h2 and h3 only.
    assert [(e.level, e.id, e.text) for e in result.toc] == [
        (2, "install", "Install"), (2, "install-1", "Install"), (3, "use-sitegen-now", "Use sitegen now!"),
    ]


def test_code_is_highlighted_by_pygments_with_a_file_title(make_project: Callable[..., Path]) -> None:
    body = "```python app.py\nimport os\nprint('hi')\n```\n\n```\nplain <b>\n```\n"
    html = render(one_page(make_project, body)).html
    assert '<div class="code-title"><span>app.py</span></div>' in html
    assert '<code class="language-python"><span class="kn">import</span><span class="w"> </span><span class="nn">os</span>' in html
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
                           {"page.mdx": "import Chart from './chart'\n\n# Title\n\nBody\n"})
    html = render(project).html
    assert "import Chart" not in html and "Body" in html
