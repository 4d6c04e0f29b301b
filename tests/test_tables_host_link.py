"""The card tables' host controls (issue 44.1): games.web.host_link on the tables' server, for
the key bingo.web.tables_serve writes beside the journal (0600); never reachable by a guest
through the one link (bingo serve's forwarder), whatever the path. Qt-free: the real hub and
games server on loopback, the real bingo server behind aiohttp's test client."""

from __future__ import annotations

import asyncio
import os
import socket
import stat

import aiohttp
import pytest
from test_tables_link import Tables, _bingo, _ok, _until, run

from bingo.serve_lock import ServeLock, read_tables_key, tables_key_path, tables_lock_path
from bingo.web.tables import LOOPBACK, PHONE_HEADER, PREFIX
from bingo.web.tables_serve import attach_host, phone_address
from games.web.host_link import HOST, KEY_HEADER
from games.web.hub import Hub, HubOptions
from games.web.server import GamesServer
from games.web.server import start as start_games
from games.web.tables import RoomSpec

ROOMS = (RoomSpec("d", "daifugo", 4, stake="beginner", rules="1"), RoomSpec("c", "cool24", 1))


class HostTables(Tables):
    """The tables as tables_serve runs them, with its host controls."""

    async def start(self) -> HostTables:
        options = HubOptions(cpu_workers=0, seed=7, turn_seconds=0, cpu_delay=0, advance_pause=0)
        self.hub = Hub(self.folder, rooms=ROOMS, language=self.language, options=options)
        await self.hub.open()
        server = GamesServer(self.hub, language=self.language)
        server.app.middlewares.append(phone_address)
        assert attach_host(server.app, self.hub, self.journal)
        self.serving = await start_games(server, LOOPBACK, 0)
        self.port = self.serving.port
        self.lock = ServeLock(self.journal, path=tables_lock_path(self.journal))
        self.lock.acquire(0, LOOPBACK).listening(self.port)
        return self


async def _status(session: aiohttp.ClientSession, url: str, **kw) -> int:
    async with session.get(url, **kw) as answer:
        await answer.read()
        return answer.status


@pytest.mark.slow
def test_the_host_controls_answer_the_key_only_and_never_a_guest_through_the_one_link(
    tmp_path, repo_root
):
    async def scenario():
        server, client, journal = await _bingo(tmp_path, "ja", repo_root)
        tables = await HostTables(tmp_path / "games", journal, "ja").start()
        try:
            key = read_tables_key(journal)
            assert key and len(key) >= 32
            mode = stat.S_IMODE(os.stat(tables_key_path(journal)).st_mode)
            assert mode == 0o600, oct(mode)
            direct = f"http://{LOOPBACK}:{tables.port}{HOST}/lobby?seen=99"
            async with aiohttp.ClientSession() as session:
                # the show, with the key, on loopback: the lobby
                async with session.get(direct, headers={KEY_HEADER: key}) as answer:
                    assert answer.status == 200
                    body = await answer.json()
                assert [r["id"] for r in body["lobby"]["rooms"]] == ["d", "c"]
                # no key, a wrong key, or the forwarder's mark with the right key: refused
                assert await _status(session, direct) == 403
                assert await _status(session, direct, headers={KEY_HEADER: key[:-1] + "x"}) == 403
                marked = {KEY_HEADER: key, PHONE_HEADER: "192.0.2.7"}
                assert await _status(session, direct, headers=marked) == 403
                async with session.post(
                    f"http://{LOOPBACK}:{tables.port}{HOST}/level",
                    json={"room": "d", "level": "strong"},
                    headers=marked,
                ) as answer:
                    assert answer.status == 403
            assert tables.hub is not None
            assert tables.hub.lobby()["rooms"][0]["cpu_level"] != "strong"
            # a guest through the one link: the tables answer there, the host's path never
            await _until(lambda: _ok(client, PREFIX + "/"), "the tables' page")
            guest = [
                PREFIX + HOST + "/lobby",
                PREFIX + HOST + "/lobby?seen=0",
                HOST + "/lobby",
                PREFIX + "/static/..%2Fhost%2Flobby",
                PREFIX + "/static/%2e%2e%2fhost%2flobby",
                PREFIX + "/static/%2E%2E/host/lobby",
                PREFIX + "/%2E%2E/host/lobby",
                PREFIX + "/static/..%5Chost%5Clobby",
            ]
            for path in guest:
                for headers in ({}, {KEY_HEADER: key}):
                    answer = await client.get(path, headers=headers, allow_redirects=False)
                    text = await answer.text()
                    assert answer.status in (403, 404), (path, answer.status)
                    assert '"lobby"' not in text and '"version"' not in text, path
                answer = await client.post(path, json={"room": "d", "level": "strong"})
                assert answer.status in (403, 404, 405), (path, answer.status)
            assert tables.hub.lobby()["rooms"][0]["cpu_level"] != "strong"
        finally:
            await tables.stop()
            await client.close()

    run(scenario())


@pytest.mark.slow
def test_the_lobby_waits_for_a_change_and_the_controls_say_the_hubs_refusals(tmp_path):
    async def scenario():
        journal = tmp_path / "show.jsonl"
        tables = await HostTables(tmp_path / "games", journal, "en").start()
        base = f"http://{LOOPBACK}:{tables.port}{HOST}"
        try:
            key = read_tables_key(journal)
            assert key is not None
            headers = {KEY_HEADER: key}
            async with aiohttp.ClientSession(headers=headers) as session:
                first = await (await session.get(base + "/lobby")).json()
                seen = first["version"]
                waiting = asyncio.ensure_future(session.get(base + f"/lobby?seen={seen}"))
                await asyncio.sleep(0)
                assert not waiting.done()
                answer = await session.post(base + "/level", json={"room": "d", "level": "easy"})
                assert await answer.json() == {"ok": True}
                after = await (await waiting).json()
                assert after["version"] > seen
                assert after["lobby"]["rooms"][0]["cpu_level"] == "easy"
                answer = await session.post(base + "/rules", json={"room": "d", "rules": "2"})
                assert await answer.json() == {"ok": True}
                assert tables.hub is not None
                assert tables.hub.lobby()["rooms"][0]["rule_set"]["id"] == "2"
                # refusals in the event's language, as the hub says them
                refused = await (
                    await session.post(base + "/rules", json={"room": "c", "rules": "2"})
                ).json()
                assert refused["ok"] is False and refused["text"]
                refused = await (
                    await session.post(base + "/release", json={"name": "nobody"})
                ).json()
                assert refused["ok"] is False and refused["text"]
                player = tables.hub.join("aoi")
                given = await (await session.post(base + "/release", json={"name": "aoi"})).json()
                assert given["ok"] is True and given["name"] == "aoi"
                assert given["code"] == tables.hub.players.by_name("aoi").code != player.code
                refused = await (await session.post(base + "/start", json={"room": "c"})).json()
                assert refused["ok"] is False and refused["text"]  # nobody seated
                tables.hub.sit(tables.hub.join("mio").token, "c")
                started = await (await session.post(base + "/start", json={"room": "c"})).json()
                assert started == {"ok": True}
                assert tables.hub.lobby()["rooms"][1]["state"] == "playing"
                bad = await session.post(base + "/level", data=b"[" * 5000)
                assert bad.status == 413
        finally:
            await tables.stop()

    run(scenario())


@pytest.mark.slow
@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_forwarders_lines_for_the_host_are_in_the_events_language(
    tmp_path, repo_root, capfd, language
):
    """The tables said listening on a port nobody answers: the host's terminal line says so in
    the event's language (ja: the page; en: the socket), the phone gets the tables' away page."""
    from bingo.web.texts import texts

    async def scenario():
        server, client, journal = await _bingo(tmp_path, language, repo_root)
        closed = socket.socket()
        closed.bind((LOOPBACK, 0))  # bound, never listening: refused
        lock = ServeLock(journal, path=tables_lock_path(journal))
        lock.acquire(0, LOOPBACK).listening(closed.getsockname()[1])

        async def found() -> bool:  # (the forwarder reads the port file again within 1 s)
            return server.tables.port() is not None

        try:
            await _until(found, "the port read")
            if language == "ja":
                answer = await client.get(PREFIX + "/")
                assert answer.status == 503
                key = "tables_no_answer"
            else:
                with pytest.raises(aiohttp.WSServerHandshakeError):
                    await client.ws_connect(PREFIX + "/ws")
                key = "tables_no_socket"
        finally:
            lock.release()
            closed.close()
            await client.close()
        return key

    key = run(scenario())
    err = capfd.readouterr().err
    said = [line for line in err.splitlines() if "tables" in line or "テーブル" in line]
    start = texts(language)(key, reason="@").split("@")[0]
    assert any(start in line for line in said), err
