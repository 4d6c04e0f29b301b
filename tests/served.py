"""Where a server under test listens: it binds port 0 and reports the port it got.

No test picks a free port, closes it and lets a child bind it later: another program (another
xdist worker's test, anything on a busy machine) may take it in between (issue 40). A server
is asked for port 0 and says where it listens: `bingo serve` and `games serve` in their ready
line (`serving http://<address>:<port>/ (...)`, the first line on stdout), `bingo serve` also
in `<journal>.serve` (bingo.serve_lock), which is where a show's supervised server is found.

A test whose story needs one port across servers (a server killed and started again, the
phones' pages reconnecting to the same address; a port held by another program, then let go)
holds it with `reserved_port()` for as long as it runs: a bound socket that never listens.
The system gives that port to no other socket meanwhile, and our servers, which set
SO_REUSEADDR, bind and listen on it (Linux: a non-listening SO_REUSEADDR socket shares its
port with one that listens).
"""

from __future__ import annotations

import contextlib
import re
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

from bingo.serve_lock import ServerInfo, running_server

READY = re.compile(r"serving https?://(?:\[[^\]]+\]|[^/:\s]+):(\d+)/")


def port_in(line: str) -> int | None:
    """The port in a server's ready line, None when `line` is not one."""
    found = READY.match(line)
    return int(found.group(1)) if found else None


def ready_port(process: subprocess.Popen[str], what: str = "the server") -> int:
    """Read `process`'s ready line (its stdout a text pipe) and return the port it names; an
    AssertionError with what the process said when it ended or printed something else."""
    assert process.stdout is not None
    line = process.stdout.readline()
    port = port_in(line)
    if port is None:
        said = ""
        if process.stderr is not None and process.poll() is not None:
            said = process.stderr.read()
        raise AssertionError(f"{what} did not say it listens: {line!r} {said[-3000:]}")
    return port


def ready_port_in_file(
    terminal: Path, process: subprocess.Popen, what: str = "the server", timeout: float = 60
) -> int:
    """The port in the ready line `process` writes into the file `terminal` (its stdout sent
    there), once it is there; an AssertionError with the file's text when the process ends."""
    deadline = time.monotonic() + timeout
    while True:
        text = terminal.read_text("utf-8", "replace")
        for line in text.splitlines():
            port = port_in(line)
            if port is not None:
                return port
        if process.poll() is not None or time.monotonic() > deadline:
            raise AssertionError(f"{what} did not say it listens: {text[-3000:]}")
        time.sleep(0.05)


def served(
    journal: Path,
    timeout: float = 60,
    *alive: subprocess.Popen,
    other_than: int | None = None,
) -> ServerInfo:
    """The `bingo serve` of `journal` once it listens (its `.serve` says so, and on which port):
    the one a show supervises. `other_than` a pid: wait for another server.
    Fails at once when a process of `alive` ends, with its `errfile`'s end when it has one."""
    deadline = time.monotonic() + timeout
    while True:
        info = running_server(journal)
        if info is not None and info.listening and info.pid is not None and info.pid != other_than:
            return info
        for process in alive:
            if process.poll() is not None:
                errors = getattr(process, "errfile", None)
                said = errors.read_text("utf-8", "replace")[-3000:] if errors else ""
                raise AssertionError(f"{process.args[:5]} ended before serving {journal}:\n{said}")
        if time.monotonic() > deadline:
            raise AssertionError(f"no server listening for {journal} after {timeout} s")
        time.sleep(0.05)


@contextlib.contextmanager
def reserved_port(host: str = "127.0.0.1") -> Iterator[int]:
    """A port of `host` kept for this test while the block runs (see the module's docstring):
    bound, never listening, never closed before the servers that use it have stopped."""
    with socket.socket() as holder:
        holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        holder.bind((host, 0))
        yield holder.getsockname()[1]
