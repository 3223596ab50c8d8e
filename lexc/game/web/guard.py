"""The board's own address and origin: what every request passes before any route runs.

:class:`Hosts` are the names the server answers to; :class:`Guard` (middleware) refuses a request for
another Host (DNS rebinding), a state change from another origin, a read of the API from another site
and a body that is not ``application/json``. Who may do what once inside is the keys' business
(:mod:`lexc.game.seats`, :class:`lexc.game.web.served.Served`).
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass

from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from lexc.game.web.answers import refusal
from lexc.game.web.fields import shown

__all__ = ["Guard", "Hosts"]

_HOST = re.compile(r"(?:\[(?P<v6>[0-9A-Fa-f:.]+)\]|(?P<name>[A-Za-z0-9.\-]+))(?::(?P<port>\d{1,5}))?")

@dataclass(frozen=True, slots=True)
class Hosts:
    """The names the server answers to: ``names`` (lower case), any IP address when ``any_ip`` (a server
    listening on every address: an address, unlike a name, cannot be rebound), and its ``port``
    (None: any). A request for any other Host is refused (DNS rebinding).

    >>> hosts = Hosts(frozenset({"127.0.0.1", "localhost"}), port=8000)
    >>> hosts.allows("127.0.0.1:8000"), hosts.allows("LOCALHOST:8000"), hosts.allows("evil.example:8000")
    (True, True, False)
    >>> hosts.allows("127.0.0.1:9000"), Hosts(frozenset(), any_ip=True).allows("[fe80::1]:80")
    (False, True)
    """

    names: frozenset[str]
    any_ip: bool = False
    port: int | None = None

    def allows(self, host: str) -> bool:
        match = _HOST.fullmatch(host)
        if match is None:
            return False
        name = (match["v6"] or match["name"] or "").lower().rstrip(".")
        port = int(match["port"]) if match["port"] else 80
        if self.port is not None and port != self.port:
            return False
        if name in self.names:
            return True
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return False
        return self.any_ip

    @classmethod
    def loopback(cls, port: int | None = None) -> Hosts:
        """This machine's own names: ``localhost``, 127.0.0.1 and ::1."""
        return cls(frozenset({"localhost", "127.0.0.1", "::1"}), port=port)


class Guard:
    """Refuses, before any route runs: a Host that is not the server's own (403, DNS rebinding); a state
    change (any method but GET and HEAD) whose ``Origin`` -- or, without one, ``Sec-Fetch-Site`` or
    ``Referer`` -- is not the board's own origin (403); a read of the API from another site (403); and a
    request body that is not ``application/json`` (415: a form or ``text/plain`` post needs no CORS
    preflight). A client that sends none of these headers is not a browser; it still needs a key."""

    def __init__(self, app: ASGIApp, hosts: Hosts) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refused = self.check(scope)
        if refused is not None:
            await refused(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def check(self, scope: Scope) -> Response | None:
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "")
        if not self.hosts.allows(host):
            return refusal(403, f"this board answers to its own address only, not to Host {shown(host)} "
                                "(open the address lexc serve printed)")
        own = f"{scope.get('scheme', 'http')}://{host}"
        origin, site, referer = headers.get("origin"), headers.get("sec-fetch-site"), headers.get("referer")
        changes = scope["method"] not in ("GET", "HEAD")
        if origin is not None and origin != own and (changes or scope["path"].startswith("/api")):
            return refusal(403, f"a request from another site ({shown(origin)}) is refused")
        if site is not None and site not in ("same-origin", "none") and (changes or scope["path"].startswith("/api")):
            return refusal(403, f"a request from another site (Sec-Fetch-Site: {shown(site)}) is refused")
        if changes and origin is None and site is None and referer is not None \
                and referer != own and not referer.startswith(own + "/"):
            return refusal(403, "a request from another site (Referer) is refused")
        if changes:
            kind = headers.get("content-type", "").split(";")[0].strip().lower()
            if kind != "application/json":
                return refusal(415, f"a request body is JSON, sent as application/json, not {shown(kind or 'none')}")
        return None
