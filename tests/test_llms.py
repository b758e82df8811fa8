"""The site for language models: each page's Markdown beside its HTML, llms.txt and
llms-full.txt (real builds through the CLI, files read from disk)."""

from __future__ import annotations

import contextlib
import sqlite3
import urllib.request
from collections.abc import Callable
from pathlib import Path

from conftest import DevServer, run_sitegen

CONFIG = {
    "name": "Acme Garden",
    "description": "Docs for the Acme Garden API.",
    "navigation": [
        {"group": "Start", "pages": ["intro", "quickstart", "changelog"]},
        {"group": "Guides", "pages": ["guides/watering", {"group": "Advanced", "pages": ["guides/soil"]}]},
        {"group": "API", "pages": ["api/create-plant"]},
    ],
    "openapi": "openapi.yaml",
}

OPENAPI = """openapi: 3.1.0
info: {title: Garden, version: "1.0"}
servers: [{url: "https://api.garden.example"}]
components:
  securitySchemes:
    bearer: {type: http, scheme: bearer}
security: [{bearer: []}]
paths:
  /plants:
    post:
      summary: Create a plant
      description: Stores a new plant.
      parameters:
        - {name: dry_run, in: query, schema: {type: boolean}, description: Check without storing.}
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [name]
              properties:
                name: {type: string, description: "The plant's name, as on its [label](https://garden.example/labels)."}
      responses:
        "201":
          description: The stored plant, with its **id**.
          content:
            application/json:
              schema:
                type: object
                properties:
                  id:
                    type: string
                    description: |
                      Assigned by the server.

                      Quote it in `GET /plants/{id}`.
"""

PAGES = {
    "intro.mdx": "---\ntitle: Introduction\ndescription: What the garden API does.\n---\n\n"
                 "Welcome to the **garden**. See [the quickstart](/quickstart).\n",
    "quickstart.mdx": """---
title: Quickstart
description: Plant your first seed.
---
import Soil from '/snippets/soil.mdx';
export const pot = "terracotta";

The pot is {pot}.

<Note>Water **daily** in summer.</Note>

<Warning title="Careful">Never overwater.</Warning>

<Steps>
  <Step title="Dig">Make a hole.</Step>
  <Step title="Plant">Put the seed in.</Step>
</Steps>

<Tabs>
  <Tab title="Python">
    ```python plant.py
    plant("fern")
    ```
  </Tab>
  <Tab title="Shell">Run `garden plant fern`.</Tab>
</Tabs>

<CodeGroup>
```bash install.sh
pip install garden
```
```js app.js
garden.plant("fern")
```
</CodeGroup>

<CardGroup cols={2}>
  <Card title="Watering" href="/guides/watering">How often to water.</Card>
</CardGroup>

<AccordionGroup>
  <Accordion title="Why seeds?">Seeds are cheap.</Accordion>
</AccordionGroup>

<ParamField query="depth" type="integer" required>How deep to dig, in cm.</ParamField>

<ResponseField name="id" type="string">The plant's id.</ResponseField>

<Frame caption="A fern">
  <img src="/images/fern.png" alt="Fern" />
</Frame>

<Soil />

| Plant | Light |
| --- | --- |
| Fern | shade |
""",
    "/snippets/soil.mdx": "Use **potting mix** from the shed.\n",
    "/images/fern.png": b"\x89PNG\r\n\x1a\n",
    "changelog.mdx": "---\ntitle: Changelog\nurl: https://github.com/acme/garden/releases\n"
                     "description: Releases on GitHub.\n---\n\nSee GitHub.\n",
    "guides/watering.md": "---\ntitle: Watering\ndescription: How often to water.\n---\n\n"
                          "Back to the [intro](../intro).\n",
    "guides/soil.md": "---\ntitle: Soil\n---\n\nLoam is best.\n",
    "hidden.md": "---\ntitle: Secret\nhidden: true\n---\n\nNot in the navigation.\n",
    "quiet.md": "---\ntitle: Quiet\nnoindex: true\n---\n\nAsks robots to stay away.\n",
    "api/create-plant.mdx": "---\nopenapi: POST /plants\n---\n",
    "/openapi.yaml": OPENAPI,
}


def _build(make_project: Callable[..., Path]) -> Path:
    project = make_project(CONFIG, PAGES)
    done = run_sitegen("build", project, "--no-cache")
    assert done.returncode == 0, done.stderr
    return project / "site"


def test_each_page_has_its_markdown_beside_its_html(make_project: Callable[..., Path]) -> None:
    site = _build(make_project)
    built = sorted(str(path.relative_to(site)) for path in site.rglob("index.html"))
    markdown = sorted(str(path.relative_to(site)) for path in site.rglob("index.md"))
    assert markdown == [path.removesuffix(".html") + ".md" for path in built]
    assert "hidden/index.md" in markdown and "quiet/index.md" in markdown  # written, not listed
    assert (site / "intro/index.md").read_text() == (
        "# Introduction\n\n> What the garden API does.\n\n"
        "Welcome to the **garden**. See [the quickstart](../quickstart/).\n")
    # The home page's copy at the site root has its own Markdown with links from the root.
    assert (site / "index.md").read_text().endswith("See [the quickstart](quickstart/).\n")


def test_each_pages_markdown_is_also_at_its_url_plus_md(make_project: Callable[..., Path],
                                                       static_server: Callable[[Path], str]) -> None:
    # Mintlify's export path: /guides/watering -> /guides/watering.md, links relative to /guides/.
    project = make_project(CONFIG, PAGES)
    site = project / "site"
    for _ in range(2):  # the second build takes the pages from the build cache
        done = run_sitegen("build", project)
        assert done.returncode == 0, done.stderr
        built = sorted(str(path.relative_to(site)) for path in site.rglob("index.html") if path.parent != site)
        at_url = sorted(str(path.relative_to(site)) for path in site.rglob("*.md") if path.name != "index.md")
        assert at_url == [path.removesuffix("/index.html") + ".md" for path in built]
        assert (site / "guides/watering.md").read_text() == (
            "# Watering\n\n> How often to water.\n\nBack to the [intro](../intro/).\n")
        assert (site / "intro.md").read_text() == (site / "intro/index.md").read_text().replace("../quickstart/",
                                                                                             "quickstart/")
    base = static_server(site)
    with urllib.request.urlopen(base + "guides/watering.md", timeout=30) as response:
        assert response.read().decode().endswith("Back to the [intro](../intro/).\n")
    with urllib.request.urlopen(base + "api/create-plant.md", timeout=30) as response:
        assert response.read().decode().startswith("# Create a plant\n")


def test_mdx_components_become_readable_markdown(make_project: Callable[..., Path]) -> None:
    text = (_build(make_project) / "quickstart/index.md").read_text()
    expected = """# Quickstart

> Plant your first seed.

The pot is terracotta.

> **Note**
>
> Water **daily** in summer.

> **Careful**
>
> Never overwater.

1. **Dig**

   Make a hole.

2. **Plant**

   Put the seed in.

**Python**

```python plant.py
plant("fern")
```

**Shell**

Run `garden plant fern`.

```bash install.sh
pip install garden
```

```js app.js
garden.plant("fern")
```

**[Watering](../guides/watering/)**

How often to water.

**Why seeds?**

Seeds are cheap.

- `depth` (integer, required): How deep to dig, in cm.

- `id` (string): The plant's id.

![Fern](../images/fern.png)

*A fern*

Use **potting mix** from the shed.

| Plant | Light |
| --- | --- |
| Fern | shade |
"""
    assert text == expected
    assert "import" not in text and "export" not in text


def test_api_page_markdown_is_the_operation(make_project: Callable[..., Path]) -> None:
    text = (_build(make_project) / "api/create-plant/index.md").read_text()
    assert text.startswith("# Create a plant\n\n> Stores a new plant.\n\n**POST** `/plants`\n\n"
                           "Base URL: `https://api.garden.example`\n\n")
    assert "## Authorization\n\nBearer token: `Authorization: Bearer <token>`" in text
    assert "## Query parameters\n\n- `dry_run` (boolean): Check without storing." in text
    assert "## Request body\n\n`application/json` (required)" in text
    # Descriptions come from the spec's Markdown, links and emphasis kept.
    assert "- `name` (string, required): The plant's name, as on its [label](https://garden.example/labels)." in text
    assert "## Responses\n\n### 201\n\nThe stored plant, with its **id**." in text
    # A multi-paragraph field description stays inside its list item.
    assert "- `id` (string): Assigned by the server.\n\n  Quote it in `GET /plants/{id}`." in text
    example = text.split("## Example request\n\n", 1)[1]
    assert example == ("```bash\ncurl --request POST \\\n  --url 'https://api.garden.example/plants' \\\n"
                       "  --header 'Authorization: Bearer <token>' \\\n  --header 'Content-Type: application/json' \\\n"
                       "  --data '{\n  \"name\": \"string\"\n}'\n```\n")


def test_llms_txt_lists_the_navigation(make_project: Callable[..., Path]) -> None:
    site = _build(make_project)
    assert (site / "llms.txt").read_text() == """# Acme Garden

> Docs for the Acme Garden API.

## Start

- [Introduction](intro/index.md): What the garden API does.
- [Quickstart](quickstart/index.md): Plant your first seed.
- [Changelog](https://github.com/acme/garden/releases): Releases on GitHub.

## Guides

- [Watering](guides/watering/index.md): How often to water.
- Advanced
  - [Soil](guides/soil/index.md)

## API

- [Create a plant](api/create-plant/index.md): Stores a new plant.
"""
    # Every listed Markdown file exists.
    for line in (site / "llms.txt").read_text().splitlines():
        if "](" in line and "https://" not in line:
            assert (site / line.split("](")[1].split(")")[0]).is_file()


def test_llms_full_txt_holds_every_listed_page_once(make_project: Callable[..., Path]) -> None:
    site = _build(make_project)
    full = (site / "llms-full.txt").read_text()
    titles = [line for line in full.splitlines() if line.startswith("# ")]
    # Navigation order; the external `url:` entry, hidden and noindex pages are left out.
    assert titles == ["# Introduction", "# Quickstart", "# Watering", "# Soil", "# Create a plant"]
    # Links are relative to the site root, where llms-full.txt is.
    assert "See [the quickstart](quickstart/)." in full
    assert "Back to the [intro](intro/)." in full
    assert "![Fern](images/fern.png)" in full
    assert "Not in the navigation" not in full and "Asks robots" not in full and "See GitHub" not in full


def test_markdown_comes_from_the_build_cache_unchanged(make_project: Callable[..., Path]) -> None:
    project = make_project(CONFIG, PAGES)
    assert run_sitegen("build", project).returncode == 0
    site = project / "site"
    first = {path: (site / path).read_bytes() for path in ("quickstart/index.md", "llms.txt", "llms-full.txt")}
    with contextlib.closing(sqlite3.connect(project / ".sitegen-cache/build/pages.sqlite")) as db:
        assert db.execute("SELECT count(*) FROM pages").fetchone()[0] > 0  # entries were stored
    again = run_sitegen("build", project)
    assert again.returncode == 0, again.stderr
    assert {path: (site / path).read_bytes() for path in first} == first
    # An edit shows in the page's Markdown and in llms-full.txt on the next cached build.
    page = project / "content/guides/soil.md"
    page.write_text(page.read_text().replace("Loam is best.", "Clay holds water."))
    assert run_sitegen("build", project).returncode == 0
    assert "Clay holds water." in (site / "guides/soil/index.md").read_text()
    assert "Clay holds water." in (site / "llms-full.txt").read_text()


def test_the_dev_server_serves_markdown_and_llms_files(make_project: Callable[..., Path],
                                                       dev_server: Callable[..., DevServer]) -> None:
    project = make_project(CONFIG, PAGES)
    server = dev_server(project)
    with urllib.request.urlopen(server.url + "guides/watering/index.md", timeout=30) as response:
        assert response.read().decode() == ("# Watering\n\n> How often to water.\n\n"
                                            "Back to the [intro](../../intro/).\n")
    with urllib.request.urlopen(server.url + "guides/watering.md", timeout=30) as response:
        assert response.read().decode() == ("# Watering\n\n> How often to water.\n\n"
                                            "Back to the [intro](../intro/).\n")
        assert response.headers["Content-Type"] == "text/markdown; charset=utf-8"
    with urllib.request.urlopen(server.url + "llms.txt", timeout=30) as response:
        assert response.read().decode().startswith("# Acme Garden\n\n> Docs for the Acme Garden API.\n")


def test_control_characters_in_a_page_do_not_disturb_its_links(make_project: Callable[..., Path]) -> None:
    # The export keeps link targets apart behind \x01n\x02 marks; text holding such
    # characters falls back to writing the targets in place.
    pages = {**PAGES, "guides/soil.md": "---\ntitle: Soil\n---\n\nOdd \x010\x02 text \x017\x02, see [intro](/intro).\n"}
    project = make_project(CONFIG, pages)
    done = run_sitegen("build", project, "--no-cache")
    assert done.returncode == 0, done.stderr
    assert (project / "site/guides/soil/index.md").read_text() == "# Soil\n\nOdd 0 text 7, see [intro](../../intro/).\n"
    assert "Odd 0 text 7, see [intro](../../intro/)." in (project / "site/llms-full.txt").read_text()


def test_text_that_would_read_as_other_markdown_stays_text(make_project: Callable[..., Path]) -> None:
    # Escaped in the source, these lines are text; the .md keeps them text (a heading mark, a
    # list marker, a quote, HTML would each start a block there), and spaces written as
    # character references at a paragraph's ends stay so.
    lines = ["Beds are numbered:", "\\# 3 is the sunny one", "\\+ 5 cm of compost", "2\\) water daily",
             "3\\. weed weekly", "\\> not a quote", "\\<div> stays text", "\\--- is not a rule", "\\=== nor a heading"]
    page = "---\ntitle: Soil\n---\n\n" + "\n".join(lines) + "\n\n&#32;Spaces at both ends&#32;\n\nLoam is *best*.\n"
    project = make_project(CONFIG, {**PAGES, "guides/soil.md": page})
    done = run_sitegen("build", project, "--no-cache")
    assert done.returncode == 0, done.stderr
    assert (project / "site/guides/soil/index.md").read_text() == (
        "# Soil\n\nBeds are numbered:\n\\# 3 is the sunny one\n\\+ 5 cm of compost\n2\\) water daily\n"
        "3\\. weed weekly\n\\> not a quote\n\\<div> stays text\n--- is not a rule\n=== nor a heading\n\n"
        "&#32;Spaces at both ends&#32;\n\nLoam is *best*.\n")


def test_visibility_and_views_in_the_markdown(make_project: Callable[..., Path]) -> None:
    """The Markdown is what agents read: it keeps `for="agents"` content, which the HTML page
    leaves out, and leaves out `for="humans"` content; each View comes under its title."""
    page = """---
title: Watering
---

Water in the morning.

<Visibility for="humans">
Press the blue button in the dashboard.
</Visibility>

<Visibility for="agents">
Call `POST /waterings` with the plant's id.
</Visibility>

<View title="Python">
Use the Python client.
</View>
<View title="JavaScript">
Use the JavaScript client.
</View>
"""
    project = make_project({"name": "Garden", "navigation": [{"group": "G", "pages": ["watering"]}]},
                           {"watering.mdx": page})
    done = run_sitegen("build", project, "--no-cache")
    assert done.returncode == 0, done.stderr
    site = project / "site"
    assert (site / "watering/index.md").read_text() == (
        "# Watering\n\nWater in the morning.\n\nCall `POST /waterings` with the plant's id.\n\n"
        "**Python**\n\nUse the Python client.\n\n**JavaScript**\n\nUse the JavaScript client.\n")
    html = (site / "watering/index.html").read_text()
    assert "Press the blue button" in html and "POST /waterings" not in html


def test_code_escapes_breaks_tables_and_lists_in_the_markdown(make_project: Callable[..., Path]) -> None:
    # Each construct as a reader would type it again: code spans and fences long enough for the
    # backticks inside, text escaped where it would otherwise read as markup (and only there), a
    # hard break in a heading, table cells with a pipe and a component, two lists in a row.
    page = r"""---
title: Potting
---

Use `mix`, ``a`b`` and `` ` `` in code; a `  padded  ` span too.

Escaped in the source: \*not emphasis\*, snake_case, 5 &lt; 6, &amp;copy; and AT&amp;T.

Wow\![the intro](/intro) and ![a fern](/images/fern.png).

Line one\
line two
===

| Tool | Tip |
| --- | --- |
| `a\|b` | pipes |
| <Tooltip tip="sharp">trowel</Tooltip> | hover |
| **fork** | dig [deep](/intro) |

- tight
- list

* another
* list

```python
print("```")
```

````
```
nested
```
````
"""
    project = make_project({"name": "Garden", "navigation": [{"group": "G", "pages": ["potting", "intro"]}]},
                           {"potting.mdx": page, "intro.md": "# Intro\n", "/images/fern.png": b"\x89PNG\r\n\x1a\n"})
    done = run_sitegen("build", project, "--no-cache")
    assert done.returncode == 0, done.stderr
    assert (project / "site/potting/index.md").read_text() == """# Potting

Use `mix`, `` a`b `` and `` ` `` in code; a `  padded  ` span too.

Escaped in the source: \\*not emphasis\\*, snake_case, 5 < 6, \\&copy; and AT&T.

Wow\\![the intro](../intro/) and ![a fern](../images/fern.png).

# Line one<br /> line two

| Tool | Tip |
| --- | --- |
| `a\\|b` | pipes |
| trowel (sharp) | hover |
| **fork** | dig [deep](../intro/) |

- tight
- list

* another
* list

````python
print("```")
````

````
```
nested
```
````
"""
