"""Code fences with Mintlify's meta: titles, {1,3-5} highlights, lines, wrap, expandable."""

from __future__ import annotations

import re

from sitegen.markdown.code import EXPANDABLE_LINES, parse_info, parse_meta, render_fence, render_mermaid


def lines_of(html: str) -> list[str]:
    return re.findall(r'<span class="line( highlighted)?">', html)


def test_parse_info_keeps_language_and_title_and_ignores_flags() -> None:
    assert parse_info("python app.py") == ("python", "app.py")
    assert parse_info('python title="my app.py" lines') == ("python", "my app.py")
    assert parse_info("js {1,3} lines wrap expandable server.js") == ("js", "server.js")
    assert parse_info('ts icon="react" lines') == ("ts", None)
    assert parse_info("") == ("", None)


def test_parse_meta_reads_ranges_and_flags() -> None:
    meta = parse_meta("python app.py {1,3-5} lines wrap expandable")
    assert meta.highlight == {1, 3, 4, 5} and meta.numbers and meta.wrap and meta.expandable
    assert parse_meta("python").highlight == frozenset() and not parse_meta("python").numbers


def test_pygments_highlights_each_line_and_keeps_the_title() -> None:
    html = render_fence("import os\nprint('hi')\n", "python app.py")
    assert '<div class="code-title"><span>app.py</span></div>' in html
    assert ('<code class="language-python"><span class="line"><span class="kn">import</span>'
            '<span class="w"> </span><span class="nn">os</span></span>\n') in html
    assert len(lines_of(html)) == 2  # the closing newline is not an extra empty line
    assert 'aria-label="Copy app.py"' in html


def test_multi_line_tokens_are_split_so_every_line_is_its_own_span() -> None:
    html = render_fence('x = """one\ntwo\nthree"""\n', "python {2}")
    assert lines_of(html) == ["", " highlighted", ""]
    assert '<span class="line highlighted"><span class="s2">two</span></span>' in html


def test_unknown_language_is_escaped_not_highlighted() -> None:
    html = render_fence("plain <b>\n", "")
    assert '<span class="line">plain &lt;b&gt;</span>' in html and 'data-lang=""' in html


def test_line_numbers_and_wrap_are_classes_of_the_block() -> None:
    html = render_fence("a\nb\n", "text lines wrap")
    assert html.startswith('<div class="code-block numbered wrap" data-lang="text">')
    assert "code-expand" not in html


def test_highlighted_lines() -> None:
    code = "".join(f"line {n}\n" for n in range(1, 7))
    html = render_fence(code, "text {1,3-5}")
    assert lines_of(html) == [" highlighted", "", " highlighted", " highlighted", " highlighted", ""]
    assert "has-highlights" in html


def test_expandable_long_block_gets_a_show_more_button_short_one_does_not() -> None:
    long_code = "".join(f"print({n})\n" for n in range(EXPANDABLE_LINES + 8))
    html = render_fence(long_code, "python expandable")
    assert 'class="code-block expandable"' in html
    assert (f'<button type="button" class="code-expand" aria-expanded="true" hidden>Show more '
            f'<span class="code-expand-count">({EXPANDABLE_LINES + 8} lines)</span></button>') in html
    short = render_fence("print(1)\n", "python expandable")
    assert "code-expand" not in short and "expandable" not in short


def test_mermaid_is_a_pre_for_the_diagram_script() -> None:
    html, problem = render_mermaid("graph TD\n  A[Start] --> B{Ok?}\n")
    assert problem is None
    assert html == '<pre class="mermaid">graph TD\n  A[Start] --&gt; B{Ok?}\n</pre>\n'


def test_the_same_word_keeps_each_languages_class_and_blank_lines_stay() -> None:
    # `def` is a Python keyword and plain text to bash: highlighting one block never colours
    # the same word in another language's block.
    python = render_fence("def go(): pass\n", "python")
    bash = render_fence("def go <b>\n", "bash")
    assert '<span class="line"><span class="k">def</span><span class="w"> </span><span class="nf">go</span>' in python
    assert '<span class="line">def<span class="w"> </span>go<span class="w"> </span>&lt;b&gt;</span>' in bash
    spaced = render_fence("import x\n\n\nimport y\n", "python")
    assert lines_of(spaced) == ["", "", "", ""]
    assert '<span class="line"></span>\n<span class="line"></span>\n' in spaced
