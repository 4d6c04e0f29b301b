"""A full disk at the tables (issue 32.5): a real `games serve` on a real 64 KiB tmpfs, a phone
on its WebSocket in a Daifugō game. When the disk fills, the phone is told in its language and
play pauses (nothing is taken that is not on disk); the terminal gets at most one line per 10 s
and no traceback; when space comes back, play goes on by itself."""

from __future__ import annotations

import asyncio
import json
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from tests.disk_support import fill, small_tmpfs
from tests.served import port_in
from tests.test_chips_restore import _stop
from tests.test_games_web_server import _serve_command


@pytest.fixture
def tiny_data(tmp_path: Path) -> Iterator[Path]:
    # room enough that the filler, once gone, frees more than the hub asks before play goes on
    # (pause.RESUME_FREE, 16 KB): at 64 KB the start's files left the filler 12 KB
    with small_tmpfs(tmp_path / "data", "256k") as data:
        yield data


class Terminal:
    """The server's stderr, read as it comes (a thread), lines kept in order."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        self.lines: list[str] = []
        assert proc.stderr is not None
        self._stream = proc.stderr
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        for line in self._stream:
            self.lines.append(line.rstrip("\n"))

    def join(self) -> str:
        self._thread.join(30)
        return "\n".join(self.lines)


async def _next(ws: aiohttp.ClientWebSocketResponse, got: list[dict], test) -> dict:
    for m in got:
        if test(m):
            got.remove(m)
            return m
    while True:
        m = json.loads((await asyncio.wait_for(ws.receive(), 60)).data)
        if test(m):
            return m
        got.append(m)


@pytest.mark.slow
@pytest.mark.process
def test_a_full_disk_pauses_play_tells_the_phone_and_play_goes_on(tiny_data: Path) -> None:
    command = _serve_command(tiny_data.parent, 0, "--turn-seconds", "0")
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    terminal = Terminal(proc)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    port = port_in(line)  # it listens on a free port of its own choosing and says which
    assert port is not None and line.startswith("serving http://127.0.0.1:"), (line, _stop(proc))
    said_full: list[str] = []

    async def phone() -> None:
        got: list[dict] = []
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(f"http://127.0.0.1:{port}/ws")
            await ws.send_json({"op": "join", "name": "Aki"})
            await _next(ws, got, lambda m: m["type"] == "hello")
            lobby = await _next(ws, got, lambda m: m["type"] == "lobby")
            room = lobby["rooms"][0]["id"]
            await ws.send_json({"op": "sit", "room": room})
            await _next(ws, got, lambda m: m["type"] == "room" and m.get("room") == room)
            await ws.send_json({"op": "start", "room": room})
            turn = await _next(ws, got, lambda m: m["type"] == "table" and m.get("your_turn"))
            filler = fill(tiny_data)  # the journal's last page may take a few records more
            await ws.send_json({"op": "act", "action": turn["legal"][-1]})
            while True:  # play on (the CPUs too) until the journal's disk is full
                m = await _next(ws, got, lambda m: m["type"] in ("disk", "table"))
                if m["type"] == "disk":
                    break
                if m["type"] == "table" and m.get("your_turn"):
                    turn = m
                    await ws.send_json({"op": "act", "action": turn["legal"][-1]})
            assert m["full"] is True
            paused_at = max(x["step"] for x in [turn, *got] if x["type"] == "table")
            # a phone that comes now is told too, and what it asks is refused in its language
            late = await session.ws_connect(f"http://127.0.0.1:{port}/ws")
            late_got: list[dict] = []
            told = await _next(late, late_got, lambda m: m["type"] == "disk")
            assert told["full"] is True
            for _ in range(5):  # an impatient phone: every tap refused, the terminal told once
                await late.send_json({"op": "join", "name": "Ben"})
                refused = await _next(late, late_got, lambda m: m["type"] == "refused")
                assert refused["code"] == "disk_full", refused
                assert "ディスクがいっぱい" in refused["text"]
            said_full.extend(x for x in terminal.lines if "is full" in x)
            got[:] = [m for m in got if m["type"] == "refused"]
            filler.unlink()
            back = await _next(ws, got, lambda m: m["type"] == "disk")
            assert back["full"] is False
            # the disk may have filled on a CPU's move (play goes on by itself) or on the
            # phone's own (refused: the person taps again once told the disk has space)
            act_refused = [m for m in got if m["type"] == "refused" and m.get("op") == "act"]
            assert all(m["code"] == "disk_full" for m in act_refused), act_refused
            if act_refused:
                await ws.send_json({"op": "act", "action": turn["legal"][-1]})
            moved = await _next(ws, got, lambda m: m["type"] == "table" and m["step"] > paused_at)
            assert moved["game_no"] == turn["game_no"]
            await late.send_json({"op": "join", "name": "Ben"})
            assert (await _next(late, late_got, lambda m: m["type"] == "joined"))["name"] == "Ben"
            await late.close()
            await ws.close()

    try:
        asyncio.run(asyncio.wait_for(phone(), 120))
    finally:
        _stop(proc)
        err = terminal.join()
    assert "Traceback" not in err, err
    assert len(said_full) == 1, err  # several refused writes in under 10 s: one line
    assert "is full" in said_full[0] and str(tiny_data) in said_full[0]
    assert any("disk space again" in x for x in terminal.lines), err


@pytest.mark.slow
@pytest.mark.process
def test_games_serve_on_a_full_disk_refuses_to_start_in_one_line(tiny_data: Path) -> None:
    """The journal is rewritten at every start: with no room for it, one line, nothing lost."""
    journal = tiny_data / "games_web.journal"
    record = {"k": "player", "name": "Aki", "token": "t" * 24}
    journal.write_text((json.dumps(record) + "\n") * 40, encoding="utf-8")
    before = journal.read_bytes()
    filler = fill(tiny_data)
    try:
        proc = subprocess.run(
            _serve_command(tiny_data.parent), capture_output=True, text=True,
            timeout=120,
        )  # fmt: skip
    finally:
        filler.unlink()
    assert proc.returncode != 0 and "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "could not be rewritten" in lines[0], proc.stderr
    assert journal.read_bytes() == before
