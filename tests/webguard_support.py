"""Helpers of tests/test_webguard_*.py: a real phone server on loopback, raw sockets to it."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

from served import ready_port_in_file

from bingo.config import Config, load_config
from bingo.session import DrawSession
from bingo.showlink import ShownWriter
from bingo.web.server import WebServer, start
from bingo.web.settings import WebSettings
from cards.model import BingoCard

ROOT = Path(__file__).resolve().parent.parent
KEY = bytes(range(32))


def event_config() -> Config:
    return load_config(ROOT / "config.toml")


def registry() -> dict[int, BingoCard]:
    rows = ((1, 11, 21, 31), (2, 12, 22, 32), (3, 13, 23, 33), (4, 14, 24, 34))
    return {7: BingoCard(7, rows), 8: BingoCard(8, rows[::-1])}


class Show:
    """A draw session and the show's `.shown` side file, as the real show keeps them."""

    def __init__(self, config: Config, journal: Path) -> None:
        self.session = DrawSession.open(config, journal, seed=1)
        self.writer = ShownWriter(journal)
        self.writer.write([])

    def draw(self) -> int:
        number = self.session.draw()
        self.writer.write(self.session.history)
        return number

    def close(self) -> None:
        self.session.close()


def make_server(tmp_path: Path, config: Config | None = None, **settings) -> tuple[WebServer, Show]:
    config = config or event_config()
    journal = tmp_path / "show.jsonl"
    show = Show(config, journal)
    server = WebServer(
        config,
        journal,
        WebSettings(enabled=True, **settings),
        registry=registry(),
        card_key=KEY,
        poll_seconds=0.01,
    )
    return server, show


@contextlib.asynccontextmanager
async def running(server: WebServer):
    """The server listening on 127.0.0.1 (all of 127/8 reaches it); yields its port."""
    serving = await start(server, "127.0.0.1", 0)
    try:
        yield serving.port
    finally:
        await serving.cleanup()


async def connect(port: int, local: str = "127.0.0.1"):
    return await asyncio.open_connection("127.0.0.1", port, local_addr=(local, 0))


async def exchange(
    port: int, data: bytes, *, local: str = "127.0.0.1", timeout: float = 5.0
) -> bytes:
    """Send `data` on a new connection and read until the server closes it (or `timeout`)."""
    reader, writer = await connect(port, local)
    try:
        writer.write(data)
        await writer.drain()
        out = b""
        async with asyncio.timeout(timeout):
            while chunk := await reader.read(65536):
                out += chunk
        return out
    finally:
        writer.close()


def get(path: str, *, close: bool = True) -> bytes:
    connection = "Connection: close\r\n" if close else ""
    return f"GET {path} HTTP/1.1\r\nHost: phone\r\n{connection}\r\n".encode()


def split_answer(raw: bytes) -> tuple[int, dict[str, str], bytes]:
    """Status, headers (lower-case names) and body of one HTTP answer."""
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers, body


async def closed_within(reader: asyncio.StreamReader, seconds: float) -> bool:
    """True when the server closes the connection within `seconds` (what it sent is skipped)."""
    try:
        async with asyncio.timeout(seconds):
            while await reader.read(65536):
                pass
        return True
    except TimeoutError:
        return False
    except ConnectionError:
        return True


async def open_feed(port: int, path: str = "/ws", local: str = "127.0.0.1"):
    """A WebSocket to `path` by hand (raw frames are read with `read_frame`)."""
    reader, writer = await connect(port, local)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: phone\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 101"), head
    return reader, writer


async def read_frame(reader: asyncio.StreamReader) -> tuple[int, bytes]:
    """One unmasked server frame: (opcode, payload)."""
    first, second = await reader.readexactly(2)
    size = second & 0x7F
    if size == 126:
        size = int.from_bytes(await reader.readexactly(2), "big")
    elif size == 127:
        size = int.from_bytes(await reader.readexactly(8), "big")
    return first & 0x0F, await reader.readexactly(size)


async def next_count(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> int:
    """The draw count of the next state message on a feed (pings are answered)."""
    while True:
        opcode, payload = await read_frame(reader)
        if opcode == 0x9:  # ping: pong it back, masked as a client must
            mask = os.urandom(4)
            body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            writer.write(bytes([0x8A, 0x80 | len(payload)]) + mask + body)
        elif opcode == 0x1:
            message = json.loads(payload)
            board = message.get("board", message)
            return int(board["count"])


SERVE_CONFIG = """
[event]
title = "webguard test"
[board]
size = 5
numbers_per_column = 20
image_dir = "{img}"
[columns]
names = ["P", "L", "B", "4", "Y"]
[web]
port = {port}
bind = "127.0.0.1"
"""


class ServeProcess:
    """`bingo serve` in its own process (optionally at a file limit), its terminal in a file."""

    def __init__(self, folder: Path, *, files: int | tuple[int, int] | None = None) -> None:
        self.folder = folder
        self.port = 0  # any free port: the one it says it got (__enter__)
        self.config_path = folder / "config.toml"
        self.config_path.write_text(
            SERVE_CONFIG.format(img=(ROOT / "img").as_posix(), port=0), encoding="utf-8"
        )
        self.journal = folder / "show.jsonl"
        self.show = Show(load_config(self.config_path), self.journal)
        self.terminal = folder / "terminal.txt"
        self.files = files
        self.process: subprocess.Popen | None = None

    def __enter__(self) -> ServeProcess:
        def limit() -> None:
            if self.files is not None:
                files = self.files if isinstance(self.files, tuple) else (self.files,) * 2
                resource.setrlimit(resource.RLIMIT_NOFILE, files)

        env = dict(os.environ, PYTHONPATH=str(ROOT))
        with self.terminal.open("wb") as out:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "bingo",
                    "serve",
                    "--config",
                    str(self.config_path),
                    "--journal",
                    str(self.journal),
                ],
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                preexec_fn=limit,
            )
        try:  # its ready line, once it listens, names the port it got
            self.port = ready_port_in_file(self.terminal, self.process, "bingo serve")
        except AssertionError:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc) -> None:
        assert self.process is not None
        self.process.terminate()
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.show.close()

    def said(self) -> str:
        return self.terminal.read_text(encoding="utf-8", errors="replace")
