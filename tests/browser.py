"""What the browser tests share: a lexc server on a free loopback port, and Debian's chromium.

Playwright drives Debian's ``chromium`` (its own browser download is not reachable here):
``make setup`` installs it. Each test module keeps its own packs and games; this module only
starts and stops things.
"""

from __future__ import annotations

import contextlib
import os
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    """A TCP port of 127.0.0.1 nobody listens on (now)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def serving(app: Any, port: int | None = None) -> Iterator[str]:
    """Serve the ASGI ``app`` with uvicorn on 127.0.0.1 in a thread; yields its base URL."""
    import uvicorn

    port = port or free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    """Debian's chromium launched headless through Playwright; a missing browser fails the test."""
    from playwright.sync_api import sync_playwright

    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: `make setup` installs Debian's chromium")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


@contextlib.contextmanager
def served_games(games: Any, packs: Any, token: str, *, loopback: bool = False) -> Iterator[str]:
    """``lexc serve``'s app over the folder ``games`` and the packs folder ``packs``, the server's key
    ``token``, served (``loopback``: the app also answers to ``localhost`` and ``[::1]`` on its port)."""
    from lexc.catalog import Catalog
    from lexc.game.engine import Packs
    from lexc.game.web.app import Hosts, create_app

    port = free_port()
    packed = Packs(Catalog.shipped(packs=packs))
    app = create_app(games, packed, token, hosts=Hosts.loopback(port)) if loopback else create_app(games, packed, token)
    with serving(app, port) as base:
        yield base
