"""``lexc serve``: the game board in a browser, over the games of one directory."""

from __future__ import annotations

import ipaddress
import secrets
from pathlib import Path

import typer

from lexc.cli.common import PACKS_HELP, SPEC_HELP, app, catalog_of, reports_errors
from lexc.errors import LexcError, Problem


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
    packs: Path = typer.Option(None, "--packs", help=PACKS_HELP),
    spec: list[Path] = typer.Option(None, "--spec", help=SPEC_HELP),
    ruleset: list[Path] = typer.Option([], "--ruleset", help="A ruleset file of your own to offer beside the "
                                       "shipped ones (repeatable)."),
) -> None:
    """Serve the game board in a browser (docs/game.md).

    The board shows each tile's value in its word's language, the racks,
    scores, bag and every move explained. A play is entered by clicking a
    square and typing, or in notation, with a language picker per word; its
    score and each word's validity show before it is made. Buttons: pass,
    exchange, challenge, undo, end. The directory's games, and new games.

    Listens on 127.0.0.1 (this machine only) by default. With --host on a
    club's network, every request needs the token printed at start (open the
    address it prints). Every move is written to the game's GCG file before
    the page shows it; a move from a page that is out of date is refused.
    """
    import uvicorn

    from lexc.game.engine import Packs
    from lexc.game.web.app import create_app

    if not 1 <= port <= 65535:
        raise LexcError(Problem(None, None, "--port", f"must be 1-65535, not {port}"))
    if token is None and not _loopback(host):
        token = secrets.token_urlsafe(16)
    application = create_app(games.resolve(), Packs(catalog_of(spec, packs)), token, ruleset)
    shown = f"http://{host if ':' not in host else f'[{host}]'}:{port}/"
    typer.echo(f"lexc serve: games in {games.resolve()}; open {shown}" + (f"?token={token}" if token else ""))
    uvicorn.run(application, host=host, port=port, log_level="warning")
