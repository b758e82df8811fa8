"""Shared fixtures: real files in tmp folders, real HTTP servers on 127.0.0.1, real Chromium."""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


# Left out of the fast loop, `pytest -m "not browser and not slow"` (CONTRIBUTING.md). Chosen
# from `pytest --durations=0` of the non-browser tests: the costliest, until what is left is
# about half of that time (each of these builds a whole site, often more than once, starts
# servers, installs a wheel or waits out timeouts). A file with no test names is slow as a
# whole; a name covers every parameter of that test. CI runs everything.
SLOW_TESTS: dict[str, tuple[str, ...]] = {
    "test_build.py": (
        "test_api_page_front_matter_can_choose_the_playground_mode",
        "test_api_page_shows_its_operation",
        "test_cli_usage_and_version",
        "test_external_logo_urls_are_kept_as_written",
        "test_failed_build_leaves_previous_site_byte_identical",
        "test_foreign_non_empty_output_folder_is_not_replaced",
        "test_front_matter_fields_and_fallbacks",
        "test_home_page_is_the_first_navigation_page",
        "test_output_folder_holding_sources_is_refused",
        "test_pages_at_the_project_root_without_content_folder",
        "test_parallel_cold_build_equals_a_serial_one",
        "test_successful_rebuild_replaces_the_site",
    ),
    "test_build_cache.py": (),
    "test_dates.py": ("test_a_parallel_cold_build_writes_the_same_dates",),
    "test_check.py": (
        "test_check_external_fetches_each_link_and_reports_the_broken_ones",
        "test_check_external_keeps_to_the_per_host_limit",
        "test_check_json_names_file_line_kind_and_target",
        "test_check_of_a_clean_project_exits_0",
        "test_check_prints_each_problem_and_a_summary_and_writes_nothing",
        "test_check_reports_what_stops_a_build_as_errors",
        "test_docs_json_warnings_get_their_line_in_check",
        "test_every_broken_reference_is_a_warning_naming_file_line_and_target",
        "test_strict_turns_each_broken_reference_into_an_error",
    ),
    "test_compat.py": (
        "test_lenient_config_values_warn_and_fall_back",
        "test_redirect_works_in_a_browser",
        "test_redirects_are_static_pages",
        "test_search_skips_hidden_and_noindex_pages_and_finds_keywords",
    ),
    "test_config.py": (
        "test_missing_navigation_page_is_left_out_with_a_warning",
    ),
    "test_config_v2.py": (
        "test_migrate_writes_v2_that_builds_the_same_pages",
        "test_unknown_keys_and_values_are_warnings_naming_the_path",
        "test_v2_thumbnails_and_site_url_work_as_in_the_classic_schema",
    ),
    "test_deploy.py": (
        "test_a_fresh_clone_continues_the_published_history",
        "test_diverged_remote_branch_is_refused_then_replaced_with_force",
        "test_run_builds_and_pushes_the_example_docs_without_touching_the_checkout",
        "test_second_deploy_adds_a_commit_on_top_with_exactly_the_new_site",
    ),
    "test_docs_reference.py": (
        "test_every_accepted_key_is_documented_and_nothing_else",
    ),
    "test_hostile_input.py": (),  # whole file: hostile files built one by one
    "test_install.py": (),  # the wheel, installed into a new virtual environment
    "test_llms.py": (),  # a CLI build per test
    # Added with the Mintlify-compatibility work: a real CLI build (or several) per test.
    "test_site_files.py": (),
    "test_openapi_named_files.py": (),
    "test_v2_products.py": (),
    "test_hidden_endpoints.py": (),
    "test_settings_front_matter.py": (),
    "test_layers.py": (),  # fresh interpreters
    "test_memory.py": (),
    "test_mintlify_fixtures.py": (),  # builds every fixture repository first
    "test_nav.py": (
        "test_navigation_is_rendered_once_per_section_on_a_large_site",
    ),
    "test_openapi_fetch.py": (
        "test_serve_offline_never_fetches_and_serves_the_cached_copy",
    ),
    "test_openapi_page.py": (
        "test_maintain_order_keeps_spec_order",
        "test_plant_store_api_page_has_what_a_reader_needs",
        "test_playground_modes",
        "test_script_in_a_spec_description_is_inert",
        "test_sidebar_shows_the_method_badge",
        "test_spec_from_a_url",
        "test_unknown_operation_is_a_warning_and_a_plain_page",
    ),
    "test_openapi_ranges.py": (
        "test_a_huge_min_length_pads_the_example_to_a_readable_length",
        "test_the_command_builds_and_strict_fails_with_the_same_messages",
    ),
    "test_compiled_templates.py": (
        "test_a_damaged_compiled_template_is_compiled_again",
        "test_a_second_build_uses_the_compiled_templates_and_writes_the_same_site",
        "test_a_project_with_its_own_theme_files_keeps_no_compiled_templates",
    ),
    "test_islands_build.py": (
        "test_a_page_from_the_build_cache_still_brings_its_modules",  # two CLI builds
    ),
    "test_openapi_shapes.py": (
        "test_the_command_builds_through_every_shape_at_once",  # the CLI, in a fresh interpreter
    ),
    "test_tab_menus.py": (),  # whole file: one CLI build a test
    "test_js_components.py": (
        "test_a_failing_component_is_one_warning_and_its_children",  # an endless loop runs out its time
        "test_a_page_with_every_failure_builds_the_whole_site",
        "test_the_memory_limit_can_be_raised_for_a_build",
    ),
    "test_openapi_playground.py": (
        "test_front_matter_playground_none_leaves_the_samples",
    ),
    "test_publish.py": (),  # whole file: site-URL builds with social cards
    "test_staging.py": (),
    "test_refserver.py": (
        "test_duplicates_in_one_concurrent_burst_store_exactly_one",
        "test_plants_survive_a_clean_restart",
        "test_signal_finishes_in_flight_request_then_exits_0",
    ),
    "test_refserver_conformance.py": (),  # schemathesis
    "test_refserver_durability.py": (),
    "test_robustness_probe.py": (),
    "test_search.py": (
        "test_a_two_language_index_is_the_same_bytes_on_every_build",
        "test_background_index_serves_the_old_bundle_then_the_new_one",
        "test_dev_server_indexes_in_the_background_without_reloading_tabs",
    ),
    "test_search_while_rendering.py": (),
    "test_serve_builder.py": (
        "test_each_kind_of_change_gives_the_fresh_build",
    ),
    "test_serve_http.py": (),
    "test_untrusted_paths.py": (),  # whole file: hostile files built one by one
    "test_v2_settings.py": (
        "test_a_thumbnails_background_that_is_not_a_project_file_is_a_warning",
    ),
}
BROWSER_TESTS = Path(__file__).resolve().parent / "browser"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test under tests/browser/ `browser`, and the tests of SLOW_TESTS `slow`."""
    for item in items:
        path = Path(item.path)
        if path.is_relative_to(BROWSER_TESTS):
            item.add_marker(pytest.mark.browser)
        slow = SLOW_TESTS.get(path.name)
        if slow is not None and (not slow or getattr(item, "originalname", item.name) in slow):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session", autouse=True)
def user_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The user's cache folder ($XDG_CACHE_HOME, where builds keep compiled templates) is the
    session's own: tests never write into the developer's home, and they share it, as a
    user's builds do."""
    folder = tmp_path_factory.mktemp("user-cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(folder))
        yield folder


def copy_fixture(source: Path, parent: Path) -> Path:
    """A copy of a fixture project under `parent`, to build: a build writes `.sitegen-cache/`
    into its project, and the repository's fixtures stay exactly as committed."""
    target = parent / source.name
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(".sitegen-cache", "site"))
    return target


def built_fixture(source: Path, root: Path) -> tuple[Path, Path, list[str]]:
    """A copy of a fixture project under `root`, built into `root/site`: (project, site, warnings)."""
    from sitegen.pipeline import build

    project = copy_fixture(source, root)
    report = build(project, root / "site")
    return project, root / "site", report.warnings


def built_page(site: Path, page_id: str) -> str:
    """The HTML of the page `page_id` of a built site."""
    return (site / page_id / "index.html").read_text(encoding="utf-8")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def make_project(tmp_path: Path) -> Callable[..., Path]:
    """Write a docs project: make_project({"name": …}, {"intro.md": "# Hi"}) -> its folder.

    Page paths are relative to content/; other files go to the project root when their path
    starts with "/".
    """

    def make(config: dict[str, Any] | str, pages: dict[str, str], name: str = "project") -> Path:
        root = tmp_path / name
        (root / "content").mkdir(parents=True, exist_ok=True)
        text = config if isinstance(config, str) else json.dumps(config, indent=2)
        (root / "docs.json").write_text(text, encoding="utf-8")
        for rel, content in pages.items():
            target = root / rel.lstrip("/") if rel.startswith("/") else root / "content" / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                target.write_bytes(content)
            else:
                target.write_text(content, encoding="utf-8")
        return root

    return make


@pytest.fixture
def example_project(tmp_path: Path) -> Path:
    """A copy of the Plant Store docs at the repository root."""
    target = tmp_path / "plant-store"
    target.mkdir()
    for name in ("docs.json", "openapi.yaml"):
        shutil.copy(REPO / name, target / name)
    for folder in ("content", "images"):
        shutil.copytree(REPO / folder, target / folder)
    return target


def edit_config(project: Path, **changes: Any) -> None:
    """Set top-level keys of a project's docs.json (the file is rewritten, as a user would save it)."""
    path = project / "docs.json"
    config = json.loads(path.read_text(encoding="utf-8"))
    config.update(changes)
    path.write_text(json.dumps(config, indent=2), encoding="utf-8")


@pytest.fixture
def seedbank(tmp_path: Path) -> Path:
    """A copy of the Seedbank fixture (v2: pages generated from OpenAPI and AsyncAPI), free to edit."""
    target = tmp_path / "seedbank"
    shutil.copytree(FIXTURES / "mintlify" / "seedbank-v2", target)
    return target


def commit_all(project: Path, when: str, message: str = "Update the docs") -> None:
    """Commit every file of `project` (a git repository from the first call) at `when` (ISO
    8601), the date "Last modified" lines and the sitemap read from `git log`."""
    env = {**os.environ, "GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when,
           "GIT_AUTHOR_NAME": "Docs", "GIT_AUTHOR_EMAIL": "docs@example.com",
           "GIT_COMMITTER_NAME": "Docs", "GIT_COMMITTER_EMAIL": "docs@example.com"}
    commands = [["add", "-A"], ["commit", "-q", "-m", message]]
    if not (project / ".git").exists():
        commands.insert(0, ["init", "-q"])
    for command in commands:
        subprocess.run(["git", *command], cwd=project, env=env, check=True, capture_output=True)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # stdlib signature
        pass

    def end_headers(self) -> None:
        # Tests rebuild a site and reload it within a second; Last-Modified has whole seconds,
        # so a cached page would be revalidated as unchanged (304) and the old HTML shown.
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


@contextlib.contextmanager
def serving(folder: Path) -> Iterator[str]:
    """Serve a folder over real HTTP on 127.0.0.1 while inside; yields its base URL (ending in '/')."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def static_server() -> Iterator[Callable[[Path], str]]:
    """Serve a folder over real HTTP on 127.0.0.1; returns its base URL (ending in '/')."""
    with contextlib.ExitStack() as servers:
        yield lambda folder: servers.enter_context(serving(folder))


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Debian Chromium for the whole run, driven by Playwright."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium package (see .ci/run)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh browser context (own storage) and page per test, desktop size."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    tab = context.new_page()
    yield tab
    context.close()


def run_sitegen(*args: str | Path, cwd: Path | None = None,
                env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run the real CLI (`python -m sitegen …`) as a user would; never raises on failure.
    `env`: variables set on top of this process's."""
    return subprocess.run(
        [sys.executable, "-m", "sitegen", *map(str, args)],
        cwd=cwd or REPO,
        env={**os.environ, **env} if env else None,
        capture_output=True,
        text=True,
        timeout=120,
    )


class DevServer:
    """`python -m sitegen serve PROJECT --port 0` as a real process; `url` ends in '/'."""

    def __init__(self, project: Path, *args: str) -> None:
        import subprocess
        import sys
        import time

        self.process = subprocess.Popen(
            [sys.executable, "-m", "sitegen", "serve", str(project), "--port", "0", *args],
            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1,
        )
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        deadline = time.monotonic() + 120
        while not any(" at http://" in line for line in self.lines):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise AssertionError("sitegen serve did not start:\n" + "\n".join(self.lines))
            time.sleep(0.02)
        line = next(line for line in self.lines if " at http://" in line)
        self.url = line.split(" at ", 1)[1].split()[0]

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def status(self) -> dict[str, Any]:
        """/__sitegen/status: version, errors and how many builds finished."""
        import urllib.request

        with urllib.request.urlopen(self.url + "__sitegen/status", timeout=30) as response:
            return json.loads(response.read())

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)


@pytest.fixture
def dev_server() -> Iterator[Callable[..., DevServer]]:
    """Start `sitegen serve` on a project (extra CLI flags allowed); stopped after the test."""
    servers: list[DevServer] = []

    def start(project: Path, *args: str) -> DevServer:
        servers.append(DevServer(project, *args))
        return servers[-1]

    yield start
    for server in servers:
        server.stop()
