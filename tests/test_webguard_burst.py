"""A burst of phones scanning the QR at once: every connection is queued by the system (none
dropped, none retried) and served, while the guard's cap in all is never passed (issue 45).

With the old backlog of 128 and one accept per pass of the event loop, the system dropped the
connection attempts past the queue and the phones' TCP retried them after 1, 3, 7 s; a batch
accept that ignored the cap reset phones. The clients here read TCP_INFO: a dropped SYN (or a
dropped handshake ACK) shows as a retransmission on the phone's side of loopback.
"""

from __future__ import annotations

import asyncio
import io
import socket
import struct
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from eventkit.web import guard as guard_module
from eventkit.web.guard import (
    ConnectionGuard,
    Listener,
    QuietLog,
    listen_backlog,
    raise_file_limit,
)
from eventkit.web.serving import start_guarded

BURST = 400  # well past the old backlog of 128
ADDRESSES = 80  # 127.0.0.2 .. : 5 connections each, within the fair share (none displaced)
CAP = 48  # the guard's cap in all: most of the burst waits in the system's queue
TOTAL_RETRANS = 100  # offset of tcpi_total_retrans in struct tcp_info (Linux)


class PeakGuard(ConnectionGuard):
    """The guard, noting the most connections it ever held."""

    peak = 0

    def admit(self, handler: Any, host: str | None) -> bool:
        kept = super().admit(handler, host)
        self.peak = max(self.peak, len(self))
        return kept


async def _phone(port: int, index: int, go: asyncio.Event) -> tuple[bytes, int]:
    """One connection from its own loopback address: one page, read to the end; its status
    line and how many segments its TCP had to send again."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setblocking(False)
    sock.bind((f"127.0.0.{2 + index % ADDRESSES}", 0))
    await go.wait()
    loop = asyncio.get_running_loop()
    try:
        await loop.sock_connect(sock, ("127.0.0.1", port))
        reader, writer = await asyncio.open_connection(sock=sock)
        writer.write(b"GET /card HTTP/1.1\r\nHost: phone\r\nConnection: close\r\n\r\n")
        answer = await reader.read()
        info = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, TOTAL_RETRANS + 4)
        retrans = struct.unpack_from("I", info, TOTAL_RETRANS)[0]
        writer.close()
        return answer.split(b"\r\n", 1)[0], retrans
    except OSError as exc:
        sock.close()
        return f"error {exc}".encode(), 0


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(socket, "TCP_INFO"), reason="TCP_INFO is Linux's")
def test_a_burst_past_the_old_backlog_is_queued_and_served_within_the_cap():
    if listen_backlog() < BURST + 1:
        pytest.skip(f"the system's somaxconn ({listen_backlog()}) is below the burst")
    if raise_file_limit() < 2 * BURST + 200:
        pytest.skip("too few files for the burst's both ends in one process")

    async def scenario() -> None:
        async def card(request: web.Request) -> web.Response:
            return web.Response(text="card " * 200)

        guard = PeakGuard(total=CAP, per_address=32, log=QuietLog(name="test"))
        app = web.Application(middlewares=[guard.middleware()])
        app.router.add_get("/card", card)
        serving, _ = await start_guarded(app, guard, "127.0.0.1", 0)
        try:
            assert serving.listener.backlog >= BURST
            go = asyncio.Event()
            phones = [asyncio.create_task(_phone(serving.port, i, go)) for i in range(BURST)]
            await asyncio.sleep(0)  # every phone bound, waiting for the signal
            go.set()  # all connect in one pass of the loop: faster than any server accepts
            results = await asyncio.wait_for(asyncio.gather(*phones), 120)
        finally:
            await serving.cleanup()
        statuses = [status for status, _ in results]
        bad = [s for s in statuses if s != b"HTTP/1.1 200 OK"]
        assert not bad, f"{len(bad)} of {BURST} phones not served: {sorted(set(bad))[:3]}"
        retried = sum(1 for _, retrans in results if retrans)
        assert retried == 0, (
            f"{retried} phones' connections were dropped by the system and sent again"
        )
        assert guard.peak <= CAP, f"the guard held {guard.peak} connections, its cap is {CAP}"
        assert guard.peak == CAP, "the burst never filled the guard: it proves nothing of the cap"
        assert guard.refused == 0 and guard.displaced == 0, (guard.refused, guard.displaced)

    asyncio.run(scenario())


def test_a_system_queue_shorter_than_asked_is_said_with_its_fix(monkeypatch):
    monkeypatch.setattr(guard_module, "listen_backlog", lambda: 128)  # an old kernel's somaxconn
    out = io.StringIO()
    guard = ConnectionGuard(total=16, log=QuietLog(out, name="bingo serve"))
    listener = Listener(guard, lambda: None, "127.0.0.1", 0)
    try:
        assert listener.backlog == 128
        lines = out.getvalue().splitlines()
        assert len(lines) == 1
        assert "at most 128 connections waiting" in lines[0]
        assert "sysctl -w net.core.somaxconn=4096" in lines[0]
    finally:
        listener.sock.close()


def test_the_backlog_asked_is_clamped_by_somaxconn():
    somaxconn = Path("/proc/sys/net/core/somaxconn")
    if not somaxconn.exists():
        pytest.skip("no /proc/sys/net/core/somaxconn here")
    limit = int(somaxconn.read_text())
    assert listen_backlog(1 << 20) == limit
    assert listen_backlog(64) == min(64, limit)
