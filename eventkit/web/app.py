"""The one aiohttp application set-up of both phone servers (`bingo serve`, `games serve`).

`WebApp` makes the application and what goes around it, the same for both: the connection
guard (guard.py) with its request-tracking middleware (which also gives every unknown path
the one 404) and its sweep running while the app runs, the security headers on every answer
(headers.py), the page's files from memory by name among those shipped (files.py), the quiet
log of the terminal, and `start`: the file limit raised, the caps set below it, listening
behind the guard (serving.py), aiohttp's loggers put back at the app's cleanup. A server adds
its routes and its own start-up and shutdown hooks to `app`. Both answer `/favicon.ico` (the
browsers ask for it on every page) and gzip what aiohttp answers in html, css, js, json or svg
when the phone accepts it (`compress`; a page file the fast path answers goes as kept).
"""

from __future__ import annotations

import asyncio
import struct
import zlib
from collections.abc import Awaitable, Callable
from pathlib import Path

from aiohttp import hdrs, web
from aiohttp.web_response import ContentCoding

from eventkit.web.fastpath import AVAILABLE as FAST
from eventkit.web.fastpath import FastFiles
from eventkit.web.files import MemoryFiles
from eventkit.web.guard import ConnectionGuard, QuietLog
from eventkit.web.headers import guard_headers, security_headers
from eventkit.web.serving import Serving, prepare_guard, start_guarded

NOT_FOUND = "not found"
MAX_BODY = 4096  # phones send nothing big
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
# what is worth compressing: text answers of some size (a picture is compressed already)
COMPRESSED_TYPES = frozenset(
    {"text/html", "text/css", "text/javascript", "application/javascript", "application/json",
     "image/svg+xml", "text/plain"}
)  # fmt: skip
MIN_COMPRESSED = 512  # bytes: below, gzip's own header and a round trip's cost outweigh it


def _icon() -> bytes:
    """A 32x32 .ico (one PNG inside): an amber disc, the pages' button colour."""
    size = 32
    rows = []
    for y in range(size):
        row = bytearray(b"\x00")  # PNG filter: none
        for x in range(size):
            inside = (x - 15.5) ** 2 + (y - 15.5) ** 2 <= 15.0**2
            row += bytes((255, 179, 0, 255)) if inside else bytes(4)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
    png += chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")
    entry = struct.pack("<BBBBHHII", size, size, 0, 0, 1, 32, len(png), 6 + 16)
    return struct.pack("<HHH", 0, 1, 1) + entry + png


FAVICON = _icon()


@web.middleware
async def compress(request: web.Request, handler: Handler) -> web.StreamResponse:
    """gzip an answer of COMPRESSED_TYPES of MIN_COMPRESSED bytes or more when the request
    accepts gzip (aiohttp compresses it as it sends it; `Vary: Accept-Encoding` says so).
    Anything else is answered as before, byte for byte (the fast path's answers are the same)."""
    response = await handler(request)
    if (
        isinstance(response, web.Response)
        and response.status == 200
        and response.content_type in COMPRESSED_TYPES
        and isinstance(response.body, bytes)
        and len(response.body) >= MIN_COMPRESSED
        and hdrs.CONTENT_ENCODING not in response.headers
        and "gzip" in request.headers.get(hdrs.ACCEPT_ENCODING, "").lower()
    ):
        response.headers[hdrs.VARY] = hdrs.ACCEPT_ENCODING
        response.enable_compression(ContentCoding.gzip)
    return response


class WebApp:
    """An aiohttp application behind the guard (see the module's docstring)."""

    def __init__(
        self,
        *,
        server_name: str,
        log_name: str,
        static: Path,
        per_address: int,
        log: QuietLog | None = None,
    ) -> None:
        self.log = log or QuietLog(name=log_name)
        self.guard = ConnectionGuard(
            headers=guard_headers(server_name), log=self.log, per_address=per_address
        )
        self.files = MemoryFiles(headers=guard_headers(server_name))
        # the files a server registers (`fast_static`, its own `fast.route`s) are answered
        # past aiohttp's request machinery (fastpath.py), where this aiohttp allows it
        self.fast = (
            FastFiles(
                self.files,
                guard_headers(server_name),
                gzipped=(COMPRESSED_TYPES, MIN_COMPRESSED),
                not_found=NOT_FOUND,
            )
            if FAST
            else None
        )
        self.static = {
            p.relative_to(static).as_posix(): p for p in static.rglob("*") if p.is_file()
        }
        self.app = web.Application(
            client_max_size=MAX_BODY,
            middlewares=[self.guard.middleware(not_found=NOT_FOUND), compress],
        )
        self.app.router.add_get("/favicon.ico", self._favicon)
        self.app.on_response_prepare.append(security_headers(server_name))
        self.app.on_startup.append(self._start_sweep)
        self.app.on_shutdown.append(self._stop_sweep)
        self.app.on_cleanup.append(self._put_logs_back)
        self._sweep: asyncio.Task[None] | None = None
        self._restore_logs: Callable[[], None] | None = None

    async def _favicon(self, request: web.Request) -> web.StreamResponse:
        """The pages' icon (every page's browser asks for it)."""
        return web.Response(
            body=FAVICON,
            content_type="image/x-icon",
            headers={"Cache-Control": "public, max-age=86400"},
        )

    async def static_file(self, request: web.Request) -> web.StreamResponse:
        """The page's files, looked up by name among those shipped (never a path on disk)."""
        path = self.static.get(request.match_info["name"])
        if path is None:
            raise web.HTTPNotFound(text=NOT_FOUND)
        return self.files.answer(request, path, "no-store")

    def fast_static(self, prefix: str = "/static/") -> None:
        """The page's files, as `static_file` answers them under `prefix`, answered past
        aiohttp (fastpath.py) when the request is a plain one."""
        if self.fast is not None:
            self.fast.route(prefix, self._static_of)

    def _static_of(self, name: str) -> tuple[Path, str] | None:
        path = self.static.get(name)
        return None if path is None else (path, "no-store")

    async def start(self, host: str, port: int) -> Serving:
        """Listen on host:port (0: any free port, see `.port`); `.cleanup()` stops.

        The process's file limit is raised first and the connection caps are set below it; idle
        and half-sent requests are closed after IDLE_SECONDS (eventkit.web.serving).
        """
        prepare_guard(self.guard)
        serving, restore = await start_guarded(
            self.app, self.guard, host, port, restore_logs_on_cleanup=False, fast=self.fast
        )
        self._restore_logs = restore  # put back by the application's cleanup
        return serving

    async def _start_sweep(self, app: web.Application) -> None:
        self._sweep = asyncio.create_task(self.guard.run())

    async def _stop_sweep(self, app: web.Application) -> None:
        if self._sweep is not None:
            self._sweep.cancel()

    async def _put_logs_back(self, app: web.Application) -> None:
        if self._restore_logs is not None:
            self._restore_logs()
            self._restore_logs = None
