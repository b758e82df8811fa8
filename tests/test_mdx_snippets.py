"""Snippets: imported `.mdx` files inlined with props, `<Snippet file>`, exported values,
paths kept inside the project, cycles, and messages naming the snippet's own lines."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from mdx_support import render_file

CONFIG = {"name": "T", "navigation": [{"group": "G", "pages": ["page"]}]}


def test_snippet_with_props_exports_and_named_imports(make_project: Callable[..., Path]) -> None:
    project = make_project(CONFIG, {
        "page.mdx": (
            "import Greeting from '/snippets/greeting.mdx'\n"
            "import { planName, limits as plan } from '/snippets/vars'\n\n"
            "On {planName} you get {plan.seats} seats.\n\n"
            "<Greeting word=\"bananas\" count={3} />\n"
        ),
        "/snippets/greeting.mdx": (
            "export const fruit = 'kiwi'\n\n"
            "## Say {word}\n\n"
            "{count} {word} and a {fruit}, in <Card title={word}>a card</Card>.\n"
        ),
        "/snippets/vars.mdx": "export const planName = \"Pro\"\nexport const limits = { seats: 5 }\n",
    })
    result = render_file(project, "page.mdx")
    assert result.warnings == []
    assert "<p>On Pro you get 5 seats.</p>" in result.html
    assert '<h2 id="say-bananas">Say bananas <a class="header-anchor"' in result.html
    assert "<p>3 bananas and a kiwi, in <x-Card title='\"bananas\"' at='snippets/greeting.mdx:5' i>a card</x-Card>.</p>" in result.html
    assert [(entry.id, entry.text) for entry in result.toc] == [("say-bananas", "Say bananas")]


def test_relative_import_and_snippet_component(make_project: Callable[..., Path]) -> None:
    project = make_project(CONFIG, {
        "page.mdx": "import Part from './parts/part.mdx'\n\n<Part />\n\n<Snippet file=\"shared.mdx\" />\n",
        "parts/part.mdx": "From *part*.\n",
        "/snippets/shared.mdx": "Shared text.\n",
    })
    result = render_file(project, "page.mdx")
    assert result.html == "<p>From <em>part</em>.</p>\n<p>Shared text.</p>\n"
    assert result.warnings == []


def test_snippet_component_prefers_snippets_over_underscore_snippets(make_project: Callable[..., Path]) -> None:
    project = make_project(CONFIG, {
        "page.mdx": "<Snippet file=\"both.mdx\" />\n\n<Snippet file=\"/old.mdx\" />\n",
        "/snippets/both.mdx": "From snippets.\n",
        "/_snippets/both.mdx": "From underscore snippets.\n",
        "/_snippets/old.mdx": "Only in underscore snippets.\n",
    })
    result = render_file(project, "page.mdx")
    assert result.html == "<p>From snippets.</p>\n<p>Only in underscore snippets.</p>\n"
    assert result.warnings == []


def test_warnings_inside_a_snippet_name_the_snippet_and_its_line(make_project: Callable[..., Path]) -> None:
    project = make_project(CONFIG, {
        "page.mdx": "import Box from '/snippets/box.mdx'\n\nText.\n\n<Box />\n",
        "/snippets/box.mdx": "---\ntitle: ignored\n---\n\nFirst.\n\n<Mystery />\n\n[broken](nowhere) {unknown}\n",
    })
    result = render_file(project, "page.mdx")
    assert result.warnings == [
        "snippets/box.mdx:7: unknown component <Mystery>; its content is shown without it",
        "snippets/box.mdx:9: link 'nowhere' points to no page or file; left as written",
        "snippets/box.mdx:9: expression {unknown} is not a value sitegen can compute; left out",
    ]


def test_missing_outside_and_symlinked_out_snippets_are_left_out(make_project: Callable[..., Path], tmp_path: Path) -> None:
    secret = tmp_path / "secret.mdx"
    secret.write_text("TOP SECRET\n")
    project = make_project(CONFIG, {
        "page.mdx": (
            "import Gone from '/snippets/gone.mdx'\n"
            "import Out from '../../secret.mdx'\n"
            "import Link from '/snippets/link.mdx'\n\n"
            "<Gone />\n\n<Out />\n\n<Link />\n"
        ),
    })
    (project / "snippets").mkdir()
    os.symlink(secret, project / "snippets" / "link.mdx")
    result = render_file(project, "page.mdx")
    assert "SECRET" not in result.html and "SECRET" not in " ".join(result.warnings)
    assert result.warnings == [
        "content/page.mdx:5: snippet '/snippets/gone.mdx' not found; left out",
        "content/page.mdx:7: import '../../secret.mdx' is outside the project; left out",
        "content/page.mdx:9: import '/snippets/link.mdx' is outside the project; left out",
    ]


def test_an_import_cycle_is_an_error_naming_the_chain(make_project: Callable[..., Path]) -> None:
    project = make_project(CONFIG, {
        "a.mdx": "import B from '/snippets/b.mdx'\n\nPage A.\n\n<B />\n",
        "/snippets/b.mdx": "import A from '/snippets/a.mdx'\n\nSnippet B.\n\n<A />\n",
        "/snippets/a.mdx": "import B from './b.mdx'\n\n<B />\n",
    })
    result = render_file(project, "a.mdx")
    assert result.errors == [
        "snippets/a.mdx:3: snippet import cycle content/a.mdx -> snippets/b.mdx -> snippets/a.mdx -> snippets/b.mdx"
    ]
    assert "Page A." in result.html and "Snippet B." in result.html


def test_a_snippet_used_twice_is_read_once_per_version(make_project: Callable[..., Path]) -> None:
    from sitegen.markdown.mdx import snippets

    project = make_project(CONFIG, {
        "page.mdx": "import S from '/snippets/s.mdx'\n\n<S />\n\n<S />\n",
        "/snippets/s.mdx": "Version one.\n",
    })
    first = render_file(project, "page.mdx")
    assert first.html.count("Version one.") == 2
    path = (project / "snippets/s.mdx").resolve()
    assert snippets._CACHE[path][1].text == "Version one.\n"
    (project / "snippets/s.mdx").write_text("Version two, longer.\n")
    assert "Version two, longer." in render_file(project, "page.mdx").html


def test_react_components_from_script_snippets_render_what_they_return(
        make_project: Callable[..., Path]) -> None:
    project = make_project(CONFIG, {
        "page.mdx": (
            "import { Chart } from '/snippets/chart.jsx'\n"
            "import Banner from '/snippets/banner.tsx'\n\n"
            "<Chart weeks={6}>\n  Water every *second* day.\n</Chart>\n\n"
            "<Banner />\n"
        ),
        "/snippets/chart.jsx": "export const Chart = ({ children }) => <div>{children}</div>;\n",
        "/snippets/banner.tsx": "export default function Banner() { return <p>Hi</p>; }\n",
    })
    result = render_file(project, "page.mdx")
    assert result.html == "<div><p>Water every <em>second</em> day.</p>\n</div>\n<p>Hi</p>\n"
    assert result.warnings == []


def test_content_for_agents_is_left_out_with_its_headings(make_project: Callable[..., Path]) -> None:
    from component_support import renderer

    project = make_project(CONFIG, {"page.mdx": (
        "## Setup\n\n"
        "<Visibility for=\"humans\">\n  ## Click Start\n\n  Press **Start**.\n</Visibility>\n\n"
        "<Visibility for=\"agents\">\n  ## Call the API\n\n  POST /v1/start\n</Visibility>\n"
    )})
    result = render_file(project, "page.mdx", renderer())
    assert "Press <strong>Start</strong>." in result.html and "POST /v1/start" not in result.html
    assert [entry.text for entry in result.toc] == ["Setup", "Click Start"]
    assert result.warnings == []


def test_windows_line_endings_close_tags_in_pages_and_snippets(make_project: Callable[..., Path]) -> None:
    # Written the way a repository edited on Windows is: every line ends in CRLF.
    project = make_project(CONFIG, {
        "page.mdx": (
            b"import Shared from '/snippets/shared.mdx'\r\n\r\n"
            b"### Total\r\n\r\n<CodeGroup>\r\n```sh cURL\r\ncurl https://example.com\r\n```\r\n\r\n</CodeGroup>\r\n\r\n"
            b"<Shared />\r\n"
        ),
        "/snippets/shared.mdx": b"<Note>\r\nShared text\r\n</Note>\r\n",
    })
    result = render_file(project, "page.mdx")
    assert result.warnings == []
    assert "<x-CodeGroup code='sh:cURL' at='content/page.mdx:5' b>" in result.html
    assert "<x-Note at='snippets/shared.mdx:1' b>" in result.html
    assert "\r" not in result.html
