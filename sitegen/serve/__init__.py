"""`sitegen serve`: build into memory, serve on 127.0.0.1, rebuild what each saved file
affects and reload every open tab.

    watch.Watcher ──paths──▶ rebuild.Rebuilder (SiteBuilder.rebuild) ──Snapshot──▶ hub.Hub
                                                                     app.SiteApp ◀──┘ (pages, SSE)
"""

from __future__ import annotations

import argparse
import sys
import webbrowser
from pathlib import Path

import uvicorn

from sitegen.build import SiteBuilder
from sitegen.errors import SitegenError
from sitegen.listening import bind, quiet_signals
from sitegen.serve.app import SiteApp
from sitegen.serve.hosts import HostCheck, allowed_hosts
from sitegen.serve.hub import Hub
from sitegen.serve.rebuild import Rebuilder
from sitegen.serve.watch import Watcher
from sitegen.theme import builtin_theme_dir

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("project", nargs="?", default=".", type=Path, help="docs project folder (default: .)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="interface to listen on (default: 127.0.0.1, this machine only); requests are answered "
                             "only when their Host is this address (any Host on 0.0.0.0)")
    parser.add_argument("--port", type=int, default=8000, help="TCP port, 0 for any free one (default: 8000)")
    parser.add_argument("--open", action="store_true", help="open the site in the default web browser")
    parser.add_argument("--poll", action="store_true", help="poll for changes (network drives, containers) instead of OS file events")
    parser.add_argument("--api", action="store_true", help="also run the Plant Store reference server and use it as the playground's first base URL")


def _log(line: str) -> None:
    print(line, file=sys.stderr if line.startswith(("error:", "warning:")) else sys.stdout, flush=True)


class _Server(uvicorn.Server):
    """uvicorn that also ends the live-reload streams when asked to stop (they never end
    by themselves, and uvicorn waits for open responses)."""

    def __init__(self, config: uvicorn.Config, hub: Hub) -> None:
        super().__init__(config)
        self.hub = hub

    def handle_exit(self, sig: int, frame: object) -> None:
        self.hub.close()
        super().handle_exit(sig, frame)


def run(args: argparse.Namespace) -> int:
    project = Path(args.project).resolve()
    if not project.is_dir():
        raise SitegenError(f"{project}: no such folder")
    sock = bind(args.host, args.port)
    reference = None
    watcher = None
    rebuilder = None
    try:
        if args.api:
            from sitegen.serve.api import ReferenceServer

            reference = ReferenceServer(args.host, _log)
        hub = Hub()
        builder = SiteBuilder(project, base_urls=(reference.url,) if reference else ())
        rebuilder = Rebuilder(builder, hub, _log)
        theme_dir = builtin_theme_dir()
        watcher = Watcher([project, theme_dir], ignore=builder.exclude, number=hub.saw_change, poll=args.poll)
        watcher.start()  # before the first build: nothing saved meanwhile is missed
        rebuilder.build_first()
        rebuilder.start(watcher.changes)

        host, port = sock.getsockname()[:2]
        url = f"http://{f'[{host}]' if ':' in host else host}:{port}/"
        _log(f"Serving {project} at {url}  (Ctrl-C to stop)")
        if args.open:
            webbrowser.open(url)

        site = SiteApp(hub, allowed_roots=(project, theme_dir)).starlette()
        # Only requests for this server's own address (DNS rebinding): see hosts.py.
        app = HostCheck(site, allowed_hosts(args.host, port), url)
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
