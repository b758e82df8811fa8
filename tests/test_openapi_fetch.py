"""Remote OpenAPI documents: bounded fetches, the .sitegen-cache for offline rebuilds, and
files outside the project that a `$ref` or docs.json names are refused without being read.

A real HTTP server on 127.0.0.1 plays the remote side; it records every request it answers.
"""

from __future__ import annotations

import hashlib
import http.server
import json
import threading
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import yaml

from sitegen.errors import OpenAPIError
from sitegen.openapi import load_openapi
from sitegen.openapi.fetch import MAX_BYTES, fetch_text

from conftest import DevServer, run_sitegen

MARKER = "MARKER-outside-3f9c1e"  # in every file outside the project; must never show up

PLANT_SPEC = """\
openapi: 3.1.0
info:
  title: Plant Store
  version: "1.0"
paths:
  /plants:
    get:
      summary: List plants
      responses:
        "200":
          description: The plants in the store
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/Plant"
components:
  schemas:
    Plant:
      type: object
      properties:
        name:
          type: string
"""

SECRET = f"""\
Plant:
  type: object
  description: {MARKER}
"""


@dataclass
class Site:
    """What the fake remote server serves; tests change it between builds."""

    files: dict[str, bytes] = field(default_factory=dict)
    etags: dict[str, str] = field(default_factory=dict)
    redirects: dict[str, str] = field(default_factory=dict)
    errors: dict[str, tuple[int, bytes]] = field(default_factory=dict)
    requests: list[tuple[str, dict[str, str], int]] = field(default_factory=list)


class _Handler(http.server.BaseHTTPRequestHandler):
    server: _Server

    def do_GET(self) -> None:  # stdlib name
        site = self.server.site
        path = self.path
        if path in site.redirects:
            status, headers, body = 302, {"Location": site.redirects[path]}, b""
        elif path in site.errors:
            status, body = site.errors[path]
            headers = {"Content-Type": "text/plain"}
        elif path in site.files:
            etag = site.etags.get(path)
            if etag and self.headers.get("If-None-Match") == etag:
                status, headers, body = 304, {"ETag": etag}, b""
            else:
                status, body = 200, site.files[path]
                headers = {"Content-Type": "application/yaml; charset=utf-8"} | ({"ETag": etag} if etag else {})
        else:
            status, headers, body = 404, {}, b"no such file"
        site.requests.append((path, dict(self.headers), status))
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:  # stdlib signature
        pass


class _Server(http.server.ThreadingHTTPServer):
    site: Site


@dataclass
class Remote:
    site: Site
    url: str  # ending in '/'
    stop: Callable[[], None]


@pytest.fixture
def remote() -> Iterator[Remote]:
    server = _Server(("127.0.0.1", 0), _Handler)
    server.site = Site()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    stopped = False

    def stop() -> None:
        nonlocal stopped
        if not stopped:
            stopped = True
            server.shutdown()
            server.server_close()

    yield Remote(server.site, f"http://127.0.0.1:{server.server_address[1]}/", stop)
    stop()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project folder next to an outside file (tmp/secret.yaml) holding the marker."""
    root = tmp_path / "project"
    root.mkdir()
    (tmp_path / "secret.yaml").write_text(SECRET, encoding="utf-8")
    return root


def error_of(project: Path, sources: list[str], **kwargs: object) -> list[str]:
    with pytest.raises(OpenAPIError) as info:
        load_openapi(project, sources, **kwargs)  # type: ignore[arg-type]
    return info.value.messages


def cache_of(project: Path) -> Path:
    return project / ".sitegen-cache"


# --- fetching and the cache -------------------------------------------------------------


def test_first_fetch_is_cached_and_an_offline_rebuild_works(project: Path, remote: Remote) -> None:
    remote.site.files["/spec.yaml"] = PLANT_SPEC.encode()
    remote.site.etags["/spec.yaml"] = '"v1"'
    url = remote.url + "spec.yaml"
    cache = cache_of(project)

    catalog = load_openapi(project, [url], cache_dir=cache)
    assert [op.ref for op in catalog.operations()] == ["GET /plants"]
    assert (cache / ".gitignore").read_text().splitlines()[-1] == "*"
    metas = list((cache / "openapi").glob("*.json"))
    assert len(metas) == 1
    meta = json.loads(metas[0].read_text())
    assert (meta["url"], meta["etag"]) == (url, '"v1"') and meta["fetched_at"]
    assert metas[0].with_suffix(".body").read_text() == PLANT_SPEC

    remote.stop()
    notes: list[str] = []
    catalog = load_openapi(project, [url], cache_dir=cache, notes=notes)  # server gone: the cache serves
    assert catalog.find("GET /plants", "p.mdx").summary == "List plants"
    (note,) = notes
    assert note.startswith(f"{url}: cannot fetch OpenAPI file (")
    assert note.endswith(f"); used the cached copy fetched {meta['fetched_at']}")

    catalog = load_openapi(project, [url], cache_dir=cache, offline=True)  # offline: no attempt at all
    assert catalog.find("GET /plants", "p.mdx").summary == "List plants"


def test_offline_without_a_cached_copy_names_the_referring_spot(project: Path, remote: Remote) -> None:
    url = remote.url + "paths.yaml"
    spec = yaml.safe_load(PLANT_SPEC)
    spec["paths"] = {"/x": {"$ref": f"{url}#/x"}}
    (project / "openapi.yaml").write_text(yaml.safe_dump(spec))
    messages = error_of(project, ["openapi.yaml"], cache_dir=cache_of(project), offline=True)
    assert messages == [f"openapi.yaml: /paths/~1x/$ref: {url} is not in the cache and --offline forbids fetching"]
    assert remote.site.requests == []


def test_an_unchanged_document_is_revalidated_with_its_etag(project: Path, remote: Remote) -> None:
    remote.site.files["/spec.yaml"] = PLANT_SPEC.encode()
    remote.site.etags["/spec.yaml"] = '"v1"'
    url = remote.url + "spec.yaml"
    load_openapi(project, [url], cache_dir=cache_of(project))
    notes: list[str] = []
    catalog = load_openapi(project, [url], cache_dir=cache_of(project), notes=notes)
    assert catalog.find("GET /plants", "p.mdx").summary == "List plants"  # from the cache: the 304 had no body
    (_, first, first_status), (_, second, second_status) = remote.site.requests
    assert "If-None-Match" not in first and first_status == 200
    assert second["If-None-Match"] == '"v1"' and second_status == 304
    assert notes == []

    # A changed document (new ETag) replaces the cached copy.
    remote.site.files["/spec.yaml"] = PLANT_SPEC.replace("List plants", "List all plants").encode()
    remote.site.etags["/spec.yaml"] = '"v2"'
    assert load_openapi(project, [url], cache_dir=cache_of(project)).find(
        "GET /plants", "p.mdx").summary == "List all plants"
    remote.stop()
    assert load_openapi(project, [url], cache_dir=cache_of(project), offline=True).find(
        "GET /plants", "p.mdx").summary == "List all plants"


def test_a_response_over_the_size_limit_is_refused(project: Path, remote: Remote) -> None:
    remote.site.files["/huge.yaml"] = b"#" * (MAX_BYTES + 1)
    url = remote.url + "huge.yaml"
    assert error_of(project, [url], cache_dir=cache_of(project)) == [
        f"{url}: cannot fetch OpenAPI file: larger than the 20 MB limit"]
    assert not (cache_of(project) / "openapi").exists() or not any((cache_of(project) / "openapi").iterdir())
    remote.site.files["/exact.yaml"] = PLANT_SPEC.encode()  # the limit itself is allowed
    text = fetch_text(remote.url + "exact.yaml", cache_dir=None, offline=False, referrer=None,
                      max_bytes=len(PLANT_SPEC)).text
    assert text == PLANT_SPEC


def test_redirects_only_to_http_and_only_a_few(project: Path, remote: Remote, tmp_path: Path) -> None:
    remote.site.files["/spec.yaml"] = PLANT_SPEC.encode()
    remote.site.redirects["/old.yaml"] = "/spec.yaml"
    catalog = load_openapi(project, [remote.url + "old.yaml"])
    assert [op.ref for op in catalog.operations()] == ["GET /plants"]

    remote.site.redirects["/sneaky.yaml"] = (tmp_path / "secret.yaml").as_uri()
    url = remote.url + "sneaky.yaml"
    messages = error_of(project, [url])
    assert messages == [f"{url}: cannot fetch OpenAPI file: HTTP 302 redirect to a 'file:' URL refused "
                        "(only http and https)"]
    assert MARKER not in str(messages)

    for hop in range(8):
        remote.site.redirects[f"/loop{hop}.yaml"] = f"/loop{hop + 1}.yaml"
    url = remote.url + "loop0.yaml"
    assert error_of(project, [url]) == [f"{url}: cannot fetch OpenAPI file: HTTP 302 more than 5 redirects"]


def test_the_body_of_an_error_response_is_never_echoed(project: Path, remote: Remote) -> None:
    remote.site.errors["/spec.yaml"] = (500, f"Traceback: {MARKER}".encode())
    url = remote.url + "spec.yaml"
    messages = error_of(project, [url], cache_dir=cache_of(project))
    assert messages == [f"{url}: cannot fetch OpenAPI file: HTTP 500 Internal Server Error"]

    # With a cached copy, a failing server is a note and the cached copy is used.
    del remote.site.errors["/spec.yaml"]
    remote.site.files["/spec.yaml"] = PLANT_SPEC.encode()
    load_openapi(project, [url], cache_dir=cache_of(project))
    remote.site.errors["/spec.yaml"] = (503, MARKER.encode())
    notes: list[str] = []
    load_openapi(project, [url], cache_dir=cache_of(project), notes=notes)
    (note,) = notes
    assert note.startswith(f"{url}: cannot fetch OpenAPI file (HTTP 503 Service Unavailable); used the cached copy")
    assert MARKER not in note


def test_a_planted_symlink_in_the_cache_is_not_followed(project: Path, tmp_path: Path) -> None:
    url = "https://plants.example.com/spec.yaml"
    fetch = {"cache_dir": cache_of(project), "offline": True}
    folder = cache_of(project) / "openapi"
    folder.mkdir(parents=True)
    key = hashlib.sha256(url.encode()).hexdigest()
    (folder / f"{key}.json").write_text(json.dumps({"url": url, "fetched_at": "2024-01-01"}))
    (folder / f"{key}.body").symlink_to(tmp_path / "secret.yaml")
    messages = error_of(project, [url], **fetch)
    assert messages == [f"{url} is not in the cache and --offline forbids fetching"]


# --- files outside the project ----------------------------------------------------------


def spec_with_ref(ref: str) -> str:
    spec = yaml.safe_load(PLANT_SPEC)
    spec["components"]["schemas"]["Plant"] = {"$ref": ref}
    return yaml.safe_dump(spec, sort_keys=False)


@pytest.mark.parametrize("style", ["relative", "absolute", "file-uri"])
def test_a_ref_outside_the_project_is_refused_unread(project: Path, tmp_path: Path, style: str) -> None:
    secret = tmp_path / "secret.yaml"
    ref = {"relative": "../secret.yaml", "absolute": str(secret), "file-uri": secret.as_uri()}[style] + "#/Plant"
    (project / "openapi.yaml").write_text(spec_with_ref(ref))
    messages = error_of(project, ["openapi.yaml"])
    assert messages == [f"openapi.yaml: /components/schemas/Plant/$ref: '{ref}' is outside the project; not read"]
    assert MARKER not in str(messages)


def test_a_remote_document_cannot_ref_a_local_file(project: Path, remote: Remote, tmp_path: Path) -> None:
    ref = (tmp_path / "secret.yaml").as_uri() + "#/Plant"
    remote.site.files["/spec.yaml"] = spec_with_ref(ref).encode()
    url = remote.url + "spec.yaml"
    messages = error_of(project, [url])
    assert messages == [f"{url}: /components/schemas/Plant/$ref: '{ref}' is outside the project; not read"]


def test_a_docs_json_entry_outside_the_project_is_refused(project: Path, tmp_path: Path) -> None:
    assert error_of(project, ["../secret.yaml"]) == [
        "docs.json: openapi: '../secret.yaml' is outside the project; not read"]
    assert error_of(project, [str(tmp_path / "secret.yaml")]) == [
        f"docs.json: openapi: '{tmp_path / 'secret.yaml'}' is outside the project; not read"]


def test_symlinks_are_judged_by_where_they_lead(project: Path, tmp_path: Path) -> None:
    (project / "outside.yaml").symlink_to(tmp_path / "secret.yaml")
    (project / "openapi.yaml").write_text(spec_with_ref("outside.yaml#/Plant"))
    messages = error_of(project, ["openapi.yaml"])
    assert messages == ["openapi.yaml: /components/schemas/Plant/$ref: 'outside.yaml#/Plant' is outside the project; "
                        "not read"]
    (project / "api.yaml").symlink_to(tmp_path / "secret.yaml")
    assert error_of(project, ["api.yaml"]) == ["docs.json: openapi: 'api.yaml' is outside the project; not read"]
    assert MARKER not in str(messages)

    # Links that stay inside the project keep working, for the spec and for a $ref.
    (project / "schemas").mkdir()
    (project / "schemas" / "plant.yaml").write_text("Plant:\n  type: object\n  description: A potted plant\n")
    (project / "plant-link.yaml").symlink_to(project / "schemas" / "plant.yaml")
    (project / "real.yaml").write_text(spec_with_ref("plant-link.yaml#/Plant"))
    (project / "spec-link.yaml").symlink_to(project / "real.yaml")
    op = load_openapi(project, ["spec-link.yaml"]).find("GET /plants", "p.mdx")
    schema = op.responses[0].primary.schema  # type: ignore[union-attr]
    assert schema is not None and schema.description == "A potted plant"


def test_serve_offline_never_fetches_and_serves_the_cached_copy(
    project: Path, remote: Remote, dev_server: Callable[..., DevServer]
) -> None:
    remote.site.files["/spec.yaml"] = PLANT_SPEC.encode()
    url = remote.url + "spec.yaml"
    (project / "docs.json").write_text(json.dumps({
        "name": "Garden", "openapi": url, "navigation": [{"group": "API", "pages": ["list-plants"]}],
    }))
    (project / "list-plants.mdx").write_text("---\nopenapi: GET /plants\n---\n")

    server = dev_server(project, "--offline")  # nothing cached yet: the error is in the page
    assert server.status()["errors"] == [f"{url} is not in the cache and --offline forbids fetching"]
    assert remote.site.requests == []
    server.stop()

    assert run_sitegen("build", project).returncode == 0  # online: fetched once, into .sitegen-cache/
    assert [path for path, _, _ in remote.site.requests] == ["/spec.yaml"]
    remote.stop()
    server = dev_server(project, "--offline")
    assert server.status()["errors"] == []
    with urllib.request.urlopen(server.url + "list-plants/", timeout=30) as response:
        assert "List plants" in response.read().decode()
