"""Does a server's `public_url` (the address in the QR codes) lead to this laptop? No aiohttp.

Checked without sending anything: the URL's host is resolved here and compared with this
computer's own addresses, and its port with the server's. A name only the phones resolve (a
`.local` name announced by another machine, a router's DNS name) cannot be checked from here
and is said so. iOS resolves `.local` (mDNS) names; Android does from version 12 on, older
Android phones do not: the LAN address itself ("http://192.168.1.20:8080") works on every phone.
"""

from __future__ import annotations

import ipaddress
import socket
import sys
from collections.abc import Callable, Iterable
from urllib.parse import urlsplit

from eventkit.web import network

Resolve = Callable[[str], set[str]]


def resolve(host: str) -> set[str]:
    """The IPv4/IPv6 addresses `host` resolves to here (empty when it does not resolve)."""
    try:
        infos = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        return set()
    return {str(info[4][0]).split("%")[0] for info in infos}


def own_addresses() -> set[str]:
    """This computer's addresses: its host name's and, on Linux, `hostname -I`'s."""
    found = resolve(socket.gethostname())
    if sys.platform.startswith("linux"):
        found |= set(network.linux_addresses())
    return found


def _is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def public_url_problem(
    public_url: str,
    port: int,
    bind: str = "0.0.0.0",
    *,
    local: Iterable[str] | None = None,
    resolver: Resolve = resolve,
    section: str,
    what: str,
    language: str = "en",
) -> str | None:
    """Why phones following `public_url` would not reach this laptop's server, or None, in
    `language` (the event's).

    `section` names the config section the keys are in (web, games_web), `what` the things that
    hold the address (the cards' QR codes, the join QR code), in that language.
    """
    if not public_url:
        return None
    parts = urlsplit(public_url)
    host = parts.hostname or ""
    say = reach_texts(language)
    where = f"{section}.public_url = {public_url!r}"
    addresses = resolver(host)
    if not addresses:
        return say("reach_unresolved", where=where, host=host, port=port)
    if all(_is_loopback(a) for a in addresses):
        return say("reach_loopback", where=where, address=sorted(addresses)[0])
    mine = set(own_addresses() if local is None else local)
    if bind not in ("0.0.0.0", "::"):
        mine = {bind}
    if not addresses & mine:
        here = ", ".join(sorted(a for a in mine if not _is_loopback(a))) or say("reach_no_lan")
        return say(
            "reach_elsewhere",
            where=where,
            addresses=", ".join(sorted(addresses)),
            here=here,
            what=what,
            section=section,
        )
    url_port = parts.port or (443 if parts.scheme == "https" else 80)
    if port == 0:  # any free port: another at every start, never the address's
        return say("reach_any_port", where=where, url_port=url_port, section=section, what=what)
    if url_port != port:
        return say(
            "reach_other_port",
            where=where,
            url_port=url_port,
            port=port,
            section=section,
            what=what,
        )
    return None


def reach_texts(language: str) -> Callable[..., str]:
    """The reach check's sentences in `language` (eventkit.web.refusals' tables)."""
    from eventkit.web.refusals import texts

    return texts(language)
