"""The phones' web server: aiohttp, HTTP + WebSocket, pages served from the package.

Routes: `/` the public board (and a box to type a card's code), `/card/<code>` one card,
`/ws` and `/ws/card/<code>` the live feeds, `/api/...` the same data as JSON, `/img/<n>` a
number's image, `/static/...` the page's script and style; with the card tables (`bingo serve
--tables`), `/tables/...` and `/api/scores` (bingo.web.tables). There is no route that changes the
draw: the server reads the journal and the show's side files, and writes only claims.

Every wrong, unknown or malformed code gets the same 404; wrong codes are limited per address
and across all addresses (limits.GuessLimiter: 429 with a sentence saying so). A card's QR code
adds its token, `/card/<code>?t=<token>` (bingo.cardcode.card_token): the card routes then open
on the token and code, without the guess limit (limits.TokenLimiter bounds wrong tokens per
address), so a phone scanning its card gets in even while typed codes are held back. A phone that stops
reading is dropped, never waited for; floods, slow and junk requests are kept off by the guard
(guard.py), and what the terminal is told about them is one rate-limited line, never a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import math
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from bingo.cardcode import TOKEN_PARAM, serial_of, token_matches
from bingo.config import Config
from bingo.config_changes import (
    NEXT,
    Watched,
    apply_live,
    apply_next_game,
    compare,
    picture_version,
    read_saved,
)
from bingo.showlink import LineFollower, append_line, claims_path, now_text
from bingo.web.follow import ShowFollower, Snapshot, board_view, card_view, claim_state
from bingo.web.limits import GuessLimiter, TokenLimiter
from bingo.web.settings import WebSettings
from bingo.web.tables import TablesLink
from bingo.web.texts import texts
from cards.model import BingoCard
from eventkit.web.app import NOT_FOUND, WebApp
from eventkit.web.fastpath import NOT_FOUND as FAST_NOT_FOUND
from eventkit.web.fastpath import NotFound
from eventkit.web.guard import (
    FRESH,
    PLAYER,
    WATCHER,
    describe,
    feeds_full,
)
from eventkit.web.limits import RateLimiter, address_key
from eventkit.web.serving import Serving

SERVER_NAME = "bingo"  # the Server header: no product versions
LOG_NAME = "bingo serve"  # what each of the terminal's lines starts with

STATIC = Path(__file__).resolve().parent / "static"
POLL_SECONDS = 0.05
SEND_TIMEOUT = 5.0  # a phone that has not taken a message by then is dropped
MAX_MESSAGE = 1024  # phones send nothing big; a larger message closes the socket
IMAGE_LOOKUP_SECONDS = 30.0  # an image added or removed during the show is seen this late
CONFIG_WATCH_SECONDS = 0.5  # config.toml and the pictures looked at this often (stat calls)
HEARTBEAT = 20.0  # seconds between pings; a phone that has not answered within half is dropped
OPENERS_KEPT = (
    4096  # addresses remembered as having opened a card (their board feeds are worth more)
)


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
    address: str = ""  # its address key (limits.address_key)
    protocol: Any = None  # its connection, as the guard knows it


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
        tables: bool = False,
    ) -> None:
        self.config = config
        self.journal = Path(journal)
        self.settings = settings
        self.registry = registry or {}
        self.card_key = card_key
        self.poll_seconds = poll_seconds
        self.heartbeat = HEARTBEAT
        self.follower = ShowFollower(self.journal)
        self.follower.poll()
        self.follower.new_verdicts()  # a restarted server knows the verdicts given so far
        self.clients: set[Client] = set()
        self.claims: dict[int, Claim] = {}  # the latest claim of each card, this game
        self._claims_game: str | None = None
        self.card_claims = RateLimiter(1, 2)  # one claim per card every 30 s
        self.address_claims = RateLimiter(3, 6)
        self.guesses = GuessLimiter()  # wrong codes, per address and from everyone together
        self.tokens = TokenLimiter()  # wrong QR tokens, per address
        self._openers: dict[str, None] = {}  # addresses that opened a card, oldest first
        self.texts = texts(config.event.language)
        self.web = WebApp(
            server_name=SERVER_NAME,
            log_name=LOG_NAME,
            static=STATIC,
            per_address=settings.connections_per_address,
        )
        self.log, self.guard, self.files = self.web.log, self.web.guard, self.web.files
        self._image_paths: dict[int, tuple[float, Path | None]] = {}
        self._problem_said: str | None = None
        self._board_cache: tuple[int, str] | None = None
        self._card_cache: dict[int, tuple[int, dict[str, Any]]] = {}
        self._state_texts: dict[int, tuple[str, str]] = {}  # serial -> (board text, state text)
        language = config.event.language
        self._pages = {name: _page(name, language, tables) for name in ("index", "card")}
        self._page_bytes = {name: page.encode("utf-8") for name, page in self._pages.items()}
        # config.toml tweaked during the evening (bingo.config_changes, as the show): the live
        # settings at once, the next game's when the journal starts another game
        self._settings = config  # the file as last read well
        self._next_game: Config | None = None
        self._watched = Watched(config.path, config.board.image_dir) if config.path else None
        self._watch_at = 0.0
        self._picture_versions: dict[Any, str] = {}
        self._load_claims()
        self._follow_task: asyncio.Task[None] | None = None
        self.app = self._make_app()
        self.tables: TablesLink | None = None  # the card tables at /tables/ (bingo.web.tables)
        if tables:
            self.tables = TablesLink(self.journal, self.guard, self.texts, self.log)
            self.tables.attach(self.app)

    # ------------------------------------------------------------------ app
    def _make_app(self) -> web.Application:
        app = self.web.app
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
                web.get("/static/{name:.+}", self.web.static_file),
            ]
        )
        # the page's files and the pictures: a plain GET is answered past aiohttp's request
        # machinery (eventkit.web.fastpath), as `static_file` and `image` answer it
        self.web.fast_static()
        if self.web.fast is not None:
            self.web.fast.route("/img/", self._fast_image)
            # and a scanned QR's card page and its card, when its code and token open it
            self.web.fast.page("/card/", "text/html", self._fast_card_page)
            self.web.fast.page("/api/card/", "application/json", self._fast_api_card)
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
                self._watch_settings()
                verdicts = self.follower.new_verdicts()
                if verdicts:
                    self._on_verdicts(verdicts)
            except Exception as exc:
                self.log.say("follow", f"following the journal failed: {describe(exc)}")
            await asyncio.sleep(self.poll_seconds)

    # ------------------------------------------------------------------ views
    @property
    def snapshot(self) -> Snapshot:
        return self.follower.snapshot

    def board_message(self) -> dict[str, Any]:
        """The public board; a problem reading the journal is told to the terminal, not phones.
        A draw the show holds up (its journal cannot be written: `.pause`) is paused, with the
        reason in the event's language (the show's terminal has its own line)."""
        message = board_view(self.config, self.snapshot)
        problem = message.get("problem")
        if problem:
            if problem != self._problem_said:
                self._problem_said = problem
                self.log.say("journal", " ".join(problem.split()))
            message["problem"] = self.texts("board_problem")  # no path of this computer
        elif self.snapshot.reason is not None:
            message["problem"] = self.texts(f"paused_{self.snapshot.reason}")
        return message

    def card_message(self, serial: int) -> dict[str, Any]:
        snapshot = self.snapshot
        cached = self._card_cache.get(serial)
        if cached is None or cached[0] != snapshot.version:
            view = self._with_pictures(card_view(self.config, self.registry[serial], snapshot))
            cached = (snapshot.version, view)
            self._card_cache[serial] = cached
        message = dict(cached[1])
        claim = self.claims.get(serial)
        if claim is None:
            message.update(claim_state(message, None, None, None, False))
        else:  # a verdict is shown only while it still belongs to the draw (follow.py)
            verdict = self.follower.verdicts.get(claim.id)
            holds = self.follower.verdict_holds(claim.id)
            withdrawn = self.follower.withdrawn.get(serial)  # a win taken back since
            message.update(claim_state(message, claim.id, claim.time, verdict, holds, withdrawn))
        return message

    def _state_text(self, serial: int | None) -> str:
        board = self._board_text()
        if serial is None:
            return board
        kept = self._state_texts.get(serial)
        if kept is not None and kept[0] is board and serial not in self.claims:
            return kept[1]  # (a new board text comes with every change a card's view follows)
        card = json.dumps(self.card_message(serial), ensure_ascii=False)
        text = f'{{"type":"state","board":{board},"card":{card}}}'
        if serial not in self.claims:  # a card without a claim: the same text for every phone
            self._state_texts[serial] = (board, text)
        return text

    def _board_text(self) -> str:
        version = self.snapshot.version
        if self._board_cache is None or self._board_cache[0] != version:
            text = json.dumps(self.board_message(), ensure_ascii=False)
            self._board_cache = (version, text)
        return self._board_cache[1]

    # ------------------------------------------------------------------ pushing
    def _on_snapshot(self) -> None:
        if self.snapshot.game != self._claims_game:
            if self._next_game is not None:  # a new game: with the settings held for it
                self.config = apply_next_game(self.config, self._next_game)
                self._next_game = None
                self._board_cache = None
            self._claims_game = self.snapshot.game
            self.claims.clear()
            self._load_claims()
        self._card_cache.clear()
        self._state_texts.clear()
        texts: dict[int | None, str] = {}
        # the cards' feeds first (their writers wake in this order), then the board watchers:
        # hundreds of board feeds of a flood never hold a player's card up
        for client in sorted(self.clients, key=lambda c: c.serial is None):
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

    def _watch_settings(self) -> None:
        """config.toml or the pictures saved: the phones get the live changes (colours, title,
        pictures under a new address) within a second; a save that does not read changes
        nothing here (the show tells the host)."""
        now = time.monotonic()
        if self._watched is None or now - self._watch_at < CONFIG_WATCH_SECONDS:
            return
        self._watch_at = now
        config_changed, pictures = self._watched.changed()
        saved = self._settings
        if config_changed:
            read, _problem = read_saved(self._watched.config_path)
            if read is not None:
                saved = read
            elif not pictures:
                return
        comparison = compare(self._settings, saved, pictures=pictures)
        if saved.board.image_dir != self._settings.board.image_dir:
            self._watched.follow(saved.board.image_dir)
        self._settings = saved
        if comparison.of(NEXT):
            self._next_game = saved
        if not comparison.live:
            return
        self.config = apply_live(self.config, saved)
        self._image_paths.clear()
        self.files.recheck()  # a picture's new address must never get its old bytes
        self._board_cache = None
        self._on_snapshot()  # every phone gets the board and its card again

    def _with_pictures(self, view: dict[str, Any]) -> dict[str, Any]:
        """Each cell's picture address with its content's version (`/img/7?v=...`): a picture
        changed during the evening has a new address, so no phone shows its cached old one."""
        for row in view["rows"]:
            for cell in row:
                number = cell["n"]
                if isinstance(number, int):
                    path = self._image_path(number)
                    version = picture_version(path, cache=self._picture_versions)
                    cell["image"] = f"/img/{number}?v={version}" if version else f"/img/{number}"
        return view

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
                with contextlib.suppress(ConnectionError, RuntimeError):  # it left meanwhile
                    await ws.close(code=1008, message=b"too slow")

    # ------------------------------------------------------------------ codes
    def _serial(self, request: web.Request) -> int:
        """The card a request's code opens; raises 404, or 429 while guesses are limited.

        Whether a code may be checked is decided before it is looked at (limits.GuessLimiter),
        so a 429 says nothing about the code it refused.
        """
        address = address_key(request.remote)
        code = request.match_info["code"][:40]
        token = request.query.get(TOKEN_PARAM)
        if token is not None:
            return self._serial_by_token(request, address, code, token[:40])
        wait = self.guesses.wait(address, code)
        if wait > 0:
            raise self._too_many_guesses(request, address, wait)
        serial = serial_of(self.card_key, code, allow_serial_only=self.settings.allow_serial_only)
        if serial is None or serial not in self.registry:
            self.guesses.wrong(address)
            raise web.HTTPNotFound(text=NOT_FOUND)
        self.guesses.opened(address, code)
        self._opened_from(address)
        return serial

    def _serial_by_token(self, request: web.Request, address: str, code: str, token: str) -> int:
        """The card a scanned QR address opens: its code and its token both right, else 404.

        Checked without the guess limit (an 80-bit token cannot be guessed at any rate): a wrong
        token counts against its address alone (limits.TokenLimiter) and gets the wrong code's
        404 whatever the code, so it says nothing about the short code. A right one also lets
        the code alone open the card from this address later, as a typed code that opened it.
        """
        wait = self.tokens.wait(address)
        if wait > 0:
            seconds = max(1, math.ceil(wait))
            raise self._limited(request, self.texts("too_many_tokens", seconds=seconds), seconds)
        serial = serial_of(self.card_key, code)
        right = serial is not None and token_matches(self.card_key, serial, token)
        if not right or serial not in self.registry:
            self.tokens.wrong(address)
            raise web.HTTPNotFound(text=NOT_FOUND)
        self.guesses.opened(address, code)
        self._opened_from(address)
        return serial

    def _fast_serial(self, code: str, query: str, address: str) -> int | None:
        """The card a scanned QR address (`/card/<code>?t=<token>`) opens at once: its code and
        token right and its address not held back for wrong tokens; it then counts as opened,
        as `_serial_by_token` counts it. None leaves the request to the routes, which say why
        (a typed code, a wrong token, a limit: their counts are theirs alone)."""
        if "/" in code or self.tokens.wait(address) > 0:
            return None
        token = None
        for part in query.split("&"):  # the first t=, as request.query.get
            name, equals, value = part.partition("=")
            if name == TOKEN_PARAM:
                token = value if equals else ""
                break
        if not token or "+" in token:
            return None
        code, token = code[:40], token[:40]
        serial = serial_of(self.card_key, code)
        if serial is None or serial not in self.registry:
            return None
        if not token_matches(self.card_key, serial, token):
            return None
        self.guesses.opened(address, code)
        self._opened_from(address)
        return serial

    def _fast_card_page(self, code: str, query: str, address: str) -> bytes | None:
        """`card_page` for a scanned QR address (eventkit.web.fastpath), or None."""
        if self._fast_serial(code, query, address) is None:
            return None
        return self._page_bytes["card"]

    def _fast_api_card(self, code: str, query: str, address: str) -> bytes | None:
        """`api_card` for a scanned QR address (eventkit.web.fastpath), or None."""
        serial = self._fast_serial(code, query, address)
        if serial is None:
            return None
        return self._state_text(serial).encode("utf-8")

    def _opened_from(self, address: str) -> None:
        """`address` opened a card: its board feeds are a player's watchers from now on."""
        if address not in self._openers:
            for client in self.clients:
                if client.serial is None and client.address == address:
                    self.guard.set_worth(client.protocol, WATCHER)
        self._openers.pop(address, None)
        self._openers[address] = None
        if len(self._openers) > OPENERS_KEPT:
            self._openers.pop(next(iter(self._openers)))

    def _feed_worth(self, request: web.Request, serial: int | None) -> int:
        """What a feed is worth to the guard: a card's is a player's; the board's is a
        watcher's from an address that opened a card, else it has done nothing yet."""
        if serial is not None:
            return PLAYER
        return WATCHER if address_key(request.remote) in self._openers else FRESH

    def _too_many_guesses(
        self, request: web.Request, address: str, wait: float
    ) -> web.HTTPTooManyRequests:
        seconds = max(1, math.ceil(wait))
        yours = self.guesses.per_address.retry_after(address) > 0
        text = self.texts("too_many_yours" if yours else "too_many_all", seconds=seconds)
        if not yours:
            self.log.say("guesses", "wrong card codes from everyone are being limited (429)")
        return self._limited(request, text, seconds)

    def _limited(self, request: web.Request, text: str, seconds: int) -> web.HTTPTooManyRequests:
        """A 429 saying `text`, as JSON for the /api/ routes."""
        headers = {"Retry-After": str(seconds)}
        if request.path.startswith("/api/"):
            body = {"status": "limited", "retry_after": seconds, "message": text}
            return web.HTTPTooManyRequests(
                text=json.dumps(body, ensure_ascii=False),
                content_type="application/json",
                headers=headers,
            )
        return web.HTTPTooManyRequests(text=text, headers=headers)

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
        card_ok = self.card_claims.allow(serial)
        if not card_ok or not self.address_claims.allow(address_key(address)):
            if card_ok:  # refused for the address: the card's claim is not used up
                self.card_claims.give_back(serial)
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
        except OSError as exc:  # not recorded: the claim is not used up, and the phone is told
            self.card_claims.give_back(serial)
            self.address_claims.give_back(address_key(address))
            full = exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))
            self.log.say(
                "claim", f"a claim of card {serial} could not be written: {exc.strerror or exc}"
            )
            return web.json_response(
                {
                    "status": "error",
                    "reason": "disk_full" if full else "write_failed",
                    "message": self.texts("claim_disk_full" if full else "claim_failed"),
                },
                status=503,
            )
        self.claims[serial] = claim
        for client in self.clients:
            if client.serial == serial:
                self._queue(client, self._state_text(serial))
        return web.json_response({"status": "sent", "id": claim.id})

    async def image(self, request: web.Request) -> web.StreamResponse:
        number = int(request.match_info["number"])
        if not 1 <= number <= self.config.board.total_numbers:
            raise web.HTTPNotFound(text=NOT_FOUND)
        path = self._image_path(number)
        if path is None:
            raise web.HTTPNotFound(text=NOT_FOUND)
        return self.files.answer(request, path, "max-age=3600")

    def _fast_image(self, rest: str) -> tuple[Path, str] | NotFound | None:
        """`/img/<rest>` as `image` answers it: the file and its Cache-Control, or the one 404
        for a number without a picture or off the board; None leaves it to the routes."""
        if not rest.isdigit() or len(rest) > 4:
            return None
        number = int(rest)
        if not 1 <= number <= self.config.board.total_numbers:
            return FAST_NOT_FOUND
        path = self._image_path(number)
        return FAST_NOT_FOUND if path is None else (path, "max-age=3600")

    def _image_path(self, number: int) -> Path | None:
        """config.image_path (up to five stat calls), looked up again after IMAGE_LOOKUP_SECONDS."""
        now = time.monotonic()
        kept = self._image_paths.get(number)
        if kept is None or now - kept[0] > IMAGE_LOOKUP_SECONDS:
            kept = (now, self.config.image_path(number))
            self._image_paths[number] = kept
        return kept[1]

    async def ws_board(self, request: web.Request) -> web.StreamResponse:
        return await self._serve_ws(request, None)

    async def ws_card(self, request: web.Request) -> web.StreamResponse:
        return await self._serve_ws(request, self._serial(request))

    async def _serve_ws(self, request: web.Request, serial: int | None) -> web.StreamResponse:
        if not self.guard.websocket(request.protocol, self._feed_worth(request, serial)):
            return feeds_full()
        ws = web.WebSocketResponse(heartbeat=self.heartbeat, max_msg_size=MAX_MESSAGE)
        await ws.prepare(request)
        client = Client(ws, serial, address=address_key(request.remote), protocol=request.protocol)
        self.clients.add(client)
        writer = asyncio.create_task(self._writer(client))
        self._queue(client, self._state_text(serial))
        try:
            async for message in ws:  # phones only listen; anything else is ignored
                if message.type == WSMsgType.ERROR:
                    break
        except ConnectionError:  # it left while a pong to its ping was on the way: normal
            pass
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


def _page(name: str, language: str, tables: bool = False) -> str:
    """A page in the event's language; with the card tables, it links to them and to tonight's
    high scores (app.js shows its links when the body says `data-tables`)."""
    text = (STATIC / f"{name}.html").read_text(encoding="utf-8")
    if tables:
        text = text.replace("<body ", '<body data-tables="on" ', 1)
    return text.replace('<html lang="ja">', f'<html lang="{language}">')


async def start(server: WebServer, host: str, port: int) -> Serving:
    """Listen on host:port (0: any free port, see `.port`); `.cleanup()` stops (WebApp.start)."""
    return await server.web.start(host, port)


async def serve(server: WebServer, host: str, port: int) -> None:
    """Run until cancelled (Ctrl+C or SIGTERM)."""
    runner = await start(server, host, port)
    try:
        await asyncio.Event().wait()
    finally:
        await runner.cleanup()
