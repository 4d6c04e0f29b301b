"""The phones' web server: aiohttp, HTTP + WebSocket, pages served from the package.

Routes: `/` the public board (and a box to type a card's code), `/card/<code>` one card,
`/ws` and `/ws/card/<code>` the live feeds, `/api/...` the same data as JSON, `/img/<n>` a
number's image, `/static/...` the page's script and style. There is no route that changes the
draw: the server reads the journal and the show's side files, and writes only claims.

Every wrong, unknown or malformed code gets the same 404; an address that keeps trying wrong
codes gets 429 for a while. A phone that stops reading is dropped, never waited for.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from bingo.cardcode import serial_of
from bingo.config import Config
from bingo.showlink import LineFollower, append_line, claims_path, now_text
from bingo.web.follow import ShowFollower, Snapshot, board_view, card_view
from bingo.web.limits import RateLimiter
from bingo.web.settings import WebSettings
from cards.model import BingoCard

STATIC = Path(__file__).resolve().parent / "static"
POLL_SECONDS = 0.05
SEND_TIMEOUT = 5.0  # a phone that has not taken a message by then is dropped
MAX_MESSAGE = 1024  # phones send nothing big; a larger message closes the socket
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; connect-src 'self' ws: wss:; "
        "frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
NOT_FOUND = "not found"


@dataclass
class Claim:
    id: str
    serial: int
    time: str
    count: int
    verdict: str | None = None


@dataclass(eq=False)
class Client:
    """One open WebSocket: the newest message waits in `pending`; a writer task sends it."""

    ws: web.WebSocketResponse
    serial: int | None
    pending: str | None = None
    wake: asyncio.Event = field(default_factory=asyncio.Event)


class WebServer:
    def __init__(
        self,
        config: Config,
        journal: Path,
        settings: WebSettings,
        *,
        registry: dict[int, BingoCard] | None = None,
        card_key: bytes | None = None,
        poll_seconds: float = POLL_SECONDS,
    ) -> None:
        self.config = config
        self.journal = Path(journal)
        self.settings = settings
        self.registry = registry or {}
        self.card_key = card_key
        self.poll_seconds = poll_seconds
        self.follower = ShowFollower(self.journal)
        self.follower.poll()
        self.follower.new_verdicts()  # a restarted server knows the verdicts given so far
        self.clients: set[Client] = set()
        self.claims: dict[int, Claim] = {}  # the latest claim of each card, this game
        self._claims_game: str | None = None
        self.card_claims = RateLimiter(1, 2)  # one claim per card every 30 s
        self.address_claims = RateLimiter(3, 6)
        self.bad_codes = RateLimiter(10, 10)  # wrong codes per address
        self._board_cache: tuple[int, str] | None = None
        self._card_cache: dict[int, tuple[int, dict[str, Any]]] = {}
        self._pages = {name: _page(name, config.event.language) for name in ("index", "card")}
        self._load_claims()
        self._follow_task: asyncio.Task | None = None
        self.app = self._make_app()

    # ------------------------------------------------------------------ app
    def _make_app(self) -> web.Application:
        app = web.Application(client_max_size=4096, middlewares=[_headers])
        app.add_routes(
            [
                web.get("/", self.index),
                web.get("/card/{code}", self.card_page),
                web.get("/api/board", self.api_board),
                web.get("/api/card/{code}", self.api_card),
                web.post("/api/card/{code}/claim", self.api_claim),
                web.get("/ws", self.ws_board),
                web.get("/ws/card/{code}", self.ws_card),
                web.get("/img/{number:[0-9]{1,4}}", self.image),
                web.static("/static", STATIC, append_version=False),
            ]
        )
        app.on_startup.append(self._start_follow)
        app.on_shutdown.append(self._close_clients)
        return app

    async def _start_follow(self, app: web.Application) -> None:
        self._follow_task = asyncio.create_task(self._follow())

    async def _close_clients(self, app: web.Application) -> None:
        if self._follow_task is not None:
            self._follow_task.cancel()
        for client in list(self.clients):
            await client.ws.close(code=1001, message=b"server stopping")

    async def _follow(self) -> None:
        while True:
            try:
                if self.follower.poll():
                    self._on_snapshot()
                verdicts = self.follower.new_verdicts()
                if verdicts:
                    self._on_verdicts(verdicts)
            except Exception as exc:  # noqa: BLE001 - the feed must go on; say why
                print(f"bingo serve: following the journal failed: {exc}", flush=True)
            await asyncio.sleep(self.poll_seconds)

    # ------------------------------------------------------------------ views
    @property
    def snapshot(self) -> Snapshot:
        return self.follower.snapshot

    def board_message(self) -> dict[str, Any]:
        return board_view(self.config, self.snapshot)

    def card_message(self, serial: int) -> dict[str, Any]:
        snapshot = self.snapshot
        cached = self._card_cache.get(serial)
        if cached is None or cached[0] != snapshot.version:
            cached = (snapshot.version, card_view(self.config, self.registry[serial], snapshot))
            self._card_cache[serial] = cached
        message = dict(cached[1])
        claim = self.claims.get(serial)
        message["claim"] = (
            None
            if claim is None
            else {"id": claim.id, "time": claim.time, "verdict": claim.verdict}
        )
        return message

    def _state_text(self, serial: int | None) -> str:
        board = self._board_text()
        if serial is None:
            return board
        card = json.dumps(self.card_message(serial), ensure_ascii=False)
        return f'{{"type":"state","board":{board},"card":{card}}}'

    def _board_text(self) -> str:
        version = self.snapshot.version
        if self._board_cache is None or self._board_cache[0] != version:
            text = json.dumps(self.board_message(), ensure_ascii=False)
            self._board_cache = (version, text)
        return self._board_cache[1]

    # ------------------------------------------------------------------ pushing
    def _on_snapshot(self) -> None:
        if self.snapshot.game != self._claims_game:
            self._claims_game = self.snapshot.game
            self.claims.clear()
            self._load_claims()
        self._card_cache.clear()
        texts: dict[int | None, str] = {}
        for client in self.clients:
            if client.serial not in texts:
                texts[client.serial] = self._state_text(client.serial)
            self._queue(client, texts[client.serial])

    def _on_verdicts(self, lines: list[dict[str, Any]]) -> None:
        changed = set()
        for line in lines:
            serial = line.get("serial")
            claim = self.claims.get(serial) if isinstance(serial, int) else None
            if claim is not None and claim.id == line.get("claim"):
                claim.verdict = str(line.get("verdict"))
                changed.add(serial)
        for client in self.clients:
            if client.serial in changed:
                self._queue(client, self._state_text(client.serial))

    def _queue(self, client: Client, text: str) -> None:
        client.pending = text
        client.wake.set()

    async def _writer(self, client: Client) -> None:
        ws = client.ws
        try:
            while not ws.closed:
                await client.wake.wait()
                client.wake.clear()
                text, client.pending = client.pending, None
                if text is None:
                    continue
                await asyncio.wait_for(ws.send_str(text), SEND_TIMEOUT)
        except (TimeoutError, ConnectionError, RuntimeError):
            pass
        finally:
            if not ws.closed:
                await ws.close(code=1008, message=b"too slow")

    # ------------------------------------------------------------------ codes
    def _serial(self, request: web.Request) -> int | None:
        """The card a request's code opens; raises 404 (429 for an address that keeps trying)."""
        address = request.remote or "?"
        if self.bad_codes.retry_after(address) > 0:
            raise web.HTTPTooManyRequests(
                text="too many wrong codes: wait a minute", headers={"Retry-After": "60"}
            )
        code = request.match_info["code"]
        serial = serial_of(
            self.card_key, code[:40], allow_serial_only=self.settings.allow_serial_only
        )
        if serial is None or serial not in self.registry:
            self.bad_codes.allow(address)
            raise web.HTTPNotFound(text=NOT_FOUND)
        return serial

    # ------------------------------------------------------------------ handlers
    async def index(self, request: web.Request) -> web.Response:
        return web.Response(text=self._pages["index"], content_type="text/html")

    async def card_page(self, request: web.Request) -> web.Response:
        self._serial(request)
        return web.Response(text=self._pages["card"], content_type="text/html")

    async def api_board(self, request: web.Request) -> web.Response:
        return web.Response(text=self._board_text(), content_type="application/json")

    async def api_card(self, request: web.Request) -> web.Response:
        serial = self._serial(request)
        return web.Response(text=self._state_text(serial), content_type="application/json")

    async def api_claim(self, request: web.Request) -> web.Response:
        serial = self._serial(request)
        address = request.remote or "?"
        if self.snapshot.game is None:
            return web.json_response({"status": "no_game"}, status=409)
        if not self.card_claims.allow(serial) or not self.address_claims.allow(address):
            wait = max(self.card_claims.retry_after(serial), 1.0)
            return web.json_response(
                {"status": "limited", "retry_after": round(wait)},
                status=429,
                headers={"Retry-After": str(round(wait))},
            )
        claim = Claim(secrets.token_hex(6), serial, now_text(), len(self.snapshot.drawn))
        line = {
            "game": self.snapshot.game,
            "claim": claim.id,
            "serial": serial,
            "count": claim.count,
            "time": claim.time,
            "address": address,
        }
        try:
            append_line(claims_path(self.journal), line, sync=True)
        except OSError as exc:
            return web.json_response({"status": "error", "message": str(exc)}, status=503)
        self.claims[serial] = claim
        for client in self.clients:
            if client.serial == serial:
                self._queue(client, self._state_text(serial))
        return web.json_response({"status": "sent", "id": claim.id})

    async def image(self, request: web.Request) -> web.StreamResponse:
        number = int(request.match_info["number"])
        if not 1 <= number <= self.config.board.total_numbers:
            raise web.HTTPNotFound(text=NOT_FOUND)
        path = self.config.image_path(number)
        if path is None:
            raise web.HTTPNotFound(text=NOT_FOUND)
        response = web.FileResponse(path)
        response.headers["Cache-Control"] = "max-age=3600"
        return response

    async def ws_board(self, request: web.Request) -> web.WebSocketResponse:
        return await self._serve_ws(request, None)

    async def ws_card(self, request: web.Request) -> web.WebSocketResponse:
        return await self._serve_ws(request, self._serial(request))

    async def _serve_ws(self, request: web.Request, serial: int | None) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(heartbeat=20, max_msg_size=MAX_MESSAGE)
        await ws.prepare(request)
        client = Client(ws, serial)
        self.clients.add(client)
        writer = asyncio.create_task(self._writer(client))
        self._queue(client, self._state_text(serial))
        try:
            async for message in ws:  # phones only listen; anything else is ignored
                if message.type == WSMsgType.ERROR:
                    break
        finally:
            self.clients.discard(client)
            client.wake.set()
            writer.cancel()
        return ws

    # ------------------------------------------------------------------ claims on disk
    def _load_claims(self) -> None:
        """Claims and verdicts of this game from the side files (a restarted server keeps them)."""
        game = self.snapshot.game
        self._claims_game = game
        if game is None:
            return
        for line in LineFollower(claims_path(self.journal)).read_new():
            serial = line.get("serial")
            if line.get("game") == game and isinstance(serial, int) and serial in self.registry:
                self.claims[serial] = Claim(
                    str(line.get("claim")), serial, str(line.get("time")), int(line.get("count", 0))
                )
        for claim_id, verdict in self.follower.verdicts.items():
            for claim in self.claims.values():
                if claim.id == claim_id:
                    claim.verdict = str(verdict.get("verdict"))


@web.middleware
async def _headers(request: web.Request, handler):
    try:
        response = await handler(request)
    except web.HTTPNotFound:  # one answer for every unknown path and wrong code
        raise web.HTTPNotFound(text=NOT_FOUND, headers=SECURITY_HEADERS) from None
    except web.HTTPException as exc:
        exc.headers.update(SECURITY_HEADERS)
        raise
    if not response.prepared:
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
    return response


def _page(name: str, language: str) -> str:
    text = (STATIC / f"{name}.html").read_text(encoding="utf-8")
    return text.replace('<html lang="ja">', f'<html lang="{language}">')


async def serve(server: WebServer, host: str, port: int) -> None:
    """Run until cancelled (Ctrl+C or SIGTERM)."""
    runner = web.AppRunner(server.app, access_log=None, handle_signals=False)
    await runner.setup()
    site = web.TCPSite(runner, host, port, reuse_address=True)
    await site.start()
    try:
        await asyncio.Event().wait()
    finally:
        await runner.cleanup()
