"""The host's controls of `games serve` from another process: what the laptop's room screen
(games.web.screen) does with the hub, for a window that is not in this process (bingo draw's
operator window with `bingo draw --serve --tables`, bingo.ui.tables_panel).

Routes under HOST on the games server's own port, plain HTTP and JSON:

- `GET /host/lobby?seen=N`: `{"version": V, "lobby": <the lobby message>, "disk_full": bool}`,
  at once when the lobby changed since version N, else once it changes or after WAIT seconds
  (a long poll: the window hears a change at once and asks nothing while nothing changes);
- `POST /host/release {"name"}`: the name given back (hub.release): `{"ok", "name", "code"}`;
- `POST /host/level {"room", "level"}` and `POST /host/rules {"room", "rules"}`: the room's
  CPU level and rule set for its next games, as the laptop (hub.set_cpu_level, hub.set_rules
  with no token); the lobby that follows shows them;
- `POST /host/start {"room"}`: the room's next game, as the laptop's 開始 (hub.start).
A refusal of the hub is an answer, `{"ok": false, "text": <its words, in the event's language>}`.

Who may: a request from this computer's loopback that carries `KEY_HEADER` equal to the key
(compared in constant time; the key is the caller's to keep: bingo.web.tables_serve writes it
0600 beside the draw's journal, where only the show reads it) and none of `refused_headers` (a
forwarder's mark: bingo serve's, so nothing a guest sends through the one link can reach
these routes, whatever its path). Anything else is a bare 403.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import ipaddress
import json
import logging
from collections.abc import Callable, Sequence
from typing import Any

from aiohttp import web

from games.web.hub import Connection, Hub

HOST = "/host"
KEY_HEADER = "X-Host-Key"
WAIT = 15.0  # seconds a lobby request waits for a change (under the guard's 30 s per request)
MAX_BODY = 4096

log = logging.getLogger(__name__)


class HostLink:
    """The routes above, in front of `hub` (see the module's docstring)."""

    def __init__(
        self,
        hub: Hub,
        key: str,
        *,
        refused_headers: Sequence[str] = (),
        wait: float = WAIT,
    ) -> None:
        if len(key) < 16:
            raise ValueError("a host key of at least 16 characters")
        self.hub = hub
        self._key = key.encode("utf-8")
        self.refused_headers = tuple(refused_headers)
        self.wait = wait
        self.version = 0
        self.lobby: Any = None
        self.disk_full = False
        self._connection: Connection | None = None
        self._changed: asyncio.Event | None = None
        self._closing = False

    def routes(self) -> list[web.RouteDef]:
        return [
            web.get(HOST + "/lobby", self.get_lobby),
            web.post(HOST + "/release", self.release),
            web.post(HOST + "/level", self.level),
            web.post(HOST + "/rules", self.rules),
            web.post(HOST + "/start", self.start),
        ]

    def attach(self, app: web.Application) -> None:
        """Its routes on `app` (before it starts), and its waiting requests answered when it
        stops."""
        app.add_routes(self.routes())
        app.on_shutdown.append(self._shutdown)

    # ------------------------------------------------------------------ who may
    def allowed(self, request: web.Request) -> bool:
        if any(name in request.headers for name in self.refused_headers):
            return False
        transport = request.transport
        if not _loopback(transport.get_extra_info("peername") if transport else None):
            return False
        given = request.headers.get(KEY_HEADER, "").encode("utf-8", "replace")
        return hmac.compare_digest(given, self._key)

    def _check(self, request: web.Request) -> None:
        if not self.allowed(request):
            raise web.HTTPForbidden(text="forbidden")

    # ------------------------------------------------------------------ the lobby
    def _follow(self) -> None:
        """Hear the hub's lobby as a token-less connection (the room screen's public view)."""
        if self._connection is None:
            self._changed = asyncio.Event()
            self.lobby = self.hub.lobby()
            self._connection = self.hub.connect(None, self._heard)

    def _heard(self, message: Any) -> None:
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "lobby":
            self.lobby = message
        elif kind == "disk":
            self.disk_full = bool(message.get("full"))
        else:
            return
        self.version += 1
        self._wake()

    def _wake(self) -> None:
        if self._changed is not None:
            self._changed.set()
            self._changed = asyncio.Event()

    async def get_lobby(self, request: web.Request) -> web.Response:
        self._check(request)
        self._follow()
        try:
            seen = int(request.query.get("seen", "-1"))
        except ValueError:
            seen = -1
        if seen >= self.version and not self._closing and self._changed is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), self.wait)
        body = {"version": self.version, "lobby": self.lobby, "disk_full": self.disk_full}
        return _json(body)

    async def _shutdown(self, app: web.Application) -> None:
        self._closing = True
        self._wake()
        connection, self._connection = self._connection, None
        if connection is not None:
            with contextlib.suppress(Exception):
                self.hub.disconnect(connection)

    # ------------------------------------------------------------------ the controls
    async def release(self, request: web.Request) -> web.Response:
        self._check(request)
        asked = await _body(request)
        name = asked.get("name")
        if not isinstance(name, str) or not name.strip():
            return _json({"ok": False, "text": ""})

        def go() -> dict[str, object]:
            code = self.hub.release(name.strip())
            player = self.hub.players.by_name(name.strip())
            shown = player.name if player is not None else name.strip()
            return {"ok": True, "name": shown, "code": code}

        return _json(_carried_out(go))

    async def level(self, request: web.Request) -> web.Response:
        self._check(request)
        asked = await _body(request)
        room, level = asked.get("room"), asked.get("level")
        return _json(_carried_out(lambda: self._set(self.hub.set_cpu_level, room, level)))

    async def rules(self, request: web.Request) -> web.Response:
        self._check(request)
        asked = await _body(request)
        room, rules = asked.get("room"), asked.get("rules")
        return _json(_carried_out(lambda: self._set(self.hub.set_rules, room, rules)))

    async def start(self, request: web.Request) -> web.Response:
        self._check(request)
        room = (await _body(request)).get("room")

        def go() -> dict[str, object]:
            self.hub.start(None, str(room))
            return {"ok": True}

        return _json(_carried_out(go))

    def _set(
        self, method: Callable[[str | None, str, str], None], room: object, value: object
    ) -> dict[str, object]:
        method(None, str(room), str(value))
        return {"ok": True}


def _carried_out(go: Callable[[], dict[str, object]]) -> dict[str, object]:
    """What the hub said: its answer, or its refusal's words (a refusal, or a full disk)."""
    try:
        return go()
    except Exception as exc:
        log.info("host control refused: %s", exc)
        return {"ok": False, "text": str(exc)}


async def _body(request: web.Request) -> dict[str, object]:
    """The request's JSON object ({} for anything else)."""
    if request.content_length is not None and request.content_length > MAX_BODY:
        raise web.HTTPRequestEntityTooLarge(max_size=MAX_BODY, actual_size=request.content_length)
    try:
        data = json.loads(await request.content.read(MAX_BODY + 1))
    except (ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def _json(body: object) -> web.Response:
    return web.Response(text=json.dumps(body, ensure_ascii=False), content_type="application/json")


def _loopback(peer: object) -> bool:
    """The TCP peer (not a forwarded address) is this computer."""
    host = peer[0] if isinstance(peer, tuple) and peer else None
    try:
        return isinstance(host, str) and ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
