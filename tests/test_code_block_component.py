"""<CodeBlock>, the code block Mintlify gives authors' React components: written in MDX or
returned by the author's own component, it is the same block a fence with that meta makes."""

from __future__ import annotations

import functools

from visible_text import visible_words

from sitegen.markdown.code import render_fence
from sitegen.pipeline import build_site

from component_support import one_page_config, rendered_page

CONFIG = one_page_config("code")
rendered = functools.partial(rendered_page, name="code")  # (make_project, body) -> (HTML, warnings)


def test_an_authors_component_returning_code_block_gets_a_fenced_block(make_project) -> None:
    html, warnings = rendered(make_project, (
        "export const Sample = ({ code }) => (\n"
        '  <CodeBlock filename="plant.py" language="python" icon="python" lines wrap highlight="[2]" focus="[1]">'
        "{code}</CodeBlock>\n"
        ");\n\n"
        '<Sample code={"def plant(seed):\\n    return seed.grow()\\n"} />\n'))
    assert html.strip() == render_fence("def plant(seed):\n    return seed.grow()\n",
                                        'python title="plant.py" icon="python" highlight="2" focus="1" lines wrap').strip()
    assert warnings == []


def test_code_block_written_in_mdx_keeps_its_text(make_project) -> None:
    html, warnings = rendered(make_project, '<CodeBlock language="js" nocopy expandable>\n{`if (a < b) {\n'
                                            '  grow();\n}`}\n</CodeBlock>\n')
    assert html.strip() == render_fence("if (a < b) {\n  grow();\n}\n", "js nocopy expandable").strip()
    assert warnings == []
    html, _ = rendered(make_project, "<CodeBlock>{`plain words`}</CodeBlock>\n")
    assert html.strip() == render_fence("plain words\n", "text").strip()


def test_the_page_markdown_has_it_as_a_fence(make_project) -> None:
    project = make_project(CONFIG, {"code.mdx": "---\ntitle: Code\n---\n\n"
                                    '<CodeBlock language="js">\n{"const fence = \\"```\\";"}\n</CodeBlock>\n'})
    built = build_site(project)
    assert built.warnings == []
    assert '\n````js\nconst fence = "```";\n````\n' in built.files["code.md"].decode()


def test_on_a_translated_page_its_buttons_speak_the_pages_language(make_project) -> None:
    long_code = "".join(f"print({number})\n" for number in range(1, 21))  # longer than an expandable block shows
    fence = f"```python pflanzen.py expandable\n{long_code}```\n"
    code_block = f'<CodeBlock language="python" filename="pflanzen.py" expandable>\n{{`{long_code}`}}\n</CodeBlock>\n'
    languages = {"languages": [{"language": "en", "groups": [{"group": "Start", "pages": ["index"]}]},
                               {"language": "ja", "groups": [{"group": "はじめに", "pages": ["ja/index"]}]}]}
    project = make_project({"theme": "mint", "name": "Orchard", "colors": {"primary": "#2F6B3A"}, "navigation": languages}, {
        "index.mdx": "---\ntitle: Orchard\n---\n\nDig deep.\n",
        "ja/index.mdx": f"---\ntitle: 果樹園\n---\n\n{fence}\n{code_block}"})
    built = build_site(project)
    assert built.warnings == []
    prose = built.files["ja/index.html"].decode()
    words = visible_words(prose, "prose")
    assert words == ["pflanzen.py", "pflanzen.py をコピー", "コピー", "もっと見る", "（20 行）"] * 2  # the fence, then <CodeBlock>
