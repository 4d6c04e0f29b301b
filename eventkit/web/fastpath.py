"""The page's files and pictures answered straight from memory, past aiohttp's request machinery.

When 1,000 phones scan their card's QR at once, 26 of each phone's 29 requests are a kept
file (the style, the script, 24 pictures): aiohttp spends most of its time per request on the
machinery around one (the request object, routing, middlewares, the response object and its
headers), not on the bytes. `FastFiles.answer` looks at what a connection received: when it is
exactly one plain `GET <path> HTTP/1.1` request for a path a server registered (`route`), the
file is kept (files.MemoryFiles, checked within its RECHECK) and the connection is idle between
requests, it writes the answer aiohttp would (status, the file's headers, the security headers,
`Server`, `Date`, length, body) and tells the guard the connection was busy. A server may also
register pages made in memory (`page`: bingo serve's card page and card for a scanned QR whose
code and token open it). Anything else goes to aiohttp as before: other methods, HTTP/1.0, a
request in pieces or several at once, a conditional or closing request, odd bytes, a path not
registered or a file not kept (a 404, a file too large), a page its maker leaves (a refusal),
text the phone accepts gzipped (app.compress gzips it), a connection whose reader is behind
(its answers wait in memory), and, for good, any connection that has passed a piece of a
request to aiohttp. The answer is the same either way (tests/test_webguard_fastpath.py).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aiohttp.web_protocol import RequestHandler

from eventkit.web.files import MemoryFiles
from eventkit.web.limits import address_key

MAX_REQUEST = 4096  # a phone's GET is a few hundred bytes; more goes to aiohttp's limits
MAX_WAITING = 256 * 1024  # bytes not yet taken by the reader: then aiohttp waits for it
# headers whose request aiohttp answers (a 304, a body, an upgrade), and controls or DEL in a
# header (aiohttp's parser says what it thinks of them); the head is looked at in lower case
OTHERS = re.compile(
    rb"\r\n(?:if-none-match|if-modified-since|expect|transfer-encoding|content-length|upgrade):"
    rb"|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]"
)
# what aiohttp's own connection handler must have for a connection's state to be read here
_STATE = (
    "_messages",
    "_request_in_progress",
    "_payload_parser",
    "_force_close",
    "_close",
    "_next_keepalive_close_time",
    "_keepalive_handle",
    "_keepalive_timeout",
    "_manager",
)
_SLOTS = {name for klass in RequestHandler.__mro__ for name in getattr(klass, "__slots__", ())}
AVAILABLE = all(name in _SLOTS for name in (*_STATE, "_loop", "transport", "_upgraded"))
DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")

# a route: the rest of the path after its prefix -> the file and its Cache-Control, or None
Route = Callable[[str], "tuple[Path, str] | None | NotFound"]


class NotFound:
    """What a route returns for a path it knows is not there: the one 404 (app.NOT_FOUND)."""


NOT_FOUND = NotFound()
# a page: (the rest of the path, the query, the address key) -> its body, or None
Page = Callable[[str, str, str], bytes | None]


class FastFiles:
    """Registered paths answered from `files` without aiohttp's request machinery."""

    def __init__(
        self,
        files: MemoryFiles,
        headers: dict[str, str],
        *,
        gzipped: tuple[frozenset[str], int] = (frozenset(), 0),
        not_found: str = "not found",
    ) -> None:
        self.files = files
        self.headers = dict(headers)
        # answers aiohttp gzips for a phone that accepts it (app.compress: these types, of at
        # least this many bytes): such a request is left to it
        self.gzipped_types, self.gzipped_from = gzipped
        fields = {**self.headers, "Content-Type": "text/plain; charset=utf-8"}
        body = not_found.encode("utf-8")
        self._not_found = (
            (
                "HTTP/1.1 404 Not Found\r\n"
                + "".join(f"{name}: {value}\r\n" for name, value in fields.items())
                + f"Content-Length: {len(body)}\r\n"
            ).encode("latin-1"),
            body,
        )
        self.routes: dict[bytes, Route] = {}
        self.pages: dict[bytes, tuple[str, Page]] = {}
        self.answered = 0
        self._date = (0, b"")
        self._page_heads: dict[str, bytes] = {}

    def route(self, prefix: str, find: Route) -> None:
        """Paths starting with `prefix` (e.g. "/static/"): `find(rest)` names the file."""
        self.routes[prefix.encode("ascii")] = find

    def page(self, prefix: str, kind: str, make: Page) -> None:
        """Paths starting with `prefix`: `make(rest, query, address)` gives the body of a 200
        of type `kind` (no-store, as `web.Response(text=..., content_type=kind)` answers), or
        None to leave the request to aiohttp (every refusal, every case it does not know)."""
        self.pages[prefix.encode("ascii")] = (kind, make)

    def answer(self, handler: Any, data: bytes) -> bool:
        """Answer `data` on `handler`'s connection if it is a plain request for a kept file
        registered here (see the module's docstring); False: aiohttp is to handle it."""
        plain = _plain_get(data)
        if plain is None or not _idle(handler):
            return False
        target, head = plain
        at = head.find(b"\r\naccept-encoding:")
        gzip = at >= 0 and b"gzip" in head[at : head.find(b"\r\n", at + 2)]
        transport = handler.transport
        if transport is None or transport.get_write_buffer_size() > MAX_WAITING:
            return False
        path, _, query = target.partition(b"?")
        parts = self._file_parts(path, gzip)
        if parts is None:  # no file route of ours: a page's, or aiohttp's
            parts = self._page_parts(transport, path, query, gzip)
        if not parts:
            return False
        transport.writelines(parts)
        self.answered += 1
        handler._next_keepalive_close_time = handler._loop.time() + handler._keepalive_timeout
        if handler._keepalive_handle is None:
            handler._keepalive_handle = handler._loop.call_at(
                handler._next_keepalive_close_time, handler._process_keepalive
            )
        guard = getattr(handler._manager, "guard", None)
        if guard is not None:
            guard.touch(handler)
        return True

    def _file_parts(self, path: bytes, gzip: bool) -> tuple[bytes, ...] | None:
        """The answer's bytes for a kept file (or the one 404) under a file route; () to leave
        it to aiohttp; None when no file route of ours takes `path`."""
        for prefix, find in self.routes.items():
            if path.startswith(prefix):
                found = find(path[len(prefix) :].decode("ascii"))
                if isinstance(found, NotFound):  # (the answer aiohttp's 404 gives)
                    return (self._not_found[0], self._date_line(), self._not_found[1])
                kept = None if found is None else self.files.fresh(found[0])
                if found is None or kept is None or gzip and self._gzipped(kept.kind, kept.data):
                    return ()
                return (self.files.head(kept, found[1], self.headers), self._date_line(), kept.data)
        return None

    def _page_parts(
        self, transport: Any, path: bytes, query: bytes, gzip: bool
    ) -> tuple[bytes, ...]:
        """The answer's bytes for a registered page; () to leave it to aiohttp."""
        for prefix, (kind, make) in self.pages.items():
            if path.startswith(prefix):
                if gzip and kind in self.gzipped_types:
                    return ()
                peer = transport.get_extra_info("peername")
                host = peer[0] if isinstance(peer, tuple) and peer else None
                rest = path[len(prefix) :].decode("ascii")
                body = make(rest, query.decode("ascii"), address_key(host))
                if body is None:
                    return ()
                head = self._page_head(kind) + b"Content-Length: %d\r\n" % len(body)
                return (head, self._date_line(), body)
        return ()

    def _gzipped(self, kind: str, body: bytes) -> bool:
        return kind in self.gzipped_types and len(body) >= self.gzipped_from

    def _page_head(self, kind: str) -> bytes:
        head = self._page_heads.get(kind)
        if head is None:  # the security headers' Cache-Control (no-store) for a page
            fields = {**self.headers, "Content-Type": f"{kind}; charset=utf-8"}
            lines = "".join(f"{name}: {value}\r\n" for name, value in fields.items())
            head = self._page_heads[kind] = f"HTTP/1.1 200 OK\r\n{lines}".encode("latin-1")
        return head

    def _date_line(self) -> bytes:
        now = int(time.time())
        if self._date[0] != now:
            t = time.gmtime(now)
            text = (
                f"Date: {DAYS[t.tm_wday]}, {t.tm_mday:02d} {MONTHS[t.tm_mon - 1]} {t.tm_year} "
                f"{t.tm_hour:02d}:{t.tm_min:02d}:{t.tm_sec:02d} GMT\r\n\r\n"
            )
            self._date = (now, text.encode("ascii"))
        return self._date[1]


def _plain_get(data: bytes) -> tuple[bytes, bytes] | None:
    """The target of `data` and its headers in lower case when it is exactly one plain GET
    request (see OTHERS), else None."""
    if (
        len(data) > MAX_REQUEST
        or not data.startswith(b"GET /")
        or data.find(b"\r\n\r\n") != len(data) - 4
        or not data.isascii()
    ):
        return None
    end = data.find(b"\r\n")
    line = data[:end].split(b" ")
    if len(line) != 3 or line[2] != b"HTTP/1.1" or b"%" in line[1]:
        return None
    head = data[end:-2].lower()
    if OTHERS.search(head):
        return None
    at = head.find(b"\r\nconnection:")
    if at >= 0:
        value = head[at + 13 : head.find(b"\r\n", at + 2)]
        if value.strip() != b"keep-alive":
            return None
    return line[1], head


def _idle(handler: Any) -> bool:
    """True when aiohttp's handler of this connection is between requests: none queued, none
    being answered (its answers to earlier ones are all written), not a WebSocket, not
    closing. (It may not have gone back to waiting yet: it finds nothing queued.)"""
    return (
        not handler._messages
        and not handler._request_in_progress
        and handler._payload_parser is None
        and not handler._upgraded
        and not handler._force_close
        and not handler._close
    )
