"""Mintlify's MDX components rendered through theme templates.

The MDX parser (`sitegen.markdown.mdx`) hands over one `MdxElement` at a time, props
already evaluated and children already rendered. Here each component's props are checked
and normalised (a bad prop is a warning and its default is used), then the component's
template under the theme's `components/` folder turns them into HTML. A project overrides
a component by putting `themes/default/components/<name>.html` in its own folder.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any
from urllib.parse import quote

import jinja2
from markupsafe import Markup

from sitegen.i18n import UiStrings, fill_text
from sitegen.icons import find_icon, icon_problem
from sitegen.markdown.code import fence_icon, language_label, render_fence
from sitegen.markdown.inline import inline_markdown
from sitegen.markdown.math import render_math
from sitegen.markdown.mdx.html_elements import style_css
from sitegen.markdown.mdx.nodes import ComponentContext, ComponentFailed, MdxChild, MdxElement
from sitegen.markdown.slugs import field_id, heading_slug, title_slug
from sitegen.theme import CompiledTemplates, Theme, template_failure

__all__ = ["ComponentRenderer", "update_rss"]

# Callout kind -> (Font Awesome icon, the `ui` word people hear before its text).
CALLOUTS: dict[str, tuple[str, str]] = {
    "Note": ("circle-exclamation", "callout_note"),
    "Info": ("circle-info", "callout_info"),
    "Tip": ("lightbulb", "callout_tip"),
    "Warning": ("triangle-exclamation", "callout_warning"),
    "Check": ("circle-check", "callout_check"),
    "Danger": ("ban", "callout_danger"),
}
BADGE_COLORS = ("gray", "blue", "green", "yellow", "orange", "red", "purple", "white", "surface",
                "white-destructive", "surface-destructive")
BADGE_SIZES = ("xs", "sm", "md", "lg")
BADGE_SHAPES = ("rounded", "pill")
COLOR_VARIANTS = ("compact", "table")
PROMPT_ACTIONS = ("copy", "cursor")
AUDIENCES = ("humans", "agents")
STEP_TITLE_TAGS = ("p", "h2", "h3", "h4")
GITHUB_VARIANTS = ("inset", "flat")
CARD_TYPES = ("info", "warning", "note", "tip", "check", "danger")
# A repository as <GitHub.Repo repo> takes it: owner/name, or its GitHub URL (which may go
# on: a .git, a trailing slash, /tree/main).
_REPO = r"([A-Za-z0-9][A-Za-z0-9-]{0,38})/([A-Za-z0-9._-]{1,100}?)"
_GITHUB_REPO = re.compile(rf"^(?:{_REPO}|(?:https?://)?(?:www\.)?github\.com/{_REPO}(?:\.git)?(?:[/?#]\S*)?)$")
# A colour an author may put in a style attribute: #hex, a CSS name, rgb()/hsl()/oklch().
_COLOR = re.compile(r"^(#[0-9a-fA-F]{3,8}|[a-zA-Z]+|(?:rgb|rgba|hsl|hsla|oklch|oklab)\([\d\s.,%/+-]*\))$")
# Cursor's deeplink that opens a chat with the prompt filled in.
CURSOR_PROMPT_LINK = "cursor://anysphere.cursor-deeplink/prompt?text="
_HTML_TAG = re.compile(r"<[^>]+>")
# Where a <Tab> notes the id it was given (children render before their parent): not a prop
# anyone can write, since a JSX attribute name cannot start with a space.
_GIVEN_ID = " id given"
_STEP_VALUES = " step values"  # a <Step>'s template values, for the <Steps> around it (same reason)
_ID_ATTRIBUTE = re.compile(r'\sid="([^"]*)"')  # every id written in rendered children
_SOLE_PARAGRAPH = re.compile(r"^<p>(.*)</p>$", re.S)
_AUTOPLAY_VIDEO = re.compile(r"<video\s(?:[^>]*\s)?autoplay(?=[\s=>])[^>]*>")  # a rendered <video autoplay …>


class _Props:
    """Typed access to one element's props; a bad value is a warning and the default is used."""

    def __init__(self, element: MdxElement, ctx: ComponentContext) -> None:
        self.element = element
        self.ctx = ctx

    def _bad(self, key: str, value: Any, expected: str, default: Any) -> None:
        shown = "nothing" if default is None else repr(default) if isinstance(default, str) else str(default)
        self.ctx.warn(self.element, f"<{self.element.name}> {key}={value!r}: expected {expected}; using {shown}")

    def text(self, key: str, default: str | None = None) -> str | None:
        value = self.element.props.get(key)
        if value is None or value is False:
            return default
        if isinstance(value, (dict, list)):
            self._bad(key, value, "text", default)
            return default
        if isinstance(value, Markup):
            return value  # JSX written as the value (title={<span>…</span>}): already safe HTML
        return str(value)

    def flag(self, key: str, default: bool = False) -> bool:
        value = self.element.props.get(key)
        if value is None:
            return default
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "false"):
            return value.lower() == "true"
        self._bad(key, value, "true or false", default)
        return default

    def number(self, key: str, default: int | None, low: int, high: int) -> int | None:
        value = self.element.props.get(key)
        if value is None:
            return default
        try:
            number = int(str(value).strip()) if not isinstance(value, bool) else None
        except ValueError:
            number = None
        if number is None or not low <= number <= high:
            self._bad(key, value, f"a whole number from {low} to {high}", default)
            return default
        return number

    def choice(self, key: str, options: tuple[str, ...], default: str) -> str:
        value = self.text(key)
        if value is None:
            return default
        if value not in options:
            self._bad(key, value, "one of " + ", ".join(options), default)
            return default
        return value

    def color(self, key: str = "color") -> str | None:
        value = self.text(key)
        if value is None:
            return None
        if not _COLOR.match(value.strip()):
            self._bad(key, value, "a CSS colour such as #16a34a or teal", None)
            return None
        return value.strip()

    def link(self, key: str, image: bool = False) -> str | None:
        value = self.text(key)
        return None if not value else self.ctx.link(self.element, value, image=image)

    def icon(self, key: str = "icon", type_key: str = "iconType") -> Markup | None:
        """The element's icon: a Font Awesome name, or an image path/URL."""
        name = self.text(key)
        if not name:
            return None
        if isinstance(name, Markup):  # icon={<svg …/>}: the author's own element
            return name
        if "/" in name or "." in name:  # "/images/logo.svg", "https://…/x.png"
            src = self.ctx.link(self.element, name, image=True)
            return Markup('<img class="icon" src="{}" alt="">').format(src)
        icon_type = self.text(type_key) or "solid"
        library = self.ctx.icon_library
        found = find_icon(name, icon_type, library)
        problem = icon_problem(name, icon_type, found, type_given=type_key in self.element.props, library=library)
        if problem:
            self.ctx.warn(self.element, f"<{self.element.name}> {problem}")
        return found.svg


def update_rss(props: dict[str, Any]) -> tuple[str | None, str | None] | None:
    """An <Update>'s `rss={{ title, description }}`: the title and description of the one
    feed entry it makes instead of its own (rss.py); None when there is no such object."""
    rss = props.get("rss")
    if not isinstance(rss, dict) or not rss or not set(rss) <= {"title", "description"}:
        return None
    title, description = rss.get("title"), rss.get("description")
    if not all(value is None or isinstance(value, str) for value in (title, description)):
        return None
    return (title or None, description or None)


def _plain_text(rendered: str) -> str:
    """The text of rendered children (for LaTeX source written between tags)."""
    return html.unescape(_HTML_TAG.sub("", rendered)).strip()


class ComponentRenderer:
    """Renders one MDX component element to HTML through its theme template."""

    def __init__(self, theme: Theme, compiled: CompiledTemplates | None = None) -> None:
        self._project_dir = theme.project_dir  # a failing override is named as it sits there
        self.env = jinja2.Environment(
            loader=theme.loader("components"),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
            auto_reload=False,  # a changed theme file makes a new ComponentRenderer
            bytecode_cache=compiled,
        )
        # Component name -> its template and the template's globals as a plain dict: thousands
        # of components a build, a few dozen names (Jinja's own lookup takes a lock and a cache
        # key each time).
        self._templates: dict[str, tuple[jinja2.Template, dict[str, Any]]] = {}
        self._prepare: dict[str, Callable[[_Props], dict[str, Any]]] = {
            **{name: self._callout for name in CALLOUTS},
            "Callout": self._callout,
            "Card": self._card,
            "CardGroup": self._columns,
            "Columns": self._columns,
            "Column": lambda p: {},
            "Panel": lambda p: {},
            "Tile": self._tile,
            "Color": lambda p: {"variant": p.choice("variant", COLOR_VARIANTS, "compact")},
            "Color.Row": lambda p: {"title": p.text("title", "")},
            "Color.Item": self._color_item,
            "View": self._view,
            "Visibility": self._visibility,
            "Prompt": self._prompt,
            "Steps": self._steps,
            "Step": self._step,
            "Accordion": self._accordion,
            "AccordionGroup": lambda p: {},
            "Tabs": self._tabs,
            "Tab": self._tab,
            "CodeGroup": self._code_group,
            "RequestExample": self._code_group,
            "ResponseExample": self._code_group,
            "Frame": self._frame,
            "Icon": self._icon,
            "Tooltip": self._tooltip,
            "Update": self._update,
            "Badge": self._badge,
            "Tree": self._tree,
            "FileTree": self._tree,
            "Tree.Folder": self._tree_folder,
            "Tree.File": lambda p: {"name": p.text("name", ""), "highlight": p.flag("highlight")},
            "GitHub.Repo": self._github_repo,
            "CodeBlock": self._code_block,
            "Heading": self._heading,
            "ParamField": self._param_field,
            "ResponseField": self._response_field,
            "Expandable": lambda p: {"title": p.text("title"), "open": p.flag("defaultOpen")},
            "Latex": self._latex,
        }

    def knows(self, name: str) -> bool:
        return name in self._prepare

    def render(self, element: MdxElement, ctx: ComponentContext) -> str:
        return self._render_values(element, ctx, self._prepare[element.name](_Props(element, ctx)))

    def _render_values(self, element: MdxElement, ctx: ComponentContext, values: dict[str, Any]) -> str:
        """The element's template, given the values its preparation made."""
        found = self._templates.get(element.name)
        if found is None:
            try:
                template = self.env.get_template(TEMPLATES.get(element.name) or template_name(element.name))
            except jinja2.TemplateError as exc:
                raise ComponentFailed(template_failure(exc, self._project_dir)) from None
            found = self._templates[element.name] = (template, dict(template.globals))
        template, template_globals = found
        # What template.render() does, less its copy of the template's globals (a ChainMap,
        # read key by key on every call, was a third of rendering a small component): the
        # context gets them from the plain dict made once (Jinja's low-level API).
        context = template.new_context({
            **template_globals, "el": element, "props": element.props, "inline": element.inline,
            "children": Markup(element.children_html), "ui": ctx.ui, **values,
        }, shared=True)
        try:
            try:
                return self.env.concat(template.root_render_func(context))
            except Exception:  # re-raised as Template.render does, pointing at the template line
                self.env.handle_exception()
        except jinja2.TemplateError as exc:
            raise ComponentFailed(template_failure(exc, self._project_dir)) from None

    # --- one preparation per component: props in, template values out --------------------

    def _callout(self, p: _Props) -> dict[str, Any]:
        icon_name, word = CALLOUTS.get(p.element.name, ("circle-info", "callout_note"))
        svg = p.icon() if p.element.name == "Callout" else find_icon(icon_name).svg
        kind = p.element.name.lower()
        label: str = getattr(p.ctx.ui, word)  # in the page's language
        return {"kind": kind, "label": label, "icon_svg": svg, "color": p.color()}

    def _card(self, p: _Props) -> dict[str, Any]:
        # The card's type gives it a callout's colours and, unless it names its own, icon.
        kind = p.text("type") or ""
        if kind and kind not in CARD_TYPES:
            p.ctx.warn(p.element, f"<Card> type={kind!r}: expected one of {', '.join(CARD_TYPES)}; "
                                  "the card keeps its usual look")
            kind = ""
        return {
            "title": p.text("title"),
            "icon_svg": p.icon() or (find_icon(CALLOUTS[kind.capitalize()][0]).svg if kind else None),
            "kind": kind,
            "color": p.color(),
            "href": p.link("href"),
            "horizontal": p.flag("horizontal"),
            "img": p.link("img", image=True),
            "cta": p.text("cta"),
            "arrow": p.flag("arrow", default=False),
        }

    def _columns(self, p: _Props) -> dict[str, Any]:
        return {"cols": p.number("cols", 2, 1, 4)}

    def _step(self, p: _Props) -> dict[str, Any]:
        title = p.text("title", "")
        chosen = p.text("id")
        values = p.element.props[_STEP_VALUES] = {
            # Mintlify numbers a step's id with the page's headings (a second "Install" is install-2).
            "id": p.ctx.exact_id(chosen) if chosen else p.ctx.unique_id(title) if title else None,
            "title": title,
            "icon_svg": p.icon(),
            "number": p.number("stepNumber", None, 0, 9999),
            "title_tag": p.choice("titleSize", STEP_TITLE_TAGS, "p"),
            "anchor": not p.flag("noAnchor"),
        }
        return values

    def _steps(self, p: _Props) -> dict[str, Any]:
        """<Steps titleSize>: the size of every step's title that does not choose its own (the
        steps rendered first: each is drawn again from the values it was given)."""
        if p.element.props.get("titleSize") is None:
            return {}
        tag = p.choice("titleSize", STEP_TITLE_TAGS, "p")
        parts = []
        for child in p.element.children:
            step = child.element
            if step is None or step.name != "Step" or "titleSize" in step.props or _STEP_VALUES not in step.props:
                parts.append(child.html)
                continue
            drawn = self._render_values(step, p.ctx, {**step.props[_STEP_VALUES], "title_tag": tag})
            parts.append(drawn if step.inline or drawn.endswith("\n") else drawn + "\n")
        return {"children": Markup("".join(parts))}

    def _accordion(self, p: _Props) -> dict[str, Any]:
        return {
            "id": _titled_id(p),
            "title": p.text("title", ""),
            "description": p.text("description"),
            "open": p.flag("defaultOpen"),
            "icon_svg": p.icon(),
        }

    def _tabs(self, p: _Props) -> dict[str, Any]:
        base = p.ctx.unique_id("tabs")
        tabs: list[dict[str, Any]] = []
        extra: list[Markup] = []
        for child in p.element.children:
            if child.element is not None and child.element.name == "Tab":
                tab_props = _Props(child.element, p.ctx)
                title = tab_props.text("title") or fill_text(p.ctx.ui.tab_number, number=str(len(tabs) + 1))
                number = len(tabs) + 1
                # The panel keeps the id the <Tab> got as it was rendered (Mintlify's: its title's).
                panel_id = child.element.props.get(_GIVEN_ID) or f"{base}-panel{number}"
                tabs.append({"title": title, "html": Markup(child.element.children_html), "icon_svg": tab_props.icon(),
                             "id": panel_id, "tab_id": f"{base}-tab{number}"})
            else:
                extra.append(Markup(child.html))
        if extra:
            p.ctx.warn(p.element, "<Tabs> holds content outside any <Tab>; it is shown below the tabs")
        # Mintlify: tabs with the same title switch together across the page (and with code
        # groups), unless sync={false}; components.js does it and remembers the choice.
        return {"id": base, "tabs": tabs, "extra": extra, "sync": p.flag("sync", True),
                "selected": p.number("defaultTabIndex", 0, 0, max(len(tabs) - 1, 0)) or 0,
                "border_bottom": p.flag("borderBottom")}

    def _tab(self, p: _Props) -> dict[str, Any]:
        # A tab's id keeps every script's letters, as a heading's (dify links `#新しい-agent`);
        # noted for the <Tabs> around it, rendered next.
        given = p.element.props[_GIVEN_ID] = _titled_id(p, heading_slug)
        return {"title": p.text("title", ""), "id": given}

    def _code_group(self, p: _Props) -> dict[str, Any]:
        """CodeGroup, RequestExample and ResponseExample: one tab per child code block
        (`dropdown`: a menu instead of the tab row)."""
        base = p.ctx.unique_id(p.element.name.lower())
        panels: list[dict[str, Any]] = []
        for child in p.element.children:
            number = len(panels) + 1
            icon = child.code.icon if child.code else None  # an unknown one was reported at its fence
            panels.append({"title": _child_title(child, len(panels), p.ctx.ui), "html": Markup(child.html),
                           "id": f"{base}-panel{number}", "tab_id": f"{base}-tab{number}",
                           "language": child.code.language if child.code else "",
                           "icon_svg": Markup(fence_icon(icon, p.ctx.icon_library)[0]) if icon else None})
        # The menu names each block's language (its title shows beside it), or its title when
        # two blocks share a language.
        labels = [language_label(panel["language"]) or panel["title"] for panel in panels]
        for panel, label in zip(panels, labels if len(set(labels)) == len(labels) else
                                [panel["title"] for panel in panels], strict=True):
            panel["label"] = label
        return {"id": base, "panels": panels, "dropdown": p.flag("dropdown"),
                "kind": {"CodeGroup": "code-group", "RequestExample": "request-example",
                         "ResponseExample": "response-example"}[p.element.name]}

    def _icon(self, p: _Props) -> dict[str, Any]:
        size = p.number("size", None, 1, 512)
        return {"icon_svg": p.icon(), "color": p.color(), "size": size, "class_name": p.text("className")}

    def _tooltip(self, p: _Props) -> dict[str, Any]:
        return {"tip": p.text("tip", ""), "id": p.ctx.unique_id("tooltip"),
                "headline": p.text("headline"), "cta": p.text("cta"), "href": p.link("href")}

    def _update(self, p: _Props) -> dict[str, Any]:
        label = p.text("label", "")
        anchor = p.element.anchor = p.ctx.unique_id(label or "update")
        if label:
            p.ctx.add_toc(2, anchor, label)
        tags = p.element.props.get("tags") or []
        if not isinstance(tags, list):
            p._bad("tags", tags, "a list such as {[\"Feature\"]}", None)
            tags = []
        rss = p.element.props.get("rss")
        if rss is not None and update_rss(p.element.props) is None:
            p._bad("rss", rss, "an object such as {{ title: \"…\", description: \"…\" }}", None)
        return {"label": label, "id": anchor, "description": p.text("description"),
                "tags": [str(tag) for tag in tags]}

    def _badge(self, p: _Props) -> dict[str, Any]:
        return {"color": p.choice("color", BADGE_COLORS, "gray"), "icon_svg": p.icon(),
                "size": p.choice("size", BADGE_SIZES, "md"), "shape": p.choice("shape", BADGE_SHAPES, "rounded"),
                "stroke": p.flag("stroke"), "disabled": p.flag("disabled"), "class_name": p.text("className")}

    def _tile(self, p: _Props) -> dict[str, Any]:
        return {"title": p.text("title"), "description": p.text("description"), "href": p.link("href")}

    def _color_item(self, p: _Props) -> dict[str, Any]:
        """A swatch: value is one CSS colour, or {light, dark} for one per mode."""
        value = p.element.props.get("value")
        if isinstance(value, dict) and set(value) <= {"light", "dark"} and value:
            light, dark = (str(value.get(mode) or value.get(other) or "").strip()
                           for mode, other in (("light", "dark"), ("dark", "light")))
        elif isinstance(value, (str, int)) and not isinstance(value, bool):
            light = dark = str(value).strip()
        else:
            light = dark = ""
        if not (_COLOR.match(light) and _COLOR.match(dark)):
            p._bad("value", value, 'a CSS colour such as "#3B82F6" or { light: "…", dark: "…" }', None)
            light = dark = ""
        return {"name": p.text("name", ""), "light": light, "dark": dark}

    def _view(self, p: _Props) -> dict[str, Any]:
        title = p.text("title")
        if not title:
            p.ctx.warn(p.element, "<View> has no title; it is shown under the title \"View\"")
        p.ctx.require("view")
        return {"title": title or "View", "icon_svg": p.icon()}

    def _visibility(self, p: _Props) -> dict[str, Any]:
        """for="humans" is the page; for="agents" is left out of it (the page's Markdown keeps it)."""
        if "for" not in p.element.props:
            p.ctx.warn(p.element, '<Visibility> has no for="humans" or for="agents"; its content is shown')
        shown = p.choice("for", AUDIENCES, "humans") == "humans"
        # Content for agents is in the page's Markdown only, but its ids stay on the page as
        # empty spans: links to its headings (written in other content for agents, as on
        # Mintlify) land where the content would be, and the link check finds the ids.
        anchors = [] if shown else list(dict.fromkeys(
            html.unescape(found) for found in _ID_ATTRIBUTE.findall(p.element.children_html)))
        return {"shown": shown, "anchors": anchors}

    def _prompt(self, p: _Props) -> dict[str, Any]:
        actions = p.element.props.get("actions", ["copy"])
        if not isinstance(actions, list) or any(action not in PROMPT_ACTIONS for action in actions):
            p._bad("actions", actions, 'a list of "copy" and "cursor"', "copy")
            actions = ["copy"]
        text = _plain_text(p.element.children_html)
        return {
            "description": _inline_markdown(p, p.text("description") or ""),
            "icon_svg": p.icon(),
            "copy": "copy" in actions,
            "cursor_href": CURSOR_PROMPT_LINK + quote(text, safe="") if "cursor" in actions else None,
        }

    def _frame(self, p: _Props) -> dict[str, Any]:
        """A framed image or video; the caption is inline Markdown. A video that plays by itself
        also loops, muted and in place (playsinline), as Mintlify's frame makes it."""
        caption = p.text("caption")
        children = _AUTOPLAY_VIDEO.sub(_quiet_video, p.element.children_html)
        return {"caption": _inline_markdown(p, caption) if caption else None, "hint": p.text("hint"),
                "children": Markup(children)}

    def _tree_folder(self, p: _Props) -> dict[str, Any]:
        return {"name": p.text("name", ""), "open": p.flag("defaultOpen"), "openable": p.flag("openable", True),
                "highlight": p.flag("highlight")}

    def _tree(self, p: _Props) -> dict[str, Any]:
        """<Tree> or <FileTree>: Tree.Folder/Tree.File children as they are, a Markdown list
        turned into the same folders and files (rendered through their templates)."""
        items: list[str] = []
        extra: list[Markup] = []
        for child in p.element.children:
            if child.element is not None and child.element.name in ("Tree.Folder", "Tree.File"):
                items.append(child.html)
            elif child.element is None and child.html.lstrip().startswith(("<ul", "<ol")):
                items.extend(self._list_item(node, p) for node in list_tree(child.html))
            else:
                extra.append(Markup(child.html))
        if extra:
            p.ctx.warn(p.element, f"<{p.element.name}> holds content that is neither a list nor Tree.Folder/Tree.File;"
                                  " it is shown below the tree")
        style = p.element.props.get("style")
        if style is not None and not isinstance(style, dict):
            p._bad("style", style, 'an object such as {{ "--tree-highlight": "#2563eb" }}', None)
            style = None
        return {"children": Markup("".join(items)), "extra": extra, "style": style_css(style) if style else None}

    def _list_item(self, node: ListNode, p: _Props) -> str:
        """One item of a Markdown-list tree as a Tree.Folder or Tree.File: a trailing slash or
        nested items make a folder, and a folder with items is open."""
        name = node.name.rstrip("/").strip() or node.name
        children_html = "".join(self._list_item(item, p) for item in node.items)
        folder = node.name.endswith("/") or bool(node.items)
        props: dict[str, Any] = {"name": name, "defaultOpen": True} if node.items else {"name": name}
        made = MdxElement("Tree.Folder" if folder else "Tree.File", props, p.element.source, p.element.line,
                          False, children_html)
        return self.render(made, p.ctx) + "\n"  # as a Tree.Folder written on its own line ends

    def _github_repo(self, p: _Props) -> dict[str, Any]:
        """A card linking to a public repository. Its description, stars and forks come from
        GitHub's API in the reader's browser (components.js): a build never goes online."""
        written = p.text("repo")
        slug = github_slug(written) if written else None
        if slug is None:
            expected = "owner/name or https://github.com/owner/name"
            if written:
                p.ctx.warn(p.element, f"<GitHub.Repo> repo={written!r}: expected {expected}; no card is shown")
            else:
                p.ctx.warn(p.element, f"<GitHub.Repo> has no repo ({expected}); no card is shown")
            return {"slug": None}
        owner, name = slug.split("/")
        return {"slug": slug, "owner": owner, "name": name, "href": p.ctx.link(p.element, f"https://github.com/{slug}"),
                "variant": p.choice("variant", GITHUB_VARIANTS, "inset"), "class_name": p.text("className"),
                "github_svg": find_icon("github", "brands").svg, "star_svg": find_icon("star", "regular").svg,
                "fork_svg": find_icon("code-fork").svg}

    def _heading(self, p: _Props) -> dict[str, Any]:
        """<Heading level={2}>, the React form of a Markdown heading: the same id, "#" link
        (unless noAnchor) and, at levels 2 and 3, entry in "On this page"."""
        level = p.number("level", 2, 1, 6) or 2
        inner = _SOLE_PARAGRAPH.sub(r"\1", p.element.children_html.strip())  # text on lines of its own
        text = _plain_text(inner)
        chosen = p.text("id")
        anchor = p.ctx.exact_id(chosen) if chosen else p.ctx.unique_id(text) if text else None
        if anchor and level in (2, 3):
            p.ctx.add_toc(level, anchor, text)
        return {"level": level, "id": anchor, "anchor": not p.flag("noAnchor"), "children": Markup(inner)}

    def _code_block(self, p: _Props) -> dict[str, Any]:
        """<CodeBlock>, which authors' React components use: a fenced code block, its meta
        given as props (filename, icon, lines, wrap, nocopy, expandable, highlight, focus)."""
        meta = [p.text("language") or "text"]
        for key, word in (("filename", "title"), ("icon", "icon"), ("highlight", "highlight"), ("focus", "focus")):
            value = p.element.props.get(key)
            if isinstance(value, list):  # highlight={[1, 3]}
                value = ",".join(str(item) for item in value)
            if value not in (None, False, "") and not isinstance(value, dict):
                meta.append(f'{word}="{str(value).replace(chr(34), "")}"')
        meta.extend(flag for flag in ("lines", "wrap", "nocopy", "expandable") if p.flag(flag))
        code = code_block_text(p.element)
        return {"fence": Markup(render_fence(code + "\n", " ".join(meta), p.ctx.icon_library, p.ctx.ui.language))}

    def _field(self, p: _Props, name: str | None, location: str | None) -> dict[str, Any]:
        default = p.element.props.get("default")
        return {
            "id": p.ctx.exact_id(field_id(name, p.ctx.field_path)) if name else None,
            "name": name or "",
            "location": location,
            "type": p.text("type"),
            "required": p.flag("required"),
            "deprecated": p.flag("deprecated"),
            "default": None if default is None else _display_value(default),
            "placeholder": p.text("placeholder"),
            "pre": _labels(p, "pre"),
            "post": _labels(p, "post"),
        }

    def _param_field(self, p: _Props) -> dict[str, Any]:
        for location in ("query", "path", "body", "header"):
            if p.element.props.get(location) is not None:
                return self._field(p, p.text(location), location)
        p.ctx.warn(p.element,
                   "<ParamField> names no parameter (query, path, body or header); it is shown without a name")
        return self._field(p, None, None)

    def _response_field(self, p: _Props) -> dict[str, Any]:
        name = p.text("name")
        if name is None:
            p.ctx.warn(p.element, "<ResponseField> has no name; it is shown without one")
        return self._field(p, name, None)

    def _latex(self, p: _Props) -> dict[str, Any]:
        source = _plain_text(p.element.children_html)
        rendered, problem = render_math(source, display=not p.element.inline)
        if problem:
            p.ctx.warn(p.element, f"<Latex> cannot be read ({problem}); its source is shown")
        return {"math": Markup(rendered)}


@dataclass
class ListNode:
    """An item of a Markdown list: its text (inline formatting dropped) and its nested items."""

    name: str = ""
    items: list[ListNode] = field(default_factory=list)


class _ListReader(HTMLParser):
    """Reads a rendered Markdown list (`<ul><li>docs/<ul><li>index.mdx</li></ul></li></ul>`)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = ListNode()
        self.open: list[ListNode] = [self.root]  # the item whose text is being read, outermost first

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "li":
            item = ListNode()
            self.open[-1].items.append(item)
            self.open.append(item)

    def handle_endtag(self, tag: str) -> None:
        if tag == "li" and len(self.open) > 1:
            self.open.pop()

    def handle_data(self, data: str) -> None:
        item = self.open[-1]
        if item is not self.root and not item.items:  # text after a nested list is not the name
            item.name += data


def list_tree(rendered: str) -> list[ListNode]:
    """The items of a rendered Markdown list, nested as written."""
    reader = _ListReader()
    reader.feed(rendered)
    reader.close()
    for node in _walk(reader.root.items):
        node.name = " ".join(node.name.split())
    return reader.root.items


def _walk(nodes: list[ListNode]) -> list[ListNode]:
    return [found for node in nodes for found in (node, *_walk(node.items))]


def _inline_markdown(p: _Props, text: str) -> Markup:
    """Markdown written in an attribute (a caption, a description): each link resolved as one
    written in the page."""
    if isinstance(text, Markup):  # written as JSX: already HTML
        return text
    return inline_markdown(text, lambda target: p.ctx.link(p.element, target) if target else target)


def _quiet_video(found: re.Match[str]) -> str:
    tag = found.group(0)
    missing = [name for name in ("playsinline", "loop", "muted") if not re.search(rf"\s{name}(?=[\s=>])", tag)]
    return tag[:-1] + "".join(" " + name for name in missing) + ">"


def _labels(p: _Props, key: str) -> list[str]:
    """A field's `pre`/`post` labels: a list of words shown before/after its name."""
    value = p.element.props.get(key)
    if value is None:
        return []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or any(isinstance(label, (dict, list)) for label in value):
        p._bad(key, value, 'a list of labels such as {["beta"]}', None)
        return []
    return [str(label) for label in value if label not in (None, False, "")]


def _titled_id(p: _Props, slug: Callable[[str], str] = title_slug) -> str | None:
    """An Accordion's or Tab's id: its `id` prop as written, else Mintlify's slug of its title."""
    chosen = p.text("id")
    made = chosen or slug(p.text("title") or "")
    return p.ctx.exact_id(made) if made else None


def code_block_text(element: MdxElement) -> str:
    """The code a <CodeBlock> holds: the text of its children, without the blank lines around it."""
    return html.unescape(_HTML_TAG.sub("", element.children_html)).strip("\n")


def github_slug(written: str) -> str | None:
    """'owner/name' for a repository written as a slug or a GitHub URL; None if it is neither."""
    found = _GITHUB_REPO.match(written.strip())
    if found is None:
        return None
    owner, name = (part for part in found.groups() if part is not None)
    return None if name in (".", "..") else f"{owner}/{name}"


# Components whose template is not named after them: aliases, and names template_name would split.
TEMPLATES = {"FileTree": "tree.html", "GitHub.Repo": "github-repo.html"}


def template_name(component: str) -> str:
    """'Tree.Folder' -> 'tree-folder.html', 'CodeGroup' -> 'code-group.html'."""
    words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "-", component.replace(".", "-"))
    return words.lower() + ".html"


def _child_title(child: MdxChild, index: int, ui: UiStrings) -> str:
    """A code group's tab title: its block's title or language, else "Example 2" in `ui`'s words."""
    if child.code is not None and (child.code.title or child.code.language):
        return child.code.title or child.code.language
    if child.code is None and child.element is not None and child.element.props.get("title"):
        return str(child.element.props["title"])
    return fill_text(ui.example_number, number=str(index + 1))


def _display_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    return str(value)
