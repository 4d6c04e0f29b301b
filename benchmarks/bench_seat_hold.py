"""How long a newcomer waits for a seat that people have left (issue 31.1), against a real
`games serve --no-window` process over WebSockets.

Five phones (aiohttp clients) join one Daifugō room of 5 seats, sit, and close their sockets;
a sixth phone joins and waits on the lobby messages until a seat is free, then sits. Printed:
the wait from the first close and from the last close, with games_web.hold_seconds, once with
the server running on and once across a kill -9 and restart of it (the restarted server holds
every seat afresh). The figure to expect: hold_seconds plus the timer's sweep (<= 0.25 s) plus
the time to restart.

    .venv/bin/python benchmarks/bench_seat_hold.py --hold 10
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
from served import ready_port  # noqa: E402  (the server says its port: tests/served.py)

ROOM = "daifugo-beginner"
CONFIG = """[event]
language = "ja"
[games_web]
daifugo_rooms = ["beginner"]
daifugo_seats = 5
schwimmen_tables = 0
cpu_workers = 1
hold_seconds = {hold}
"""


def serve(folder: Path, hold: int) -> tuple[subprocess.Popen[str], str]:
    """`games serve` on a free port of its own choosing (port 0); its URL once it listens, with
    the port its ready line names."""
    (folder / "config.toml").write_text(CONFIG.format(hold=hold), encoding="utf-8")
    command = [sys.executable, "-m", "games", "serve", "--config", str(folder / "config.toml"),
               "--port", "0", "--bind", "127.0.0.1", "--data-dir", str(folder / "data"),
               "--no-window"]  # fmt: skip
    process = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    try:
        port = ready_port(process, "games serve")
    except AssertionError as exc:
        process.kill()
        raise SystemExit(str(exc)) from None
    return process, f"127.0.0.1:{port}"


async def until(ws: aiohttp.ClientWebSocketResponse, test) -> dict:
    async for raw in ws:
        message = json.loads(raw.data)
        if test(message):
            return message
    raise SystemExit("the socket closed")


def free_seat(message: dict) -> bool:
    if message.get("type") != "lobby":
        return False
    room = next(r for r in message["rooms"] if r["id"] == ROOM)
    return any(s["name"] is None for s in room["seats"])


async def sit_and_close(session: aiohttp.ClientSession, ws_url: str, name: str) -> None:
    async with session.ws_connect(ws_url) as ws:
        await ws.send_json({"op": "join", "name": name})
        await until(ws, lambda m: m.get("type") == "hello")
        await ws.send_json({"op": "sit", "room": ROOM})
        await until(ws, lambda m: m.get("type") == "room" and m.get("role") == "seated")


async def run(hold: int, kill: bool) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        process, where = serve(folder, hold)
        try:
            ws_url = f"ws://{where}/ws"
            async with aiohttp.ClientSession() as session:
                first = time.monotonic()
                for i in range(5):  # each closes its socket once seated
                    await sit_and_close(session, ws_url, f"客{i + 1}")
                last = time.monotonic()
                if kill:
                    os.kill(process.pid, signal.SIGKILL)
                    process.wait(timeout=20)
                    process, where = serve(folder, hold)  # on the port it got this time
                    ws_url = f"ws://{where}/ws"
                async with session.ws_connect(ws_url) as ws:
                    await ws.send_json({"op": "join", "name": "新人"})
                    await until(ws, free_seat)
                    freed = time.monotonic()
                    await ws.send_json({"op": "sit", "room": ROOM})
                    await until(ws, lambda m: m.get("type") == "room" and m.get("role") == "seated")
            return freed - first, freed - last
        finally:
            process.terminate()
            process.wait(timeout=20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hold", type=int, default=10, help="games_web.hold_seconds (default 10)")
    args = parser.parse_args()
    for kill in (False, True):
        from_first, from_last = asyncio.run(run(args.hold, kill))
        what = "across kill -9 + restart" if kill else "server running on"
        print(f"hold {args.hold} s, {what}: a seat came free {from_first:.2f} s after the first "
              f"phone left, {from_last:.2f} s after the last; expected about {args.hold} s "
              f"(+ the restart)")  # fmt: skip


if __name__ == "__main__":
    main()
