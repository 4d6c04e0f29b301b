"""One phone (or a flood) cannot take the phone server down: issue 27 item 1.

`bingo serve` runs in its own process at a small file limit, as on a desktop with 1,024 (here
256, so the flood is small); floods of idle sockets and half requests come from loopback
addresses (all of 127/8 reaches the server) while a phone's WebSocket follows the draw.
"""

from __future__ import annotations

import asyncio
import contextlib
import resource
import time
from pathlib import Path

import pytest
from webguard_support import (
    ServeProcess,
    closed_within,
    connect,
    exchange,
    get,
    next_count,
    open_feed,
    split_answer,
)

from eventkit.web.guard import (
    FAIR_SHARE,
    IDLE_SECONDS,
    MAX_TOTAL,
    MIN_IDLE,
    ConnectionGuard,
    QuietLog,
    total_cap,
)


async def _board(port: int, local: str, timeout: float = 3.0) -> int:
    """A new phone asks for the board: the status (0 when refused or timed out)."""
    try:
        raw = await exchange(port, get("/api/board"), local=local, timeout=timeout)
    except (OSError, TimeoutError):
        return 0
    return split_answer(raw)[0] if raw else 0


async def _hold(port: int, local: str, count: int) -> list:
    """`count` connections from `local` that send nothing (those the server takes stay open)."""
    held = []
    for _ in range(count):
        try:
            held.append(await asyncio.wait_for(connect(port, local), 2))
        except (OSError, TimeoutError):
            break
    return held


def _open_files_limit(pid: int) -> int:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max open files"):
            return int(line.split()[3])
    raise AssertionError("no open files line")


@pytest.mark.slow
@pytest.mark.process
def test_idle_half_sent_and_dribbled_requests_are_closed_promptly(tmp_path):
    async def scenario(port: int) -> None:
        idle_reader, idle = await connect(port)
        half_reader, half = await connect(port)
        half.write(b"GET /api/board HTTP/1.1\r\nHost: phone\r\n")  # and never the end
        kept_reader, kept = await connect(port)
        kept.write(get("/api/board", close=False))  # one answer, then kept alive, idle
        slow_reader, slow = await connect(port)
        slow.write(b"GET /api/board HTTP/1.1\r\nHost: phone\r\nX-Slow: ")

        async def dribble() -> None:  # a byte every half second, never the end of the request
            with contextlib.suppress(OSError):
                for _ in range(int(IDLE_SECONDS * 3)):
                    await asyncio.sleep(0.5)
                    slow.write(b"a")
                    await slow.drain()

        dribbling = asyncio.create_task(dribble())
        readers = [idle_reader, half_reader, kept_reader, slow_reader]
        t = time.monotonic()
        results = await asyncio.gather(*(closed_within(r, IDLE_SECONDS + 5) for r in readers))
        assert all(results), results
        assert time.monotonic() - t < IDLE_SECONDS + 5
        dribbling.cancel()
        for writer in (idle, half, kept, slow):
            writer.close()

    with ServeProcess(tmp_path) as serve:
        asyncio.run(scenario(serve.port))


@pytest.mark.slow
@pytest.mark.process
def test_the_server_raises_its_file_limit_to_the_hard_limit(tmp_path):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 2048:
        import pytest

        pytest.skip(f"the hard limit here is {hard}")
    with ServeProcess(tmp_path, files=(256, 2048)) as serve:
        assert _open_files_limit(serve.process.pid) == 2048


@pytest.mark.slow
@pytest.mark.process
def test_a_flood_of_idle_sockets_at_a_small_file_limit_leaves_phones_served(tmp_path):
    """256 files: 300 idle sockets from one address, then 300 from 30 addresses."""

    async def scenario(serve: ServeProcess) -> None:
        port = serve.port
        feed = await open_feed(port, "/ws", local="127.0.0.3")
        assert await next_count(*feed) == 0
        for n, (flooders, each) in enumerate(
            ((["127.0.0.2"], 300), ([f"127.0.1.{i}" for i in range(1, 31)], 10)), 1
        ):
            held = []
            for local in flooders:
                held += await _hold(port, local, each)
            t = time.monotonic()
            assert await _board(port, f"127.0.0.{10 + n}") == 200  # a new phone gets in
            board_seconds = time.monotonic() - t
            serve.show.draw()
            t = time.monotonic()
            assert await asyncio.wait_for(next_count(*feed), 5) == n  # the phone in keeps up
            assert time.monotonic() - t < 2.0  # the phone in is not held up (old: 29 s)
            assert board_seconds < 6.0  # a newcomer waits (2 s) while idle sockets make room
            for _, writer in held:
                writer.close()

    with ServeProcess(tmp_path, files=256) as serve:  # at most 160 connections
        asyncio.run(scenario(serve))
        said = serve.said()
    assert "Traceback" not in said
    assert len(said.encode()) < 4000, said
    assert "connection refused" in said and "make room" in said  # the host hears, in a line each


class _Handler:
    closed = False

    def force_close(self) -> None:
        self.closed = True


def _guard(total: int, clock=lambda: 0.0) -> ConnectionGuard:
    return ConnectionGuard(total=total, per_address=12, log=QuietLog(every=1e9), clock=clock)


def test_the_guard_makes_room_from_idle_connections_then_from_the_heaviest_address():
    assert FAIR_SHARE == 8
    capped = _guard(100)
    assert [capped.admit(_Handler(), "10.0.0.9") for _ in range(13)] == [True] * 12 + [False]

    now = [0.0]
    guard = _guard(10, lambda: now[0])
    phone_ws = _Handler()
    assert guard.admit(phone_ws, "10.0.0.1")
    guard.begin(phone_ws)
    guard.websocket(phone_ws)
    flood = [_Handler() for _ in range(8)]
    assert all(guard.admit(h, "10.0.0.2") for h in flood)
    loading = _Handler()
    assert guard.admit(loading, "10.0.0.3")  # 10: full
    assert not guard.has_room()  # nobody idle for MIN_IDLE yet (pages loading): newcomers wait
    now[0] = MIN_IDLE
    assert guard.has_room()  # an idle one of the heaviest address made room
    assert flood[0].closed and sum(h.closed for h in flood) == 1
    assert not phone_ws.closed and not loading.closed

    busy = _guard(10)
    phone_ws = _Handler()
    assert busy.admit(phone_ws, "10.0.0.1")
    busy.websocket(phone_ws)
    many = [_Handler() for _ in range(9)]
    for h in many:
        assert busy.admit(h, "10.0.0.5")
        busy.begin(h)  # nobody idle at all
    assert busy.has_room()  # 10.0.0.5 holds 9 > FAIR_SHARE: its newest goes
    assert many[-1].closed and not phone_ws.closed and sum(h.closed for h in many) == 1

    even = _guard(2)  # spread so thin that nobody holds more than a phone: nothing is closed
    a, b = _Handler(), _Handler()
    for h, host in ((a, "10.0.1.1"), (b, "10.0.1.2")):
        assert even.admit(h, host)
        even.begin(h)
    assert not even.has_room() and not a.closed and not b.closed


def test_the_sweep_closes_idle_and_overlong_requests_but_not_websockets():
    now = [0.0]

    class Handler:
        closed = False

        def force_close(self) -> None:
            self.closed = True

    guard = ConnectionGuard(
        total=10, idle_seconds=10, request_seconds=30, log=QuietLog(every=1e9), clock=lambda: now[0]
    )
    idle, slow, feed, quick = Handler(), Handler(), Handler(), Handler()
    for h in (idle, slow, feed, quick):
        assert guard.admit(h, "10.0.0.1")
    guard.begin(slow)
    guard.begin(feed)
    guard.websocket(feed)
    now[0] = 9.0
    guard.begin(quick)
    guard.end(quick)  # answered at 9 s: idle from then on
    now[0] = 11.0
    assert guard.sweep() == 1 and idle.closed and not quick.closed
    now[0] = 31.0
    assert guard.sweep() == 2 and slow.closed and quick.closed and not feed.closed
    assert len(guard) == 1


def test_the_cap_in_all_stays_below_the_file_limit():
    assert total_cap(1024) == 1024 - 96
    assert total_cap(256) == 160
    assert total_cap(1 << 20) == MAX_TOTAL == 8192  # 1,000 phones loading at once fit
