"""Junk requests: no traceback on the show's terminal, every answer headed, nothing revealed.

Issue 27 item 2. A real server on loopback (bingo.web.server.start), raw sockets; what the
server writes to the terminal is read from file descriptor 2 (capfd) and its own log stream.
"""

from __future__ import annotations

import asyncio
import io
import os
import socket
import struct

import pytest
from webguard_support import (
    ServeProcess,
    exchange,
    get,
    make_server,
    open_feed,
    running,
    split_answer,
)

from bingo.web.server import LOG_NAME
from eventkit.web.guard import QuietLog
from eventkit.web.headers import SECURITY_HEADERS

JUNK = [
    b"JUNK\r\n\r\n",  # BadHttpMethod / BadStatusLine
    b"GET http://[::1 HTTP/1.1\r\nHost: x\r\n\r\n",  # InvalidURLError
    b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",  # BadHttpMessage
    b"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    b"GET / HTTP/9.9\r\n\r\n",
    b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(40),  # a TLS hello on plain HTTP
    b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\n\r\n",  # a line too long
]


def _headed(headers: dict[str, str]) -> None:
    for name, value in SECURITY_HEADERS.items():
        if name == "Cache-Control" and headers.get("cache-control") == "max-age=3600":
            continue  # a number's image may be kept by the phone
        assert headers.get(name.lower()) == value, (name, headers)
    assert "aiohttp" not in headers.get("server", "").lower()
    assert "python" not in headers.get("server", "").lower()


@pytest.mark.slow
@pytest.mark.process
def test_junk_gets_a_headed_400_and_one_line_per_kind_never_a_traceback(tmp_path):
    async def scenario(port: int) -> None:
        for _ in range(20):
            for junk in JUNK:
                raw = await exchange(port, junk)
                status, headers, body = split_answer(raw)
                assert status == 400, raw[:200]
                _headed(headers)
                assert b"aiohttp" not in body and len(body) < 100

    with ServeProcess(tmp_path) as serve:
        asyncio.run(scenario(serve.port))
        said = serve.said()
    assert "Traceback" not in said
    lines = [x for x in said.splitlines() if "bad request" in x]
    assert 1 <= len(lines) <= 2, said  # 140 bad requests: one line (a second if 10 s passed)
    assert lines[0].startswith("bingo serve: bad request from 127.0.0.1")
    assert all(" " <= c <= "~" for line in lines for c in line)  # nothing the guest typed raw
    assert len(said.encode()) < 2000, said


def test_every_answer_is_headed_and_names_no_versions(tmp_path):
    server, show = make_server(tmp_path)

    async def scenario():
        async with running(server) as port:
            for path in ("/", "/api/board", "/static/app.js", "/nothing", "/img/1", "/card/x"):
                status, headers, _ = split_answer(await exchange(port, get(path)))
                assert status in (200, 404), (path, status)
                _headed(headers)
            reader, writer = await open_feed(port)  # the WebSocket handshake too
            writer.close()

    asyncio.run(scenario())
    show.close()


def test_a_long_static_name_is_404_not_500(tmp_path, capfd):
    server, show = make_server(tmp_path)

    async def scenario():
        async with running(server) as port:
            for name in ("a" * 300, "a/" * 200, "..%2F..%2Fetc%2Fpasswd", "%00", "app.js/x"):
                status, headers, body = split_answer(await exchange(port, get(f"/static/{name}")))
                assert (status, body) == (404, b"not found"), name
                _headed(headers)
            status, _, body = split_answer(await exchange(port, get("/static/app.js")))
            assert status == 200 and b"WebSocket" in body

    asyncio.run(scenario())
    show.close()
    assert "Traceback" not in capfd.readouterr().err


def test_the_board_does_not_reveal_the_journal_path(tmp_path, capfd):
    server, show = make_server(tmp_path)
    said = io.StringIO()
    server.log = QuietLog(said, name=LOG_NAME)
    show.close()
    server.journal.write_text('{"not": "a journal"}\n', encoding="utf-8")
    assert server.follower.poll()
    assert server.snapshot.problem  # the follower did find a problem (naming the file)

    async def scenario():
        async with running(server) as port:
            status, _, body = split_answer(await exchange(port, get("/api/board")))
            assert status == 200
            return body.decode()

    body = asyncio.run(scenario())
    assert str(tmp_path) not in body and "show.jsonl" not in body
    assert '"problem": "' in body  # the phone still hears that something is wrong
    assert "show.jsonl" in said.getvalue()  # the host's terminal has the details


@pytest.mark.slow
@pytest.mark.process
def test_a_pinging_phone_that_leaves_writes_nothing(tmp_path):
    async def scenario(port: int) -> None:
        async def leave(i: int) -> None:
            reader, writer = await open_feed(port)
            mask = os.urandom(4)
            ping = (
                bytes([0x89, 0x84]) + mask + bytes(b ^ mask[j % 4] for j, b in enumerate(b"ping"))
            )
            writer.write(ping * 300)  # the server pongs each ...
            await asyncio.sleep((i % 7) * 0.003)
            sock = writer.get_extra_info("socket")
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            writer.transport.abort()  # ... to a phone that has gone (reset)

        for _ in range(6):
            await asyncio.gather(*(leave(i) for i in range(30)))
        await asyncio.sleep(0.3)
        status, _, _ = split_answer(await exchange(port, get("/api/board")))
        assert status == 200

    with ServeProcess(tmp_path) as serve:
        before = serve.said()
        asyncio.run(scenario(serve.port))
        said = serve.said()[len(before) :]
    assert said == ""  # a phone leaving is normal: nothing to say at all
