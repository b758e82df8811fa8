"""The MDX parser: JSX in flow and text, expressions, ESM, what reaches the HTML and the
exact warnings (file:line) for what sitegen cannot show."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from mdx_support import render_file

CONFIG = {"name": "T", "navigation": [{"group": "G", "pages": ["page"]}]}


def page(make_project: Callable[..., Path], body: str, name: str = "page.mdx", **files: str):
    project = make_project(CONFIG, {name: body, **{key.replace("__", "/"): value for key, value in files.items()}})
    return render_file(project, name)


def test_multi_line_tag_with_every_kind_of_attribute(make_project: Callable[..., Path]) -> None:
    body = (
        "Intro.\n\n"
        "<Card\n"
        '  title="Quick start"\n'
        "  cols={2}\n"
        "  ratio={0.5}\n"
        "  disabled\n"
        "  tags={['a', \"b\", `c`]}\n"
        '  meta={{ nested: { deep: [1, null, true] }, "quoted key": "}" }}\n'
        "  label='it&apos;s'\n"
        ">\n"
        "  Some *text*.\n"
        "</Card>\n"
    )
    result = page(make_project, body)
    assert result.warnings == []
    assert (
        "<x-Card cols='2' disabled='true' label='\"it's\"' "
        "meta='{\"nested\": {\"deep\": [1, null, true]}, \"quoted key\": \"}\"}' ratio='0.5' "
        "tags='[\"a\", \"b\", \"c\"]' title='\"Quick start\"' at='content/page.mdx:3' b><p>Some <em>text</em>.</p>\n"
        "</x-Card>"
    ) in result.html


def test_one_line_element_has_inline_children_and_closing_tag_on_content_line(make_project: Callable[..., Path]) -> None:
    body = "<Note>This is **important**.</Note>\n\n<Note>\nFirst line\nlast line</Note>\n"
    html = page(make_project, body).html
    assert "<x-Note at='content/page.mdx:1' b>This is <strong>important</strong>.</x-Note>" in html
    assert "<x-Note at='content/page.mdx:3' b><p>First line\nlast line</p>\n</x-Note>" in html


def test_nested_components_are_dedented_not_code(make_project: Callable[..., Path]) -> None:
    body = (
        "<Tabs>\n"
        "    <Tab title=\"One\">\n"
        "        Indented *markdown*, not code.\n"
        "\n"
        "        ```python app.py\n"
        "        print(1)\n"
        "        ```\n"
        "    </Tab>\n"
        "</Tabs>\n"
    )
    html = page(make_project, body).html
    assert html.startswith("<x-Tabs at='content/page.mdx:1' b><x-Tab title='\"One\"' at='content/page.mdx:2' b>"
                           "<p>Indented <em>markdown</em>, not code.</p>\n<div class=\"code-block\" data-lang=\"python\">")
    assert "print" in html and "<pre><code>" not in html


def test_components_in_list_items_table_cells_and_paragraphs(make_project: Callable[..., Path]) -> None:
    body = (
        "- Step one\n\n"
        "  <Note>\n"
        "    In the list.\n"
        "  </Note>\n"
        "- Step two\n\n"
        "| Plan | Notes |\n"
        "|---|---|\n"
        "| Pro | <Card title=\"x\">cell</Card> |\n\n"
        "Text with <Tree.Folder name=\"src\" /> inside and <>a fragment</>.\n"
    )
    result = page(make_project, body)
    assert "<li>\n<p>Step one</p>\n<x-Note at='content/page.mdx:3' b><p>In the list.</p>\n</x-Note>\n</li>" in result.html
    assert "<td><x-Card title='\"x\"' at='content/page.mdx:10' i>cell</x-Card></td>" in result.html
    assert "<p>Text with <x-Tree.Folder name='\"src\"' at='content/page.mdx:12' i></x-Tree.Folder> inside and a fragment.</p>" in result.html
    assert result.warnings == []


def test_several_tags_on_one_line_and_self_closing_siblings(make_project: Callable[..., Path]) -> None:
    body = '<CardGroup cols={2}><Card title="a" /><Card title="b" /></CardGroup>\n\n<Tabs><Tab title="x">\nBody\n</Tab></Tabs>\n'
    html = page(make_project, body).html
    assert ("<x-CardGroup cols='2' at='content/page.mdx:1' b><x-Card title='\"a\"' at='content/page.mdx:1' b></x-Card>\n"
            "<x-Card title='\"b\"' at='content/page.mdx:1' b></x-Card>\n</x-CardGroup>") in html
    assert "<x-Tabs at='content/page.mdx:3' b><x-Tab title='\"x\"' at='content/page.mdx:3' b><p>Body</p>\n</x-Tab>\n</x-Tabs>" in html


def test_code_group_children_carry_their_code(make_project: Callable[..., Path]) -> None:
    body = "<CodeGroup>\n```bash Install\nnpm i x\n```\n\n```python\nimport x\n```\n</CodeGroup>\n"
    result = page(make_project, body)
    assert "code='bash:Install,python:None'" in result.html
    assert result.features == frozenset({"codegroup"})


def test_code_is_never_touched(make_project: Callable[..., Path]) -> None:
    body = "```md\n<Note>stays code</Note> {x}\n```\n\nInline `<Card title={x}>` and `{y}`.\n"
    result = page(make_project, body)
    assert "&lt;Note&gt;stays code&lt;/Note&gt; {x}" in result.html
    assert "<code>&lt;Card title={x}&gt;</code> and <code>{y}</code>" in result.html
    assert result.warnings == []


def test_comments_vanish_and_unknown_expressions_warn(make_project: Callable[..., Path]) -> None:
    body = (
        "{/* a flow comment */}\n\n"
        "Text {/* inline comment */}kept and {user.name} and {' '}end.\n\n"
        "<!-- an HTML comment -->\n\n"
        "Inline <!-- hidden --> text.\n\n"
        "{\n  compute()\n}\n"
    )
    result = page(make_project, body)
    assert result.html == "<p>Text kept and  and  end.</p>\n<p>Inline  text.</p>\n"
    assert result.warnings == [
        "content/page.mdx:3: expression {user.name} is not a value sitegen can compute; left out",
        "content/page.mdx:9: expression {compute()} is not a value sitegen can compute; left out",
    ]


def test_export_const_values_and_esm_lines_are_consumed(make_project: Callable[..., Path]) -> None:
    body = (
        "import { Chart } from '@/components/chart'\n"
        "export const plan = {\n"
        "  name: \"Pro <b>\",\n"
        "  seats: 5,\n"
        "}\n"
        "export const broken = fetch('/x')\n\n"
        "# {plan.name}\n\n"
        "You get {plan.seats} seats on <Card title={plan.name} />.\n\n"
        "```js\nimport os from 'os'\nexport const x = 1\n```\n"
    )
    result = page(make_project, body)
    assert '<h1 id="pro-b">Pro &lt;b&gt; <a class="header-anchor"' in result.html
    assert "You get 5 seats on <x-Card title='\"Pro <b>\"' at='content/page.mdx:10' i></x-Card>." in result.html
    assert '<code class="language-js"><span class="line"><span class="k">import</span>' in result.html
    assert "Chart" not in result.html
    # `broken` is code: it would run in the engine only if the page used it.
    assert result.warnings == ["content/page.mdx:1: import from '@/components/chart': npm packages are not "
                               "installed by sitegen; what it imports is left out"]


def test_attributes_that_are_code_are_dropped_with_a_warning(make_project: Callable[..., Path]) -> None:
    body = "Intro\n\n<Card\n  title={getTitle()}\n  href={`/x/${id}`}\n  {...rest}\n  cols={2}\n/>\n"
    result = page(make_project, body)
    assert "<x-Card cols='2' at='content/page.mdx:3' b></x-Card>" in result.html
    assert result.warnings == [
        "content/page.mdx:3: <Card> attribute title={getTitle()} is not a value sitegen can compute; left out",
        "content/page.mdx:3: <Card> attribute href={`/x/${id}`} is not a value sitegen can compute; left out",
        "content/page.mdx:3: <Card> attributes {...rest} are not values sitegen can compute; left out",
    ]


def test_unknown_components_and_elements_keep_their_content(make_project: Callable[..., Path]) -> None:
    body = "# T\n\n<Foo bar=\"1\">\n  Foo's **content**\n</Foo>\n\nSee <blink>this</blink>.\n"
    result = page(make_project, body)
    assert "<p>Foo's <strong>content</strong></p>" in result.html
    assert "<p>See this.</p>" in result.html
    assert "<Foo" not in result.html and "blink" not in result.html
    assert result.warnings == [
        "content/page.mdx:3: unknown component <Foo>; its content is shown without it",
        "content/page.mdx:7: unknown element <blink>; its content is shown without it",
    ]


def test_unclosed_and_stray_tags_warn_and_the_text_renders(make_project: Callable[..., Path]) -> None:
    body = "<Note>\nUnclosed *note*.\n\n</Card>\n\nA <b>bold start and\nmore</i> text.\n"
    result = page(make_project, body)
    assert result.html == "<p>Unclosed <em>note</em>.</p>\n<p>A bold start and\nmore text.</p>\n"
    assert result.warnings == [
        "content/page.mdx:7: closing tag </i> has no opening tag; left out",
        "content/page.mdx:6: <b> is never closed; its content is shown without it",
        "content/page.mdx:1: <Note> is never closed; its content is shown without it",
        "content/page.mdx:4: closing tag </Card> has no opening tag; left out",
    ]


def test_jsx_empty_void_elements_are_one_element(make_project: Callable[..., Path]) -> None:
    # JSX writes an empty element as `<br></br>`; a table cell of real pages does so to break lines.
    body = ("| a | b |\n| --- | --- |\n| one<br></br><br></br>two | x |\n\n"
            "A<br/></br> and <hr></hr> B </br>\n\n<br></br>\n\nEnd\n")
    result = page(make_project, body)
    assert "<td>one<br><br>two</td>" in result.html
    assert "<p>A<br> and <hr> B </p>\n<br>\n<p>End</p>" in result.html
    assert result.warnings == ["content/page.mdx:5: closing tag </br> has no opening tag; left out"]


def test_line_numbers_after_front_matter_and_inside_nested_components(make_project: Callable[..., Path]) -> None:
    body = (
        "---\ntitle: Page\n---\n\n"  # body starts at line 5
        "<Steps>\n"
        "  <Step title=\"One\">\n"
        "    Text and a [broken](nowhere)\n"
        "    link on the next line: [also](gone).\n\n"
        "    <Bogus />\n"
        "  </Step>\n"
        "</Steps>\n"
    )
    result = page(make_project, body)
    assert result.warnings == [
        "content/page.mdx:7: link 'nowhere' points to no page or file; left as written",
        "content/page.mdx:8: link 'gone' points to no page or file; left as written",
        "content/page.mdx:10: unknown component <Bogus>; its content is shown without it",
    ]
    assert '<a href="nowhere">broken</a>' in result.html


def test_md_pages_keep_braces_as_text_but_parse_tags(make_project: Callable[..., Path]) -> None:
    body = "# Braces {x}\n\n<Note>Value {x}</Note>\n\n    indented code <b>\n\nimport x from 'y'\n"
    result = page(make_project, body, name="page.md")
    assert '<h1 id="braces-x">Braces {x}' in result.html
    assert "<x-Note at='content/page.md:3' b>Value {x}</x-Note>" in result.html
    assert "indented code &lt;b&gt;" in result.html
    assert "<p>import x from 'y'</p>" in result.html
    assert result.warnings == []


def test_math_is_read_before_expressions(make_project: Callable[..., Path]) -> None:
    body = "Euler: $e^{i\\pi} + 1 = 0$ costs $5 and $10.\n\n$$\n\\frac{a}{b}\n$$\n\nBad: $a^$\n"
    result = page(make_project, body)
    assert '<span class="math"><math' in result.html and '<div class="math math-display"><math' in result.html
    assert "costs $5 and $10." in result.html
    assert len(result.warnings) == 1 and result.warnings[0].startswith("content/page.mdx:7: math $a^$ cannot be read (")


def test_headings_and_update_anchors_share_unique_ids_and_toc_order(make_project: Callable[..., Path]) -> None:
    body = "## Install\n\n<Update label=\"Install\">\nNotes\n</Update>\n\n### Install\n"
    result = page(make_project, body)
    assert [(entry.level, entry.id, entry.text) for entry in result.toc] == [
        (2, "install", "Install"), (2, "install-2", "Install"), (3, "install-3", "Install"),
    ]
    assert {"install", "install-2", "install-3"} <= result.ids


def test_fragment_links_are_recorded_for_the_build(make_project: Callable[..., Path]) -> None:
    project = make_project(CONFIG, {
        "page.mdx": "[here](#setup) and [there](other#codes)\n\n<Card title=\"c\" href=\"/other#limits\" />\n",
        "other.md": "## Codes\n",
    })
    result = render_file(project, "page.mdx")
    assert result.fragment_links == [
        ("content/page.mdx:1", "page", "setup"),
        ("content/page.mdx:1", "other", "codes"),
        ("content/page.mdx:3", "other", "limits"),
    ]
    assert "link='../other/#limits'" in result.html
    assert result.warnings == []


def test_which_tags_interrupt_a_paragraph(make_project: Callable[..., Path]) -> None:
    body = "Text\n<Note>\nNoted\n</Note>\nMore text\n<span>inline</span> continues.\n"
    html = page(make_project, body).html
    assert html == ("<p>Text</p>\n<x-Note at='content/page.mdx:2' b><p>Noted</p>\n</x-Note>\n"
                    "<p>More text\n<span>inline</span> continues.</p>\n")
