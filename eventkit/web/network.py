"""This laptop's addresses as the phones see them: the address to type, the join URL. No aiohttp."""

from __future__ import annotations

import socket
import subprocess
import sys


def lan_address(bind: str) -> str:
    """The address phones should type: the bound one, else this computer's LAN address."""
    if bind not in ("0.0.0.0", "::"):
        return bind
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    candidates = [str(info[4][0]) for info in infos]
    if sys.platform.startswith("linux"):  # Debian maps the host name to 127.0.1.1
        candidates += linux_addresses()
    for address in candidates:
        if not address.startswith("127.") and ":" not in address:
            return address
    return socket.gethostname()


def linux_addresses() -> list[str]:
    """This computer's own addresses as `hostname -I` lists them (it sends nothing)."""
    try:
        answer = subprocess.run(
            ["hostname", "-I"], capture_output=True, text=True, timeout=2, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return []
    return answer.stdout.split()


def join_url(bind: str, port: int, public_url: str = "") -> str:
    """The address phones open: `public_url` when set, else http://<LAN address>:<port>/."""
    if public_url:
        return public_url.rstrip("/") + "/"
    host = lan_address(bind)
    if ":" in host:  # IPv6: in brackets, its zone (%eth0) as %25eth0
        host = "[" + host.replace("%", "%25") + "]"
    return f"http://{host}:{port}/"
