"""Write a realistic docs corpus three times: as a sitegen (Mintlify) project and as two
MkDocs projects with the same pages, navigation and code, for `bench/build.py`.

    python bench/corpus.py OUT --pages 1000 [--seed 7] [--author-components]

Everything written is a function of (pages, seed) only: one seeded `random.Random` is
consumed in a fixed order, so the same arguments give byte-identical trees anywhere.

    OUT/sitegen/   docs.json (classic schema: nested groups, a tab, anchors), <page>.mdx, images/
    OUT/mkdocs/    mkdocs.yml (default theme), docs/<page>.md, docs/images/
    OUT/material/  mkdocs.yml (Material + admonition, pymdownx details/tabbed/superfences)
    OUT/corpus.json  counts and the page `bench/build.py` edits

Pages are planned once as abstract blocks, then written per flavour. Mintlify components
become the nearest MkDocs-native Markdown: in the Material twin, admonitions, collapsible
blocks and content tabs; in the default-theme twin (no extensions), blockquotes and bold
labels. Code fences are byte-identical in all three; link targets differ only in the `.md`
suffix MkDocs needs.
"""

from __future__ import annotations

import argparse
import json
import posixpath
import random
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

SITE = "Aurora Cloud Docs"
PAGES_PER_GROUP = 20
FLAVOURS = ("sitegen", "mkdocs", "material")

FOLDER_NOUNS = (
    "authentication", "webhooks", "billing", "deployments", "projects", "environments",
    "databases", "storage", "functions", "domains", "certificates", "logging", "metrics",
    "alerts", "teams", "permissions", "secrets", "builds", "pipelines", "queues", "caching",
    "networking", "regions", "backups", "migrations", "integrations", "notifications",
    "analytics", "search", "workflows", "schedules", "events", "tokens", "sessions", "users",
    "organizations", "invoices", "plans", "usage", "quotas", "audit-logs", "sso",
    "containers", "volumes", "snapshots", "firewalls", "load-balancers", "edge", "templates",
)
FOLDER_PREFIXES = ("", "advanced-", "managed-", "self-hosted-", "legacy-", "realtime-", "batch-",
                   "custom-", "shared-", "private-", "global-", "regional-")
GUIDE_VERBS = ("configure", "set-up", "migrate", "troubleshoot", "monitor", "secure", "scale",
               "automate", "debug", "optimize", "rotate", "export", "import", "test", "deploy",
               "understand", "integrate", "audit")
API_VERBS = ("create", "list", "get", "update", "delete", "retrieve", "search", "cancel",
             "restore", "attach", "detach", "validate", "archive", "replace")
OBJECTS = ("api-keys", "access-tokens", "rate-limits", "retries", "webhook-endpoints",
           "build-cache", "environment-variables", "custom-domains", "ssl-certificates",
           "log-drains", "usage-reports", "team-members", "roles", "service-accounts",
           "preview-deployments", "rollbacks", "health-checks", "cron-jobs", "object-storage",
           "read-replicas", "connection-pools", "edge-functions", "redirects", "headers",
           "feature-flags", "audit-events", "payment-methods", "subscriptions", "alert-rules",
           "dashboards", "traces", "workers", "firewall-rules", "ip-allowlists",
           "sso-connections", "oauth-apps")
HEADINGS = ("Overview", "Prerequisites", "Before you begin", "How it works", "Request parameters",
            "Response fields", "Example request", "Configuration options", "Limits",
            "Error handling", "Common errors", "Pagination", "Filtering results", "Idempotency",
            "Retries and backoff", "Versioning", "Security considerations", "Permissions",
            "Best practices", "Performance", "Monitoring", "Testing locally",
            "Deploying to production", "Rolling back", "Migration notes", "Troubleshooting",
            "Using the CLI", "Using the SDK", "Environment variables", "Next steps")
WORDS = ("request", "response", "project", "environment", "deployment", "token", "endpoint",
         "resource", "region", "client", "server", "build", "cache", "policy", "secret",
         "webhook", "event", "payload", "header", "field", "value", "limit", "quota", "status",
         "version", "schema", "worker", "queue", "job", "snapshot", "volume", "domain", "team")
VERBS = ("creates", "returns", "updates", "stores", "validates", "caches", "rejects", "retries",
         "schedules", "triggers", "encrypts", "logs", "forwards", "replaces", "rotates")
ADJECTIVES = ("new", "existing", "active", "pending", "default", "custom", "internal", "public",
              "signed", "encrypted", "optional", "required", "temporary", "regional")
OPENERS = ("By default,", "In most cases,", "When this happens,", "For example,",
           "If the request fails,", "After the deployment finishes,", "Optionally,",
           "In production,", "During a rollout,", "Internally,")
IDENTIFIERS = ("project_id", "api_key", "region", "timeout", "max_retries", "page_size", "cursor",
               "created_at", "status", "metadata", "webhook_url", "team_id", "expires_in",
               "scopes", "idempotency_key", "limit", "name", "enabled", "labels", "replicas")
TYPES = ("string", "integer", "boolean", "object", "array", "timestamp")
EXTERNAL = (("RFC 3339", "https://www.rfc-editor.org/rfc/rfc3339"),
            ("JSON Schema", "https://json-schema.org/"),
            ("semantic versioning", "https://semver.org/"),
            ("the OAuth 2.0 framework", "https://oauth.net/2/"))
ICONS = ("rocket", "book", "code", "gear", "key", "server", "bolt", "shield", "database", "terminal")
IMAGES = ("architecture.svg", "request-flow.svg", "dashboard.svg")
LANGUAGES = ("python", "bash", "json", "yaml", "ts")


# --- the plan: pages, groups and abstract blocks -------------------------------------------

@dataclass(frozen=True)
class Link:
    target: str  # page id, e.g. "guides/webhooks/configure-retries"
    text: str
    absolute: bool


Inline = str | Link  # a paragraph is a list of these, joined without separators


@dataclass
class Page:
    id: str
    title: str
    description: str
    icon: str
    blocks: list[tuple] = field(default_factory=list)


@dataclass
class Group:
    title: str
    items: list[Page | Group]


@dataclass
class Section:
    """A top-level part of the site: the default tab, a docs.json tab or an anchor."""
    name: str
    prefix: str  # "" for the default part
    kind: str  # "docs", "tab" or "anchor"
    icon: str
    groups: list[Group] = field(default_factory=list)


def titleize(slug: str) -> str:
    upper = {"api": "API", "ssl": "SSL", "sso": "SSO", "ip": "IP", "oauth": "OAuth", "cli": "CLI"}
    return " ".join(upper.get(word, word.capitalize()) for word in slug.split("-"))


def plan(pages: int, seed: int) -> tuple[list[Section], list[Page]]:
    """Decide every page's id, title and place in the navigation (no content yet)."""
    if pages < 4:
        raise ValueError("a corpus needs at least 4 pages")
    rng = random.Random(seed)
    docs = Section("Documentation", "", "docs", "book-open")
    api = Section("API Reference", "api-reference", "tab", "code")
    changelog = Section("Changelog", "changelog", "anchor", "clock-rotate-left")
    intro = [Page("introduction", "Introduction", "What Aurora Cloud is and how these docs are organised.", "rocket"),
             Page("quickstart", "Quickstart", "Deploy your first project in five minutes.", "bolt")]
    docs.groups.append(Group("Get started", list(intro)))
    all_pages = list(intro)

    rest = pages - len(intro)
    changelog_pages = min(12, max(1, rest // 40))
    rest -= changelog_pages
    folders = max(2, round(rest / PAGES_PER_GROUP))
    names = [prefix + noun for prefix in FOLDER_PREFIXES for noun in FOLDER_NOUNS]
    folder_names = rng.sample(names, folders) if folders <= len(names) else \
        [f"{names[i % len(names)]}-{i // len(names)}" for i in range(folders)]
    for index, folder in enumerate(folder_names):
        count = rest // folders + (1 if index < rest % folders else 0)
        is_api = index % 5 in (1, 3)  # about 40% of the folders are API reference
        section = api if is_api else docs
        base = f"api-reference/{folder}" if is_api else f"guides/{folder}"
        verbs = API_VERBS if is_api else GUIDE_VERBS
        slugs = rng.sample([f"{verb}-{obj}" for verb in verbs for obj in OBJECTS], count)
        # Bigger folders keep their last third in a nested sub-group (a sub-folder on disk).
        nested = count // 3 if count >= 9 else 0
        flat, deep = slugs[:count - nested], slugs[count - nested:]
        group_pages: list[Page | Group] = [_page(rng, f"{base}/{slug}", slug) for slug in flat]
        if deep:
            group_pages.append(Group("Advanced", [_page(rng, f"{base}/advanced/{slug}", slug) for slug in deep]))
        section.groups.append(Group(titleize(folder), group_pages))
        all_pages.extend(_pages_in(group_pages))
    releases = [Page(f"changelog/2024-{12 - i:02d}", f"Release 2024.{12 - i}",
                     f"What changed in release 2024.{12 - i}.", "clock") for i in range(changelog_pages)]
    changelog.groups.append(Group("Releases", list(releases)))
    all_pages.extend(releases)
    sections = [docs, api, changelog]
    for page in all_pages:
        page.blocks = _blocks(rng, page, all_pages)
    return sections, all_pages


def _page(rng: random.Random, page_id: str, slug: str) -> Page:
    title = titleize(slug)
    noun = titleize(slug.split("-", 1)[1]).lower()
    description = f"How to {slug.split('-')[0]} {noun} with the dashboard, the CLI and the API."
    return Page(page_id, title, description, rng.choice(ICONS))


def _pages_in(items: list[Page | Group]) -> list[Page]:
    found: list[Page] = []
    for item in items:
        found.extend(_pages_in(item.items) if isinstance(item, Group) else [item])
    return found


# --- content ---------------------------------------------------------------------------

def _sentence(rng: random.Random, pages: list[Page], page: Page, link_odds: float = 0.25) -> list[Inline]:
    parts: list[Inline] = [f"{rng.choice(OPENERS)} the {rng.choice(ADJECTIVES)} {rng.choice(WORDS)} "
                           f"{rng.choice(VERBS)} the {rng.choice(WORDS)}"]
    roll = rng.random()
    if roll < link_odds:
        target = rng.choice(pages)
        if target is not page:
            parts += [" (see ", Link(target.id, target.title, absolute=rng.random() < 0.5), ")"]
    elif roll < link_odds + 0.2:
        parts.append(f" when `{rng.choice(IDENTIFIERS)}` is set")
    elif roll < link_odds + 0.3:
        parts.append(f" **{rng.choice(('only once', 'before it expires', 'for every region'))}**")
    elif roll < link_odds + 0.35:
        text, url = rng.choice(EXTERNAL)
        parts.append(f", as described in [{text}]({url})")
    parts.append(".")
    return parts


def _paragraph(rng: random.Random, pages: list[Page], page: Page) -> list[Inline]:
    parts: list[Inline] = []
    for index in range(rng.randint(2, 5)):
        parts += ([" "] if index else []) + _sentence(rng, pages, page)
    return parts


def _code(rng: random.Random, language: str) -> str:
    names = rng.sample(IDENTIFIERS, 4)
    if language == "python":
        lines = ["from aurora import Client", "", 'client = Client(api_key="sk_test_123")']
        lines += [f'{name} = client.{rng.choice(WORDS)}s.get("{rng.choice(WORDS)}_{rng.randint(1, 99)}")' for name in names]
        lines += ["", f"for item in client.{rng.choice(WORDS)}s.list(limit={rng.randint(5, 50)}):",
                  f"    print(item.{names[0]}, item.{names[1]})"]
    elif language == "bash":
        lines = ["aurora login --token $AURORA_TOKEN", f"aurora {rng.choice(WORDS)}s list --json | jq '.[].id'"]
        lines += [f"aurora {rng.choice(WORDS)} {rng.choice(('create', 'update', 'delete'))} --{name.replace('_', '-')} {rng.randint(1, 9)}"
                  for name in names]
    elif language == "json":
        body = {name: rng.choice((rng.randint(1, 500), f"{rng.choice(WORDS)}_{rng.randint(1, 99)}", True, None))
                for name in names}
        body["items"] = [{"id": f"{rng.choice(WORDS)}_{i}", "status": rng.choice(("active", "pending"))} for i in range(2)]
        lines = json.dumps(body, indent=2).splitlines()
    elif language == "yaml":
        lines = [f"{rng.choice(WORDS)}:"] + [f"  {name}: {rng.randint(1, 300)}" for name in names]
        lines += ["  regions:", "    - eu-west-1", "    - us-east-2", f"  enabled: {rng.choice(('true', 'false'))}"]
    else:
        lines = ['import { Aurora } from "@aurora/sdk";', "", "const aurora = new Aurora({ apiKey: process.env.AURORA_KEY! });"]
        lines += [f"const {name.replace('_', '')} = await aurora.{rng.choice(WORDS)}s.get(\"{rng.choice(WORDS)}_{rng.randint(1, 99)}\");"
                  for name in names[:3]]
        lines += [f"console.log({names[0].replace('_', '')});"]
    return "\n".join(lines)


def _blocks(rng: random.Random, page: Page, pages: list[Page]) -> list[tuple]:
    blocks: list[tuple] = [("p", _paragraph(rng, pages, page))]
    if rng.random() < 0.08:
        blocks.append(("image", rng.choice(IMAGES), f"Diagram of {page.title.lower()}"))
    for heading in rng.sample(HEADINGS, rng.randint(4, 8)):
        blocks.append(("h2", heading))
        blocks.append(("p", _paragraph(rng, pages, page)))
        for _ in range(rng.randint(1, 2)):
            blocks.append(_extra(rng, pages, page))
        if rng.random() < 0.35:
            blocks.append(("h3", f"{rng.choice(ADJECTIVES).capitalize()} {rng.choice(WORDS)} settings"))
            blocks.append(("p", _paragraph(rng, pages, page)))
    return blocks


def _extra(rng: random.Random, pages: list[Page], page: Page) -> tuple:
    kind = rng.choices(("ul", "ol", "table", "code", "note", "cards", "steps", "tabs", "codegroup", "accordion"),
                       weights=(14, 6, 10, 22, 10, 5, 5, 5, 6, 5))[0]
    if kind in ("ul", "ol"):
        return (kind, [_sentence(rng, pages, page, 0.3) for _ in range(rng.randint(3, 6))])
    if kind == "table":
        rows = [[f"`{name}`", rng.choice(TYPES), rng.choice(("yes", "no")), f"The {rng.choice(WORDS)} to {rng.choice(VERBS)[:-1]}."]
                for name in rng.sample(IDENTIFIERS, rng.randint(3, 7))]
        return ("table", ["Field", "Type", "Required", "Description"], rows)
    if kind == "code":
        language = rng.choice(LANGUAGES)
        return ("code", language, _code(rng, language))
    if kind == "note":
        return ("note", rng.choice(("Note", "Tip", "Warning")), _sentence(rng, pages, page, 0.4))
    if kind == "cards":
        cards = [(target.title, rng.choice(ICONS), target.id, target.description) for target in rng.sample(pages, 2 * rng.randint(1, 2))]
        return ("cards", cards)
    if kind == "steps":
        return ("steps", [(f"{verb.capitalize()} the {rng.choice(WORDS)}", _sentence(rng, pages, page, 0.0), _code(rng, "bash"))
                          for verb in rng.sample(("create", "configure", "deploy", "verify", "monitor"), rng.randint(2, 4))])
    if kind == "tabs":
        return ("tabs", [(name, _sentence(rng, pages, page, 0.0)) for name in ("Dashboard", "CLI", "API")[:rng.randint(2, 3)]])
    if kind == "codegroup":
        return ("codegroup", [(language, _code(rng, language)) for language in rng.sample(("python", "ts", "bash"), 2)])
    return ("accordion", [(f"Why is my {rng.choice(WORDS)} {rng.choice(ADJECTIVES)}?", _sentence(rng, pages, page, 0.2))
                          for _ in range(rng.randint(1, 3))])


# --- writing one flavour -----------------------------------------------------------------

def _href(link: Link, source: str, flavour: str) -> str:
    suffix = "" if flavour == "sitegen" else ".md"
    if link.absolute:
        return f"/{link.target}{suffix}"
    return posixpath.relpath(link.target, posixpath.dirname(source) or ".") + suffix


def _inline(parts: list[Inline], source: str, flavour: str) -> str:
    return "".join(part if isinstance(part, str) else f"[{part.text}]({_href(part, source, flavour)})" for part in parts)


def _indent(text: str, spaces: int = 4) -> str:
    return "\n".join((" " * spaces + line) if line else "" for line in text.splitlines())


def _fence(language: str, code: str) -> str:
    return f"```{language}\n{code}\n```"


def render_page(page: Page, flavour: str) -> str:
    """The page's file content for one flavour."""
    front = {"title": page.title, "description": page.description}
    if flavour == "sitegen":
        front["icon"] = page.icon
    # JSON strings are valid YAML scalars, and quoting keeps colons in titles safe.
    out = ["---", *(f"{key}: {json.dumps(value)}" for key, value in front.items()), "---", ""]
    if flavour != "sitegen":  # Mintlify shows the title as the page heading; MkDocs needs it written
        out += [f"# {page.title}", ""]

    def text(parts: list[Inline]) -> str:
        return _inline(parts, page.id, flavour)

    for block in page.blocks:
        writer = _BLOCK_WRITERS.get(block[0])
        if writer is not None:
            out.append(writer(block, flavour, text))
        out.append("")
    return "\n".join(out)


# One writer per block kind: (block, flavour, inline text writer) -> the block's text. The
# flavours: "sitegen" (Mintlify components), "material" (its extensions), "mkdocs" (plain Markdown).
Text = Callable[[list[Inline]], str]


def _write_paragraph(block: tuple, flavour: str, text: Text) -> str:
    return text(block[1])


def _write_heading(block: tuple, flavour: str, text: Text) -> str:
    return ("## " if block[0] == "h2" else "### ") + block[1]


def _write_list(block: tuple, flavour: str, text: Text) -> str:
    return "\n".join(f"{'-' if block[0] == 'ul' else f'{n}.'} {text(item)}" for n, item in enumerate(block[1], 1))


def _write_table(block: tuple, flavour: str, text: Text) -> str:
    header, rows = block[1], block[2]
    return "\n".join([f"| {' | '.join(header)} |", "|" + "---|" * len(header)]
                     + [f"| {' | '.join(row)} |" for row in rows])


def _write_code(block: tuple, flavour: str, text: Text) -> str:
    return _fence(block[1], block[2])


def _write_image(block: tuple, flavour: str, text: Text) -> str:
    return f"![{block[2]}](/images/{block[1]})"


def _write_note(block: tuple, flavour: str, text: Text) -> str:
    label, body = block[1], text(block[2])
    if flavour == "sitegen":
        return f"<{label}>\n  {body}\n</{label}>"
    if flavour == "material":
        return f"!!! {label.lower()}\n\n{_indent(body)}"
    return f"> **{label}:** {body}"


def _write_cards(block: tuple, flavour: str, text: Text) -> str:
    if flavour == "sitegen":
        cards = [f'  <Card title="{title}" icon="{icon}" href="/{target}">\n    {desc}\n  </Card>'
                 for title, icon, target, desc in block[1]]
        return "<CardGroup cols={2}>\n" + "\n".join(cards) + "\n</CardGroup>"
    return "\n".join(f"- [**{title}**](/{target}.md): {desc}" for title, _icon, target, desc in block[1])


def _write_steps(block: tuple, flavour: str, text: Text) -> str:
    if flavour == "sitegen":
        steps = [f'  <Step title="{title}">\n    {text(body)}\n\n{_indent(_fence("bash", code))}\n  </Step>'
                 for title, body, code in block[1]]
        return "<Steps>\n" + "\n".join(steps) + "\n</Steps>"
    if flavour == "material":  # superfences lets a fence live inside a list item
        return "\n".join(f"{n}. **{title}**\n\n{_indent(text(body))}\n\n{_indent(_fence('bash', code))}\n"
                         for n, (title, body, code) in enumerate(block[1], 1)).rstrip()
    return "\n\n".join(f"**{n}. {title}**\n\n{text(body)}\n\n{_fence('bash', code)}"
                       for n, (title, body, code) in enumerate(block[1], 1))


def _write_tabs(block: tuple, flavour: str, text: Text) -> str:
    if flavour == "sitegen":
        tabs = [f'  <Tab title="{title}">\n    {text(body)}\n  </Tab>' for title, body in block[1]]
        return "<Tabs>\n" + "\n".join(tabs) + "\n</Tabs>"
    if flavour == "material":
        return "\n\n".join(f'=== "{title}"\n\n{_indent(text(body))}' for title, body in block[1])
    return "\n\n".join(f"**{title}**\n\n{text(body)}" for title, body in block[1])


def _write_codegroup(block: tuple, flavour: str, text: Text) -> str:
    if flavour == "sitegen":
        return "<CodeGroup>\n\n" + "\n\n".join(_fence(lang, code) for lang, code in block[1]) + "\n\n</CodeGroup>"
    if flavour == "material":
        return "\n\n".join(f'=== "{lang}"\n\n{_indent(_fence(lang, code))}' for lang, code in block[1])
    return "\n\n".join(f"**{lang}**\n\n{_fence(lang, code)}" for lang, code in block[1])


def _write_accordion(block: tuple, flavour: str, text: Text) -> str:
    if flavour == "sitegen":
        items = [f'  <Accordion title="{title}">\n    {text(body)}\n  </Accordion>' for title, body in block[1]]
        return "<AccordionGroup>\n" + "\n".join(items) + "\n</AccordionGroup>"
    if flavour == "material":
        return "\n\n".join(f'??? question "{title}"\n\n{_indent(text(body))}' for title, body in block[1])
    return "\n\n".join(f"> **{title}**\n>\n> {text(body)}" for title, body in block[1])


_BLOCK_WRITERS: dict[str, Callable[[tuple, str, Text], str]] = {
    "p": _write_paragraph, "h2": _write_heading, "h3": _write_heading, "ul": _write_list, "ol": _write_list,
    "table": _write_table, "code": _write_code, "image": _write_image, "note": _write_note, "cards": _write_cards,
    "steps": _write_steps, "tabs": _write_tabs, "codegroup": _write_codegroup, "accordion": _write_accordion,
}


def _docs_json_nav(items: list[Page | Group]) -> list:
    return [{"group": item.title, "pages": _docs_json_nav(item.items)} if isinstance(item, Group) else item.id
            for item in items]


def docs_json(sections: list[Section]) -> dict:
    """The sitegen project's config, in the classic (mint.json-style) schema."""
    return {
        "name": SITE,
        "colors": {"primary": "#4F46E5", "light": "#818CF8", "dark": "#3730A3"},
        "topAnchor": {"name": "Documentation", "icon": "book-open"},
        "tabs": [{"name": s.name, "url": s.prefix} for s in sections if s.kind == "tab"],
        "anchors": [{"name": s.name, "icon": s.icon, "url": s.prefix} for s in sections if s.kind == "anchor"]
        + [{"name": "Community", "icon": "github", "iconType": "brands", "url": "https://github.com/aurora-cloud/community"}],
        "navigation": [_docs_json_nav([group])[0] for section in sections for group in section.groups],
        "footerSocials": {"github": "https://github.com/aurora-cloud"},
    }


def _mkdocs_nav(items: list[Page | Group]) -> list:
    return [{item.title: _mkdocs_nav(item.items)} if isinstance(item, Group) else {item.title: f"{item.id}.md"}
            for item in items]


def mkdocs_yml(sections: list[Section], material: bool) -> dict:
    """The same navigation: one top-level section per tab/anchor, the groups nested inside."""
    nav = [{section.name: _mkdocs_nav(section.groups)} for section in sections]
    nav.append({"Community": "https://github.com/aurora-cloud/community"})
    config: dict = {
        "site_name": SITE,
        "docs_dir": "docs",
        "theme": {"name": "mkdocs"},
        # Links written as /page.md are resolved inside docs/, as Mintlify resolves /page.
        "validation": {"links": {"absolute_links": "relative_to_docs"}},
        "nav": nav,
    }
    if material:
        config["theme"] = {"name": "material", "features": ["navigation.tabs", "navigation.sections", "content.code.copy"]}
        config["markdown_extensions"] = ["admonition", "pymdownx.details", "pymdownx.superfences",
                                         {"pymdownx.tabbed": {"alternate_style": True}}, "tables", "toc"]
    return config


def _svg(name: str) -> str:
    label = name.removesuffix(".svg").replace("-", " ")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="640" height="240" viewBox="0 0 640 240">'
            f'<rect width="640" height="240" rx="12" fill="#EEF2FF"/><rect x="40" y="80" width="160" height="80" rx="8" fill="#818CF8"/>'
            f'<rect x="440" y="80" width="160" height="80" rx="8" fill="#4F46E5"/><path d="M200 120h240" stroke="#3730A3" stroke-width="4"/>'
            f'<text x="320" y="40" text-anchor="middle" font-family="sans-serif" font-size="20">{label}</text></svg>\n')


def page_path(root: Path, flavour: str, page_id: str) -> Path:
    """Where a page's file is in one flavour's project."""
    if flavour == "sitegen":
        return root / "sitegen" / f"{page_id}.mdx"
    return root / flavour / "docs" / f"{page_id}.md"


def project_dir(root: Path, flavour: str) -> Path:
    return root / flavour


# `--author-components`: every sitegen page also imports components written in JavaScript (as
# 8 of 15 real repositories do) and uses them, so the build runs the JavaScript engine on every
# page. The MkDocs twins have no such thing and stay as they are.
AUTHOR_COMPONENTS = """\
export const StatusBadge = ({ state = "stable", children }) => (
  <span className={`badge badge-${state}`}>{children ?? state.toUpperCase()}</span>
);

export const FeatureCard = ({ title, href, features = [], children }) => {
  const open = features.length > 5;
  return (
    <Card title={title} href={href} icon={<svg viewBox="0 0 16 16"><path d="M2 8h12" /></svg>}>
      <ul className="feature-list">
        {features.filter(Boolean).map((feature, i) => (
          <li key={i}>{feature}{i === 0 && <StatusBadge state="new" />}</li>
        ))}
      </ul>
      {open ? null : children}
    </Card>
  );
};
"""


def _author_components_page(text: str, page: Page) -> str:
    """The page with the components imported after its front matter and used at its end."""
    end = text.index("---\n", 4) + 4
    features = ", ".join(json.dumps(word) for word in page.title.split()[:3])
    use = (f'\n<FeatureCard title="{page.title}" href="/{page.id}" features={{[{features}]}}>\n'
           f"  Everything about {page.title.lower()}, at a glance.\n</FeatureCard>\n")
    return (text[:end] + 'import { FeatureCard } from "/snippets/components.jsx";\n\n' + text[end:]
            + use)


def write(root: Path, pages: int, seed: int = 7, author_components: bool = False) -> dict:
    """Write the three projects under `root` (replacing them) and return the stats."""
    sections, all_pages = plan(pages, seed)
    for flavour in FLAVOURS:
        shutil.rmtree(root / flavour, ignore_errors=True)
        images = root / "sitegen" / "images" if flavour == "sitegen" else root / flavour / "docs" / "images"
        images.mkdir(parents=True)
        for name in IMAGES:
            (images / name).write_text(_svg(name), encoding="utf-8")
        for page in all_pages:
            path = page_path(root, flavour, page.id)
            path.parent.mkdir(parents=True, exist_ok=True)
            text = render_page(page, flavour)
            if author_components and flavour == "sitegen":
                text = _author_components_page(text, page)
            path.write_text(text, encoding="utf-8")
    if author_components:
        (root / "sitegen" / "snippets").mkdir()
        (root / "sitegen" / "snippets" / "components.jsx").write_text(AUTHOR_COMPONENTS, encoding="utf-8")
    (root / "sitegen" / "docs.json").write_text(json.dumps(docs_json(sections), indent=2) + "\n", encoding="utf-8")
    for flavour in ("mkdocs", "material"):
        (root / flavour / "mkdocs.yml").write_text(
            yaml.safe_dump(mkdocs_yml(sections, flavour == "material"), sort_keys=False, allow_unicode=True), encoding="utf-8")
    kinds: dict[str, int] = {}
    for page in all_pages:
        for block in page.blocks:
            kinds[block[0]] = kinds.get(block[0], 0) + 1
    stats = {"pages": len(all_pages), "seed": seed, "author_components": author_components,
             "edit_page": all_pages[len(all_pages) // 2].id,
             "groups": sum(len(s.groups) for s in sections), "blocks": dict(sorted(kinds.items()))}
    (root / "corpus.json").write_text(json.dumps(stats, indent=2) + "\n", encoding="utf-8")
    return stats


def main() -> int:
    parser = argparse.ArgumentParser(description="Write a sitegen project and its two MkDocs twins.")
    parser.add_argument("out", type=Path)
    parser.add_argument("--pages", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--author-components", action="store_true",
                        help="every sitegen page also uses components written in JavaScript (snippets/components.jsx)")
    args = parser.parse_args()
    stats = write(args.out, args.pages, args.seed, author_components=args.author_components)
    print(json.dumps(stats, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
