"""`sitegen serve`: build into memory, serve on 127.0.0.1, rebuild what each saved file
affects and reload every open tab.

    watch.Watcher ──paths──▶ rebuild.Rebuilder (DevBuilder.rebuild) ──Snapshot──▶ hub.Hub
                                                                     app.SiteApp ◀──┘ (pages, SSE)
"""

from __future__ import annotations

import sys
import webbrowser
from pathlib import Path
from types import FrameType

import uvicorn

from sitegen.errors import SitegenError
from sitegen.javascript.browser import react_files
from sitegen.listening import bind, quiet_signals
from sitegen.markdown.code import mermaid_script
from sitegen.serve.app import SiteApp
from sitegen.serve.hosts import HostCheck, allowed_hosts
from sitegen.serve.hub import Hub
from sitegen.serve.rebuild import Rebuilder
from sitegen.serve.reuse import DevBuilder
from sitegen.serve.watch import Watcher
from sitegen.theme import builtin_theme_dir

__all__ = ["serve"]


def _log(line: str) -> None:
    print(line, file=sys.stderr if line.startswith(("error:", "warning:")) else sys.stdout, flush=True)


class _Server(uvicorn.Server):
    """uvicorn that also ends the live-reload streams when asked to stop (they never end
    by themselves, and uvicorn waits for open responses)."""

    def __init__(self, config: uvicorn.Config, hub: Hub) -> None:
        super().__init__(config)
        self.hub = hub

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        self.hub.close()
        super().handle_exit(sig, frame)


def serve(project: Path, host: str = "127.0.0.1", port: int = 8000, open_browser: bool = False,
          poll: bool = False, api: bool = False, offline: bool = False, author_scripts: bool = True) -> int:
    """`sitegen serve`: until Ctrl-C. `api` also runs the reference server and puts it first
    in the playground's base URLs; `offline` never fetches remote OpenAPI documents."""
    project = project.resolve()
    if not project.is_dir():
        raise SitegenError(f"{project}: no such folder")
    sock = bind(host, port)
    reference = None
    watcher = None
    rebuilder = None
    try:
        if api:
            from sitegen.serve.api import ReferenceServer

            reference = ReferenceServer(host, _log)
        hub = Hub()
        builder = DevBuilder(project, base_urls=(reference.url,) if reference else (), offline=offline,
                             author_scripts=author_scripts)  # --no-scripts
        rebuilder = Rebuilder(builder, hub, _log)
        theme_dir = builtin_theme_dir()
        watcher = Watcher([project, theme_dir], ignore=builder.exclude, number=hub.saw_change, poll=poll)
        watcher.start()  # before the first build: nothing saved meanwhile is missed
        rebuilder.build_first()
        rebuilder.start(watcher.changes)

        host, port = sock.getsockname()[:2]
        url = f"http://{f'[{host}]' if ':' in host else host}:{port}/"
        _log(f"Serving {project} at {url}  (Ctrl-C to stop)")
        if open_browser:
            webbrowser.open(url)

        site = SiteApp(hub, allowed_roots=(project, theme_dir, *vendor_dirs())).starlette()
        # Only requests for this server's own address (DNS rebinding): see hosts.py.
        app = HostCheck(site, allowed_hosts(host, port), url)
        config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on",
                                timeout_graceful_shutdown=2, server_header=False)
        server = _Server(config, hub)
        with quiet_signals():
            server.run(sockets=[sock])
        return 0
    finally:
        if watcher is not None:
            watcher.stop()
        if rebuilder is not None:
            rebuilder.stop()
        if reference is not None:
            reference.stop()
        sock.close()


def vendor_dirs() -> tuple[Path, ...]:
    """The folders of the files a build copies from installed packages (React, mermaid.js):
    the dev server serves those besides the project's and the theme's."""
    files = [*(react_files() or {}).values(), mermaid_script()]
    return tuple(path.parent for path in files if path is not None)
