"""Lower-case JSX elements: allowlisted HTML/SVG, React attribute names, style objects,
checked and copied URLs, no scripts."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from mdx_support import render_file

CONFIG = {"name": "T", "navigation": [{"group": "G", "pages": ["page"]}]}


def render(make_project: Callable[..., Path], body: str):
    project = make_project(CONFIG, {"page.mdx": body, "/images/x.png": b"\x89PNG", "other.md": "# O"})
    return project, render_file(project, "page.mdx")


def test_images_divs_and_styles(make_project: Callable[..., Path]) -> None:
    body = (
        '<img className="block dark:hidden" src="/images/x.png" alt="X" onClick={() => go()} />\n\n'
        '<div style={{ display: "flex", gap: 12, flexGrow: 1, marginTop: "1rem", WebkitMaskImage: "none", zIndex: 0 }}>\n'
        "  Some **bold** text.\n"
        "</div>\n\n"
        "Line<br/>break and <span className=\"badge\" data-x=\"1\">tag</span>.\n"
    )
    _project, result = render(make_project, body)
    assert '<img class="block dark:hidden" src="../images/x.png" alt="X">' in result.html
    assert ('<div style="display: flex; gap: 12px; flex-grow: 1; margin-top: 1rem; -webkit-mask-image: none; z-index: 0">'
            "<p>Some <strong>bold</strong> text.</p>\n</div>") in result.html
    assert 'Line<br>break and <span class="badge" data-x="1">tag</span>.' in result.html
    assert result.warnings == ["content/page.mdx:1: <img> attribute onClick is an event handler (script); left out"]


def test_links_iframes_video_and_script_urls(make_project: Callable[..., Path]) -> None:
    body = (
        '<a href="/other">page</a> <a href="javascript:alert(1)">x</a> <a href="missing">m</a>\n\n'
        '<iframe src="https://www.youtube.com/embed/abc" allowFullScreen frameBorder="0"></iframe>\n\n'
        '<video controls autoPlay={false} src="/images/x.png" />\n'
    )
    _, result = render(make_project, body)
    assert '<a href="../other/">page</a> <a>x</a> <a href="missing">m</a>' in result.html
    assert '<iframe src="https://www.youtube.com/embed/abc" allowfullscreen frameborder="0"></iframe>' in result.html
    assert '<video controls src="../images/x.png"></video>' in result.html
    assert result.warnings == [
        "content/page.mdx:1: attribute href of <a> is a script URL; left out",
        "content/page.mdx:1: link 'missing' points to no page or file; left as written",
    ]


def test_inline_svg_keeps_its_children_and_case(make_project: Callable[..., Path]) -> None:
    body = (
        '<svg viewBox="0 0 24 24" width={24} fill="none">\n'
        '  <path d="M1 1L2 2" strokeWidth={2} strokeLinecap="round" />\n'
        '  <linearGradient id="g"><stop offset="0" stopColor="#fff" /></linearGradient>\n'
        "</svg>\n"
    )
    _, result = render(make_project, body)
    assert result.html == (
        '<svg viewBox="0 0 24 24" width="24" fill="none"><path d="M1 1L2 2" stroke-width="2" stroke-linecap="round"></path>\n'
        '<linearGradient id="g"><stop offset="0" stop-color="#fff"></stop>\n</linearGradient>\n</svg>\n'
    )
    assert result.ids == frozenset({"g"})
    assert result.warnings == []


def test_raw_html_is_never_passed_through(make_project: Callable[..., Path]) -> None:
    body = ('<script>alert(1)</script>\n\n<style>p{}</style>\n\nText <marquee>x</marquee>.\n\n'
            '<script src="https://cdn.example/w.js" async></script>\n')
    _, result = render(make_project, body)
    # A script is left out with its content (never shown as text); a style's text is CSS, kept.
    assert result.html == "<style>p</style>\n<p>Text x.</p>\n"
    assert result.warnings == [
        "content/page.mdx:1: <script> in a page is left out (so is any other on this page): to run code on "
        "every page, put it in a .js file of the project, as Mintlify advises",
        "content/page.mdx:5: unknown element <marquee>; its content is shown without it",
    ]
