"""`sitegen serve` as a real process over real HTTP: pretty URLs, the 404 page, content types,
no way out of the site, only its own Host answered, a busy port, and a server that survives
a storm of edits."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from conftest import REPO, DevServer, free_port, run_sitegen


def fetch(url: str) -> tuple[int, dict[str, str], bytes]:
    """GET without following redirects."""

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: Any, **kwargs: Any) -> None:
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(url, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def raw_get(url: str, target: str) -> tuple[int, bytes]:
    """Send `target` exactly as written (clients normalise '..' away before sending)."""
    parts = urlsplit(url)
    with socket.create_connection((parts.hostname, parts.port), timeout=30) as sock:
        sock.sendall(f"GET {target} HTTP/1.1\r\nHost: {parts.netloc}\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def wait_until(condition: Callable[[], Any], timeout: float = 60) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        result = condition()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        time.sleep(0.05)


def test_pretty_urls_content_types_and_the_live_script(example_project: Path, dev_server: Callable[..., DevServer]) -> None:
    server = dev_server(example_project)
    assert server.url.startswith("http://127.0.0.1:")

    status, headers, body = fetch(server.url + "quickstart/")
    assert status == 200 and headers["content-type"] == "text/html; charset=utf-8"
    script = body[body.index(b"<script>window.__sitegenLive = "):]
    assert b'new EventSource("/__sitegen/events")' in script and script.rstrip().endswith(b"</script></body>\n</html>")

    status, headers, _ = fetch(server.url + "quickstart?tab=1")
    assert status == 301 and headers["location"] == "/quickstart/?tab=1"

    assert fetch(server.url)[0] == 200
    assert fetch(server.url + "quickstart/index.html")[0] == 200
    assert fetch(server.url + "_sitegen/site.css")[1]["content-type"] == "text/css; charset=utf-8"
    assert fetch(server.url + "_sitegen/site.js")[1]["content-type"] == "text/javascript; charset=utf-8"
    assert fetch(server.url + "images/favicon.svg")[1]["content-type"] == "image/svg+xml"


def test_the_built_site_has_no_live_reload_script(example_project: Path) -> None:
    result = run_sitegen("build", example_project)
    assert result.returncode == 0, result.stderr
    for path in (example_project / "site").rglob("*"):
        if path.is_file():
            assert b"__sitegen" not in path.read_bytes(), path


def test_missing_pages_get_the_site_404_page(example_project: Path, dev_server: Callable[..., DevServer]) -> None:
    server = dev_server(example_project)
    for path in ("no-such-page/", "deep/down/nothing", "images/missing.png"):
        status, headers, body = fetch(server.url + path)
        assert status == 404, path
        assert headers["content-type"] == "text/html; charset=utf-8"
        assert b"Page not found" in body
        assert b'<base href="/">' in body  # its links and styles work at any depth


@pytest.mark.parametrize(
    "target",
    [
        "/../../../../etc/passwd",
        "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
        "/%2E%2E/%2E%2E/%2E%2E/etc/passwd",
        "/images/..%2f..%2f..%2f..%2fetc/passwd",
        "/images/%2e%2e%5c%2e%2e%5cetc%5cpasswd",
        "/..\\..\\etc\\passwd",
        "//etc/passwd",
        "/images/%00../../etc/passwd",
        "/docs.json",
        "/content/quickstart.mdx",
        "/leak.txt",
        "/_sitegen/leak.css",
    ],
)
def test_nothing_outside_the_site_is_served(
    example_project: Path, dev_server: Callable[..., DevServer], target: str, request: pytest.FixtureRequest
) -> None:
    (example_project / "content" / "leak.txt").symlink_to("/etc/passwd")
    assets = example_project / "themes" / "default" / "assets"
    assets.mkdir(parents=True)
    (assets / "leak.css").symlink_to("/etc/passwd")  # a theme asset pointing outside
    server = dev_server(example_project)
    status, body = raw_get(server.url, target)
    assert status in (400, 404)
    assert b"root:" not in body


def test_a_busy_port_is_one_clear_error(example_project: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        result = run_sitegen("serve", example_project, "--port", str(port))
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        f"error: cannot listen on 127.0.0.1:{port}: port {port} is already in use "
        "(stop the other server, choose another --port, or --port 0 for any free port)"
    ]


def test_a_chosen_port_is_used(example_project: Path, dev_server: Callable[..., DevServer]) -> None:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "sitegen", "serve", str(example_project), "--port", str(port)],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        assert process.stdout is not None
        lines = [process.stdout.readline() for _ in range(2)]
        assert f"Serving {example_project} at http://127.0.0.1:{port}/  (Ctrl-C to stop)\n" in lines
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_each_error_is_printed_once_and_the_fix_is_announced(
    example_project: Path, dev_server: Callable[..., DevServer]
) -> None:
    server = dev_server(example_project)
    config = example_project / "docs.json"
    good = config.read_text()
    message = "error: docs.json: name: 12 is not a string"
    for attempt in range(3):
        builds = server.status()["builds"]
        config.write_text(good.replace('"name": "Plant Store"', '"name": 12') + " " * attempt)
        state = wait_until(lambda builds=builds: (s := server.status())["builds"] > builds and s)
        assert state["errors"] == ["docs.json: name: 12 is not a string"]
    assert server.lines.count(message) == 1
    config.write_text(good)
    wait_until(lambda: not server.status()["errors"])
    wait_until(lambda: any(line.endswith("(errors fixed)") for line in server.lines))


def test_a_warning_a_save_introduces_is_printed_once(
    example_project: Path, dev_server: Callable[..., DevServer]
) -> None:
    server = dev_server(example_project)
    page = example_project / "content" / "quickstart.mdx"
    text = page.read_text()
    warning = "warning: content/quickstart.mdx:{}: link '/nowhere' points to no page or file; left as written"
    lines = len(text.splitlines())
    for attempt in range(2):  # saved twice: the second build still has it, printed once
        builds = server.status()["builds"]
        page.write_text(text + "\nSee [elsewhere](/nowhere).\n" + " " * attempt)
        wait_until(lambda builds=builds: server.status()["builds"] > builds)
    wait_until(lambda: warning.format(lines + 2) in server.lines)
    assert server.lines.count(warning.format(lines + 2)) == 1


def test_a_storm_of_edits_ends_with_the_last_one_served(
    example_project: Path, dev_server: Callable[..., DevServer]
) -> None:
    server = dev_server(example_project)
    page = example_project / "content" / "quickstart.mdx"
    config = example_project / "docs.json"
    good_page, good_config = page.read_text(), config.read_text()
    for number in range(100):
        if number % 10 == 3:
            page.write_text("---\ntitle: [broken\n---\n")  # a YAML error
        elif number % 10 == 7:
            config.write_text(good_config[:-20])  # a JSON error
        else:
            page.write_text(good_page + f"\nEdit number {number}.\n")
            config.write_text(good_config)
    page.write_text(good_page + "\nThe final edit.\n")
    config.write_text(good_config)

    def served() -> bool:
        status, _, body = fetch(server.url + "quickstart/")
        return status == 200 and b"The final edit." in body

    wait_until(served)
    assert server.process.poll() is None
    state = server.status()
    assert state["errors"] == [] and state["site"] is True


def test_api_flag_runs_the_reference_server_first_in_the_playground(
    example_project: Path, dev_server: Callable[..., DevServer]
) -> None:
    server = dev_server(example_project, "--api")
    api_line = next(line for line in server.lines if line.startswith("api: Plant Store API on http://127.0.0.1:"))
    api_url = api_line.split(" on ", 1)[1].split()[0]
    token = next(line for line in server.lines if line.startswith("api: Accepted token: ")).rsplit(" ", 1)[1]

    _, _, body = fetch(server.url + "api-reference/plants/create/")
    page = body.decode()
    assert api_url in page
    assert page.index(api_url) < page.index("https://api.plantstore.example")  # first of the base URLs

    request = urllib.request.Request(
        api_url + "/plants", method="POST", data=b'{"id": 7, "name": "Fern"}',
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status == 200
    server.stop()
    with pytest.raises(OSError):
        urllib.request.urlopen(api_url + "/plants", timeout=5)  # stopped with the dev server


def test_poll_mode_also_picks_up_edits(example_project: Path, dev_server: Callable[..., DevServer]) -> None:
    server = dev_server(example_project, "--poll")
    source = example_project / "content" / "errors.mdx"
    source.write_text(source.read_text() + "\nSeen by polling.\n")
    wait_until(lambda: b"Seen by polling." in fetch(server.url + "errors/")[2])


# -- Host header (DNS rebinding) ----------------------------------------------------------


def get_with_host(address: tuple[str, int], host: str | None, target: str = "/") -> tuple[int, dict[str, str], bytes]:
    """GET `target` from `address` with exactly this Host header (None: none at all, HTTP/1.0)."""
    with socket.create_connection(address, timeout=30) as sock:
        if host is None:
            sock.sendall(f"GET {target} HTTP/1.0\r\n\r\n".encode())
        else:
            sock.sendall(f"GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in header_lines)}
    return int(status_line.split()[1]), headers, body


def refused(host: str, url: str) -> bytes:
    return (f"403 Forbidden: Host {host!r} is not this server's address; open {url} "
            "(sitegen serve answers only the address it listens on)\n").encode()


def test_only_requests_for_its_own_address_are_answered(
    example_project: Path, dev_server: Callable[..., DevServer]
) -> None:
    server = dev_server(example_project)  # 127.0.0.1, the default
    port = urlsplit(server.url).port
    assert port is not None
    address = ("127.0.0.1", port)
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LocalHost:{port}"):
        status, _, body = get_with_host(address, host, "/quickstart/")
        assert status == 200 and b"Quickstart" in body, host

    # A page on evil.example whose name now resolves to 127.0.0.1 (DNS rebinding), another port,
    # another loopback name, no port at all (the browser would have said :80).
    for host in (f"evil.example:{port}", "evil.example", f"127.0.0.1:{port + 1}", f"[::1]:{port}",
                 "127.0.0.1", f"127.0.0.1.evil.example:{port}", f"localhost:{port}@evil.example"):
        for target in ("/quickstart/", "/__sitegen/status", "/_sitegen/site.css", "/no-such-page/"):
            status, headers, body = get_with_host(address, host, target)
            assert (status, body) == (403, refused(host, server.url)), (host, target)
            assert headers["content-type"] == "text/plain; charset=utf-8"

    status, _, body = get_with_host(address, None)  # an HTTP/1.0 request without any Host
    assert status == 403
    assert body == (f"403 Forbidden: no Host header is not this server's address; open {server.url} "
                    "(sitegen serve answers only the address it listens on)\n").encode()
    # The live-reload stream is refused too (a rebinding page could otherwise watch the edits).
    assert get_with_host(address, f"evil.example:{port}", "/__sitegen/events")[0] == 403


def test_on_ipv6_loopback_it_answers_its_own_names(example_project: Path, dev_server: Callable[..., DevServer]) -> None:
    server = dev_server(example_project, "--host", "::1")
    port = urlsplit(server.url).port
    assert server.url == f"http://[::1]:{port}/"
    address = ("::1", port)
    assert get_with_host(address, f"[::1]:{port}")[0] == 200
    assert get_with_host(address, f"localhost:{port}")[0] == 200
    for host in (f"127.0.0.1:{port}", f"evil.example:{port}", f"[::2]:{port}"):
        assert get_with_host(address, host)[:3:2] == (403, refused(host, server.url)), host


def test_on_every_interface_any_host_is_answered(example_project: Path, dev_server: Callable[..., DevServer]) -> None:
    """Listening on 0.0.0.0 the user exposes the site to the network under names sitegen cannot
    know (the machine's name, its addresses, a tunnel): there every Host is answered."""
    server = dev_server(example_project, "--host", "0.0.0.0")
    port = urlsplit(server.url).port
    assert server.url == f"http://0.0.0.0:{port}/"
    for host in (f"127.0.0.1:{port}", f"my-laptop.local:{port}", "docs.example.com"):
        status, _, body = get_with_host(("127.0.0.1", port), host, "/quickstart/")
        assert status == 200 and b"Quickstart" in body, host
