"""Keeps floods, slow requests and junk from taking a phone server down (or the host's terminal).

aiohttp alone keeps an idle connection for an hour and takes connections until the process runs
out of files; then every phone times out and each refused accept writes a traceback. Around
aiohttp's own pieces, this module adds:

* `raise_file_limit()`: at start the soft RLIMIT_NOFILE is raised to the hard limit (where the
  system allows); `total_cap()` keeps the connections below what we got, leaving room for the
  journal, its side files and the connections being closed.
* `ConnectionGuard`: connections counted per address (`limits.address_key`: IPv6 per /64) and in
  all. A newcomer past its address's cap is closed at once, unanswered (the cheapest refusal).
* `Listener`: the server accepts connections itself, and only while the guard has room. When
  every place is taken, room is made by closing the connection idle the longest (kept alive
  waiting for a request, or half a request sent) once it has been idle for `MIN_IDLE` (a page
  still loading is left alone); if none is, the newest connection of the address holding the
  most, when it holds more than `FAIR_SHARE` (a phone needs about 7); else nothing more is
  accepted until room is made:
  new phones then wait in the system's queue of pending connections (TCP retries for them)
  instead of being refused, and a phone's WebSocket is never dropped for a flood of addresses
  that each hold no more than it does.
* WebSockets (`ConnectionGuard.websocket`, before the upgrade) are capped at `ws_cap`, below the
  cap in all by `ws_reserve` kept for page loads, so a flood of sockets that hold still can
  never take the places a new phone needs to load its page. Each socket has a worth the server
  sets as it changes (`set_worth`): FRESH (has done nothing: never opened a card, never joined
  a seat), WATCHER (a board watcher, a spectator), PLAYER (a card's live socket, a seated
  player). When the sockets are full, a newcomer takes the place of the socket worth least,
  from the /24 (IPv4; /64 for IPv6) then the address holding the most sockets, the oldest
  first; a socket is never closed for a newcomer worth less, nor for one from a group that
  holds as many (the flood itself), so a seated player's or a card's socket stays while an
  idle watcher is left, and one address or /24 cannot push the others out.
* the sweep (`ConnectionGuard.run`, once a second): a connection idle or still reading its
  request for `IDLE_SECONDS`, or inside one ordinary request (a reader that never reads its
  answer) for `REQUEST_SECONDS`, is closed. WebSockets are left to their heartbeat.
* `GuardedHandler.handle_error`: the parser's own answers (junk, bad URLs, bad headers) and a
  handler's crash get a short answer with the security headers, and one rate-limited line.
* `QuietLog`: every line about bad requests goes through it: one line per kind every 10 s, then
  the count of those left out; aiohttp's loggers and the loop's error handler are routed to it.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import socket
import sys
import time
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TextIO

from aiohttp import web
from aiohttp.web_protocol import RequestHandler

from eventkit.web.limits import address_key, network_key

try:
    import resource
except ImportError:  # Windows: no RLIMIT_NOFILE to read or raise
    resource = None  # type: ignore[assignment]

IDLE_SECONDS = 10.0  # kept-alive idle, or slower than this to send a request's headers
REQUEST_SECONDS = 30.0  # one ordinary request, its answer included
PER_ADDRESS = 32  # a browser opens about 6 per page; a few tabs and the WebSocket fit
FAIR_SHARE = 8  # when full, an address holding more than this gives up its newest connection
MIN_IDLE = 2.0  # idle for less (a page loading) is not closed to make room
MAX_TOTAL = 8192  # 1,000 phones open about 7,000 at once (6 each loading, then the feed)
BACKLOG = 4096  # connections the system keeps waiting for us (1,000 phones open ~7,000 in 1 s);
# the system clamps it to its own limit (Linux: net.core.somaxconn, 4096 since 5.4; `listen_backlog`)
ACCEPT_BATCH = 256  # connections taken from the system's queue in one pass of the event loop
RESERVED_FILES = 96  # the journal and its side files, the interpreter's own, those closing
LOG_EVERY = 10.0  # seconds between two lines of one kind on the host's terminal
WINDOWS_FILES = 2048  # what the caps assume where there is no file limit to read
FRESH, WATCHER, PLAYER = 0, 1, 2  # what a WebSocket is worth (the least is closed first)


def ws_reserve(total: int) -> int:
    """Places kept for page loads out of `total`: a quarter (about 30 phones loading at once
    at the 1,024-file default), at least 8."""
    return max(8, total // 4)


def raise_file_limit(target: int | None = None) -> int:
    """Raise the soft limit of open files towards the hard one (or `target`); the soft limit now."""
    if resource is None:
        return WINDOWS_FILES
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (OSError, ValueError):
        return 1024
    want = hard if target is None else target
    if want == resource.RLIM_INFINITY or want > 1 << 20:
        want = 1 << 20
    if hard != resource.RLIM_INFINITY:
        want = min(want, hard)
    if want > soft:
        for value in (want, 10240):  # macOS refuses more than OPEN_MAX for an unlimited hard
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (min(value, want), hard))
                soft = min(value, want)
                break
            except (OSError, ValueError):
                continue
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def current_file_limit() -> int:
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def total_cap(file_limit: int) -> int:
    """Connections in all for a process allowed `file_limit` open files."""
    return max(16, min(MAX_TOTAL, file_limit - RESERVED_FILES))


def printable(text: object, limit: int = 160) -> str:
    """A guest's text made safe for a terminal: printable ASCII, one line, at most `limit`."""
    out = "".join(c if " " <= c <= "~" else "?" for c in " ".join(str(text).split()))
    return out if len(out) <= limit else out[: limit - 3] + "..."


class QuietLog:
    """One line per kind every `every` seconds on the host's terminal, then how many were left out.

    Each line starts with `name` (the command serving: "bingo serve", "games serve").
    """

    def __init__(
        self,
        stream: TextIO | None = None,
        *,
        name: str = "serve",
        every: float = LOG_EVERY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._stream = stream
        self.name = name
        self._every = every
        self._clock = clock
        self._kinds: dict[str, tuple[float, int]] = {}  # kind -> (last line's time, left out)

    def say(self, kind: str, text: str) -> bool:
        """Write `text` unless a line of this kind was written lately; True when written."""
        now = self._clock()
        last, left_out = self._kinds.get(kind, (None, 0))
        if last is not None and now - last < self._every:
            self._kinds[kind] = (last, left_out + 1)
            return False
        more = ""
        if left_out and last is not None:
            more = f" (and {left_out} more like it in {now - last:.0f} s)"
        stream = self._stream or sys.stderr
        try:
            print(f"{self.name}: {text}{more}", file=stream, flush=True)
        except (OSError, ValueError):
            pass  # a closed terminal must not stop the server
        self._kinds[kind] = (now, 0)
        if len(self._kinds) > 64:  # kinds are a few fixed words; never let guests grow it
            self._kinds.pop(next(iter(self._kinds)))
        return True


def describe(exc: BaseException | None) -> str:
    """An exception as one line: its type, its message and where it was raised."""
    if exc is None:
        return ""
    where = ""
    frames = traceback.extract_tb(exc.__traceback__) if exc.__traceback__ else []
    if frames:
        last = frames[-1]
        where = f" (at {last.filename.rsplit('/', 1)[-1]}:{last.lineno} in {last.name})"
    return printable(f"{type(exc).__name__}: {exc}", 200) + where


@dataclass(eq=False)
class _Connection:
    handler: Any
    key: str
    since: float  # when its current state began (opened, or its last request ended)
    busy: int = 0  # requests inside a handler now
    websocket: bool = False
    net: str = ""  # its /24 (IPv4) or /64 (IPv6): fair shares are counted per address and per net
    worth: int = FRESH
    opened: float = 0.0  # when it became a WebSocket


class ConnectionGuard:
    """Caps and timeouts for the server's connections (see the module's docstring)."""

    def __init__(
        self,
        *,
        total: int | None = None,
        per_address: int = PER_ADDRESS,
        idle_seconds: float = IDLE_SECONDS,
        request_seconds: float = REQUEST_SECONDS,
        headers: Mapping[str, str] | None = None,
        log: QuietLog | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if total is None:
            total = total_cap(WINDOWS_FILES if resource is None else current_file_limit())
        self.total = total
        self.per_address = per_address
        self.idle_seconds = idle_seconds
        self.request_seconds = request_seconds
        self.headers = dict(headers or {})
        self.log = log or QuietLog()
        self._clock = clock
        self._open: dict[Any, _Connection] = {}  # in the order they came
        self._by_key: dict[str, dict[Any, _Connection]] = {}
        self._idle: dict[Any, _Connection] = {}  # not inside a request, longest idle first
        self._sockets: dict[Any, _Connection] = {}  # the WebSockets, oldest first
        self._ws_by_key: dict[str, int] = {}
        self._ws_by_net: dict[str, int] = {}
        self.refused = 0
        self.displaced = 0
        self.swept = 0
        self.ws_refused = 0
        self.ws_displaced = 0
        self._room: asyncio.Event | None = None  # set when a connection leaves
        self._room_loop: asyncio.AbstractEventLoop | None = None

    def __len__(self) -> int:
        return len(self._open)

    @property
    def ws_cap(self) -> int:
        """WebSockets in all: the cap in all less the places kept for page loads."""
        return max(1, self.total - ws_reserve(self.total))

    @property
    def sockets(self) -> int:
        return len(self._sockets)

    def count(self, host: str | None) -> int:
        return len(self._by_key.get(address_key(host), ()))

    # ------------------------------------------------------------------ arriving, leaving
    def admit(self, handler: Any, host: str | None) -> bool:
        """A new connection from `host`: True to keep it (it may have displaced another)."""
        key = address_key(host)
        mine = self._by_key.get(key, {})
        if len(mine) >= self.per_address:
            self._refuse(f"{len(mine)} connections from {key} already: more are closed")
            return False
        if len(self._open) >= self.total and not self.make_room():  # (Listener made room)
            self._refuse(f"{len(self._open)} connections open (the most this server takes)")
            return False
        conn = _Connection(handler, key, self._clock(), net=network_key(host))
        self._open[handler] = conn
        self._by_key.setdefault(key, {})[handler] = conn
        self._idle[handler] = conn
        return True

    def release(self, handler: Any) -> None:
        conn = self._open.pop(handler, None)
        if conn is None:
            return
        self._idle.pop(handler, None)
        if self._sockets.pop(handler, None) is not None:
            _down(self._ws_by_key, conn.key)
            _down(self._ws_by_net, conn.net)
        mine = self._by_key.get(conn.key)
        if mine is not None:
            mine.pop(handler, None)
            if not mine:
                del self._by_key[conn.key]
        if self._room is not None:
            self._room.set()

    def _refuse(self, why: str) -> None:
        self.refused += 1
        self.log.say("refused", f"connection refused: {why}")

    def free(self) -> int:
        """Places free under the cap in all (without making room)."""
        return self.total - len(self._open)

    def has_room(self) -> bool:
        """True when one more connection may be accepted (making room if it must)."""
        return len(self._open) < self.total or self.make_room()

    async def wait_for_room(self, timeout: float) -> None:
        loop = asyncio.get_running_loop()
        if self._room is None or self._room_loop is not loop:
            self._room, self._room_loop = asyncio.Event(), loop
        self._room.clear()
        try:
            await asyncio.wait_for(self._room.wait(), timeout)
        except TimeoutError:
            pass

    def make_room(self) -> bool:
        """Close one connection for a newcomer (see the module's docstring); False if none."""
        victim = next(iter(self._idle.values()), None)
        if victim is not None and self._clock() - victim.since < MIN_IDLE:
            victim = None
        if victim is None:
            heaviest = max(self._by_key.values(), key=len, default={})
            if len(heaviest) <= FAIR_SHARE:
                return False
            # its newest plain connection, else its socket worth least (never a player's first)
            victim = min(
                reversed(heaviest.values()),
                key=lambda c: (c.websocket, c.worth if c.websocket else 0),
            )
        self.displaced += 1
        self.log.say(
            "displaced", f"{len(self._open)} connections open: idle ones are closed to make room"
        )
        self._close(victim)
        return True

    def _close(self, conn: _Connection) -> None:
        self.release(conn.handler)
        try:
            conn.handler.force_close()
        except Exception:
            pass

    # ------------------------------------------------------------------ requests
    def begin(self, handler: Any) -> None:
        conn = self._open.get(handler)
        if conn is not None:
            conn.busy += 1
            conn.since = self._clock()
            self._idle.pop(handler, None)

    def end(self, handler: Any) -> None:
        conn = self._open.get(handler)
        if conn is not None:
            conn.busy = max(0, conn.busy - 1)
            conn.since = self._clock()
            if not conn.busy and not conn.websocket:  # idle again: the newest idle
                self._idle.pop(handler, None)
                self._idle[handler] = conn

    def touch(self, handler: Any) -> None:
        """This connection was answered outside aiohttp's requests (fastpath.py): busy just now,
        so idle from now on, the newest idle."""
        conn = self._open.get(handler)
        if conn is not None and not conn.busy and not conn.websocket:
            conn.since = self._clock()
            self._idle.pop(handler, None)
            self._idle[handler] = conn

    def middleware(self, not_found: str | None = None) -> Any:
        """An aiohttp middleware that tells the guard which connections are inside a request
        (not idle, not to be swept); every app behind the guard puts it first. With
        `not_found`, every 404 (an unknown path, a wrong code) answers that one text: one
        middleware for both, as each layer costs every request a call."""

        @web.middleware
        async def track(request: web.Request, handler: Any) -> web.StreamResponse:
            protocol = request.protocol
            self.begin(protocol)
            try:
                response: web.StreamResponse = await handler(request)
                return response
            except web.HTTPNotFound:
                if not_found is None:
                    raise
                raise web.HTTPNotFound(text=not_found) from None
            finally:
                self.end(protocol)

        return track

    def websocket(self, handler: Any, worth: int = FRESH) -> bool:
        """This connection asks to become a phone's feed (call it before the upgrade).

        True: it is one now (left to the WebSocket heartbeat, never swept), having taken the
        place of the socket worth least if the sockets were full; False: no place for it (the
        server answers 503 and the page tries again later)."""
        conn = self._open.get(handler)
        if conn is None:  # not behind the guard (an app under aiohttp's test server)
            return True
        if conn.websocket:
            self.set_worth(handler, worth)
            return True
        if len(self._sockets) >= self.ws_cap:
            victim = self._least_worth()
            if victim is None or not self._outweighs(conn, worth, victim):
                self.ws_refused += 1
                self.log.say(
                    "ws full",
                    f"{len(self._sockets)} live feeds open (the most this server keeps beside "
                    "page loads): a new one was refused",
                )
                return False
            self.ws_displaced += 1
            self.log.say(
                "ws displaced",
                f"{len(self._sockets)} live feeds open: the ones worth least (idle watchers, "
                "the addresses holding most) are closed for newcomers",
            )
            self._close(victim)
        conn.websocket = True
        conn.worth = worth
        conn.opened = self._clock()
        self._idle.pop(handler, None)
        self._sockets[handler] = conn
        self._ws_by_key[conn.key] = self._ws_by_key.get(conn.key, 0) + 1
        self._ws_by_net[conn.net] = self._ws_by_net.get(conn.net, 0) + 1
        return True

    def set_worth(self, handler: Any, worth: int) -> None:
        """What this WebSocket is worth now (the server says so as it changes: a card opened,
        a seat taken or left)."""
        conn = self._sockets.get(handler)
        if conn is not None:
            conn.worth = worth

    def worth(self, handler: Any) -> int | None:
        conn = self._sockets.get(handler)
        return None if conn is None else conn.worth

    def _weight(self, conn: _Connection) -> tuple[int, int]:
        """How many sockets its /24 (or /64) and its address hold."""
        return self._ws_by_net.get(conn.net, 0), self._ws_by_key.get(conn.key, 0)

    def _least_worth(self) -> _Connection | None:
        """The socket to close first: the least worth, then the heaviest net and address, then
        the oldest."""
        best: _Connection | None = None
        best_key: tuple[int, int, int, float] | None = None
        for conn in self._sockets.values():
            net, address = self._weight(conn)
            key = (conn.worth, -net, -address, conn.opened)
            if best_key is None or key < best_key:
                best, best_key = conn, key
        return best

    def _outweighs(self, newcomer: _Connection, worth: int, victim: _Connection) -> bool:
        """May `newcomer` (worth `worth`) take `victim`'s place? Only if worth more, or worth
        as much and from a net and address holding fewer sockets than the victim's."""
        if worth != victim.worth:
            return worth > victim.worth
        net, address = self._weight(newcomer)
        victim_net, victim_address = self._weight(victim)
        if newcomer.net == victim.net:  # one LAN: shares per address
            return address + 1 < victim_address
        return (net + 1, address + 1) < (victim_net, victim_address)

    # ------------------------------------------------------------------ the sweep
    def sweep(self) -> int:
        """Close what has been idle or inside one request for too long; how many were closed."""
        now = self._clock()
        stale = [
            conn
            for conn in self._open.values()
            if not conn.websocket
            and now - conn.since > (self.request_seconds if conn.busy else self.idle_seconds)
        ]
        for conn in stale:
            self._close(conn)
        self.swept += len(stale)
        return len(stale)

    async def run(self) -> None:
        while True:
            await asyncio.sleep(min(1.0, self.idle_seconds / 4))
            self.sweep()


def feeds_full() -> web.Response:
    """The answer to a WebSocket the guard had no place for (`ConnectionGuard.websocket`
    returned False): 503, the connection closed with it; the page's script tries again."""
    response = web.Response(status=503, text="busy: try again", headers={"Retry-After": "5"})
    response.force_close()
    return response


class GuardedHandler(RequestHandler):
    """aiohttp's connection handler, answering junk and crashes in one quiet, headed line; the
    server's registered files are answered from memory past aiohttp (fastpath.py) while the
    connection has given aiohttp no piece of a request."""

    __slots__ = ("_fast",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        fast = getattr(self._manager, "fast", None)
        self._fast = fast if fast is not None and (fast.routes or fast.pages) else None

    def data_received(self, data: bytes) -> None:
        if self._fast is not None:
            if self._fast.answer(self, data):
                return
            if not data.startswith(b"GET ") or not data.endswith(b"\r\n\r\n"):
                self._fast = None  # a piece of a request, or one with a body, is aiohttp's:
                # so is all that comes after it on this connection
        super().data_received(data)

    def handle_error(
        self,
        request: Any,
        status: int = 500,
        exc: BaseException | None = None,
        message: str | None = None,
    ) -> web.StreamResponse:
        guard: ConnectionGuard | None = getattr(self._manager, "guard", None)
        if guard is None:  # the connection is already gone: aiohttp's own answer will do
            return super().handle_error(request, status, exc, message)
        who = printable(getattr(request, "remote", None) or "?", 60)
        if isinstance(exc, ConnectionError):  # it left before its answer: nothing to say
            raise ConnectionError("the connection left before its answer")
        if status >= 500:
            what = printable(f"{request.method} {request.path}", 120)
            guard.log.say("error", f"error answering {what} from {who}: {describe(exc)}")
            text = "server error"
        else:
            guard.log.say("bad request", f"bad request from {who}: {describe(exc) or message}")
            text = "bad request"
        if request.writer.output_size > 0:  # part of an answer is out: only closing is left
            raise ConnectionError("answer already started")
        response = web.Response(status=status, text=text, headers=guard.headers)
        response.force_close()
        return response


class GuardedServer(web.Server):
    """aiohttp's server, with every connection passing through a `ConnectionGuard`."""

    def __init__(
        self, handler: Any, *, guard: ConnectionGuard, fast: Any = None, **kwargs: Any
    ) -> None:
        super().__init__(handler, **kwargs)
        self.guard = guard
        self.fast = fast  # fastpath.FastFiles, or None

    def __call__(self) -> RequestHandler:
        return GuardedHandler(self, loop=self._loop, **self._kwargs)

    def connection_made(self, handler: RequestHandler, transport: asyncio.Transport) -> None:
        peer = transport.get_extra_info("peername")
        host = peer[0] if isinstance(peer, tuple) and peer else None
        if not self.guard.admit(handler, host):
            # closed once its start() has begun, as aiohttp's own keep-alive closes (closing
            # here would end the connection before start() and leave an assertion behind)
            self._loop.call_soon(handler.force_close)
            return
        super().connection_made(handler, transport)

    def connection_lost(self, handler: RequestHandler, exc: BaseException | None = None) -> None:
        self.guard.release(handler)
        super().connection_lost(handler, exc)


class GuardedRunner(web.AppRunner):
    """An AppRunner whose server is a `GuardedServer` (the application's hooks run as usual)."""

    def __init__(
        self, app: web.Application, *, guard: ConnectionGuard, fast: Any = None, **kwargs: Any
    ) -> None:
        super().__init__(app, **kwargs)
        self._guard_of_server = guard
        self._fast_of_server = fast

    async def _make_server(self) -> web.Server:
        plain = await super()._make_server()  # runs the app's start-up, builds aiohttp's server
        return GuardedServer(
            plain.request_handler,
            request_factory=plain.request_factory,
            handler_cancellation=plain.handler_cancellation,
            guard=self._guard_of_server,
            fast=self._fast_of_server,
            **self._kwargs,
        )


class Listener:
    """Accepts the connections of one address itself, and only while the guard has room.

    asyncio's own accept loop takes every pending connection at once, past any cap; this one
    asks the guard first: in one pass of the event loop it takes as many as the guard has free
    places for (at most `ACCEPT_BATCH`; one, made room for, when full), and hands them to
    aiohttp's server (`connect_accepted_socket`) together. The rest wait in the system's queue,
    `BACKLOG` long. Out of files or memory it says so in one line and waits half a second.
    """

    def __init__(
        self, guard: ConnectionGuard, factory: Callable[[], Any], host: str, port: int
    ) -> None:
        self.guard = guard
        self.factory = factory
        self.backlog = listen_backlog()
        if self.backlog < BACKLOG:
            guard.log.say(
                "backlog",
                f"this system keeps at most {self.backlog} connections waiting to be accepted "
                "(net.core.somaxconn): phones arriving together beyond it are dropped and retry "
                f"seconds later; for a big room raise it (sysctl -w net.core.somaxconn={BACKLOG})",
            )
        self.sock = _listening_socket(host, port, self.backlog)
        self.port: int = self.sock.getsockname()[1]
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._accept())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):
                pass
        self.sock.close()

    async def _accept(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            room = self.guard.free()
            if room <= 0:
                if not self.guard.has_room():  # full: new phones wait in the system's queue
                    await self.guard.wait_for_room(0.5)
                    continue
                room = 1  # the guard closed one connection to make room for one
            try:
                first, _ = await loop.sock_accept(self.sock)
            except OSError as exc:
                await self._accept_failed(exc)
                continue
            batch = [first]
            # the rest of the pass: what is queued already, never more than the free places
            # (each is counted by the guard only once its transport is made, below)
            while len(batch) < min(room, ACCEPT_BATCH):
                try:
                    conn, _ = self.sock.accept()
                except (BlockingIOError, InterruptedError):
                    break
                except OSError as exc:
                    await self._accept_failed(exc)
                    break
                conn.setblocking(False)
                batch.append(conn)
            if len(batch) == 1:
                await self._hand_over(loop, first)
            else:
                await asyncio.gather(*(self._hand_over(loop, conn) for conn in batch))

    async def _hand_over(self, loop: asyncio.AbstractEventLoop, conn: socket.socket) -> None:
        try:
            await loop.connect_accepted_socket(self.factory, conn)
        except OSError:
            conn.close()

    async def _accept_failed(self, exc: OSError) -> None:
        if exc.errno in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM):
            self.guard.log.say("accept", f"cannot accept: {exc.strerror}: waiting")
            await asyncio.sleep(0.5)
        # ECONNABORTED and the like: that connection is gone already


def _down(counts: dict[str, int], key: str) -> None:
    left = counts.get(key, 0) - 1
    if left > 0:
        counts[key] = left
    else:
        counts.pop(key, None)


def listen_backlog(wanted: int = BACKLOG) -> int:
    """The queue of pending connections we ask for: `wanted`, clamped by the system's own limit
    where it can be read (Linux: /proc/sys/net/core/somaxconn; the kernel clamps it anyway, this
    only tells the truth about it). Raise that limit (sysctl net.core.somaxconn) for more."""
    try:
        with open("/proc/sys/net/core/somaxconn") as f:
            limit = int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return wanted
    return max(1, min(wanted, limit)) if limit > 0 else wanted


def _listening_socket(host: str, port: int, backlog: int = BACKLOG) -> socket.socket:
    """A non-blocking socket listening on host:port (errors as OSError with their errno)."""
    infos = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE | socket.AI_NUMERICHOST
    )
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(backlog)
        sock.setblocking(False)
    except BaseException:
        sock.close()
        raise
    return sock


class _OneLine(logging.Handler):
    """aiohttp's log records (tracebacks included) as rate-limited single lines."""

    def __init__(self, log: QuietLog) -> None:
        super().__init__(logging.WARNING)
        self.quiet = log

    def emit(self, record: logging.LogRecord) -> None:
        exc = record.exc_info[1] if record.exc_info else None
        text = printable(record.getMessage(), 160)
        self.quiet.say(f"log {record.name}", f"{text}{': ' + describe(exc) if exc else ''}")


# the servers' own loggers (games serve's hub, rooms and restore; bingo serve) go the same way
QUIET_LOGGERS = ("aiohttp", "games.web", "bingo.web")


def quiet_logs(log: QuietLog) -> Callable[[], None]:
    """Route aiohttp's and the servers' own loggers (QUIET_LOGGERS) and the running loop's
    unhandled errors through `log`: one line per kind every 10 s, never a traceback.

    Returns the function that puts them back (a server stopping inside a test).
    """
    handler = _OneLine(log)
    loggers = [logging.getLogger(name) for name in QUIET_LOGGERS]
    old_propagate = [logger.propagate for logger in loggers]
    for logger in loggers:
        logger.addHandler(handler)
        logger.propagate = False
    loop = asyncio.get_running_loop()
    old_loop_handler = loop.get_exception_handler()

    def loop_error(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        exc = context.get("exception")
        text = printable(context.get("message", "error"), 120)
        log.say("loop", f"{text}{': ' + describe(exc) if exc else ''}")

    loop.set_exception_handler(loop_error)

    def restore() -> None:
        for logger, propagate in zip(loggers, old_propagate, strict=True):
            logger.removeHandler(handler)
            logger.propagate = propagate
        loop.set_exception_handler(old_loop_handler)

    return restore
