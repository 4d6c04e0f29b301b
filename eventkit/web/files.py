"""The page's files and the numbers' images, answered from memory.

Served from disk, every image a phone is downloading holds an open file besides its socket: 200
phones loading their 25 cells at once ran a 1,024-file server out of files (every accept then
failed). Read once, kept while the file is unchanged (size and time, looked at again at most
every `RECHECK` seconds), these cost no file at all. Files over `MAX_FILE`, or past `MAX_TOTAL`
in all, are still sent from disk.
"""

from __future__ import annotations

import mimetypes
import time
from dataclasses import dataclass, field
from pathlib import Path

from aiohttp import web

MAX_FILE = 4 << 20
MAX_TOTAL = 64 << 20
RECHECK = 1.0


class MemoryFiles:
    """`headers`: what every answer carries besides its own (the security headers and `Server`,
    headers.guard_headers), put into each kept file's headers once instead of on every answer."""

    def __init__(
        self,
        *,
        max_file: int = MAX_FILE,
        max_total: int = MAX_TOTAL,
        headers: dict[str, str] | None = None,
    ) -> None:
        self._headers = dict(headers or {})
        self._max_file = max_file
        self._max_total = max_total
        self._total = 0
        self._files: dict[Path, _Kept] = {}
        self._checked: dict[Path, float] = {}  # when each kept file was last looked at

    def recheck(self) -> None:
        """Look at every file again at its next request (files changed on disk just now)."""
        self._checked.clear()

    def answer(self, request: web.Request, path: Path, cache_control: str) -> web.StreamResponse:
        """`path`'s content (304 when the phone has it), or 404 when it cannot be read."""
        now = time.monotonic()
        kept = self._files.get(path)
        if kept is not None and now - self._checked.get(path, 0.0) < RECHECK:
            return self._send(request, kept, cache_control)
        try:
            info = path.stat()
        except OSError:
            raise web.HTTPNotFound(text="not found") from None
        stamp = (info.st_mtime_ns, info.st_size)
        if kept is None or kept.stamp != stamp:
            if kept is not None:
                self._total -= len(kept.data)
                del self._files[path]
            if info.st_size > self._max_file or self._total + info.st_size > self._max_total:
                response = web.FileResponse(path)
                response.headers["Cache-Control"] = cache_control
                return response
            try:
                data = path.read_bytes()
            except OSError:
                raise web.HTTPNotFound(text="not found") from None
            etag = f'"{info.st_mtime_ns:x}-{info.st_size:x}"'
            kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            kept = _Kept(stamp, data, etag, kind)
            self._files[path] = kept
            self._total += len(data)
        self._checked[path] = now
        return self._send(request, kept, cache_control)

    def fresh(self, path: Path) -> _Kept | None:
        """`path`'s kept content, looked at again (size and time) when RECHECK has passed, as
        `answer` looks; None when it is not kept or has changed or gone (`answer` reads it
        again, or says it is not found)."""
        kept = self._files.get(path)
        if kept is None:
            return None
        now = time.monotonic()
        if now - self._checked.get(path, 0.0) < RECHECK:
            return kept
        try:
            info = path.stat()
        except OSError:
            return None
        if kept.stamp != (info.st_mtime_ns, info.st_size):
            return None
        self._checked[path] = now
        return kept

    def head(self, kept: _Kept, cache_control: str, headers: dict[str, str]) -> bytes:
        """The status line and headers of a 200 with `kept`'s content, `Date` and the blank
        line left to add (fastpath.FastFiles), made once for each Cache-Control."""
        raw = kept.raw.get(cache_control)
        if raw is None:
            made = self._headers_of(kept, cache_control)
            lines = [f"{name}: {value}\r\n" for name, value in {**headers, **made}.items()]
            raw = ("HTTP/1.1 200 OK\r\n" + "".join(lines)).encode("latin-1")
            raw += b"Content-Length: %d\r\n" % len(kept.data)
            kept.raw[cache_control] = raw
        return raw

    def _headers_of(self, kept: _Kept, cache_control: str) -> dict[str, str]:
        headers = kept.headers.get(cache_control)
        if headers is None:  # made once for each way the file is served (its Cache-Control)
            kind = kept.kind
            if kind.startswith("text/") or kind.endswith("javascript"):
                kind += "; charset=utf-8"
            own = {"ETag": kept.etag, "Cache-Control": cache_control, "Content-Type": kind}
            headers = {**self._headers, **own}
            kept.headers[cache_control] = headers
        return headers

    def _send(self, request: web.Request, kept: _Kept, cache_control: str) -> web.Response:
        headers = self._headers_of(kept, cache_control)
        if kept.etag in request.headers.get("If-None-Match", ""):
            return web.Response(
                status=304, headers={"ETag": kept.etag, "Cache-Control": cache_control}
            )
        return web.Response(body=kept.data, headers=headers)


@dataclass(frozen=True)
class _Kept:
    stamp: tuple[int, int]  # modification time and size when read
    data: bytes
    etag: str
    kind: str
    headers: dict[str, dict[str, str]] = field(default_factory=dict)  # per Cache-Control
    raw: dict[str, bytes] = field(default_factory=dict)  # its 200's head, per Cache-Control
