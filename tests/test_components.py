"""Each MDX component rendered by the real ComponentRenderer through the real theme:
the HTML a reader gets, links made page-relative, ARIA wiring and exact warnings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sitegen.icons import find_icon
from sitegen.markdown.components import CALLOUTS

from component_support import PageContext, child, element, fence_child, renderer

R = renderer()


def render(name: str, props: dict | None = None, html: str = "<p>Body text</p>", **kwargs) -> tuple[str, PageContext]:
    ctx = PageContext()
    return R.render(element(name, props, html=html, **kwargs), ctx), ctx


@pytest.mark.parametrize("name", [
    "Note", "Tip", "Info", "Warning", "Check", "Danger", "Card", "CardGroup", "Columns", "Steps", "Step",
    "Accordion", "AccordionGroup", "Tabs", "Tab", "CodeGroup", "Frame", "Icon", "Tooltip", "Update", "Badge",
    "Tree", "Tree.Folder", "Tree.File", "ParamField", "ResponseField", "Expandable", "RequestExample",
    "ResponseExample", "Latex",
])
def test_every_classic_component_is_known(name: str) -> None:
    assert R.knows(name)


@pytest.mark.parametrize("name", [
    "Column", "Panel", "Tile", "Color", "Color.Row", "Color.Item", "View", "Visibility", "Prompt", "Callout",
])
def test_every_v2_component_is_known(name: str) -> None:
    assert R.knows(name)


def test_unknown_names_are_not_known() -> None:
    assert not R.knows("Banner") and not R.knows("tree.folder") and not R.knows("div")


@pytest.mark.parametrize("name", list(CALLOUTS))
def test_callouts_have_an_icon_a_spoken_label_and_their_colour(name: str) -> None:
    html, ctx = render(name)
    assert f'class="callout callout-{name.lower()}" role="note"' in html
    assert f'<span class="visually-hidden">{name}: </span><p>Body text</p>' in html
    assert '<svg class="icon"' in html and ctx.warnings == []


def test_card_links_its_title_relative_to_the_page_with_icon_image_and_cta() -> None:
    html, ctx = render("Card", {"title": "Quickstart", "icon": "rocket", "href": "/quickstart",
                                "img": "/images/hero.png", "cta": "Start now", "color": "#ff7700", "horizontal": True})
    assert '<a class="card-link" href="../quickstart">Quickstart</a>' in html
    assert '<img class="card-image" src="../images/hero.png" alt="">' in html
    assert 'style="--card-icon: #ff7700"' in html and "card-horizontal" in html
    assert "Start now" in html and "<p>Body text</p>" in html
    assert html.count("<a ") == 1  # never a link around the body (it may hold links itself)
    assert ctx.warnings == []


def test_card_without_href_is_not_a_link_and_escapes_its_title() -> None:
    html, _ = render("Card", {"title": "<b>Bold</b> & co"})
    assert "<a " not in html
    assert '<p class="card-title">&lt;b&gt;Bold&lt;/b&gt; &amp; co</p>' in html


def test_unknown_icon_warns_and_shows_the_placeholder() -> None:
    html, ctx = render("Card", {"title": "X", "icon": "no-such-icon-anywhere"})
    assert '<span class="card-icon" aria-hidden="true"><svg class="icon" viewBox="0 0 512 512"' in html
    assert ctx.warnings == ["guides/setup.mdx:7: <Card> unknown Font Awesome icon 'no-such-icon-anywhere' "
                            "(or Pro-only, with no free counterpart); using the placeholder 'circle'"]


def test_icon_as_an_image_path_is_linked() -> None:
    html, ctx = render("Card", {"title": "X", "icon": "/logo/mark.svg"})
    assert '<img class="icon" src="../logo/mark.svg" alt="">' in html and ctx.warnings == []


def test_bad_colour_warns_and_is_not_put_in_a_style() -> None:
    html, ctx = render("Card", {"title": "X", "color": "red; background: url(x)"})
    assert "style=" not in html
    assert ctx.warnings == ["guides/setup.mdx:7: <Card> color='red; background: url(x)': "
                            "expected a CSS colour such as #16a34a or teal; using nothing"]


@pytest.mark.parametrize("name", ["CardGroup", "Columns"])
def test_cols_sets_the_grid_and_a_bad_value_warns_with_the_default(name: str) -> None:
    html, ctx = render(name, {"cols": 3})
    assert 'style="--cols: 3"' in html and ctx.warnings == []
    html, ctx = render(name, {"cols": "abc"})
    assert 'style="--cols: 2"' in html
    assert ctx.warnings == [f"guides/setup.mdx:7: <{name}> cols='abc': expected a whole number from 1 to 4; using 2"]
    _, ctx = render(name, {"cols": 9})
    assert ctx.warnings == [f"guides/setup.mdx:7: <{name}> cols=9: expected a whole number from 1 to 4; using 2"]


def test_steps_are_an_ordered_list_and_step_number_sets_the_value() -> None:
    ctx = PageContext()
    first = element("Step", {"title": "Install"}, html="<p>pip install</p>")
    second = element("Step", {"title": "Run", "stepNumber": 5, "titleSize": "h3"}, html="<p>go</p>")
    html = R.render(element("Steps", children=[child(first, R, ctx), child(second, R, ctx)]), ctx)
    assert html.startswith('<ol class="steps">')
    assert re.search(r'<li class="step" id="install">\s*<div class="step-content">\s*<p class="step-title">Install <a class="header-anchor" href="#install" '
                     r'aria-label="Link to this step">#</a></p>', html)
    assert '<li class="step" id="run" value="5">' in html and '<h3 class="step-title">Run <a class="header-anchor" href="#run"' in html
    assert ctx.warnings == []
    _, ctx = render("Step", {"title": "X", "titleSize": "h9"})
    assert ctx.warnings == ["guides/setup.mdx:7: <Step> titleSize='h9': expected one of p, h2, h3, h4; using 'p'"]


def test_accordion_is_details_summary_with_description_and_default_open() -> None:
    html, _ = render("Accordion", {"title": "Can I self-host?", "description": "Short answer: yes", "defaultOpen": True})
    assert html.startswith('<details class="accordion" id="can-i-self-host" open>')
    assert '<span class="accordion-title">Can I self-host?</span>' in html
    assert '<span class="accordion-description">Short answer: yes</span>' in html
    closed, ctx = render("Accordion", {"title": "Closed", "defaultOpen": "maybe"})
    assert closed.startswith('<details class="accordion" id="closed">')
    assert ctx.warnings == ["guides/setup.mdx:7: <Accordion> defaultOpen='maybe': expected true or false; using False"]


def test_tabs_wire_tablist_tabs_and_panels_with_unique_ids() -> None:
    ctx = PageContext()
    tabs = [element("Tab", {"title": t}, html=f"<p>{t} steps</p>") for t in ("macOS", "Windows")]
    html = R.render(element("Tabs", children=[child(t, R, ctx) for t in tabs]), ctx)
    assert '<div class="tabs-list" role="tablist">' in html
    # A panel's id is Mintlify's id for the tab (its title's), so `page#windows` opens there.
    assert ('<button type="button" role="tab" class="tabs-tab" id="tabs-tab1" aria-controls="macos" '
            'aria-selected="true" data-title="macOS">macOS</button>') in html
    assert 'aria-controls="windows" aria-selected="false" tabindex="-1" data-title="Windows">Windows</button>' in html
    assert html.startswith('<div class="tabs" id="tabs" data-tabs data-sync>')
    assert '<div class="tabs-panel" role="tabpanel" id="windows" aria-labelledby="tabs-tab2" tabindex="0">' in html
    assert "<p>Windows steps</p>" in html and "<section" not in html  # the panel holds the Tab's content
    second = R.render(element("Tabs", children=[child(tabs[0], R, ctx)]), ctx)
    ids = re.findall(r' id="([^"]+)"', html + second)
    assert len(ids) == len(set(ids)) and 'id="tabs-2-tab1"' in second and 'id="macos-2"' in second  # ids stay unique


def test_tabs_default_tab_index_icons_sync_and_border() -> None:
    ctx = PageContext()
    tabs = [element("Tab", {"title": "npm"}, html="<p>n</p>"),
            element("Tab", {"title": "Python", "icon": "python", "iconType": "brands"}, html="<p>p</p>")]
    html = R.render(element("Tabs", {"defaultTabIndex": 1, "sync": False, "borderBottom": True},
                            children=[child(t, R, ctx) for t in tabs]), ctx)
    assert html.startswith('<div class="tabs tabs-border-bottom" id="tabs" data-tabs>')  # no data-sync
    assert re.findall(r'aria-selected="(\w+)"', html) == ["false", "true"]
    assert ('aria-selected="true" data-title="Python"><span class="tabs-tab-icon" aria-hidden="true"><svg '
            in html) and html.count("<svg") == 1
    assert ctx.warnings == []
    _, ctx = render("Tabs", {"defaultTabIndex": 5}, children=[child(tabs[0], R, PageContext())])
    assert ctx.warnings == ["guides/setup.mdx:7: <Tabs> defaultTabIndex=5: expected a whole number from 0 to 0; using 0"]


def test_code_group_dropdown_is_a_menu_of_languages_beside_the_shown_title() -> None:
    ctx = PageContext()
    children = [fence_child("console.log(1)\n", "javascript helloWorld.js"), fence_child("print(1)\n", "python hello.py")]
    html = R.render(element("CodeGroup", {"dropdown": True}, children=children), ctx)
    assert 'role="tablist"' not in html
    assert ('<div class="code-group-bar">\n<span class="code-group-current" aria-hidden="true">helloWorld.js</span>\n'
            '<select class="code-group-select" aria-label="Example shown">\n'
            '<option value="0" selected data-title="helloWorld.js">JavaScript</option>\n'
            '<option value="1" data-title="hello.py">Python</option>\n</select>') in html
    # Two blocks of one language: the menu names them by title.
    same = R.render(element("CodeGroup", {"dropdown": True},
                            children=[fence_child("npm i\n", "bash npm"), fence_child("pip i\n", "bash pip")]), ctx)
    assert re.findall(r"<option [^>]*>([^<]*)</option>", same) == ["npm", "pip"]


def test_code_group_tabs_show_the_fences_icons() -> None:
    ctx = PageContext()
    children = [fence_child("x\n", "bash npm icon=npm"), fence_child("y\n", "bash pip")]
    html = R.render(element("CodeGroup", children=children), ctx)
    assert 'data-title="npm"><span class="tabs-tab-icon" aria-hidden="true"><svg ' in html
    assert 'data-title="pip">pip</button>' in html


def test_content_outside_a_tab_warns_and_is_kept() -> None:
    ctx = PageContext()
    tab = element("Tab", {"title": "A"}, html="<p>a</p>")
    from sitegen.markdown.mdx.nodes import MdxChild
    html = R.render(element("Tabs", children=[child(tab, R, ctx), MdxChild(html="<p>stray</p>")]), ctx)
    assert "<p>stray</p>" in html
    assert ctx.warnings == ["guides/setup.mdx:7: <Tabs> holds content outside any <Tab>; it is shown below the tabs"]


def test_code_group_tabs_are_named_by_title_then_language() -> None:
    ctx = PageContext()
    children = [fence_child("npm i acme\n", "bash npm"), fence_child("print(1)\n", "python")]
    html = R.render(element("CodeGroup", children=children), ctx)
    assert re.findall(r'role="tab"[^>]*>([^<]*)</button>', html) == ["npm", "python"]
    assert html.count('role="tabpanel"') == 2 and html.count('class="copy-code"') == 2


@pytest.mark.parametrize("name,css", [("RequestExample", "request-example"), ("ResponseExample", "response-example")])
def test_examples_are_code_groups_with_a_stable_class(name: str, css: str) -> None:
    ctx = PageContext()
    html = R.render(element(name, children=[fence_child("curl https://x\n", "bash cURL")]), ctx)
    assert html.startswith(f'<div class="code-group {css}"')
    assert 'role="tablist"' not in html  # one example: no tabs
    assert 'data-title="cURL" data-language="bash"' in html


def test_frame_is_a_figure_with_caption() -> None:
    html, _ = render("Frame", {"caption": "The dashboard"}, html='<img src="a.png" alt="Dashboard">')
    assert '<figcaption class="frame-caption">The dashboard</figcaption>' in html and html.startswith("<figure")


def test_icon_size_and_colour() -> None:
    html, ctx = render("Icon", {"icon": "github", "iconType": "brands", "color": "#333", "size": 32}, html="", inline=True)
    assert 'style="color: #333; font-size: 32px;"' in html and "<svg" in html and ctx.warnings == []
    _, ctx = render("Icon", {"icon": "github", "iconType": "solid"}, html="", inline=True)
    assert ctx.warnings == []  # a brand logo is drawn whatever style was asked, as Mintlify does


def test_tooltip_is_described_by_a_role_tooltip_element() -> None:
    html, _ = render("Tooltip", {"tip": "Application Programming Interface"}, html="API", inline=True)
    assert ('<span class="tooltip-trigger" tabindex="0" aria-describedby="tooltip">API</span>'
            '<span class="tooltip-tip" role="tooltip" id="tooltip">Application Programming Interface</span>') in html
    assert "\n" not in html.strip()  # inline: no line breaks inside a paragraph


def test_update_has_an_anchor_and_a_toc_entry() -> None:
    html, ctx = render("Update", {"label": "March 2025", "description": "v2.1.0", "tags": ["Feature", "Fix"]})
    assert '<div class="update" id="march-2025">' in html
    assert '<a class="update-label" href="#march-2025">March 2025</a>' in html
    assert '<li class="badge badge-gray">Feature</li>' in html
    assert ctx.toc == [(2, "march-2025", "March 2025")]


def test_badge_colour_and_bad_colour_warning() -> None:
    html, _ = render("Badge", {"color": "green"}, html="New", inline=True)
    assert html.strip() == '<span class="badge badge-green badge-md badge-rounded">New</span>'
    html, ctx = render("Badge", {"color": "teal"}, html="New", inline=True)
    assert "badge-gray" in html
    assert ctx.warnings[0].startswith("guides/setup.mdx:7: <Badge> color='teal': expected one of gray, blue, green")


def test_tree_folders_are_details_and_files_are_items() -> None:
    ctx = PageContext()
    file = element("Tree.File", {"name": "docs.json"}, html="")
    folder = element("Tree.Folder", {"name": "app", "defaultOpen": True}, children=[child(file, R, ctx)])
    shut = element("Tree.Folder", {"name": "vendor", "openable": False}, html="")
    html = R.render(element("Tree", children=[child(folder, R, ctx), child(shut, R, ctx)]), ctx)
    assert html.startswith('<ul class="tree">')
    assert re.search(r'<details open>\s*<summary>.*<span class="tree-name">app</span></summary>\s*<ul><li class="tree-item tree-file">', html)
    assert '<span class="tree-name">docs.json</span>' in html
    assert "vendor" in html and html.count("<details") == 1


def test_param_field_row_like_the_api_reference() -> None:
    html, ctx = render("ParamField", {"query": "limit", "type": "integer", "default": 20, "required": True,
                                      "placeholder": "50"}, html="<p>How many to return.</p>")
    assert '<code class="api-field-name">limit</code>' in html
    assert '<span class="api-field-type">integer</span>' in html
    assert '<span class="api-flag">query</span>' in html and '<span class="api-required">required</span>' in html
    assert "default: <code>20</code>" in html and "<p>How many to return.</p>" in html
    _, ctx = render("ParamField", {"type": "string"})
    assert ctx.warnings == ["guides/setup.mdx:7: <ParamField> names no parameter (query, path, body or header); "
                            "it is shown without a name"]


def test_response_field_and_nested_expandable() -> None:
    ctx = PageContext()
    inner = element("ResponseField", {"name": "city", "type": "string", "deprecated": True}, html="<p>City.</p>")
    deep = element("Expandable", {"title": "address"}, children=[child(inner, R, ctx)])
    outer_field = element("ResponseField", {"name": "address", "type": "object"}, children=[child(deep, R, ctx)])
    outer = element("Expandable", {"title": "properties", "defaultOpen": True}, children=[child(outer_field, R, ctx)])
    html = R.render(outer, ctx)
    assert html.startswith('<details class="api-children expandable" open>')
    assert "<summary>Show properties</summary>" in html and "<summary>Show address</summary>" in html
    assert '<span class="api-flag api-flag-deprecated">deprecated</span>' in html
    assert html.count("<details") == 2 and ctx.warnings == []


def test_latex_renders_mathml_and_bad_latex_warns() -> None:
    html, ctx = render("Latex", html="E = mc^2", inline=True)
    assert html.startswith('<span class="math"><math') and "<msup>" in html and ctx.warnings == []
    html, ctx = render("Latex", html=r"\frac{1}{", inline=False)
    assert 'class="math math-display math-error"' in html
    assert len(ctx.warnings) == 1 and ctx.warnings[0].startswith("guides/setup.mdx:7: <Latex> cannot be read (")
    assert ctx.warnings[0].endswith("); its source is shown")


def test_a_project_template_overrides_the_builtin_one(tmp_path: Path) -> None:
    components = tmp_path / "themes" / "default" / "components"
    components.mkdir(parents=True)
    (components / "note.html").write_text('<aside class="my-note">{{ children }}</aside>', encoding="utf-8")
    html = renderer(tmp_path).render(element("Note", html="<p>Hi &amp; bye</p>"), PageContext())
    assert html == '<aside class="my-note"><p>Hi &amp; bye</p></aside>'


def test_badge_size_shape_stroke_and_disabled() -> None:
    html, ctx = render("Badge", {"size": "lg", "shape": "pill", "stroke": True, "disabled": True, "icon": "clock"},
                       html="Soon", inline=True)
    assert html.startswith('<span class="badge badge-gray badge-lg badge-pill badge-stroke badge-disabled" aria-disabled="true">'
                           '<svg class="icon"')
    assert html.endswith("Soon</span>") and ctx.warnings == []
    _, ctx = render("Badge", {"size": "huge", "shape": "square"}, html="x", inline=True)
    assert ctx.warnings == [
        "guides/setup.mdx:7: <Badge> size='huge': expected one of xs, sm, md, lg; using 'md'",
        "guides/setup.mdx:7: <Badge> shape='square': expected one of rounded, pill; using 'rounded'",
    ]


def test_columns_hold_columns_of_free_content() -> None:
    ctx = PageContext()
    column = element("Column", html="<p>Left</p>")
    html = R.render(element("Columns", {"cols": 2}, children=[child(column, R, ctx), child(column, R, ctx)]), ctx)
    assert html.count('<div class="column">\n<p>Left</p>') == 2 and 'style="--cols: 2"' in html


def test_panel_is_an_aside_the_script_moves_beside_the_page() -> None:
    html, ctx = render("Panel", html="<p>Pinned</p>")
    assert html.strip() == '<aside class="panel" data-panel>\n<p>Pinned</p>\n</aside>' and ctx.warnings == []


def test_tile_links_its_title_and_shows_the_preview_and_description() -> None:
    preview = '<img src="../images/a.svg" alt="Accordion preview">'
    html, ctx = render("Tile", {"href": "/components/accordions", "title": "Accordion", "description": "Two variants"},
                       html=preview)
    assert '<div class="tile tile-linked">' in html and f'<div class="tile-preview">\n{preview}' in html
    assert '<p class="tile-title"><a class="tile-link" href="../components/accordions">Accordion</a></p>' in html
    assert '<p class="tile-description">Two variants</p>' in html and ctx.warnings == []
    html, _ = render("Tile", {"title": "Plain"}, html="")
    assert "<a " not in html and '<p class="tile-title">Plain</p>' in html


def test_color_items_rows_and_variants() -> None:
    ctx = PageContext()
    blue = element("Color.Item", {"name": "blue-500", "value": "#3B82F6"}, html="")
    surface = element("Color.Item", {"name": "surface", "value": {"light": "#FFFFFF", "dark": "#18181B"}}, html="")
    row = element("Color.Row", {"title": "Primary"}, children=[child(blue, R, ctx), child(surface, R, ctx)])
    html = R.render(element("Color", {"variant": "table"}, children=[child(row, R, ctx)]), ctx)
    assert html.startswith('<div class="color-palette color-table">')
    assert '<p class="color-row-title">Primary</p>' in html
    assert ('<button type="button" class="color-item" data-color-light="#3B82F6" data-color-dark="#3B82F6" '
            'style="--swatch-light: #3B82F6; --swatch-dark: #3B82F6">') in html
    assert '<span class="color-name" data-copied="Copied">blue-500</span>' in html and '<code class="color-value">#3B82F6</code>' in html
    assert ('<code class="color-value dark:hidden">#FFFFFF</code><code class="color-value hidden dark:block">#18181B</code>'
            in html)
    assert ctx.warnings == []
    html, ctx = render("Color", {}, html="")
    assert "color-compact" in html


def test_color_item_with_a_bad_value_warns_and_shows_no_swatch_colour() -> None:
    html, ctx = render("Color.Item", {"name": "oops", "value": "red; background: url(x)"}, html="")
    assert "style=" not in html and "url(x)" not in html
    assert ctx.warnings == ["guides/setup.mdx:7: <Color.Item> value='red; background: url(x)': expected a CSS colour "
                            'such as "#3B82F6" or { light: "…", dark: "…" }; using nothing']


def test_view_is_a_labelled_section_with_its_title_and_icon() -> None:
    html, ctx = render("View", {"title": "Python", "icon": "python"}, html="<p>pip install acme</p>")
    assert html.startswith('<section class="view" data-view="Python" data-view-label="View" aria-label="Python">')
    assert '<p class="view-title"><svg class="icon"' in html and "Python</p>" in html
    assert ctx.features == {"view"} and ctx.warnings == []
    html, ctx = render("View", {}, html="<p>x</p>")
    assert 'data-view="View"' in html
    assert ctx.warnings == ['guides/setup.mdx:7: <View> has no title; it is shown under the title "View"']


def test_visibility_shows_human_content_and_leaves_agent_content_out() -> None:
    html, ctx = render("Visibility", {"for": "humans"}, html="<p>Click Get started.</p>")
    assert html.strip() == "<p>Click Get started.</p>" and ctx.warnings == []
    html, ctx = render("Visibility", {"for": "agents"}, html="<p>POST /v1/accounts</p>")
    assert html.strip() == "" and ctx.warnings == []
    html, ctx = render("Visibility", {"for": "robots"}, html="<p>Both</p>")
    assert "<p>Both</p>" in html
    assert ctx.warnings == ["guides/setup.mdx:7: <Visibility> for='robots': expected one of humans, agents; "
                            "using 'humans'"]
    html, ctx = render("Visibility", {}, html="<p>Both</p>")
    assert "<p>Both</p>" in html
    assert ctx.warnings == ['guides/setup.mdx:7: <Visibility> has no for="humans" or for="agents"; its content is shown']


def test_prompt_has_a_markdown_description_copy_and_cursor_actions() -> None:
    html, ctx = render("Prompt", {"description": "Write **clear** docs <b>now</b>", "actions": ["copy", "cursor"],
                                  "icon": "paperclip"}, html="<p>You are a writer &amp; editor.</p>")
    assert '<p class="prompt-description">Write <strong>clear</strong> docs &lt;b&gt;now&lt;/b&gt;</p>' in html
    assert '<button type="button" class="prompt-copy" hidden>Copy prompt</button>' in html
    assert ('<a class="prompt-cursor" href="cursor://anysphere.cursor-deeplink/prompt?text='
            'You%20are%20a%20writer%20%26%20editor.">Open in Cursor</a>') in html
    assert '<div class="prompt-text">\n<p>You are a writer &amp; editor.</p>' in html
    assert '<span class="prompt-icon" aria-hidden="true"><svg' in html and ctx.warnings == []
    html, ctx = render("Prompt", {"description": "d"}, html="<p>p</p>")
    assert "prompt-copy" in html and "prompt-cursor" not in html  # copy is the default action
    html, ctx = render("Prompt", {"description": "d", "actions": []}, html="<p>p</p>")
    assert "prompt-copy" not in html and "prompt-cursor" not in html and ctx.warnings == []
    html, ctx = render("Prompt", {"description": "d", "actions": ["share"]}, html="<p>p</p>")
    assert ctx.warnings == ["guides/setup.mdx:7: <Prompt> actions=['share']: expected a list of \"copy\" and "
                            '"cursor"; using \'copy\'']


def test_callout_takes_an_icon_and_a_colour() -> None:
    html, ctx = render("Callout", {"icon": "seedling", "color": "#16A34A"})
    assert 'class="callout callout-callout" role="note" style="--callout: #16A34A"' in html
    assert '<span class="callout-icon" aria-hidden="true"><svg class="icon"' in html and ctx.warnings == []


def test_badge_and_icon_take_class_name() -> None:
    html, ctx = render("Badge", {"color": "blue", "className": "wide tall"}, html="Beta", inline=True)
    assert html.strip() == '<span class="badge badge-blue badge-md badge-rounded wide tall">Beta</span>'
    html, ctx = render("Icon", {"icon": "flag", "className": "brand-mark"}, html="", inline=True)
    assert html.startswith('<span class="icon-component brand-mark" aria-hidden="true"><svg')
    assert ctx.warnings == []


def test_field_pre_and_post_labels_sit_around_its_name() -> None:
    html, ctx = render("ResponseField", {"name": "pear_id", "type": "string", "pre": ["beta"],
                                         "post": ["read-only", "v2"]}, html="")
    assert ('<span class="api-flag api-flag-pre">beta</span>\n<code class="api-field-name">pear_id</code>\n'
            '<span class="api-field-type">string</span><span class="api-flag api-flag-post">read-only</span>\n'
            '<span class="api-flag api-flag-post">v2</span>\n</div>') in html
    assert ctx.warnings == []
    html, ctx = render("ParamField", {"query": "limit", "pre": {"a": 1}}, html="")
    assert "api-flag-pre" not in html
    assert ctx.warnings == ["guides/setup.mdx:7: <ParamField> pre={'a': 1}: expected a list of labels such as "
                            '{["beta"]}; using nothing']


def test_steps_title_size_sizes_every_step_that_does_not_choose_its_own() -> None:
    ctx = PageContext()
    first = element("Step", {"title": "Plant", "icon": "seedling"}, html="<p>Dig a hole.</p>")
    second = element("Step", {"title": "Water", "titleSize": "p"}, html="<p>Daily.</p>")
    html = R.render(element("Steps", {"titleSize": "h4"}, children=[child(first, R, ctx), child(second, R, ctx)]), ctx)
    assert re.search(r'<li class="step step-with-icon" id="plant">\s*<span class="step-icon" aria-hidden="true"><svg'
                     r'.*</span>\s*<div class="step-content">\s*<h4 class="step-title">Plant <a class="header-anchor"', html, re.S)
    assert '<li class="step" id="water">' in html and '<p class="step-title">Water <a class="header-anchor"' in html
    assert html.count("<li ") == 2 and "plant-2" not in html  # drawn again, not numbered again
    assert ctx.warnings == []


def test_a_typed_card_takes_the_callout_colours_and_icon() -> None:
    html, ctx = render("Card", {"title": "Mind the frost", "type": "warning"})
    note_icon = str(find_icon(CALLOUTS["Warning"][0]).svg)
    assert html.startswith('<div class="card card-typed callout-warning">\n<div class="card-content">\n'
                           f'<span class="card-icon" aria-hidden="true">{note_icon}</span>')
    html, _ = render("Card", {"title": "Own icon", "type": "tip", "icon": "seedling"})
    assert str(find_icon("seedling").svg) in html and "callout-tip" in html
    assert ctx.warnings == []
    html, ctx = render("Card", {"title": "Plain", "type": "fancy"})
    assert html.startswith('<div class="card">') and "card-icon" not in html
    assert ctx.warnings == ["guides/setup.mdx:7: <Card> type='fancy': expected one of info, warning, note, tip, "
                            "check, danger; the card keeps its usual look"]


def test_no_anchor_leaves_the_link_out_of_a_step_title() -> None:
    html, ctx = render("Step", {"title": "Prune", "noAnchor": True})
    assert '<li class="step" id="prune">' in html and '<p class="step-title">Prune</p>' in html
    assert ctx.warnings == []


def test_frame_caption_is_inline_markdown_with_links_resolved() -> None:
    html, ctx = render("Frame", {"caption": "See **the** [orchard map](/maps/orchard) or <b>x</b>.", "hint": "Permits first."},
                       html='<img src="../a.png" alt="A">')
    assert html == ('<figure class="frame">\n<p class="frame-hint">Permits first.</p><div class="frame-body">'
                    '<img src="../a.png" alt="A"></div>\n<figcaption class="frame-caption">See <strong>the</strong> '
                    '<a href="../maps/orchard">orchard map</a> or &lt;b&gt;x&lt;/b&gt;.</figcaption></figure>')
    assert ctx.warnings == []


def test_a_video_playing_by_itself_in_a_frame_loops_muted_in_place() -> None:
    html, _ = render("Frame", html='<video autoplay src="../autoplay.mp4"></video>\n<video muted src="../b.mp4"></video>')
    assert ('<video autoplay src="../autoplay.mp4" playsinline loop muted></video>\n'
            '<video muted src="../b.mp4"></video>') in html
    html, _ = render("Frame", html='<video autoplay loop src="../c.mp4" data-autoplay-note="x"></video>')
    assert '<video autoplay loop src="../c.mp4" data-autoplay-note="x" playsinline muted></video>' in html


def test_heading_is_a_react_markdown_heading() -> None:
    ctx = PageContext()
    html = R.render(element("Heading", {"level": 3}, html="<p>Prune <em>early</em></p>\n"), ctx)
    assert html == ('<h3 id="prune-early">Prune <em>early</em> <a class="header-anchor" href="#prune-early" '
                    'aria-label="Link to this section">#</a></h3>')
    html = R.render(element("Heading", {"noAnchor": True}, html="Prune early"), ctx)
    assert html == '<h2 id="prune-early-2">Prune early</h2>'  # numbered with the page's headings
    html = R.render(element("Heading", {"level": 5, "id": "graft"}, html="Graft"), ctx)
    assert html.startswith('<h5 id="graft">Graft <a class="header-anchor" href="#graft"')
    assert ctx.toc == [(3, "prune-early", "Prune early"), (2, "prune-early-2", "Prune early")]
    assert ctx.warnings == []
    _, ctx = render("Heading", {"level": 9}, html="Deep")
    assert ctx.warnings == ["guides/setup.mdx:7: <Heading> level=9: expected a whole number from 1 to 6; using 2"]
