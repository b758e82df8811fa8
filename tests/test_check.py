"""Broken references are warnings naming file, line and target; `--strict` fails the build;
`sitegen check` reports them (text or JSON) without writing a site; `--external` fetches links
from a real server on 127.0.0.1; redirects become static pages and a `_redirects` file."""

from __future__ import annotations

import http.server
import json
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import FIXTURES, copy_fixture, run_sitegen

OPENAPI = """openapi: 3.0.3
info: {title: Bins, version: "1"}
paths:
  /bins:
    get:
      summary: List bins
      responses: {"200": {description: OK}}
"""

QUICKSTART = """---
title: Quickstart
---

## Sort your scraps

Read [the setup guide](/guides/setup) first, then [the missing page](/guides/nowhere).
Check [the soil](guides/setup#soil) and jump to [compost](#compost).

![A full bin](/images/bin.png)
"""

SETUP = "---\ntitle: Setup\n---\n\n## Bins\n\nPut the bin in the shade.\n"
EMPTY_BIN = "---\nopenapi: DELETE /bins/{id}\n---\n\nEmpties a bin.\n"

REDIRECTS = [
    {"source": "/start", "destination": "/quickstart"},
    {"source": "/old-setup", "destination": "/guides/nowhere"},
    {"source": "/quickstart", "destination": "/guides/setup"},
]
NAVIGATION = [
    {"group": "Start", "pages": ["quickstart", "guides/setup", "guides/missing"]},
    {"group": "API", "pages": ["api/empty-bin"]},
]
# Written the way people write docs.json (one entry a line): the line numbers below count on it.
CONFIG_TEXT = "\n".join([
    "{",
    '  "name": "Compost Co",',
    '  "navigation": [',
    *[f"    {json.dumps(group)}," for group in NAVIGATION[:-1]], f"    {json.dumps(NAVIGATION[-1])}",
    "  ],",
    '  "openapi": "openapi.yaml",',
    '  "redirects": [',
    *[f"    {json.dumps(redirect)}," for redirect in REDIRECTS[:-1]], f"    {json.dumps(REDIRECTS[-1])}",
    "  ]",
    "}",
    "",
])
CONFIG: dict[str, Any] = json.loads(CONFIG_TEXT)

# Every kind of broken reference, in the order the build finds them.
BROKEN = [
    "content/api/empty-bin.mdx:2: openapi: 'DELETE /bins/{id}' matches no operation in openapi.yaml; "
    "built as a plain page",
    "docs.json:4: navigation[0].pages[2]: page 'guides/missing' not found "
    "(looked for content/guides/missing.md, .mdx); left out of the navigation",
    "content/quickstart.mdx:7: link '/guides/nowhere' points to no page or file; left as written",
    "content/quickstart.mdx:10: image '/images/bin.png' not found (looked in content/ and the project root); "
    "left as written",
    "content/quickstart.mdx:8: link to 'guides/setup#soil': no heading 'soil' on that page; link kept",
    "content/quickstart.mdx:8: link to '#compost': no heading 'compost' on this page; link kept",
    "docs.json:10: redirects[1].destination: '/guides/nowhere' is no page; the redirect points there anyway",
    "docs.json:11: redirects[2].source: '/quickstart' is also a page; the page is kept and no redirect is written",
]


@pytest.fixture
def broken(make_project: Callable[..., Path]) -> Path:
    return make_project(CONFIG_TEXT, {"quickstart.mdx": QUICKSTART, "guides/setup.mdx": SETUP,
                                 "api/empty-bin.mdx": EMPTY_BIN, "/openapi.yaml": OPENAPI})


def test_every_broken_reference_is_a_warning_naming_file_line_and_target(broken: Path) -> None:
    result = run_sitegen("build", broken)
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == [f"warning: {message}" for message in BROKEN]
    assert " with 8 warnings -> " in result.stdout


def test_strict_turns_each_broken_reference_into_an_error(broken: Path) -> None:
    result = run_sitegen("build", broken, "--strict")
    assert result.returncode == 1
    assert result.stderr.splitlines() == [f"error: {message} (--strict)" for message in BROKEN]
    assert not (broken / "site").exists()


def test_check_prints_each_problem_and_a_summary_and_writes_nothing(broken: Path) -> None:
    before = sorted(path.relative_to(broken) for path in broken.rglob("*"))
    result = run_sitegen("check", broken)
    assert result.returncode == 1, result.stderr
    assert result.stdout.splitlines() == [
        "warning: content/api/empty-bin.mdx:2: openapi: 'DELETE /bins/{id}' matches no operation in openapi.yaml; "
        "built as a plain page",
        "warning: content/quickstart.mdx:7: link '/guides/nowhere' points to no page or file; left as written",
        "warning: content/quickstart.mdx:8: link to 'guides/setup#soil': no heading 'soil' on that page; link kept",
        "warning: content/quickstart.mdx:8: link to '#compost': no heading 'compost' on this page; link kept",
        "warning: content/quickstart.mdx:10: image '/images/bin.png' not found (looked in content/ and the project "
        "root); left as written",
        "warning: docs.json:4: navigation[0].pages[2]: page 'guides/missing' not found "
        "(looked for content/guides/missing.md, .mdx); left out of the navigation",
        "warning: docs.json:10: redirects[1].destination: '/guides/nowhere' is no page; the redirect points there "
        "anyway",
        "warning: docs.json:11: redirects[2].source: '/quickstart' is also a page; the page is kept and no redirect "
        "is written",
        "Checked 3 pages: 8 problems (8 warnings)",
    ]
    assert result.stderr == ""
    # no site folder, no cache, nothing else
    assert sorted(path.relative_to(broken) for path in broken.rglob("*")) == before


def test_check_json_names_file_line_kind_and_target(broken: Path) -> None:
    result = run_sitegen("check", broken, "--format", "json")
    assert result.returncode == 1, result.stderr
    report = json.loads(result.stdout)
    assert [(p["file"], p["line"], p["kind"], p["target"], p["severity"]) for p in report["problems"]] == [
        ("content/api/empty-bin.mdx", 2, "openapi", "DELETE /bins/{id}", "warning"),
        ("content/quickstart.mdx", 7, "link", "/guides/nowhere", "warning"),
        ("content/quickstart.mdx", 8, "anchor", "guides/setup#soil", "warning"),
        ("content/quickstart.mdx", 8, "anchor", "#compost", "warning"),
        ("content/quickstart.mdx", 10, "image", "/images/bin.png", "warning"),
        ("docs.json", 4, "navigation", "guides/missing", "warning"),
        ("docs.json", 10, "redirect", "/guides/nowhere", "warning"),
        ("docs.json", 11, "redirect", "/quickstart", "warning"),
    ]
    assert report["problems"][1]["message"] == "link '/guides/nowhere' points to no page or file; left as written"
    assert report["summary"] == {
        "pages": 3, "problems": 8, "errors": 0, "warnings": 8, "external_links": 0,
        "kinds": {"anchor": 2, "image": 1, "link": 1, "navigation": 1, "openapi": 1, "redirect": 2},
    }
    assert not (broken / "site").exists()


def test_check_of_a_clean_project_exits_0(make_project: Callable[..., Path]) -> None:
    project = make_project({"name": "Compost Co", "navigation": [{"group": "Start", "pages": ["quickstart"]}]},
                           {"quickstart.mdx": "---\ntitle: Quickstart\n---\n\n## Soil\n\nSee [soil](#soil).\n"})
    result = run_sitegen("check", project)
    assert (result.returncode, result.stdout, result.stderr) == (0, "Checked 1 page: no problems\n", "")
    report = json.loads(run_sitegen("check", project, "--format", "json").stdout)
    assert report == {"problems": [], "summary": {"pages": 1, "problems": 0, "errors": 0, "warnings": 0,
                                                  "external_links": 0, "kinds": {}}}


def test_check_reports_what_stops_a_build_as_errors(make_project: Callable[..., Path]) -> None:
    project = make_project('{\n  "name": "Compost Co",\n  "navigation": [\n}\n', {"quickstart.mdx": "Hi"})
    result = run_sitegen("check", project, "--format", "json")
    assert result.returncode == 1, result.stderr
    report = json.loads(result.stdout)
    assert [(p["file"], p["line"], p["kind"], p["severity"]) for p in report["problems"]] == [
        ("docs.json", 4, "config", "error")]
    assert report["summary"]["errors"] == 1
    text = run_sitegen("check", project)
    assert text.stdout.splitlines()[-1] == "Checked 0 pages: 1 problem (1 error)"
    assert text.stdout.startswith("error: docs.json:4:")
    assert "Traceback" not in text.stderr


def test_docs_json_warnings_get_their_line_in_check(make_project: Callable[..., Path]) -> None:
    config = {"name": "Compost Co", "layoutExperiment": "v2", "navigation": [{"group": "Start", "pages": ["a"]}]}
    project = make_project(config, {"a.mdx": "A"})
    assert run_sitegen("build", project).stderr.splitlines() == ["warning: docs.json: layoutExperiment: unknown key"]
    assert run_sitegen("check", project).stdout.splitlines()[0] == "warning: docs.json:3: layoutExperiment: unknown key"


# --- redirects -----------------------------------------------------------------------------

def test_redirects_are_static_pages_and_host_rules(make_project: Callable[..., Path]) -> None:
    config = {**CONFIG, "redirects": [
        {"source": "/start", "destination": "/quickstart#sort-your-scraps"},
        {"source": "/beta/:slug*", "destination": "/guides/:slug*"},
        {"source": "/blog/:year/:slug", "destination": "https://blog.example.com/:year/:slug", "permanent": False},
        {"source": "/articles/bins-*", "destination": "/guides/setup"},
        {"source": "/old-api", "destination": "https://api.example.com/docs"},
    ]}
    project = make_project(config, {"quickstart.mdx": "---\ntitle: Quickstart\n---\n\n## Sort your scraps\n",
                                    "guides/setup.mdx": SETUP, "api/empty-bin.mdx": "# Empty",
                                    "/openapi.yaml": OPENAPI})
    result = run_sitegen("build", project)
    assert result.returncode == 0, result.stderr
    assert "redirect" not in result.stderr  # patterns are no warning: they are in _redirects
    site = project / "site"
    assert (site / "_redirects").read_text() == (
        "/start /quickstart/#sort-your-scraps 308\n"
        "/beta/* /guides/:splat 308\n"
        "/blog/:year/:slug https://blog.example.com/:year/:slug 307\n"
        "/articles/bins-* /guides/setup/ 308\n"
        "/old-api https://api.example.com/docs 308\n"
    )
    start = (site / "start/index.html").read_text()
    assert '<meta http-equiv="refresh" content="0; url=../quickstart/#sort-your-scraps">' in start
    assert '<link rel="canonical" href="../quickstart/#sort-your-scraps">' in start
    assert '<a href="../quickstart/#sort-your-scraps">' in start
    assert 'url=https://api.example.com/docs"' in (site / "old-api/index.html").read_text()
    # a pattern has no static page: only a host's rules can serve it
    assert not (site / "beta").exists() and not (site / "blog").exists() and not (site / "articles").exists()


def test_a_site_without_redirects_has_no_host_rules(make_project: Callable[..., Path]) -> None:
    project = make_project({"name": "Compost Co", "navigation": [{"group": "Start", "pages": ["a"]}]}, {"a.mdx": "A"})
    assert run_sitegen("build", project).returncode == 0
    assert not (project / "site/_redirects").exists()


def test_messy_repository_wildcard_redirect_goes_to_host_rules(tmp_path: Path) -> None:
    result = run_sitegen("build", copy_fixture(FIXTURES / "mintlify" / "messy", tmp_path), "--out", tmp_path / "site")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "site/_redirects").read_text() == (
        "/getting-started /introduction/ 308\n/old/* /guides/:splat 308\n")


# --- external links ---------------------------------------------------------------------------

class LinkServer:
    """What the link server saw: each request, and the most requests it answered at once."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.requests: list[tuple[str, str]] = []
        self.in_flight = 0
        self.most_at_once = 0
        self.release = threading.Event()  # lets /hang answer (at teardown)
        self.url = ""


# path -> (status, headers) the link server always answers with
_FIXED_ANSWERS: dict[str, tuple[int, dict[str, str]]] = {
    "/missing": (404, {}),
    "/moved": (301, {"Location": "/new-home"}),
    "/to-file": (302, {"Location": "file:///etc/passwd"}),
}


def _handler(state: LinkServer) -> type[http.server.BaseHTTPRequestHandler]:
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_HEAD(self) -> None:  # stdlib naming
            self._answer()

        def do_GET(self) -> None:  # stdlib naming
            self._answer()

        def _answer(self) -> None:
            with state.lock:
                state.requests.append((self.command, self.path))
            if self.path == "/ok" and self.command == "HEAD":
                return self._send(405)  # HEAD refused: the checker asks again with GET
            if self.path in _FIXED_ANSWERS:
                return self._send(*_FIXED_ANSWERS[self.path])
            if self.path == "/hang":
                state.release.wait(30)
                return self._send(200)
            if self.path.startswith("/slow/"):
                with state.lock:
                    state.in_flight += 1
                    state.most_at_once = max(state.most_at_once, state.in_flight)
                time.sleep(0.4)  # long enough for the checker to start every request it may
                with state.lock:
                    state.in_flight -= 1
            return self._send(200)

        def _send(self, status: int, headers: dict[str, str] | None = None) -> None:
            body = b"compost" if status == 200 else b""
            self.send_response(status)
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command == "GET":
                self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:  # stdlib signature
            pass

    return Handler


@pytest.fixture
def link_server() -> Iterator[LinkServer]:
    state = LinkServer()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    state.url = f"http://127.0.0.1:{server.server_address[1]}"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield state
    state.release.set()
    server.shutdown()
    server.server_close()


def test_check_external_fetches_each_link_and_reports_the_broken_ones(
    make_project: Callable[..., Path], link_server: LinkServer
) -> None:
    url = link_server.url
    config = {"name": "Compost Co", "navigation": [{"group": "Start", "pages": ["links"]}],
              "topbarLinks": [{"name": "Status", "url": f"{url}/missing"}]}
    page = (f"---\ntitle: Links\n---\n\n[fine]({url}/ok) and [fine again]({url}/ok)\n\n[gone]({url}/missing)\n\n"
            f"[stuck]({url}/hang)\n\n[moved]({url}/moved)\n\n[sneaky]({url}/to-file)\n")
    project = make_project(config, {"links.mdx": page})

    plain = run_sitegen("check", project)  # external links are not fetched by default
    assert (plain.returncode, plain.stdout) == (0, "Checked 1 page: no problems\n")
    assert run_sitegen("build", project).returncode == 0
    assert link_server.requests == []

    result = run_sitegen("check", project, "--external", "--timeout", "2")
    assert result.returncode == 1, result.stderr
    assert result.stdout.splitlines() == [
        f"warning: content/links.mdx:7: external link '{url}/missing': HTTP 404",
        f"warning: content/links.mdx:9: external link '{url}/hang': no answer within 2 s",
        f"warning: content/links.mdx:13: external link '{url}/to-file': HTTP 302 redirect to a 'file:' URL; "
        "not followed",
        f"warning: docs.json:14: topbarLinks[0].url: external link '{url}/missing': HTTP 404",
        "Checked 1 page and 5 external links: 4 problems (4 warnings)",
    ]
    seen = link_server.requests
    assert seen.count(("HEAD", "/ok")) == 1  # one fetch for a link found twice
    assert seen.index(("HEAD", "/ok")) < seen.index(("GET", "/ok"))  # GET when HEAD is refused
    assert ("HEAD", "/moved") in seen and ("HEAD", "/new-home") in seen  # a redirect is followed
    report = json.loads(run_sitegen("check", project, "--external", "--timeout", "2", "--format", "json").stdout)
    assert [(p["file"], p["line"], p["kind"], p["target"]) for p in report["problems"]] == [
        ("content/links.mdx", 7, "external", f"{url}/missing"),
        ("content/links.mdx", 9, "external", f"{url}/hang"),
        ("content/links.mdx", 13, "external", f"{url}/to-file"),
        ("docs.json", 14, "external", f"{url}/missing"),
    ]
    assert report["summary"]["external_links"] == 5


def test_check_external_keeps_to_the_per_host_limit(
    make_project: Callable[..., Path], link_server: LinkServer
) -> None:
    links = "\n\n".join(f"[bin {n}]({link_server.url}/slow/{n})" for n in range(8))
    project = make_project({"name": "Compost Co", "navigation": [{"group": "Start", "pages": ["bins"]}]},
                           {"bins.mdx": f"---\ntitle: Bins\n---\n\n{links}\n"})
    result = run_sitegen("check", project, "--external", "--per-host", "2", "--concurrency", "10")
    assert (result.returncode, result.stdout) == (0, "Checked 1 page and 8 external links: no problems\n")
    assert len(link_server.requests) == 8
    assert link_server.most_at_once == 2  # never more than the limit, and the limit is used


def test_check_refuses_a_bad_limit(make_project: Callable[..., Path]) -> None:
    project = make_project({"name": "Compost Co", "navigation": [{"group": "Start", "pages": ["a"]}]}, {"a.mdx": "A"})
    result = run_sitegen("check", project, "--external", "--per-host", "0")
    assert result.returncode == 2
    assert "argument --per-host: '0' is not a whole number of at least 1" in result.stderr
