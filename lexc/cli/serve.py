"""``lexc serve``: the game board in a browser, over the games of one directory."""

from __future__ import annotations

import contextlib
import secrets
import socket
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from lexc.cli.common import PACKS, SPECS, app, catalog_of, reports_errors
from lexc.errors import LexcError, Problem

if TYPE_CHECKING:
    from lexc.game.engine import Packs
    from lexc.game.web.app import Hosts


@app.command()
@reports_errors
def serve(
    games: Path = typer.Option(Path("games"), "--games", help="Directory of the game files (NAME.gcg); created "
                               "if missing."),
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (e.g. 0.0.0.0 on a club's "
                             "network; default: this machine only)."),
    port: int = typer.Option(8000, "--port", help="Port to listen on."),
    token: str = typer.Option(None, "--token", help="The server's key (at least 16 characters; default: a "
                              "random one, printed at start in the address to open)."),
    allow_host: list[str] = typer.Option([], "--allow-host", help="Another name the board is reached by "
                                         "(e.g. club.local; repeatable). Requests for any other name are "
                                         "refused."),
    packs: Path = PACKS,
    spec: list[Path] = SPECS,
    ruleset: list[Path] = typer.Option([], "--ruleset", help="A ruleset file of your own to offer beside the "
                                       "shipped ones (repeatable)."),
) -> None:
    """Serve the game board in a browser (docs/game.md).

    The board shows each tile's value in its word's language, the racks,
    scores, bag and every move explained. A play is entered by clicking a
    square and typing, or in notation, with a language picker per word; its
    score and each word's validity show before it is made. Buttons: pass,
    exchange, challenge, undo, end. The directory's games, and new games.

    Listens on 127.0.0.1 (this machine only) by default. Every request needs
    a key: the server's (printed at start, in the address to open: the
    director of every game) or a game's seat, board or director link
    (`lexc game seats FILE`). Requests for another host name, or from another
    site, are refused. Every move is written to the game's GCG file before
    the page shows it; a move from a page that is out of date is refused.
    """
    import uvicorn

    from lexc.game.engine import Packs
    from lexc.game.web.app import create_app, games_folder

    if not 1 <= port <= 65535:
        raise LexcError(Problem(None, None, "--port", f"must be 1-65535, not {port}"))
    if token is None:
        token = secrets.token_urlsafe(24)
    elif len(token.strip()) < 16 or not token.isascii() or not token.isprintable() or " " in token:
        raise LexcError(Problem(None, None, "--token", "the server's key is at least 16 printable ASCII "
                                                       "characters, no space (every request needs a key)"))
    games_folder(games)
    lexicons = Packs(catalog_of(spec, packs))
    application = create_app(games.resolve(), lexicons, token, ruleset, hosts_of(host, port, allow_host))
    _prepare_beside(lexicons)
    name = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    shown = f"http://{name if ':' not in name else f'[{name}]'}:{port}/"
    typer.echo(f"lexc serve: games in {games.resolve()}; open {shown}#key={token}")
    typer.echo("  (the address holds the server's key: the director of every game; seats and the board get "
               "their own links, `lexc game seats FILE`)")
    uvicorn.run(application, host=host, port=port, log_level="warning", timeout_graceful_shutdown=2)


def _prepare_beside(lexicons: Packs) -> None:
    """The packs, walks and normalisers a hint needs read on a thread of their own while the server starts
    (:func:`lexc.game.engine.prepare_hints`), so the first hint does not pay for them. Whatever goes wrong
    there is left for the hint that needs it to report."""
    import threading

    from lexc.game.engine import prepare_hints

    def prepare() -> None:
        with contextlib.suppress(Exception):
            prepare_hints(lexicons)

    threading.Thread(target=prepare, name="lexc-prepare-hints", daemon=True).start()


def hosts_of(host: str, port: int, allowed: list[str]) -> Hosts:
    """The names the server answers to: this machine's own on a loopback address; on every address
    (0.0.0.0, ::) any IP address and this machine's name; else the address listened on; and ``allowed``.

    >>> hosts_of("127.0.0.1", 8000, []).allows("localhost:8000"), hosts_of("0.0.0.0", 80, []).allows("10.0.0.5")
    (True, True)
    >>> hosts_of("127.0.0.1", 8000, []).allows("attacker.example:8000")
    False
    """
    from lexc.game.web.app import Hosts

    names = {name.lower() for name in allowed} | {"localhost", "127.0.0.1", "::1"}
    if host in ("0.0.0.0", "::"):
        machine = socket.gethostname().lower()
        return Hosts(frozenset(names | {machine, f"{machine}.local"}), any_ip=True, port=port)
    return Hosts(frozenset(names | {host.lower().strip("[]")}), port=port)
