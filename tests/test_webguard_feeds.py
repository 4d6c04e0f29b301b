"""A WebSocket flood from many addresses leaves room for newcomers: issue 32 item 1.

The guard caps the live feeds below the cap in all (a reserve stays for page loads) and, when
they are full, closes the ones worth least first (a feed that did nothing, then the oldest
watchers), from the /24 and the address holding the most; a card's or a seated player's feed
stays while a watcher is left. Tested on the guard alone (fake connections), then with real
sockets on `bingo serve` in its own process at a small file limit and on `games serve`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path

import aiohttp
from webguard_support import KEY, exchange, get, make_server, next_count, running, split_answer

from bingo import cardcode
from eventkit.web.guard import FRESH, PLAYER, WATCHER, ConnectionGuard, QuietLog, ws_reserve
from games.web.hub import Hub, HubOptions, RoomSpec
from games.web.server import GamesServer, start


class _Handler:
    closed = False

    def force_close(self) -> None:
        self.closed = True


def _guard(total: int, clock=lambda: 0.0) -> ConnectionGuard:
    return ConnectionGuard(total=total, per_address=64, log=QuietLog(every=1e9), clock=clock)


def _feed(guard: ConnectionGuard, host: str, worth: int) -> tuple[_Handler, bool]:
    handler = _Handler()
    assert guard.admit(handler, host)
    ok = guard.websocket(handler, worth)
    if not ok:
        guard.release(handler)  # the server answers 503 and closes it
    return handler, ok


def test_feeds_are_capped_below_the_cap_in_all_and_the_least_worth_go_first():
    now = [0.0]
    guard = _guard(40, lambda: now[0])
    assert guard.ws_cap == 40 - ws_reserve(40) == 30
    player, ok = _feed(guard, "10.0.9.1", PLAYER)
    assert ok
    now[0] = 1.0
    watcher, ok = _feed(guard, "10.0.8.1", WATCHER)
    assert ok
    flood = []
    for i in range(28):  # one /24, 4 addresses of 7: the feeds are full at 30
        now[0] += 1
        handler, ok = _feed(guard, f"10.0.1.{1 + i % 4}", FRESH)
        assert ok
        flood.append(handler)
    assert guard.sockets == guard.ws_cap == 30
    # the flood itself cannot push anyone out: one more feed of one of its addresses is refused
    _, ok = _feed(guard, "10.0.1.2", FRESH)
    assert not ok and not any(h.closed for h in flood) and guard.ws_refused == 1
    # page loads still get in: the reserve
    loads = [_Handler() for _ in range(9)]
    assert all(guard.admit(h, f"10.0.5.{i}") for i, h in enumerate(loads))
    for h in loads:
        guard.release(h)
    # a fresh phone of another network takes the place of the oldest feed of the heaviest address
    newcomer, ok = _feed(guard, "10.0.7.1", FRESH)
    assert ok and flood[0].closed and sum(h.closed for h in flood) == 1
    # a card's feed arriving: the flood goes before any watcher or player
    for i in range(20):
        _, ok = _feed(guard, f"10.0.{20 + i}.1", PLAYER)
        assert ok
    assert not player.closed and not watcher.closed
    assert sum(h.closed for h in flood) == 21 and not newcomer.closed
    # only watchers and players (and the newcomer) left of worth: the newcomer goes, then the watcher
    for i in range(9):
        assert _feed(guard, f"10.0.{60 + i}.1", PLAYER)[1]
    assert all(h.closed for h in flood) and newcomer.closed and watcher.closed
    assert not player.closed
    # players only: a watcher arriving is refused, never a player closed for it
    _, ok = _feed(guard, "10.0.99.1", WATCHER)
    assert not ok and not player.closed


def test_worth_changes_as_the_server_says_and_within_one_lan_shares_are_per_address():
    guard = _guard(17)  # 9 feeds (8 kept for page loads)
    assert guard.ws_cap == 9
    mine, _ = _feed(guard, "192.168.1.50", FRESH)
    heavy = [_feed(guard, "192.168.1.66", FRESH)[0] for _ in range(8)]
    guard.set_worth(mine, PLAYER)  # the phone sat down
    assert guard.worth(mine) == PLAYER
    # one LAN (one /24): a second phone of it gets in at the expense of the address holding most
    other, ok = _feed(guard, "192.168.1.51", FRESH)
    assert ok and heavy[0].closed and not mine.closed
    # the heavy address cannot take it back: it holds more already
    _, ok = _feed(guard, "192.168.1.66", FRESH)
    assert not ok and not other.closed
    # IPv6: one /64 is one address and one net
    v6 = _guard(17)
    a, _ = _feed(v6, "2001:db8::1", FRESH)
    for n in range(2, 10):
        _feed(v6, f"2001:db8::{n}", FRESH)  # the same /64: 9 feeds, full
    _, ok = _feed(v6, "2001:db8::77", FRESH)
    assert not ok and not a.closed
    _, ok = _feed(v6, "2001:db8:0:1::1", FRESH)
    assert ok and a.closed  # another /64 takes the oldest of the one holding all


async def _ws_upgrade(port: int, path: str, local: str) -> tuple[int, tuple | None]:
    """A WebSocket by hand: (status, (reader, writer) when 101)."""
    import base64
    import os

    reader, writer = await asyncio.wait_for(
        asyncio.open_connection("127.0.0.1", port, local_addr=(local, 0)), 5
    )
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: phone\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    await writer.drain()
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
    status = int(head.split()[1])
    if status != 101:
        writer.close()
        return status, None
    return status, (reader, writer)


def test_bingo_serve_keeps_room_for_new_phones_during_a_feed_flood(tmp_path):
    """160 connections (as at 256 files), 120 feeds; 40 addresses of two /24s ask 4 each."""
    code = cardcode.card_code(KEY, 7)
    server, show = make_server(tmp_path)

    async def scenario() -> None:
        async with running(server) as port:
            server.guard.total = 160
            card = await _ws_upgrade(port, f"/ws/card/{code}", "127.0.0.3")
            assert card[0] == 101
            card_feed = card[1]
            assert await next_count(*card_feed) == 0
            held, refused = [], 0
            for i in range(160):  # 40 addresses x 4
                status, pair = await _ws_upgrade(port, "/ws", f"127.0.{10 + i // 80}.{1 + i % 40}")
                if pair is None:
                    assert status == 503
                    refused += 1
                else:
                    held.append(pair)
            assert server.guard.sockets == server.guard.ws_cap == 120
            # full at 119 (the card's feed holds one place): the rest were refused, or took
            # the place of a feed of the /24 holding more (fair shares per /24)
            displaced = server.guard.ws_displaced
            assert refused + displaced == 160 - 119 and refused > 0
            # a new phone loads the board and its card, then gets both feeds
            raw = await exchange(port, get("/api/board"), local="127.0.50.1", timeout=5)
            assert split_answer(raw)[0] == 200
            raw = await exchange(port, get(f"/card/{code}"), local="127.0.50.1", timeout=5)
            assert split_answer(raw)[0] == 200
            status, fresh = await _ws_upgrade(port, "/ws", "127.0.50.1")
            assert status == 101  # the board feed of an address that opened a card: a watcher
            status, fresh_card = await _ws_upgrade(port, f"/ws/card/{code}", "127.0.50.1")
            assert status == 101
            # a board feed opened before its address opened a card: worth more once it has
            status, early = await _ws_upgrade(port, "/ws", "127.0.60.1")
            assert status == 101
            (mine,) = [c for c in server.clients if c.address == "127.0.60.1"]
            assert server.guard.worth(mine.protocol) == FRESH
            raw = await exchange(port, get(f"/card/{code}"), local="127.0.60.1", timeout=5)
            assert split_answer(raw)[0] == 200
            assert server.guard.worth(mine.protocol) == WATCHER
            early[1].close()
            show.draw()
            assert await asyncio.wait_for(next_count(*card_feed), 5) == 1  # the card's stayed
            assert await asyncio.wait_for(next_count(*fresh_card), 5) in (0, 1)
            closed = 0
            for reader, writer in held:
                with contextlib.suppress(OSError, TimeoutError, asyncio.IncompleteReadError):
                    while await asyncio.wait_for(reader.read(65536), 0.05):
                        pass
                closed += reader.at_eof()
                writer.close()
            assert closed == displaced + 3  # the three newcomers took flood feeds' places
            assert server.guard.ws_displaced == displaced + 3
            for pair in (card_feed, fresh, fresh_card):
                if pair is not None:
                    pair[1].close()

    try:
        asyncio.run(asyncio.wait_for(scenario(), 60))
    finally:
        show.close()


def test_games_serve_keeps_a_seated_player_and_lets_a_new_phone_in_during_a_feed_flood(tmp_path):
    rooms = (RoomSpec("daifugo-1", "daifugo", 4, stake="beginner", cpu_level="easy"),)

    async def scenario() -> None:
        hub = Hub(
            tmp_path,
            rooms=rooms,
            options=HubOptions(cpu_workers=0, seed=3, turn_seconds=0, cpu_delay=0),
        )
        await hub.open()
        server = GamesServer(hub)
        serving = await start(server, "127.0.0.1", 0)
        server.guard.total = 40  # as at a small file limit: 30 feeds
        port = serving.port
        url = f"ws://127.0.0.1:{port}/ws"
        sessions = []

        async def phone(local: str) -> aiohttp.ClientWebSocketResponse:
            session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(local, 0)))
            sessions.append(session)
            return await session.ws_connect(url, heartbeat=30)

        async def wait_for(ws, test) -> dict:
            async with asyncio.timeout(10):
                while True:
                    message = json.loads((await ws.receive()).data)
                    if test(message):
                        return message

        try:
            seated = await phone("127.0.0.9")
            await seated.send_json({"op": "join", "name": "Aki"})
            await wait_for(seated, lambda m: m["type"] == "joined")
            await seated.send_json({"op": "sit", "room": "daifugo-1"})
            await wait_for(seated, lambda m: m["type"] == "room")
            held, refused = [], 0
            for i in range(40):
                status, pair = await _ws_upgrade(port, "/ws", f"127.0.20.{1 + i % 8}")
                if pair is None:
                    refused += 1
                else:
                    held.append(pair)
            assert len(held) == 29 and refused == 11
            newcomer = await phone("127.0.30.1")  # a fresh phone of another network gets in
            await wait_for(newcomer, lambda m: m["type"] == "lobby")
            assert not seated.closed
            await seated.send_json({"op": "start", "room": "daifugo-1"})
            table = await wait_for(seated, lambda m: m["type"] == "table" and m["game_no"] == 1)
            assert table["seat"] is not None  # the seated player plays on
            for _, writer in held:
                writer.close()
        finally:
            for session in sessions:
                await session.close()
            await serving.cleanup()
            await hub.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_both_servers_put_their_feeds_through_the_one_guard():
    for path in ("bingo/web/server.py", "games/web/server.py"):
        text = (Path(__file__).resolve().parent.parent / path).read_text(encoding="utf-8")
        assert "self.guard.websocket(request.protocol" in text, path
        assert "feeds_full()" in text, path


def test_a_games_phone_waiting_for_lobbies_keeps_only_the_newest():
    """A flood of sockets coming and going sends a lobby per step: a seated phone's queue would
    pass MAX_QUEUE and the phone be dropped as too slow (it was, in bench_web_attacks)."""
    from games.web.server import MAX_QUEUE, Client

    client = Client(ws=None, address="127.0.0.9")  # type: ignore[arg-type]
    client.push({"type": "table", "room": "r", "step": 1})
    for n in range(MAX_QUEUE * 3):
        client.push({"type": "lobby", "rooms": [], "n": n})
    assert not client.too_slow
    assert [m["type"] for m in client.queue] == ["table", "lobby"]
    assert client.queue[-1]["n"] == MAX_QUEUE * 3 - 1


def test_bingo_serve_wakes_the_cards_feeds_before_the_board_watchers(tmp_path):
    """During a flood of board feeds, a draw's news goes to the cards' feeds first."""
    from bingo.web.server import Client

    server, show = make_server(tmp_path)
    try:
        order: list[int | None] = []
        server._queue = lambda client, text: order.append(client.serial)  # type: ignore[method-assign]
        for serial in (None, 7, None, None, 8, None):
            server.clients.add(Client(ws=None, serial=serial))  # type: ignore[arg-type]
        show.draw()
        server.follower.poll()
        server._on_snapshot()
        assert sorted(order[:2]) == [7, 8] and order[2:] == [None] * 4
    finally:
        show.close()
