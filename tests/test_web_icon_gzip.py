"""Both phone servers answer /favicon.ico and gzip their text answers (issue 43's small points:
every page asked for a missing icon, and nothing was compressed): eventkit.web.app's WebApp
through aiohttp's test client, then `bingo serve` and `games serve` themselves."""

from __future__ import annotations

import asyncio
import gzip
import io
import urllib.request

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer
from PIL import Image

from eventkit.web.app import MIN_COMPRESSED, WebApp

SCRIPT = ("// a page's script\n" + "const x = 1;\n" * 400).encode()
SMALL = b"body { color: red; }\n"


def _app(folder) -> WebApp:
    static = folder / "static"
    static.mkdir()
    (static / "page.js").write_bytes(SCRIPT)
    (static / "small.css").write_bytes(SMALL)
    made = WebApp(server_name="test", log_name="test", static=static, per_address=50)

    async def data(request: web.Request) -> web.Response:
        return web.json_response({"rows": list(range(400))})

    made.app.add_routes([web.get("/static/{name}", made.static_file), web.get("/api/data", data)])
    return made


def test_the_icon_and_gzip_where_the_phone_accepts_it(tmp_path):
    async def run() -> None:
        client = TestClient(TestServer(_app(tmp_path).app))
        await client.start_server()
        try:
            icon = await client.get("/favicon.ico")
            assert icon.status == 200 and icon.content_type == "image/x-icon"
            picture = Image.open(io.BytesIO(await icon.read()))
            assert picture.format == "ICO" and picture.size == (32, 32)
            zipped = await client.get("/static/page.js", headers={"Accept-Encoding": "gzip"})
            assert zipped.headers.get("Content-Encoding") == "gzip"
            assert "Accept-Encoding" in zipped.headers.get("Vary", "")
            assert await zipped.read() == SCRIPT  # the client unpacked it: the same script
            raw = await client.get(
                "/static/page.js", headers={"Accept-Encoding": "gzip"}, auto_decompress=False
            )
            packed = await raw.read()
            assert len(packed) < len(SCRIPT) / 4 and gzip.decompress(packed) == SCRIPT
            plain = await client.get("/static/page.js", headers={"Accept-Encoding": "identity"})
            assert "Content-Encoding" not in plain.headers and await plain.read() == SCRIPT
            data = await client.get("/api/data", headers={"Accept-Encoding": "gzip, br"})
            assert data.headers.get("Content-Encoding") == "gzip"
            assert (await data.json())["rows"][-1] == 399
            small = await client.get("/static/small.css", headers={"Accept-Encoding": "gzip"})
            assert len(SMALL) < MIN_COMPRESSED and "Content-Encoding" not in small.headers
        finally:
            await client.close()

    asyncio.run(run())


def _fetch(url: str) -> tuple[int, str, bytes, str]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=20) as answer:
        body = answer.read()
        return (
            answer.status,
            answer.headers.get_content_type(),
            body,
            answer.headers.get("Content-Encoding", ""),
        )


@pytest.mark.slow
def test_both_servers_answer_the_icon_and_gzip_their_page(tmp_path):
    from phone_pages import PhoneServer, card_from_order, write_config
    from test_games_web_browser import GamesServe

    (tmp_path / "bingo").mkdir()
    config = write_config(tmp_path / "bingo", size=4, per_column=10)
    order = list(range(1, 41))
    bingo = PhoneServer(config, tmp_path / "bingo", card_from_order(config, order))
    (tmp_path / "games").mkdir()
    games = GamesServe(tmp_path / "games")
    try:
        for base in (bingo.url.rstrip("/"), games.url.rstrip("/")):
            status, kind, body, _ = _fetch(base + "/favicon.ico")
            assert status == 200 and kind == "image/x-icon" and body[:4] == b"\x00\x00\x01\x00"
            status, kind, body, encoding = _fetch(base + "/")
            assert status == 200 and kind == "text/html" and encoding == "gzip", base
            assert b"<html" in gzip.decompress(body)
    finally:
        bingo.stop()
        games.stop()
