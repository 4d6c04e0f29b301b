"""The headers every answer of a phone server carries (pages, files, errors, WebSocket handshakes).

The pages load nothing from elsewhere (no internet at an event), so the policy allows the
server's own origin alone; `Server` names the toolkit's part, never a product version.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiohttp import web

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; connect-src 'self' ws: wss:; "
        "frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def guard_headers(server_name: str) -> dict[str, str]:
    """The headers of the guard's own short answers (junk, crashes)."""
    return {**SECURITY_HEADERS, "Server": server_name}


def security_headers(
    server_name: str,
) -> Callable[[web.Request, web.StreamResponse], Awaitable[None]]:
    """An `on_response_prepare` hook adding SECURITY_HEADERS (where a handler set none) and
    `Server: <server_name>` to every answer of the application. An answer that carries that
    `Server` already was made with them all (`guard_headers` merged into a kept file's
    headers, made once): nothing to add."""

    async def add(request: web.Request, response: web.StreamResponse) -> None:
        headers = response.headers
        if headers.get("Server") == server_name:  # made with them (files.MemoryFiles)
            return
        for name, value in SECURITY_HEADERS.items():
            headers.setdefault(name, value)
        headers["Server"] = server_name

    return add
