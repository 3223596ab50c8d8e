"""``lexc serve``: the game board in a browser, over the games of one directory."""

from __future__ import annotations

import ipaddress
import secrets
from pathlib import Path

import typer

from ..errors import LexcError, Problem
from .common import app, reports_errors


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@app.command()
@reports_errors
def serve(
    games: Path = typer.Option(Path("games"), "--games", help="Directory of the game files (NAME.gcg); created "
                               "if missing."),
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on. Anything but this machine "
                             "(e.g. 0.0.0.0 on a club's network) requires the token printed at start."),
    port: int = typer.Option(8000, "--port", help="Port to listen on."),
    token: str = typer.Option(None, "--token", help="The token to require (default: a random one when --host "
                              "is not a loopback address)."),
    packs: Path = typer.Option(None, "--packs", help="Directory of packs (default: $LEXC_PACKS or build/)."),
    ruleset: list[Path] = typer.Option([], "--ruleset", help="A ruleset file of your own to offer beside the "
                                       "shipped ones (repeatable)."),
) -> None:
    """Serve the game board in a browser: the board with each tile's value in its word's language,
    racks, scores, bag and moves explained; plays entered by clicking a square and typing, or in
    notation, with a language picker per word and the score and validity shown live before the play
    is made; pass, exchange, challenge, undo and end buttons; the games of the directory and new games.

    Listens on 127.0.0.1 (this machine only) by default. With --host on a club's network every
    request needs the token printed at start (open the address printed). Every move is written to
    the game's GCG file before the page shows it; a page that is out of date is refused and reloads.
    """
    import uvicorn

    from ..game.engine import Packs
    from ..game.web.app import create_app

    if not 1 <= port <= 65535:
        raise LexcError(Problem(None, None, "--port", f"must be 1-65535, not {port}"))
    if token is None and not _loopback(host):
        token = secrets.token_urlsafe(16)
    application = create_app(games.resolve(), Packs(packs), token, ruleset)
    shown = f"http://{host if ':' not in host else f'[{host}]'}:{port}/"
    typer.echo(f"lexc serve: games in {games.resolve()}; open {shown}" + (f"?token={token}" if token else ""))
    uvicorn.run(application, host=host, port=port, log_level="warning")
