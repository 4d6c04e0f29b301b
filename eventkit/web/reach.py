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
) -> str | None:
    """Why phones following `public_url` would not reach this laptop's server, or None.

    `section` names the config section the keys are in (web, games_web), `what` the things that
    hold the address (the cards' QR codes, the join QR code).
    """
    if not public_url:
        return None
    parts = urlsplit(public_url)
    host = parts.hostname or ""
    where = f"{section}.public_url = {public_url!r}"
    addresses = resolver(host)
    if not addresses:
        return (
            f"{where}: {host} does not resolve on this laptop, so it cannot be checked (phones "
            'may not find it either): the LAN address, e.g. "http://192.168.1.20:'
            f'{port}", works on every phone'
        )
    if all(_is_loopback(a) for a in addresses):
        return (
            f"{where} names this computer alone ({sorted(addresses)[0]}): phones cannot reach "
            "it; use the laptop's LAN address"
        )
    mine = set(own_addresses() if local is None else local)
    if bind not in ("0.0.0.0", "::"):
        mine = {bind}
    if not addresses & mine:
        return (
            f"{where} leads to {', '.join(sorted(addresses))}, which is not this laptop "
            f"(here: {', '.join(sorted(a for a in mine if not _is_loopback(a))) or 'no LAN address'}"
            f"): {what} would open another computer; fix {section}.public_url (or join "
            "the network it names)"
        )
    url_port = parts.port or (443 if parts.scheme == "https" else 80)
    if port == 0:  # any free port: another at every start, never the address's
        return (
            f"{where} uses port {url_port} but {section}.port = 0 listens on any free port: "
            f"{what} reach nothing; set {section}.port = {url_port}"
        )
    if url_port != port:
        return (
            f"{where} uses port {url_port} but the server listens on {port} ({section}.port): "
            f"{what} reach nothing unless something forwards that port"
        )
    return None
