"""The games' phone server: aiohttp, one page and one WebSocket per phone, in front of the hub.

Routes: `/` the phone page, `/static/<name>` its script and style (from memory), `/texts.js` the
words of the Qt windows for the page (the event's language), `/qr.svg` the join QR code, `/ws`
the phone's socket. Everything a phone does goes over its socket as one small JSON object
(`{"op": "act", "action": "3S 3H"}`); the hub (games.web.hub) decides, and its messages come
back on the socket of every phone that must hear of it, each with its own view only.

The server is authoritative and keeps the phones apart: a socket acts only for the player whose
token it presented (`hello`, or the token `join` gave it), never for a seat named in a message;
operations are rate limited per player and per address (eventkit.web.limits), new names per
address; the connection guard (eventkit.web.guard) keeps floods and slow sockets off. A phone
that stops reading is dropped, never waited for: its messages wait in a short queue where a
newer view of a table replaces an unsent older one.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

from aiohttp import WSMsgType, web

from eventkit.i18n import Texts
from eventkit.web.app import WebApp
from eventkit.web.guard import (
    FRESH,
    PLAYER,
    WATCHER,
    QuietLog,
    describe,
    feeds_full,
)
from eventkit.web.limits import RateLimiter, address_key
from eventkit.web.qr import svg
from eventkit.web.serving import Serving
from games.common.protocol import to_json
from games.web.hub import Connection, Hub, Refused
from games.web.messages import (
    JSONValue,
    Message,
    Op,
    RefusedMessage,
    read_op,
    refused_message,
)

STATIC = Path(__file__).resolve().parent / "static"
SERVER_NAME = "games"  # the Server header: no product versions
LOG_NAME = "games serve"
HEARTBEAT = 20.0  # seconds between pings; a phone that has not answered within half is dropped
SEND_TIMEOUT = 5.0  # a phone that has not taken a message by then is dropped
MAX_MESSAGE = 2048  # a phone's operation is a few words; a larger message closes the socket
MAX_QUEUE = 64  # messages waiting for one phone; past that it is too slow and is dropped
OPS_BURST, OPS_PER_MINUTE = 20, 240  # per player: taps come in bursts, a game is ~2 a second
ADDRESS_BURST, ADDRESS_PER_MINUTE = 60, 900  # per address: a few phones behind one router
JOIN_BURST, JOIN_PER_MINUTE = 8, 12  # new names per address

SERVER_TEXTS = {
    "ja": {
        "too_fast": "操作が速すぎます。{seconds}秒ほど待ってからもう一度どうぞ",
        "not_joined": "先に名前を入れて参加してください",
        "bad_message": "その操作はわかりません。ページを読み込み直してください",
    },
    "en": {
        "too_fast": "Too many taps at once: wait about {seconds} s, then try again",
        "not_joined": "Enter your name and join first",
        "bad_message": "That operation is not known: reload the page",
    },
}


@dataclass(eq=False)
class Client:
    """One open WebSocket: its hub connection, the player's token once it has one, and the
    messages waiting for its writer task."""

    ws: web.WebSocketResponse
    address: str
    device: str = ""  # the browser's id from the page (localStorage), "" when it sent none
    token: str | None = None
    conn: Connection | None = None
    queue: deque[Message] = field(default_factory=deque)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    too_slow: bool = False
    protocol: object = None  # its connection, as the guard knows it
    transport: asyncio.BaseTransport | None = None  # its connection's (what waits to go out)

    def push(self, message: Message) -> None:
        """The hub's `send`: never blocks. A newer `table` of a room replaces an unsent one,
        a newer `lobby` an unsent lobby (each is the whole state: during a flood of sockets
        coming and going, a phone gets the lobby as it is, not every step of it)."""
        if self.too_slow:
            return
        kind = message["type"]
        if kind in ("table", "lobby"):
            for i, waiting in enumerate(self.queue):
                if waiting["type"] == kind and _room_of(waiting) == _room_of(message):
                    del self.queue[i]
                    break
        self.queue.append(message)
        if len(self.queue) > MAX_QUEUE:
            self.too_slow = True
            self.queue.clear()
        self.wake.set()


class GamesServer:
    """The aiohttp application in front of one `Hub` (see the module's docstring)."""

    def __init__(
        self,
        hub: Hub,
        *,
        language: str = "ja",
        join_url: str = "",
        connections_per_address: int = 32,
        log: QuietLog | None = None,
    ) -> None:
        self.hub = hub
        self.language = language if language in SERVER_TEXTS else "ja"
        self.join_url = join_url
        self.texts = Texts(SERVER_TEXTS, self.language)
        self.web = WebApp(
            server_name=SERVER_NAME,
            log_name=LOG_NAME,
            static=STATIC,
            per_address=connections_per_address,
            log=log,
        )
        self.log, self.guard, self.files = self.web.log, self.web.guard, self.web.files
        self.web.static.update(game_files())  # each game's renderer and style, from its package
        self.heartbeat = HEARTBEAT
        self.clients: set[Client] = set()
        self.ops = RateLimiter(OPS_BURST, OPS_PER_MINUTE)  # per player token
        self.addresses = RateLimiter(ADDRESS_BURST, ADDRESS_PER_MINUTE)
        self.joins = RateLimiter(JOIN_BURST, JOIN_PER_MINUTE)
        self._page = _page(self.language)
        self._texts_js = page_texts_script(self.language)
        self.set_join_url(join_url)
        self._encoded: deque[tuple[Message, str]] = deque(maxlen=8)  # the latest sent
        self.app = self._make_app()

    def set_join_url(self, join_url: str) -> None:
        """Where phones join, and its QR code: `games serve` sets it again once it listens, with
        the port it got (games_web.port = 0: any free port)."""
        self.join_url = join_url
        self._qr = svg(join_url) if join_url else ""

    # ------------------------------------------------------------------ app
    def _make_app(self) -> web.Application:
        app = self.web.app
        app.add_routes(
            [
                web.get("/", self.index),
                web.get("/texts.js", self.texts_script),
                web.get("/qr.svg", self.qr),
                web.get("/ws", self.socket),
                web.get("/static/{name}", self.web.static_file),
            ]
        )
        app.on_shutdown.append(self._close_clients)
        return app

    async def _close_clients(self, app: web.Application) -> None:
        for client in list(self.clients):
            with contextlib.suppress(ConnectionError, RuntimeError):
                await client.ws.close(code=1001, message=b"server stopping")

    # ------------------------------------------------------------------ pages
    async def index(self, request: web.Request) -> web.Response:
        return web.Response(text=self._page, content_type="text/html")

    async def texts_script(self, request: web.Request) -> web.Response:
        return web.Response(text=self._texts_js, content_type="text/javascript")

    async def qr(self, request: web.Request) -> web.Response:
        if not self._qr:
            raise web.HTTPNotFound(text="not found")
        return web.Response(text=self._qr, content_type="image/svg+xml")

    # ------------------------------------------------------------------ the socket
    async def socket(self, request: web.Request) -> web.StreamResponse:
        if not self.guard.websocket(request.protocol, FRESH):
            return feeds_full()
        ws = web.WebSocketResponse(heartbeat=self.heartbeat, max_msg_size=MAX_MESSAGE)
        await ws.prepare(request)
        client = Client(ws, address_key(request.remote), _device_id(request.query.get("device")))
        client.protocol = request.protocol
        client.transport = request.transport
        self.clients.add(client)
        writer = asyncio.create_task(self._writer(client))
        try:
            client.conn = self.hub.connect(
                None, client.push, address=client.address, device=client.device
            )
            async for message in ws:
                if message.type == WSMsgType.TEXT:
                    self.handle(client, message.data)
                elif message.type == WSMsgType.ERROR:
                    break
                if client.too_slow:
                    break
        except ConnectionError:  # it left while a pong was on the way: normal
            pass
        finally:
            self.clients.discard(client)
            if client.conn is not None:
                self.hub.disconnect(client.conn)
                client.conn = None
            client.wake.set()
            writer.cancel()
        return ws

    async def _writer(self, client: Client) -> None:
        ws = client.ws
        try:
            while not ws.closed:
                await client.wake.wait()
                client.wake.clear()
                if client.too_slow:
                    break
                while client.queue:
                    text = self._encode(client.queue.popleft())
                    if _backed_up(client.transport):  # it may wait for the phone: timed
                        await asyncio.wait_for(ws.send_str(text), SEND_TIMEOUT)
                    else:  # nothing waits to go out: the send cannot wait, so no timer
                        await ws.send_str(text)
        except (TimeoutError, ConnectionError, RuntimeError):
            pass
        finally:
            if not ws.closed:
                with contextlib.suppress(ConnectionError, RuntimeError):
                    await ws.close(code=1008, message=b"too slow")

    def _encode(self, message: Message) -> str:
        """A message as JSON; a value JSON has no word for is sent as its text (and said once).

        A message the hub sends to many phones (the lobby) is one object: encoded once."""
        for kept, text in self._encoded:
            if kept is message:
                return text
        text = self._encode_new(message)
        self._encoded.append((message, text))
        return text

    def _encode_new(self, message: Message) -> str:
        try:
            return _json_text(message)
        except (TypeError, ValueError) as exc:
            self.log.say("encode", f"a {message['type']} message is not JSON data: {exc}")
            return json.dumps(to_json(message), ensure_ascii=False, default=str)

    # ------------------------------------------------------------------ operations
    def handle(self, client: Client, text: str) -> None:
        """One message of a phone: an operation carried out by the hub, or a refusal to it."""
        try:
            message = json.loads(text)
        except ValueError:
            message = None
        except (RecursionError, MemoryError):  # `[` x 200,000: one line, never a traceback
            self.log.say("bad message", f"a message from {client.address} is nested too deeply")
            message = None
        op = message.get("op") if isinstance(message, dict) else None
        taken = read_op(message) if isinstance(message, dict) else None
        if taken is None:
            self.hub.tell(client.push, self._refusal("bad_message", op))
            return
        if not self.addresses.allow(client.address) or (
            client.token is not None and not self.ops.allow(client.token)
        ):
            wait = max(self.addresses.retry_after(client.address), 1.0)
            if client.token is not None:
                wait = max(wait, self.ops.retry_after(client.token))
            self.hub.tell(client.push, self._refusal("too_fast", op, seconds=math.ceil(wait)))
            return
        if client.token is None and taken["op"] not in ("hello", "join"):
            self.hub.tell(client.push, self._refusal("not_joined", op))
            return
        try:
            self._carry_out(client, taken)
        except Refused as exc:  # params may hold the engine's values (cards): as JSON data
            self.hub.tell(client.push, refused_message(exc, taken["op"]))
        except Exception as exc:  # a hub bug must not close every phone's server
            self.log.say("op", f"{taken['op']} failed: {describe(exc)}")
            self.hub.tell(client.push, self._refusal("bad_message", op))
        if client.protocol is not None:
            self.guard.set_worth(client.protocol, self.worth(client))

    def _carry_out(self, client: Client, op: Op) -> None:
        """A phone's op, by the hub (a refusal raises Refused)."""
        if op["op"] == "hello":
            self._subscribe(client, self.hub.rejoin(op["token"]).token)
        elif op["op"] == "join":
            self._join(client, op["name"], op["code"])
        elif op["op"] == "sit":
            self.hub.sit(_token(client), op["room"], op["seat"])
        elif op["op"] == "watch":
            self.hub.watch(_token(client), op["room"])
        elif op["op"] == "start":
            self.hub.start(_token(client), op["room"])
        elif op["op"] == "act":
            self.hub.act(_token(client), op["action"])
        elif op["op"] == "leave":
            self.hub.tell(client.push, {"type": "left", "penalty": self.hub.leave(_token(client))})
        elif op["op"] == "peek":
            self.hub.peek(_token(client), op["seat"])
        else:
            self.hub.set_cpu_level(_token(client), op["room"], op["level"])

    def worth(self, client: Client) -> int:
        """What the guard may close first: a seated player's socket last, a spectator's before
        it, and first one that has taken no seat and watches no room."""
        if client.token is None:
            return FRESH
        try:
            name = self.hub.players.by_token(client.token).name
        except Refused:
            return FRESH
        room_id = self.hub.rooms.where.get(name)
        room = self.hub.rooms.get(room_id) if room_id is not None else None
        if room is None:
            return FRESH
        if room.seat_of(name) is not None:
            return PLAYER
        return WATCHER if name in room.spectators else FRESH

    def _refusal(self, code: str, op: object, **params: JSONValue) -> RefusedMessage:
        return {
            "type": "refused",
            "code": code,
            "params": params,
            "text": self.texts(code, **params),
            "op": op if isinstance(op, str) else None,
        }

    def _subscribe(self, client: Client, token: str) -> None:
        """From now on the socket speaks for `token`'s player and hears what concerns it."""
        old = client.conn
        client.conn = None
        if old is not None:
            self.hub.disconnect(old)
        client.token = token
        client.conn = self.hub.connect(
            token, client.push, address=client.address, device=client.device
        )

    def _join(self, client: Client, name: str, code: str | None) -> None:
        """A new name (`code` None), or the owner bringing a name here with its code."""
        if not self.joins.allow(client.address):
            wait = math.ceil(max(self.joins.retry_after(client.address), 1.0))
            self.hub.tell(client.push, self._refusal("too_fast", "join", seconds=wait))
            return
        player = (
            self.hub.move(name, code, address=client.address)
            if code is not None
            else self.hub.join(name, address=client.address)
        )
        joined: Message = {"type": "joined", "name": player.name, "token": player.token,
                           "code": player.code}  # fmt: skip
        self.hub.tell(client.push, joined)
        self._subscribe(client, player.token)


_ENCODER = json.JSONEncoder(ensure_ascii=False)
_C_ENCODER = getattr(json.encoder, "c_make_encoder", None)
# json.dumps(message, ensure_ascii=False)'s own C encoder with its own arguments, made once:
# json.dumps makes an encoder and a C encoder for every message (a tenth of its time on a
# table's message). No markers: a message is never circular (the hub builds it afresh).
_CHUNKS = (
    _C_ENCODER(
        None, _ENCODER.default, json.encoder.encode_basestring, None, ": ", ", ", False, False, True
    )
    if _C_ENCODER is not None
    else None
)


def _json_text(message: Message) -> str:
    """``json.dumps(message, ensure_ascii=False)``, byte for byte (TypeError or ValueError for a
    value JSON has no word for, as json.dumps)."""
    if _CHUNKS is None:  # a Python without json's C speedups
        return json.dumps(message, ensure_ascii=False)
    return "".join(_CHUNKS(message, 0))


def _backed_up(transport: asyncio.BaseTransport | None) -> bool:
    """Whether bytes wait in the connection's buffer for the phone to read them: only then can
    a send wait (aiohttp waits for the buffer to drain once it is over its high-water mark,
    far above one message), so only then is it timed (a timer and a task per message were a
    tenth of the server's time per move)."""
    size = getattr(transport, "get_write_buffer_size", None)
    return size is None or size() > 0


def _room_of(message: Message) -> str | None:
    """The room a queued message is about (a ``table``'s), None for any other."""
    return message["room"] if message["type"] == "table" else None


def _token(client: Client) -> str:
    assert client.token is not None  # handle() lets only hello and join through without one
    return client.token


GAME_SCRIPTS = "<!-- games:"  # index.html's line where each game's renderer script goes


def game_files() -> dict[str, Path]:
    """Each registered game's phone renderer and style sheet, by the names the page loads them
    as (``<game>.js``, ``<game>.css`` under /static/): the files in the game's own package (its
    entry's ``phone_script`` and ``phone_style``)."""
    from games.common import registry

    files: dict[str, Path] = {}
    for game in registry.entries():
        for path, suffix in ((game.phone_style, "css"), (game.phone_script, "js")):
            if path is not None and path.is_file():
                files[f"{game.name}.{suffix}"] = path
    return files


def _page(language: str) -> str:
    """index.html in `language`, with each registered game's style sheet and renderer script
    (its `game_files`; the script registers itself in window.GAME_RENDERERS): the page names
    no game."""
    text = (STATIC / "index.html").read_text(encoding="utf-8")
    tags = "".join(
        f'<link rel="stylesheet" href="/static/{name}">\n'
        if name.endswith(".css")
        else f'<script src="/static/{name}" defer></script>\n'
        for name in game_files()
    )
    start = text.index(GAME_SCRIPTS)
    end = text.index("\n", start) + 1
    text = text[:start] + tags + text[end:]
    return text.replace('<html lang="ja">', f'<html lang="{language}">')


def page_texts_script(language: str) -> str:
    """`window.GAME_TEXTS`: the Qt windows' words for the page, so phone and window say the same."""
    from games.common import registry

    words: dict[str, object] = {"language": language}
    for game in registry.entries():
        words[game.name] = dict(game.page_texts(language))
    return "window.GAME_TEXTS = " + json.dumps(words, ensure_ascii=False) + ";\n"


async def start(server: GamesServer, host: str, port: int) -> Serving:
    """Listen on host:port (0: any free port, see `.port`); `.cleanup()` stops (WebApp.start)."""
    return await server.web.start(host, port)


def _device_id(value: str | None) -> str:
    """The page's device id (16-64 hex digits), "" for anything else."""
    if value and 16 <= len(value) <= 64 and all(c in "0123456789abcdef" for c in value):
        return value
    return ""
