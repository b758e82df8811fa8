"""The site for language models: each page's Markdown (`quickstart/index.md` beside
`quickstart/index.html`), `llms.txt` (the navigation as a list of links to those files, with
each page's description) and `llms-full.txt` (every listed page's Markdown, in navigation order).

What is listed: what the navigation lists (a v2 site: every language and product, a group's
root page first). Hidden and noindex pages are not in `llms.txt` or
`llms-full.txt` (their `.md` is still written beside their HTML); a page whose front matter
`url:` sends its sidebar entry elsewhere is listed with that URL in `llms.txt` and has no text in
`llms-full.txt`. An API page's Markdown is its operation: method and path, description,
authorization, parameters, request body, responses and a curl example, its words (section
titles, "required", constraints…) in the page's language, the HTML API page's `api_*` words.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from sitegen.i18n import UiStrings, fill_text, ui_strings
from sitegen.markdown import PageMarkdown
from sitegen.nav import NavGroupNode, Navigation, NavPage
from sitegen.pages import Page

if TYPE_CHECKING:
    from sitegen.config import LoadedConfig
    from sitegen.openapi.text import Described
    from sitegen.openapi.view import ApiView, BodyView, FieldRow, ResponseView, SchemaView

LLMS_TXT = "llms.txt"
LLMS_FULL_TXT = "llms-full.txt"


def markdown_path(html_path: str) -> str:
    """Where a page's Markdown goes: beside its HTML (`a/index.html` -> `a/index.md`)."""
    return html_path.removesuffix(".html") + ".md"


def markdown_paths(html_path: str) -> tuple[str, ...]:
    """Every file that holds a page's Markdown: beside its HTML (`a/index.md`, which "Copy
    page" fetches) and, as on Mintlify, at the page's URL + `.md` (`a.md`, for `/a`; the
    home page has only `index.md`)."""
    beside = markdown_path(html_path)
    folder = html_path.removesuffix("index.html").rstrip("/")
    return (beside, folder + ".md") if folder and html_path.endswith("/index.html") else (beside,)


def markdown_files(html_path: str, exported: PageMarkdown) -> list[tuple[str, bytes]]:
    """(path, text) of each of a page's Markdown files (`markdown_paths`), each with its links
    relative to its own folder."""
    paths = markdown_paths(html_path)
    files = [(paths[0], exported.text.encode())]
    for path in paths[1:]:
        files.append((path, exported.in_folder(path.rpartition("/")[0] + "/" if "/" in path else "").encode()))
    return files


def page_markdown(page: Page, body: PageMarkdown | None, view: ApiView | None,
                  language: str | None = None) -> PageMarkdown:
    """The whole page as Markdown: title, description, the body and (API pages) the operation,
    worded in the page's `language` (its table's words; English without one)."""
    ui = ui_strings(language)
    head = [f"# {_line(page.title)}"]
    if page.description:
        head.append(f"> {_line(page.description)}")
    parts = ["\n\n".join(head)]
    if view is not None:
        parts.append(_unmarked(api_endpoint(view, ui)))
    parts.append(body.template.strip() if body is not None else "")
    if view is not None:
        parts.append(_unmarked(api_markdown(view, page, ui)))
    text = "\n\n".join(part for part in parts if part)
    return PageMarkdown(text + "\n", body.targets if body is not None else (), page.url)


def _unmarked(text: str) -> str:
    """Text without the characters PageMarkdown marks link targets with."""
    return text.replace("\x01", "").replace("\x02", "")


def _line(text: str) -> str:
    return " ".join(_unmarked(text).split())


# --- API pages --------------------------------------------------------------------------------

def prose(description: Described) -> str:
    """A description's Markdown as written in the spec (links and emphasis kept)."""
    return description.source.strip()


def api_endpoint(view: ApiView, ui: UiStrings) -> str:
    """Method, path and base URL: what the page's endpoint bar shows."""
    lines = [f"**{ui.api_webhook if view.webhook else view.method}** `{view.path}`"
             + (f" ({ui.api_deprecated})" if view.deprecated else "")]
    if view.base_url:
        lines.append(f"{ui.api_base_url}: `{view.base_url}`")
    return "\n\n".join(lines)


def api_markdown(view: ApiView, page: Page, ui: UiStrings) -> str:
    """The reference sections: description, authorization, parameters, body, responses, a curl example."""
    parts: list[str] = []
    description = prose(view.description)
    if description and description != (page.description or "").strip():
        parts.append(description)
    if view.auth is not None:
        auth = f"## {ui.api_authorization}\n\n{ui.api_auth_label(view.auth.method)}: `{view.auth.header}`"
        detail = prose(view.auth.description)
        parts.append(auth + (f"\n\n{detail}" if detail else ""))
    if not view.fields_on_page:
        for group in view.parameter_groups:
            parts.append(f"## {ui.api_location(group.location)}\n\n" + _rows(group.rows, ui))
        if view.body is not None:
            parts.append(_request_body(view.body, ui.api_payload if view.webhook else ui.api_request_body, ui))
        if view.responses:
            responses = (_response(response, ui) for response in view.responses)
            parts.append("\n\n".join([f"## {ui.api_responses}", *responses]))
    sample = next((s for s in view.samples if s.label.lower() == "curl" or s.lang in ("bash", "shell", "sh")), None)
    sample = sample or (view.samples[0] if view.samples else None)
    if sample is not None:
        parts.append(f"## {ui.api_example_request}\n\n" + _fence(sample.source, sample.lang))
    elif view.webhook and view.body is not None and view.body.example:
        parts.append(f"## {ui.api_example_payload}\n\n" + _fence(view.body.example, "json"))
    return "\n\n".join(parts)


def _request_body(body: BodyView, title: str, ui: UiStrings) -> str:
    intro = f"`{body.content_type}`" + (f" ({ui.api_required})" if body.required else "")
    text = prose(body.description)
    section = f"## {title}\n\n{intro}" + (f"\n\n{text}" if text else "")
    if body.schema is not None:
        section += _schema(body.schema, ui)
    return section


def _response(response: ResponseView, ui: UiStrings) -> str:
    """One status: its description, content type, schema and example."""
    block = [f"### {ui.api_default if response.status == 'default' else response.status}"]
    text = prose(response.description)
    if text:
        block.append(text)
    if response.content_type:
        block.append(f"`{response.content_type}`")
    if response.schema is not None:
        block.append(_schema(response.schema, ui).strip())
    if response.example:
        block.append(_fence(response.example, "json"))
    return "\n\n".join(part for part in block if part)


def _schema(schema: SchemaView, ui: UiStrings) -> str:
    text = prose(schema.description)
    out = "\n\n" + fill_text(ui.api_type, value=f"`{schema.type}`") if schema.type else ""
    if text:
        out += f"\n\n{text}"
    if schema.rows:
        out += "\n\n" + _rows(schema.rows, ui)
    for alternative in schema.alternatives:
        label = alternative.title or fill_text(ui.api_option, number=str(alternative.number))
        out += f"\n\n**{label}** (`{alternative.type}`)"
        if alternative.rows:
            out += "\n\n" + _rows(alternative.rows, ui)
    return out


def _rows(rows: Iterable[FieldRow], ui: UiStrings, depth: int = 0) -> str:
    out: list[str] = []
    for row in rows:
        facts = [row.type] if row.type else []
        if row.required:
            facts.append(ui.api_required)
        if row.deprecated:
            facts.append(ui.api_deprecated)
        if row.default is not None:
            facts.append(f"{ui.api_default}: `{row.default}`")
        if row.enum:
            facts.append(f"{ui.api_one_of} " + ", ".join(f"`{value}`" for value in row.enum))
        facts.extend(ui.constraint_text(constraint.keyword, constraint.value) for constraint in row.constraints)
        line = f"- `{row.name}`" + (f" ({', '.join(facts)})" if facts else "")
        indent = "  " * depth
        first, *rest = prose(row.description).split("\n")
        if first:
            line += f": {first}"
        # Later lines of a multi-line description stay inside the list item.
        out.append(indent + line + "".join(f"\n{indent}  {text}" if text.strip() else "\n" for text in rest))
        if row.children:
            out.append(_rows(row.children, ui, depth + 1))
    return "\n".join(out)


def _fence(code: str, language: str) -> str:
    longest = max((len(run) for run in code.split("\n") if set(run) == {"`"}), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{language}\n{code.rstrip()}\n{fence}"


# --- llms.txt and llms-full.txt ---------------------------------------------------------------

def _listed(item: NavPage) -> bool:
    return not (item.page.hidden or item.page.noindex)


def llms_txt(loaded: LoadedConfig, navigation: Navigation) -> str:
    """The llmstxt.org shape: `# name`, `> description`, then a `## ` list per navigation group."""
    config = loaded.config
    # The site's `description` (v2; a classic docs.json may carry one too), else the home page's.
    description = loaded.v2.description if loaded.v2 is not None else getattr(config, "description", None)
    home = navigation.first_page()
    if not isinstance(description, str) or not description.strip():
        description = home.description if home is not None else None
    out = [f"# {_line(config.name)}"]
    if description:
        out.append(f"> {_line(description)}")
    for variant in navigation.all_variants():  # every language and product (v2), the default first
        # Another language's or product's groups say whose they are.
        whose = [part for part in (variant.language if variant is not navigation and variant.language
                                   != navigation.language else None, variant.product) if part]
        tab_names = {tab.index: tab.name for tab in variant.tabs}
        for section in variant.sections:
            tab = tab_names.get(section.tab) if section.tab is not None else None
            for group in section.groups:
                items = _group_lines(group, 0)
                if items:
                    named = [tab] if tab and tab != group.title else []
                    title = ": ".join(part for part in (*whose, *named, group.title) if part)
                    out.append(f"## {_line(title)}\n\n" + "\n".join(items))
    return "\n\n".join(out) + "\n"


def _page_line(item: NavPage, depth: int) -> str:
    page = item.page
    target = page.link_out or markdown_path(page.output)
    line = "  " * depth + f"- [{_line(item.title)}]({target})"
    if page.description:
        line += f": {_line(page.description)}"
    return line


def _group_lines(group: NavGroupNode, depth: int) -> list[str]:
    lines: list[str] = []
    if group.root is not None and _listed(group.root):  # the page the group's title opens
        lines.append(_page_line(group.root, depth))
    for item in group.items:
        if isinstance(item, NavGroupNode):
            inner = _group_lines(item, depth + 1)
            if inner:
                lines.append("  " * depth + f"- {_line(item.title)}")
                lines.extend(inner)
        elif _listed(item):
            lines.append(_page_line(item, depth))
    return lines


def llms_full_txt(navigation: Navigation, markdown: Mapping[str, str]) -> str:
    """Every listed page's Markdown (links relative to the site root), in navigation order,
    each once; `markdown` is each page's by page id."""
    seen: set[str] = set()
    parts: list[str] = []
    for item in navigation.all_ordered():
        page = item.page
        if page.id in seen or not _listed(item) or page.link_out or page.id not in markdown:
            continue
        seen.add(page.id)
        parts.append(markdown[page.id].strip())
    return "\n\n---\n\n".join(parts) + "\n"
