"""One link for the evening (issue 44): `bingo serve --tables` forwards /tables/ to the card
tables' server (bingo.web.tables), Qt-free.

The tables here are the real games' hub and server listening on loopback at a port of their own,
found through `<journal>.tables` as bingo.web.tables_serve writes it; the bingo server is the
real one behind aiohttp's test client.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer, make_mocked_request

from bingo.config import load_config
from bingo.serve_lock import ServeLock, tables_lock_path
from bingo.session import DrawSession
from bingo.web.server import WebServer
from bingo.web.settings import WebSettings
from bingo.web.tables import LOOPBACK, PHONE_HEADER, PREFIX, page, script
from bingo.web.tables_serve import phone_address
from games.web.hub import Hub, HubOptions
from games.web.server import GamesServer
from games.web.server import start as start_games
from games.web.tables import RoomSpec

ROOMS = (RoomSpec("cool24-1", "cool24", 1), RoomSpec("schwimmen-1", "schwimmen", 2))
ROOTED = re.compile(r'(?:href|src)="(/[^"]*)"')


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 90))


class Tables:
    """The card tables as `bingo.web.tables_serve` runs them: hub, server, `<journal>.tables`."""

    def __init__(self, folder: Path, journal: Path, language: str) -> None:
        self.folder, self.journal, self.language = folder, journal, language
        self.hub: Hub | None = None
        self.serving = None
        self.lock: ServeLock | None = None
        self.port = 0

    async def start(self) -> Tables:
        options = HubOptions(cpu_workers=0, seed=7, turn_seconds=0, cpu_delay=0, advance_pause=0)
        self.hub = Hub(self.folder, rooms=ROOMS, language=self.language, options=options)
        await self.hub.open()
        server = GamesServer(self.hub, language=self.language)
        server.app.middlewares.append(phone_address)
        self.serving = await start_games(server, LOOPBACK, 0)
        self.port = self.serving.port
        self.lock = ServeLock(self.journal, path=tables_lock_path(self.journal))
        self.lock.acquire(0, LOOPBACK).listening(self.port)
        return self

    async def stop(self) -> None:
        if self.lock is not None:
            self.lock.release()
        if self.serving is not None:
            await self.serving.cleanup()
        if self.hub is not None:
            await self.hub.close()
        self.hub = self.serving = self.lock = None


def _config(tmp_path: Path, language: str, repo_root: Path):
    path = tmp_path / "config.toml"
    img = (repo_root / "img").as_posix()
    path.write_text(
        f'[event]\nlanguage = "{language}"\n[board]\nimage_dir = "{img}"\n', encoding="utf-8"
    )
    return load_config(path)


async def _bingo(tmp_path: Path, language: str, repo_root: Path, *, tables: bool = True):
    config = _config(tmp_path, language, repo_root)
    journal = tmp_path / "show.jsonl"
    DrawSession.open(config, journal, seed=3).close()
    settings = WebSettings(enabled=True, port=0, bind="127.0.0.1")
    server = WebServer(config, journal, settings, poll_seconds=0.02, tables=tables)
    client = TestClient(TestServer(server.app))
    await client.start_server()
    return server, client, journal


async def _text(client: TestClient, path: str) -> tuple[int, str]:
    answer = await client.get(path)
    return answer.status, await answer.text()


async def _ok(client: TestClient, path: str) -> bool:
    return (await client.get(path)).status == 200


async def _until(condition, what: str, timeout: float = 20.0):
    """Awaits `condition()` (a coroutine function) until it is true."""
    async with asyncio.timeout(timeout):
        while True:
            value = await condition()
            if value:
                return value
            await asyncio.sleep(0.05)
    raise AssertionError(what)


@pytest.mark.slow
def test_the_tables_page_its_files_and_socket_come_under_tables_with_the_links_back(
    tmp_path, repo_root
):
    async def scenario():
        server, client, journal = await _bingo(tmp_path, "ja", repo_root)
        tables = await Tables(tmp_path / "games", journal, "ja").start()
        try:
            await _until(lambda: _ok(client, PREFIX + "/"), "the tables' page")
            status, html = await _text(client, PREFIX + "/")
            assert status == 200
            assert 'id="join"' in html  # the games' own page
            rooted = ROOTED.findall(html)
            ours = {"/static/links.css", "/static/links.js", "/", "/#board", "/#scores"}
            assert rooted and all(p.startswith(PREFIX + "/") or p in ours for p in rooted), rooted
            assert "/tables/static/app.js" in rooted and "/tables/texts.js" in rooted
            assert "わたしのカード" in html and "今夜のハイスコア" in html.replace("\u200b", "")
            for path in rooted:  # every file the page asks for is there, through this server
                if path.startswith(PREFIX + "/") and path != PREFIX + "/":
                    assert (await client.get(path)).status == 200, path
            _, app_js = await _text(client, PREFIX + "/static/app.js")
            assert "/tables/ws?" in app_js and "${location.host}/ws?" not in app_js
            _, own = await _text(client, "/static/links.js")  # bingo's own files are its own
            assert "bingo.card" in own
            _, index = await _text(client, "/")
            assert 'data-tables="on"' in index
            redirect = await client.get(PREFIX, allow_redirects=False)
            assert redirect.status == 302 and redirect.headers["Location"] == PREFIX + "/"
        finally:
            await tables.stop()
            await client.close()

    run(scenario())


@pytest.mark.slow
def test_a_phone_plays_to_the_results_through_the_forwarded_socket_and_its_score_is_on_the_board(
    tmp_path, repo_root
):
    async def scenario():
        server, client, journal = await _bingo(tmp_path, "en", repo_root)
        tables = await Tables(tmp_path / "games", journal, "en").start()
        try:
            await _until(lambda: _ok(client, PREFIX + "/"), "the tables' page")
            ws = await client.ws_connect(PREFIX + "/ws?device=" + "ab" * 16)
            assert server.tables is not None and server.tables.sockets == 1
            got: list[dict] = []

            async def wait(test) -> dict:
                for m in got:
                    if test(m):
                        return m
                async with asyncio.timeout(30):
                    while True:
                        m = json.loads((await ws.receive()).data)
                        got.append(m)
                        if test(m):
                            return m

            await ws.send_str(json.dumps({"op": "join", "name": "aoi"}))
            joined = await wait(lambda m: m["type"] == "joined")
            assert joined["name"] == "aoi" and joined["token"]
            await ws.send_str(json.dumps({"op": "sit", "room": "cool24-1"}))
            await wait(lambda m: m["type"] == "room" and m.get("room") == "cool24-1")
            await ws.send_str(json.dumps({"op": "start", "room": "cool24-1"}))
            async with asyncio.timeout(60):
                while True:
                    m = json.loads((await ws.receive()).data)
                    if m["type"] == "results":
                        break
                    if m["type"] == "table" and m.get("your_turn") and m.get("legal"):
                        await ws.send_str(json.dumps({"op": "act", "action": m["legal"][-1]}))
            score = m["returns"][0]

            async def board():
                answer = await (await client.get("/api/scores")).json()
                tops = [b["top"] for b in answer["boards"] if b["game"] == "cool24"]
                return answer if tops and tops[0] else None

            answer = await _until(board, "the score on /api/scores")
            cool = next(b for b in answer["boards"] if b["game"] == "cool24")
            assert cool["top"][0] == {"name": "aoi", "score": score}
            assert answer["tables"] is True
            await ws.close()
        finally:
            await tables.stop()
            await client.close()

    run(scenario())


def test_tables_away_or_restarted_elsewhere_are_said_and_found_again(tmp_path, repo_root):
    async def scenario():
        server, client, journal = await _bingo(tmp_path, "ja", repo_root)
        try:
            answer = await client.get(PREFIX + "/")  # none started yet: said, and it reloads
            body = await answer.text()
            assert answer.status == 503 and 'http-equiv="refresh"' in body
            assert "テーブルを準備しています" in body.replace("\u200b", "")
            assert "わたしのカード" in body  # the way back is there meanwhile
            assert (await client.get(PREFIX + "/ws")).status == 503
            tables = await Tables(tmp_path / "games", journal, "ja").start()
            first = tables.port

            def page_ok():
                return _ok(client, PREFIX + "/")

            await _until(page_ok, "the tables found")
            await tables.stop()  # the tables go (killed) and come back on another port
            assert (await client.get(PREFIX + "/")).status == 503
            tables = await Tables(tmp_path / "games", journal, "ja").start()
            assert tables.port != first
            await _until(page_ok, "the tables found again on their new port")
            await tables.stop()
        finally:
            await client.close()

    run(scenario())


def test_english_says_the_tables_away_in_english_and_without_tables_there_is_no_link(
    tmp_path, repo_root
):
    async def scenario():
        _, client, _ = await _bingo(tmp_path, "en", repo_root)
        try:
            status, body = await _text(client, PREFIX + "/")
            assert status == 503 and "The card tables are getting ready" in body
            assert "My card" in body and "Tonight&#x27;s high scores" in body
        finally:
            await client.close()
        _, client, _ = await _bingo(tmp_path / "plain", "en", repo_root, tables=False)
        try:
            assert (await client.get(PREFIX + "/")).status == 404
            assert (await client.get("/api/scores")).status == 404
            _, index = await _text(client, "/")
            assert "data-tables" not in index
        finally:
            await client.close()

    (tmp_path / "plain").mkdir()
    run(scenario())


def test_the_phones_address_is_taken_from_the_forwarder_on_loopback_only():
    async def scenario():
        async def handler(request: web.Request) -> web.Response:
            return web.Response(text=request.remote or "")

        class Transport:
            def __init__(self, peer: str) -> None:
                self.peer = peer

            def get_extra_info(self, name, default=None):
                return (self.peer, 50000) if name == "peername" else default

            def is_closing(self) -> bool:
                return False

        async def remote(peer: str, headers: dict) -> str:
            request = make_mocked_request("GET", "/", headers=headers, transport=Transport(peer))
            answer = await phone_address(request, handler)
            return answer.text

        assert await remote("127.0.0.1", {PHONE_HEADER: "192.0.2.7"}) == "192.0.2.7"
        assert await remote("::1", {PHONE_HEADER: "2001:db8::5"}) == "2001:db8::5"
        assert await remote("127.0.0.1", {}) == "127.0.0.1"
        assert await remote("192.0.2.9", {PHONE_HEADER: "192.0.2.7"}) == "192.0.2.9"  # not ours

    run(scenario())


def test_page_and_script_rewrites_leave_other_text_alone():
    html = (
        '<link href="/static/app.css"><script src="/texts.js"></script>'
        '<a href="//elsewhere/x">x</a><a href="#top">t</a></body>'
    )
    moved = page(html, "<nav>links</nav>")
    assert '<link href="/tables/static/app.css">' in moved
    assert '<script src="/tables/texts.js">' in moved
    assert 'href="//elsewhere/x"' in moved and 'href="#top"' in moved
    assert moved.endswith("<nav>links</nav></body>")
    js = "new WebSocket(`${scheme}//${location.host}/ws?device=${deviceId()}`);"
    assert (
        script(js) == "new WebSocket(`${scheme}//${location.host}/tables/ws?device=${deviceId()}`);"
    )
