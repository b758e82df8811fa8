"""A page's `openapi: FILE METHOD /path` naming an OpenAPI file that docs.json does not list:
found anywhere in the project, as on Mintlify; never outside it."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from conftest import run_sitegen

LISTED = {  # the one document docs.json lists
    "openapi": "3.0.3", "info": {"title": "Plants", "version": "1.0"},
    "paths": {"/plants": {"get": {"summary": "List plants", "responses": {"200": {"description": "OK"}}}}},
}
READINGS = {  # in a subfolder, named only by pages
    "openapi": "3.0.3", "info": {"title": "Greenhouse sensors", "version": "2.0"},
    "paths": {"/readings": {"get": {
        "summary": "List sensor readings",
        "parameters": [{"name": "since", "in": "query", "description": "Only readings taken after this moment",
                        "schema": {"type": "string", "format": "date-time"}}],
        "responses": {"200": {"description": "The readings"}}}}},
}
SECRET = {
    "openapi": "3.0.3", "info": {"title": "Vault", "version": "1"},
    "paths": {"/secret": {"get": {"summary": "Vault combination 7731", "responses": {"200": {"description": "OK"}}}}},
}


def project(root: Path, pages: dict[str, str], files: dict[str, Any]) -> Path:
    """A Mintlify-shaped project: mint.json listing openapi.json, the pages in one group."""
    root.mkdir(parents=True)
    config = {"name": "Greenhouse", "openapi": "openapi.json",
              "navigation": [{"group": "API", "pages": ["introduction", *(name.removesuffix(".mdx") for name in pages)]}]}
    (root / "mint.json").write_text(json.dumps(config, indent=2))
    (root / "introduction.mdx").write_text("---\ntitle: Introduction\n---\nWelcome.\n")
    for rel, content in {"openapi.json": LISTED, **files, **pages}.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(content if isinstance(content, str) else json.dumps(content, indent=2))
    return root


def warnings(stderr: str) -> list[str]:
    return [line.removeprefix("warning: ") for line in stderr.splitlines() if line.startswith("warning: ")]


def test_a_file_in_a_subfolder_that_docs_json_does_not_list_is_found(tmp_path: Path) -> None:
    root = project(tmp_path / "docs", {
        "api/readings.mdx": "---\nopenapi: /specs/sensors/readings.json GET /readings\n---\n",
        # The same file, written without the leading slash and the extension.
        "api/readings-again.mdx": "---\ntitle: Readings again\nopenapi: specs/sensors/readings GET /readings\n---\n",
        "api/plants.mdx": "---\nopenapi: openapi.json GET /plants\n---\n",
        # From the page's folder (outside the project from its root).
        "api/nearby.mdx": "---\ntitle: Nearby\nopenapi: ../specs/sensors/readings.json GET /readings\n---\n",
    }, {"specs/sensors/readings.json": READINGS})
    result = run_sitegen("build", root)
    assert result.returncode == 0, result.stderr
    assert warnings(result.stderr) == []
    for name in ("readings", "readings-again", "nearby"):
        html = (root / f"site/api/{name}/index.html").read_text()
        endpoint = html[html.index('class="api-endpoint"'):html.index('class="api-columns"')]
        assert '<span class="method-badge method-get api-method">GET</span>' in endpoint
        assert '<code class="api-path">/readings</code>' in endpoint
        assert '<code class="api-field-name">since</code>' in html
        assert "Only readings taken after this moment" in html
    assert "<title>List sensor readings - Greenhouse</title>" in (root / "site/api/readings/index.html").read_text()
    assert '<code class="api-path">/plants</code>' in (root / "site/api/plants/index.html").read_text()


def test_a_missing_file_is_a_warning_naming_where_it_was_looked_for(tmp_path: Path) -> None:
    root = project(tmp_path / "docs", {
        "api/gone.mdx": "---\ntitle: Gone\nopenapi: /specs/gone GET /gone\n---\nStill here.\n",
        "api/typo.mdx": "---\nopenapi: specs/sensors/reading.json GET /readings\n---\nTypo.\n",
        "api/wrong-operation.mdx": "---\nopenapi: specs/sensors/readings.json GET /nope\n---\n",
    }, {"specs/sensors/readings.json": READINGS})
    result = run_sitegen("build", root)
    assert result.returncode == 0, result.stderr
    assert warnings(result.stderr) == [
        "api/gone.mdx:3: openapi: file '/specs/gone' not found (looked for specs/gone, specs/gone.json, "
        "specs/gone.yaml, specs/gone.yml); the OpenAPI files are: openapi.json; built as a plain page",
        "api/typo.mdx:2: openapi: file 'specs/sensors/reading.json' not found (looked for "
        "specs/sensors/reading.json, api/specs/sensors/reading.json); the OpenAPI files are: openapi.json; "
        "built as a plain page",
        "api/wrong-operation.mdx:2: openapi: 'GET /nope' matches no operation in specs/sensors/readings.json; "
        "built as a plain page"]
    html = (root / "site/api/gone/index.html").read_text()
    assert "Still here." in html and 'class="api-path"' not in html
    strict = run_sitegen("build", root, "--strict")
    assert strict.returncode == 1 and strict.stderr.startswith("error: api/gone.mdx:3: openapi: file '/specs/gone'")


def test_a_file_outside_the_project_is_refused_and_never_read(tmp_path: Path) -> None:
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside/secret.json").write_text(json.dumps(SECRET))
    root = project(tmp_path / "docs", {
        "dotdot.mdx": "---\nopenapi: ../outside/secret.json GET /secret\n---\nDots.\n",
        # Outside from the project root and from the page's folder alike.
        "api/deeper.mdx": "---\nopenapi: ../../outside/secret.json GET /secret\n---\nDeeper.\n",
        "api/linked.mdx": "---\nopenapi: specs/linked.json GET /secret\n---\nLinked.\n",
    }, {})
    (root / "specs").mkdir()
    os.symlink(tmp_path / "outside/secret.json", root / "specs/linked.json")
    result = run_sitegen("build", root)
    assert result.returncode == 0, result.stderr
    assert warnings(result.stderr) == [
        "specs/linked.json: links to a file outside the project; not published",  # the site-files check
        "api/deeper.mdx:2: openapi: '../../outside/secret.json' is outside the project; not read; "
        "built as a plain page",
        "api/linked.mdx:2: openapi: 'specs/linked.json' is outside the project; not read; built as a plain page",
        "dotdot.mdx:2: openapi: '../outside/secret.json' is outside the project; not read; built as a plain page"]
    assert str(tmp_path / "outside") not in result.stderr
    for built in (root / "site").rglob("*"):
        if built.is_file():
            assert b"Vault combination 7731" not in built.read_bytes(), built
    assert 'class="api-path"' not in (root / "site/api/linked/index.html").read_text()


def test_a_broken_named_file_is_reported_once_with_its_own_messages(tmp_path: Path) -> None:
    broken = json.loads(json.dumps(READINGS))
    del broken["paths"]["/readings"]["get"]["responses"]["200"]["description"]
    root = project(tmp_path / "docs", {
        "api/first.mdx": "---\nopenapi: specs/broken.json GET /readings\n---\nFirst.\n",
        "api/second.mdx": "---\nopenapi: specs/broken.json GET /readings\n---\nSecond.\n",
        "api/plants.mdx": "---\nopenapi: GET /plants\n---\n",
    }, {"specs/broken.json": broken})
    result = run_sitegen("build", root)
    assert result.returncode == 0, result.stderr
    assert [line.replace('"', "'") for line in warnings(result.stderr)] == [
        "api/first.mdx:2: openapi: specs/broken.json: /paths/~1readings/get/responses/200: "
        "{} is not valid under any of the schemas listed in the 'oneOf' keyword; built as a plain page",
        "api/second.mdx:2: openapi: file 'specs/broken.json' is not a valid OpenAPI file (see above); "
        "built as a plain page"]
    assert "Second." in (root / "site/api/second/index.html").read_text()
    assert '<code class="api-path">/plants</code>' in (root / "site/api/plants/index.html").read_text()


def test_a_url_a_page_names_is_still_only_one_docs_json_lists(tmp_path: Path) -> None:
    # Pages never make the build fetch anything (nor does --offline change that).
    root = project(tmp_path / "docs", {
        "api/remote.mdx": "---\nopenapi: https://127.0.0.1:9/openapi.json GET /plants\n---\nRemote.\n"}, {})
    for flags in ((), ("--offline",)):
        result = run_sitegen("build", root, *flags)
        assert result.returncode == 0, result.stderr
        assert warnings(result.stderr) == [
            "api/remote.mdx:2: openapi: file 'https://127.0.0.1:9/openapi.json' is not among the OpenAPI files: "
            "openapi.json; built as a plain page"]
        assert re.search(r"Remote\.", (root / "site/api/remote/index.html").read_text())


def test_an_operation_named_without_a_file_is_looked_for_in_unlisted_files(tmp_path: Path) -> None:
    # Mintlify searches every OpenAPI file of the repository for `openapi: METHOD /path`, not only
    # those docs.json lists; the listed ones first, then the others in path order.
    other = json.loads(json.dumps(READINGS))
    other["paths"]["/readings"]["get"]["summary"] = "Readings from the older sensors"
    root = project(tmp_path / "docs", {
        "api/readings.mdx": "---\nopenapi: get /readings\n---\n",
        "api/plants.mdx": "---\nopenapi: GET /plants\n---\n",
        "api/nowhere.mdx": "---\nopenapi: GET /nowhere\n---\nNo such operation.\n",
    }, {"specs/sensors/readings.yaml": READINGS, "zz-legacy/sensors.json": other,
        "specs/broken.json": {"openapi": "3.0.3", "paths": {}}})
    result = run_sitegen("build", root)
    assert result.returncode == 0, result.stderr
    assert warnings(result.stderr) == [
        "api/nowhere.mdx:2: openapi: 'GET /nowhere' matches no operation in openapi.json, "
        "specs/sensors/readings.yaml, zz-legacy/sensors.json; built as a plain page",
        "api/readings.mdx:2: openapi: 'GET /readings' is in specs/sensors/readings.yaml and "
        "zz-legacy/sensors.json; using specs/sensors/readings.yaml (write 'FILE GET /readings' to choose)"]
    html = (root / "site/api/readings/index.html").read_text()
    assert "<title>List sensor readings - Greenhouse</title>" in html
    assert "Only readings taken after this moment" in html
    assert '<code class="api-path">/plants</code>' in (root / "site/api/plants/index.html").read_text()
