"""<Tree>/<FileTree> (components and Markdown lists) and <GitHub.Repo>, written in MDX as an
author writes them and rendered by the real parser, component renderer and theme: the HTML a
reader gets, the page's Markdown and the exact warnings."""

from __future__ import annotations

import functools
import re

import pytest

from sitegen.icons import find_icon
from sitegen.pipeline import build_site

from component_support import one_page_config, rendered_page

CONFIG = one_page_config("layout")
rendered = functools.partial(rendered_page, name="layout")  # (make_project, body) -> (HTML, warnings)


def file_item(name: str) -> str:
    return (f'<li class="tree-item tree-file"><span class="tree-row"><span class="tree-icon" aria-hidden="true">'
            f'</span><span class="tree-name">{name}</span></span></li>\n')


def folder_item(name: str, inside: str, open_: bool = True) -> str:
    return (f'<li class="tree-item tree-folder">\n<details{" open" if open_ else ""}>\n'
            f'<summary><span class="tree-icon" aria-hidden="true"></span><span class="tree-name">{name}</span></summary>\n'
            f"<ul>{inside}</ul>\n</details>\n</li>\n")


LIST_TREE = """<FileTree>

- orchard/
  - `apples.mdx`
  - **pears/**
    - conference.mdx
  - seeds/
- orchard.config.ts

</FileTree>
"""

COMPONENT_TREE = """<Tree>
  <Tree.Folder name="orchard" defaultOpen>
    <Tree.File name="apples.mdx" />
    <Tree.Folder name="pears" defaultOpen>
      <Tree.File name="conference.mdx" />
    </Tree.Folder>
    <Tree.Folder name="seeds" />
  </Tree.Folder>
  <Tree.File name="orchard.config.ts" />
</Tree>
"""


def test_a_markdown_list_in_file_tree_is_the_tree_tree_folder_and_tree_file_make(make_project) -> None:
    html, warnings = rendered(make_project, LIST_TREE)
    pears = folder_item("pears", file_item("conference.mdx"))
    seeds = folder_item("seeds", "", open_=False)  # a trailing slash without items: a folder, shut
    orchard = folder_item("orchard", file_item("apples.mdx") + pears + seeds)
    assert html == '<ul class="tree">\n' + orchard + file_item("orchard.config.ts") + "\n</ul>\n"
    assert warnings == []
    same, _ = rendered(make_project, COMPONENT_TREE)
    assert same == html


@pytest.mark.parametrize("tag", ["Tree", "FileTree"])
def test_tree_and_file_tree_take_either_syntax(make_project, tag: str) -> None:
    listed, _ = rendered(make_project, f"<{tag}>\n\n- src/\n  - main.py\n- README.md\n\n</{tag}>\n")
    components, warnings = rendered(make_project, f'<{tag}>\n  <Tree.Folder name="src" defaultOpen>\n'
                                    f'    <Tree.File name="main.py" />\n  </Tree.Folder>\n'
                                    f'  <Tree.File name="README.md" />\n</{tag}>\n')
    assert listed == components == ('<ul class="tree">\n' + folder_item("src", file_item("main.py"))
                                    + file_item("README.md") + "\n</ul>\n")
    assert warnings == []


def test_list_names_lose_inline_formatting_and_keep_escaping(make_project) -> None:
    html, _ = rendered(make_project, "<Tree>\n\n- _notes_ & [links](/layout).md\n- `a<b>`/\n\n</Tree>\n")
    assert file_item("notes &amp; links.md") in html
    assert '<span class="tree-name">a&lt;b&gt;</span>' in html and html.count("<details>") == 1


def test_a_loose_list_gives_the_same_tree(make_project) -> None:
    html, _ = rendered(make_project, "<FileTree>\n\n- src/\n\n  - main.py\n\n- README.md\n\n</FileTree>\n")
    assert html == '<ul class="tree">\n' + folder_item("src", file_item("main.py")) + file_item("README.md") + "\n</ul>\n"


def test_other_content_in_a_tree_is_shown_below_it_with_a_warning(make_project) -> None:
    html, warnings = rendered(make_project, "<FileTree>\n\nThe layout:\n\n- a.md\n\n</FileTree>\n")
    assert html == '<ul class="tree">\n' + file_item("a.md") + "\n</ul>\n<p>The layout:</p>\n\n"
    assert warnings == ["content/layout.mdx:1: <FileTree> holds content that is neither a list nor "
                        "Tree.Folder/Tree.File; it is shown below the tree"]


def test_highlight_marks_the_active_item_and_style_sets_its_colour(make_project) -> None:
    html, warnings = rendered(make_project, """<Tree style={{ "--tree-highlight": "rgb(59 130 246)" }}>
  <Tree.Folder name="app" defaultOpen highlight>
    <Tree.File name="page.tsx" highlight />
  </Tree.Folder>
</Tree>
""")
    assert html.startswith('<ul class="tree" style="--tree-highlight: rgb(59 130 246)">\n'
                           '<li class="tree-item tree-folder tree-highlight" aria-current="true">\n<details open>')
    assert ('<li class="tree-item tree-file tree-highlight" aria-current="true"><span class="tree-row">'
            '<span class="tree-icon" aria-hidden="true"></span><span class="tree-name">page.tsx</span></span></li>') in html
    assert warnings == []
    _, warnings = rendered(make_project, '<Tree style="color: red">\n  <Tree.File name="a" />\n</Tree>\n')
    assert warnings == ["content/layout.mdx:1: <Tree> style='color: red': expected an object such as "
                        '{{ "--tree-highlight": "#2563eb" }}; using nothing']


def test_the_page_markdown_lists_a_list_tree_as_written(make_project) -> None:
    project = make_project(CONFIG, {"layout.mdx": "---\ntitle: Layout\n---\n\n" + LIST_TREE})
    built = build_site(project)
    assert built.warnings == []
    markdown = built.files["layout.md"].decode()
    assert "- orchard/\n  - `apples.mdx`\n  - **pears/**\n    - conference.mdx\n  - seeds/\n- orchard.config.ts\n" \
        in markdown


def svg(name: str, style: str = "solid") -> str:
    return str(find_icon(name, style).svg)


def card(slug: str, classes: str = "github-repo github-repo-inset") -> str:
    owner, name = slug.split("/")
    return (f'<a class="{classes}" href="https://github.com/{slug}" data-github-repo="{slug}">\n'
            '<span class="github-repo-body">\n'
            f'<span class="github-repo-title">{svg("github", "brands")}<span class="github-repo-name">'
            f'<span class="github-repo-owner">{owner}/</span>{name}</span></span>\n'
            '<span class="github-repo-description" hidden></span>\n'
            f'<span class="github-repo-stats" hidden><span class="github-repo-stars">{svg("star", "regular")}'
            '<span class="github-repo-count"></span><span class="visually-hidden"> stars</span></span>'
            f'<span class="github-repo-forks">{svg("code-fork")}<span class="github-repo-count"></span>'
            '<span class="visually-hidden"> forks</span></span></span>\n'
            "</span>\n</a>\n")


@pytest.mark.parametrize("written", ["acme/orchard", "https://github.com/acme/orchard",
                                     "https://github.com/acme/orchard.git", "https://www.github.com/acme/orchard/tree/main"])
def test_github_repo_is_a_card_linking_to_the_repository(make_project, written: str) -> None:
    html, warnings = rendered(make_project, f'<GitHub.Repo repo="{written}" />\n')
    assert html == card("acme/orchard")
    assert warnings == []


def test_github_repo_variant_and_class_name(make_project) -> None:
    html, warnings = rendered(make_project, '<GitHub.Repo repo="acme/fruit.js" variant="flat" className="wide" />\n')
    assert html == card("acme/fruit.js", "github-repo github-repo-flat wide")
    html, warnings = rendered(make_project, '<GitHub.Repo repo="acme/orchard" variant="tall" />\n')
    assert html == card("acme/orchard")
    assert warnings == ["content/layout.mdx:1: <GitHub.Repo> variant='tall': expected one of inset, flat; using 'inset'"]


@pytest.mark.parametrize("written", ["acme", "acme/orchard/pears", "https://gitlab.com/acme/orchard", "acme/..",
                                     "javascript:alert(1)"])
def test_an_invalid_repo_is_a_warning_and_no_card(make_project, written: str) -> None:
    html, warnings = rendered(make_project, f'Before.\n\n<GitHub.Repo repo="{written}" />\n')
    assert html == "<p>Before.</p>\n\n"  # the card's place is an empty line
    assert warnings == [f"content/layout.mdx:3: <GitHub.Repo> repo={written!r}: expected owner/name or "
                        "https://github.com/owner/name; no card is shown"]


def test_a_github_repo_without_repo_is_a_warning(make_project) -> None:
    html, warnings = rendered(make_project, "<GitHub.Repo />\n")
    assert html.strip() == ""
    assert warnings == ["content/layout.mdx:1: <GitHub.Repo> has no repo (owner/name or https://github.com/owner/name); "
                        "no card is shown"]


def test_the_page_markdown_links_the_repository(make_project) -> None:
    project = make_project(CONFIG, {"layout.mdx": "---\ntitle: Layout\n---\n\n<GitHub.Repo repo=\"acme/orchard\" />\n"})
    built = build_site(project)
    assert re.search(r"\n\[acme/orchard\]\(https://github\.com/acme/orchard\)\n", built.files["layout.md"].decode())
