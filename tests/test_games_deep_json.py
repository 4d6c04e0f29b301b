"""Overdeep JSON (issue 32.4) at a real `games serve`: in the games journal, in the chips file,
and in a phone's WebSocket message. Each is one line on the terminal, never a traceback."""

from __future__ import annotations

import asyncio
import subprocess
from pathlib import Path

import aiohttp
import pytest

from tests.served import port_in
from tests.test_chips_restore import _stop
from tests.test_games_web_server import _serve_command

DEEP = b"[" * 200_000


def _start(tmp_path: Path) -> tuple[subprocess.Popen[str], int]:
    proc = subprocess.Popen(
        _serve_command(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    port = port_in(line)  # it listens on a free port of its own choosing and says which
    assert port is not None and line.startswith("serving http://127.0.0.1:"), (line, _stop(proc))
    return proc, port


@pytest.mark.slow
@pytest.mark.process
def test_an_overdeep_journal_line_is_one_line_at_start(tmp_path: Path) -> None:
    journal = tmp_path / "data" / "games_web.journal"
    journal.parent.mkdir()
    journal.write_bytes(DEEP + b"\n")
    proc, _ = _start(tmp_path)
    err = _stop(proc)
    assert proc.returncode == 0 and "Traceback" not in err and "RecursionError" not in err
    said = [line for line in err.splitlines() if "games journal" in line]
    assert len(said) == 1 and "line 1 of 1" in said[0]
    assert [p.read_bytes() for p in journal.parent.glob("games_web.journal.damaged-*")] == [
        DEEP + b"\n"
    ]


@pytest.mark.slow
@pytest.mark.process
def test_an_overdeep_chips_file_without_a_copy_is_one_line(tmp_path: Path) -> None:
    chips = tmp_path / "data" / "daifugo_chips.json"
    chips.parent.mkdir()
    chips.write_bytes(DEEP)
    proc = subprocess.run(_serve_command(tmp_path), capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "nested too deeply" in lines[0] and str(chips) in lines[0]
    assert chips.read_bytes() == DEEP


@pytest.mark.slow
@pytest.mark.process
def test_an_overdeep_websocket_message_is_refused_in_one_line(tmp_path: Path) -> None:
    proc, port = _start(tmp_path)

    async def phone() -> list[dict]:
        got = []
        async with aiohttp.ClientSession() as session:
            async with session.ws_connect(f"http://127.0.0.1:{port}/ws") as ws:
                for _ in range(3):  # deep enough for RecursionError, small enough to be read
                    await ws.send_str("[" * 1000 + "]" * 1000)
                while len([m for m in got if m.get("code") == "bad_message"]) < 3:
                    message = await asyncio.wait_for(ws.receive_json(), 30)
                    got.append(message)
                await ws.send_str('{"op": "hello"}')  # the socket still answers
                got.append(await asyncio.wait_for(ws.receive_json(), 30))
            async with session.ws_connect(f"http://127.0.0.1:{port}/ws") as ws:
                await ws.send_str("[" * 200_000)  # past the size limit: the socket is closed
                ends = (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR)
                while (await asyncio.wait_for(ws.receive(), 30)).type not in ends:
                    pass  # the lobby sent on connect
        return got

    try:
        got = asyncio.run(phone())
    finally:
        err = _stop(proc)
    assert sum(m.get("code") == "bad_message" for m in got) == 3
    assert got[-1].get("code") != "bad_message"  # a well-formed message is read as before
    assert "Traceback" not in err and "RecursionError" not in err
    assert len([line for line in err.splitlines() if "nested too deeply" in line]) == 1
