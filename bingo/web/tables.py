"""The card tables at the bingo server's address: `bingo serve --tables` forwards `/tables/...`.

One link for the guests: the card tables' server (bingo.web.tables_serve, `games serve` behind
the show) listens on this computer's loopback at a port of its own, written in
`<journal>.tables`; this server forwards to it, so the tables' page shares the origin of the
cards and the board (one address, one port, one firewall rule; what a page keeps in
localStorage, the tables' name and seat, the bingo card last opened, is the phone's in both).

- `/tables/` the tables' page, `/tables/texts.js`, `/tables/static/<name>` its files (a plain
  name only), and `/tables/ws` its socket, each to the same path without `/tables` on the
  tables' server; nothing else (the host's controls under `/host/` there are the show's alone,
  and the tables refuse any request that carries PHONE_HEADER there too). The
  games' page asks for its files and socket at the root (`/static/app.js`, `/ws`), where the
  bingo pages' own are: the page's addresses and its script's socket are moved under
  `/tables/` on the way (`page`, `script`), and the page gets the links back to the card, the
  board and the high scores (`links`, static/links.js).
- Every request passes this server's guard first (its caps per address and in all, the
  WebSockets' cap); the phone's address goes along in PHONE_HEADER, so the tables' own limits
  (names per address, taps per address) count each phone, not the forwarder.
- `/api/scores`: tonight's high scores (the tables' lobby message's `boards`), from one socket
  this server keeps open to the tables (`follow_scores`).
- The tables' server stopped (killed, restarting: the show starts it again within seconds): the
  page says so and loads again by itself; a socket is refused, and the games' page reconnects
  by itself, to its seat (its token is in localStorage).
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import re
import time
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import WSMsgType, web

from bingo.serve_lock import running_server, tables_lock_path
from eventkit.i18n import Texts
from eventkit.web.guard import FRESH, WATCHER, QuietLog, describe, feeds_full

PREFIX = "/tables"
LOOPBACK = "127.0.0.1"  # where the tables' server listens (bingo.web.tables_serve)
PHONE_HEADER = "X-Bingo-Phone"  # the phone's address, as this server saw it
PORT_RECHECK = 1.0  # seconds a port read from <journal>.tables is used before it is read again
UPSTREAM_SECONDS = 10.0  # an answer of the tables' server (it is on this computer)
SEND_TIMEOUT = 5.0  # a phone that has not taken a message by then is dropped
HEARTBEAT = 20.0
MAX_MESSAGE = 2048  # a phone's operation (games.web.server.MAX_MESSAGE)
SCORES_RETRY = 1.0  # seconds between two tries to follow the tables' lobby
FORWARDED = ("texts.js",)  # besides the page and static/<name>
KEPT_HEADERS = ("Content-Type", "Cache-Control", "Last-Modified", "ETag")
# the games' page asks for its files at the root: moved under /tables/ on the way
_ROOTED = re.compile(r'((?:href|src)=")/(?!/)')
_SOCKET = "${location.host}/ws?"  # the games' app.js opens its socket so


def page(text: str, links: str) -> str:
    """The tables' page with its files under PREFIX and the links back to the bingo pages."""
    moved = _ROOTED.sub(rf"\1{PREFIX}/", text)
    return moved.replace("</body>", links + "</body>", 1)


def script(text: str) -> str:
    """The tables' app.js with its socket under PREFIX."""
    return text.replace(_SOCKET, "${location.host}" + PREFIX + "/ws?")


def links(t: Texts) -> str:
    """The bar the tables' page gets: my bingo card (the one this phone opened last, set by
    links.js; hidden when none), the live board, tonight's high scores."""
    a = html.escape
    return (
        '<link rel="stylesheet" href="/static/links.css">'
        '<nav id="bingo_links" class="bingo-links">'
        f'<a id="my_card_link" href="/" hidden>{a(t("link_my_card"))}</a>'
        f'<a href="/#board">{a(t("link_board"))}</a>'
        f'<a href="/#scores">{a(t("link_scores"))}</a>'
        "</nav>"
        '<script src="/static/links.js" defer></script>'
    )


class TablesLink:
    """Forwards `/tables/...` to the tables' server of `journal` (see the module's docstring).

    `guard` is this server's connection guard (the sockets' cap and worth), `texts` this
    server's words (bingo.web.texts).
    """

    def __init__(self, journal: Path, guard: Any, texts: Texts, log: QuietLog) -> None:
        self.lock_path = tables_lock_path(journal)
        self.journal = journal
        self.guard = guard
        self.texts = texts
        self.log = log
        self.boards: list[Any] = []  # tonight's high scores, as the tables' lobby says them
        self.sockets = 0  # phones' sockets forwarded now
        self._port: int | None = None
        self._port_read = -PORT_RECHECK
        self._session: aiohttp.ClientSession | None = None
        self._scores: asyncio.Task[None] | None = None
        self._links = links(texts)

    def routes(self) -> list[web.RouteDef]:
        return [
            web.get(PREFIX, self.to_page),
            web.get(PREFIX + "/", self.page),
            web.get(PREFIX + "/texts.js", self.file),
            web.get(PREFIX + "/static/{name}", self.file),
            web.get(PREFIX + "/ws", self.socket),
            web.get("/api/scores", self.scores),
        ]

    def attach(self, app: web.Application) -> None:
        app.add_routes(self.routes())
        app.on_startup.append(self._open)
        app.on_cleanup.append(self._close)

    async def _open(self, app: web.Application) -> None:
        self._session = aiohttp.ClientSession(
            timeout=aiohttp.ClientTimeout(total=UPSTREAM_SECONDS),
            auto_decompress=True,
        )
        self._scores = asyncio.create_task(self.follow_scores())

    async def _close(self, app: web.Application) -> None:
        if self._scores is not None:
            self._scores.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._scores
        if self._session is not None:
            await self._session.close()

    # ------------------------------------------------------------------ where the tables are
    def port(self) -> int | None:
        """The tables' server's port, from `<journal>.tables` (read again every second, every
        quarter of one while none listens, and at once after a failure): None while none
        listens."""
        now = time.monotonic()
        recheck = PORT_RECHECK if self._port is not None else PORT_RECHECK / 4
        if now - self._port_read >= recheck:
            info = running_server(self.journal, path=self.lock_path, attempts=2)
            self._port = info.port if info is not None and info.listening else None
            self._port_read = now
        return self._port

    def _lost(self) -> None:
        self._port_read = -PORT_RECHECK  # read the file again at the next request

    def _headers(self, request: web.Request) -> dict[str, str]:
        return {PHONE_HEADER: request.remote or "", "Accept-Encoding": "identity"}

    # ------------------------------------------------------------------ pages and files
    async def to_page(self, request: web.Request) -> web.StreamResponse:
        raise web.HTTPFound(PREFIX + "/")

    async def page(self, request: web.Request) -> web.StreamResponse:
        return await self._forward(request, "/", is_page=True)

    async def file(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info.get("name")
        if name is not None and not _plain_name(name):  # (`..%2Fhost`): never another path
            raise web.HTTPNotFound(text="not found")
        return await self._forward(request, request.path[len(PREFIX) :], is_page=False)

    async def _forward(
        self, request: web.Request, path: str, *, is_page: bool
    ) -> web.StreamResponse:
        port = self.port()
        if port is None or self._session is None:
            return self._away(is_page)
        url = f"http://{LOOPBACK}:{port}{path}"
        try:
            async with self._session.get(
                url, headers=self._headers(request), allow_redirects=False
            ) as answer:
                body = await answer.read()
                status = answer.status
                kept = {k: answer.headers[k] for k in KEPT_HEADERS if k in answer.headers}
        except (aiohttp.ClientError, OSError, TimeoutError) as exc:
            self._lost()
            self.log.say("tables", self.texts("tables_no_answer", reason=describe(exc)))
            return self._away(is_page)
        if status == 200 and is_page:
            body = page(body.decode("utf-8"), self._links).encode("utf-8")
        elif status == 200 and path == "/static/app.js":
            body = script(body.decode("utf-8")).encode("utf-8")
        return web.Response(body=body, status=status, headers=kept)

    def _away(self, page: bool) -> web.Response:
        """The tables are not there now (starting, or started again by the show)."""
        text = self.texts("tables_away")
        headers = {"Retry-After": "3"}
        if not page:
            return web.Response(text=text, status=503, headers=headers)
        body = (
            f'<!doctype html><html lang="{self.texts.language}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<meta http-equiv="refresh" content="3">'
            f"<title>{html.escape(self.texts('link_tables'))}</title>"
            '<link rel="stylesheet" href="/static/app.css"></head>'
            f'<body class="tables-away"><main><p class="away">{html.escape(text)}</p>'
            f"{self._links}</main></body></html>"
        )
        return web.Response(text=body, status=503, content_type="text/html", headers=headers)

    # ------------------------------------------------------------------ the socket
    async def socket(self, request: web.Request) -> web.StreamResponse:
        if not self.guard.websocket(request.protocol, FRESH):
            return feeds_full()
        port = self.port()
        if port is None or self._session is None:
            return self._away(False)
        url = f"http://{LOOPBACK}:{port}/ws"
        try:
            upstream = await self._session.ws_connect(
                url,
                params=request.query,
                headers=self._headers(request),
                autoping=True,
                max_msg_size=0,
                timeout=aiohttp.ClientWSTimeout(ws_close=2.0),
            )
        except (aiohttp.ClientError, OSError, TimeoutError) as exc:
            self._lost()
            self.log.say("tables", self.texts("tables_no_socket", reason=describe(exc)))
            return self._away(False)
        ws = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=MAX_MESSAGE)
        try:
            await ws.prepare(request)
        except (ConnectionError, RuntimeError):
            await upstream.close()
            return ws
        self.sockets += 1
        try:
            await _pump(ws, upstream, self.guard, request.protocol)
        finally:
            self.sockets -= 1
            with contextlib.suppress(ConnectionError, RuntimeError):
                await upstream.close()
            if not ws.closed:  # the tables' own close code (1012: they restart, come back)
                code = upstream.close_code or 1012
                with contextlib.suppress(ConnectionError, RuntimeError):
                    await ws.close(code=code)
        return ws

    # ------------------------------------------------------------------ the high scores
    async def scores(self, request: web.Request) -> web.Response:
        body = {"boards": self.boards, "tables": self.port() is not None}
        return web.Response(
            text=json.dumps(body, ensure_ascii=False), content_type="application/json"
        )

    async def follow_scores(self) -> None:
        """One socket to the tables, kept open: its lobby messages' `boards` are tonight's high
        scores (`/api/scores`). Opened again after the tables' server came back."""
        while True:
            port = self.port()
            if port is not None and self._session is not None:
                try:
                    async with self._session.ws_connect(
                        f"http://{LOOPBACK}:{port}/ws", max_msg_size=0
                    ) as ws:
                        async for message in ws:
                            if message.type != WSMsgType.TEXT:
                                continue
                            self._lobby(message.data)
                except (aiohttp.ClientError, OSError, TimeoutError):
                    self._lost()
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # a message it cannot read: said, then again
                    self.log.say("tables", self.texts("tables_scores_unread", reason=describe(exc)))
            await asyncio.sleep(SCORES_RETRY)

    def _lobby(self, data: str) -> None:
        if '"lobby"' not in data:  # (read only the lobby's messages)
            return
        message = json.loads(data)
        if isinstance(message, dict) and message.get("type") == "lobby":
            boards = message.get("boards")
            self.boards = boards if isinstance(boards, list) else []


def _plain_name(name: str) -> bool:
    """A file's name in the tables' static folder: no folder, no dots first."""
    return not name.startswith(".") and "/" not in name and "\\" not in name


async def _pump(
    phone: web.WebSocketResponse,
    upstream: aiohttp.ClientWebSocketResponse,
    guard: Any,
    handler: Any,
) -> None:
    """The phone's messages to the tables and theirs to the phone, until either side closes.
    A phone that has said something (its name, its seat's token) is worth a watcher's place."""

    async def up() -> None:
        spoke = False
        async for message in phone:
            if message.type == WSMsgType.TEXT:
                if not spoke:
                    spoke = True
                    guard.set_worth(handler, WATCHER)
                await upstream.send_str(message.data)
            elif message.type == WSMsgType.ERROR:
                break

    async def down() -> None:
        async for message in upstream:
            if message.type == WSMsgType.TEXT:
                await asyncio.wait_for(phone.send_str(message.data), SEND_TIMEOUT)
            elif message.type in (WSMsgType.CLOSE, WSMsgType.ERROR):
                break

    tasks = [asyncio.create_task(up()), asyncio.create_task(down())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(
                asyncio.CancelledError, ConnectionError, RuntimeError, TimeoutError
            ):
                await task
