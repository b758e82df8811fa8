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
    assert (f'<button type="button" class="code-expand" aria-expanded="true" data-more="Show more" '
            f'data-less="Show less" hidden>Show more '
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


# --- Mintlify's meta and Shiki's `[!code …]` comments ------------------------------------

def code_lines(html: str) -> list[str]:
    """Each shown line as (classes, text without tags)."""
    return [f"{classes}|{re.sub(r'<[^>]+>', '', text)}"
            for classes, text in re.findall(r'<span class="line ?([^"]*)">(.*?)</span>\n', html)]


def test_diff_comments_become_added_and_removed_lines_without_the_comment() -> None:
    html = render_fence(
        'const greeting = "Hi"; // [!code ++]\n'
        "function hi() {\n"
        '  console.log("Hello"); // [!code --]\n'
        "  console.log(greeting); // [!code ++]\n"
        "}\n", "js Greeting")
    assert code_lines(html) == [
        'diff add|const greeting = &quot;Hi&quot;;',
        "|function hi() {",
        'diff remove|  console.log(&quot;Hello&quot;);',
        "diff add|  console.log(greeting);",
        "|}",
    ]
    assert html.startswith('<div class="code-block has-diff" data-lang="js">')
    assert "[!code" not in html and "//" not in html


def test_each_languages_comment_syntax_is_removed_whole() -> None:
    cases = {
        "python": 'print("a")  # [!code --]\n',
        "html": "<b>a</b> <!-- [!code ++] -->\n",
        "css": "a { color: red; } /* [!code ++] */\n",
        "sql": "SELECT 1; -- [!code --]\n",
        "jsx": "<A /> {/* [!code ++] */}\n",
    }
    for language, code in cases.items():
        html = render_fence(code, language)
        text = code_lines(html)[0]
        assert "[!code" not in html and "#" not in text and "<!--" not in html and "/*" not in text, language
        assert text.startswith("diff "), (language, text)
        assert text.split("|", 1)[1] == html_escape(code.split(" [!code")[0].rstrip(" #/*-<!{")), language


def html_escape(text: str) -> str:
    import html

    return html.escape(text)


def test_a_count_marks_the_next_lines_and_a_marker_line_of_its_own_goes() -> None:
    html = render_fence("a = 1  # [!code ++:2]\nb = 2\nc = 3\n# [!code highlight:2]\nd = 4\ne = 5\nf = 6\n", "python")
    assert [line.split("|")[0] for line in code_lines(html)] == [
        "diff add", "diff add", "", "highlighted", "highlighted", ""]
    assert [line.split("|")[1] for line in code_lines(html)] == [
        "a = 1", "b = 2", "c = 3", "d = 4", "e = 5", "f = 6"]


def test_highlight_focus_error_and_warning_comments() -> None:
    html = render_fence("one() // [!code hl]\ntwo() // [!code focus]\nthree() // [!code error]\n"
                        "four() // [!code warning]\nfive()\n", "js")
    assert [line.split("|")[0] for line in code_lines(html)] == [
        "highlighted", "focused", "highlighted error", "highlighted warning", ""]
    assert html.startswith('<div class="code-block has-highlights has-focus" data-lang="js">')
    assert "[!code" not in html


def test_a_marker_in_a_comment_that_says_more_keeps_the_comment() -> None:
    html = render_fence("x = 1  # the new default [!code ++]\n", "python")
    assert code_lines(html) == ["diff add|x = 1  # the new default"]


def test_marker_text_inside_a_string_is_code_not_a_marker() -> None:
    html = render_fence('s = "[!code ++]"  # explained\n', "python")
    assert code_lines(html) == ['|s = &quot;[!code ++]&quot;  # explained']


def test_plain_text_blocks_show_the_notation_as_written() -> None:
    # How an author documents the notation: the example source in a ```text block.
    for info in ("text JavaScript format", "", "txt"):
        html = render_fence('const a = 1; // [!code ++]\n', info)
        assert code_lines(html) == ["|const a = 1; // [!code ++]"], info
        assert "has-diff" not in html


def test_meta_highlight_focus_nocopy_icon_and_title_words() -> None:
    meta = parse_meta('javascript Line focusing example focus=2,4-5 highlight={1, 3} icon="square-js" lines')
    assert (meta.title, meta.focus, meta.highlight, meta.icon, meta.numbers, meta.copy) == (
        "Line focusing example", {2, 4, 5}, {1, 3}, "square-js", True, True)
    assert parse_meta("mdx highlight=1").highlight == {1} and parse_meta("mdx highlight=1").title is None
    assert parse_meta("ts twoslash Twoslash example").title == "Twoslash example"
    assert parse_meta('text title="No copy" nocopy').copy is False
    assert parse_meta('text title="Copy me" nocopy="false"').copy is True
    assert parse_meta("java HelloWorld.java example icon=java lines").title == "HelloWorld.java example"
    bare = parse_meta("nocopy")
    assert (bare.language, bare.title, bare.copy) == ("", None, False)


def test_nocopy_block_has_no_copy_button() -> None:
    html = render_fence("User -> CDN\n", 'text title="Diagram" nocopy')
    assert "copy-code" not in html
    assert html.startswith('<div class="code-block" data-lang="text"><div class="code-title"><span>Diagram</span></div>'
                           '<pre class="highlight">')
    assert "copy-code" in render_fence("x\n", 'text title="Diagram" nocopy="false"')


def test_focus_lines_and_the_icon_in_the_title_bar() -> None:
    html = render_fence("a\nb\nc\n", "text Steps focus=2 icon=terminal")
    assert [line.split("|")[0] for line in code_lines(html)] == ["", "focused", ""]
    assert html.startswith('<div class="code-block has-focus" data-lang="text"><div class="code-title">'
                           '<span class="code-icon" aria-hidden="true"><svg ')
    assert "</svg></span><span>Steps</span></div>" in html
    # An icon without a title: the bar names the language beside it.
    assert "</svg></span><span>bash</span></div>" in render_fence("ls\n", "bash icon=terminal")


def test_an_unknown_fence_icon_is_a_problem_and_a_placeholder() -> None:
    from sitegen.icons import find_icon
    from sitegen.markdown.code import fence_icon

    assert fence_icon("zzqx") == (str(find_icon("circle", "regular").svg),
                                  "code block unknown Font Awesome icon 'zzqx' (or Pro-only, with no free "
                                  "counterpart); using the placeholder 'circle'")
    assert fence_icon("./logo.svg")[1] == ("code block icon './logo.svg': only icon names and http(s) image URLs "
                                           "are shown; no icon is shown")
    assert '<span class="code-icon" aria-hidden="true"><svg class="icon" viewBox="0 0 512 512"' in render_fence(
        "x\n", "text T icon=zzqx")


def test_a_page_warns_at_the_fence_of_an_unknown_icon_and_its_code_group_tab_shows_a_known_one(
        tmp_path) -> None:
    from component_support import renderer
    from mdx_support import render_file

    page = tmp_path / "guide.mdx"
    page.write_text("---\ntitle: Guide\n---\n\n<CodeGroup>\n\n```bash npm icon=npm\nnpm i acme # [!code ++]\n```\n\n"
                    "```bash pip icon=zzqx\npip install acme\n```\n\n</CodeGroup>\n")
    (tmp_path / "docs.json").write_text('{"name": "Acme", "navigation": [{"group": "G", "pages": ["guide"]}]}')
    rendered = render_file(tmp_path, "guide.mdx", renderer())
    assert rendered.warnings == ["guide.mdx:11: code block unknown Font Awesome icon 'zzqx' (or Pro-only, with no "
                                 "free counterpart); using the placeholder 'circle'"]
    assert 'data-title="npm"><span class="tabs-tab-icon" aria-hidden="true"><svg ' in rendered.html
    assert 'data-title="pip"><span class="tabs-tab-icon" aria-hidden="true"><svg class="icon" viewBox="0 0 512 512"' \
        in rendered.html
    assert '<span class="line diff add">npm<span class="w"> </span>i<span class="w"> </span>acme</span>' in rendered.html
    assert "[!code" not in rendered.html


def test_mermaid_actions_and_placement_go_to_the_diagram(tmp_path) -> None:
    from component_support import renderer
    from mdx_support import render_file

    (tmp_path / "flow.mdx").write_text(
        "---\ntitle: Flow\n---\n\n```mermaid placement=\"top-left\" actions={true}\ngraph LR\n  A --> B\n```\n\n"
        "```mermaid actions={false}\ngraph LR\n  C --> D\n```\n\n```mermaid placement=\"middle\"\ngraph LR\n  E --> F\n```\n")
    (tmp_path / "docs.json").write_text('{"name": "Acme", "navigation": [{"group": "G", "pages": ["flow"]}]}')
    rendered = render_file(tmp_path, "flow.mdx", renderer())
    assert rendered.html == ('<pre class="mermaid" data-placement="top-left" data-actions="true">graph LR\n  A --&gt; B\n</pre>\n'
                             '<pre class="mermaid" data-actions="false">graph LR\n  C --&gt; D\n</pre>\n'
                             '<pre class="mermaid">graph LR\n  E --&gt; F\n</pre>\n')
    assert rendered.warnings == ["flow.mdx:15: mermaid placement='middle': expected one of top-left, top-right, "
                                 "bottom-left, bottom-right; the controls are at the bottom right"]
