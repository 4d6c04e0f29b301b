"""Where a server under test listens: it binds port 0 and reports the port it got.

No test picks a free port, closes it and lets a child bind it later: another program (another
xdist worker's test, anything on a busy machine) may take it in between (issue 40). A server
is asked for port 0 and says where it listens: `bingo serve` and `games serve` in their ready
line (`serving http://<address>:<port>/ (...)`, the first line on stdout), `bingo serve` also
in `<journal>.serve` (bingo.serve_lock), which is where a show's supervised server is found.
"""

from __future__ import annotations

import re
import subprocess
import time
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


def served(
    journal: Path,
    timeout: float = 60,
    *alive: subprocess.Popen,
    other_than: int | None = None,
) -> ServerInfo:
    """The `bingo serve` of `journal` once it listens (its `.serve` names a port): the one the
    show supervises, started with web.port = 0. `other_than` a pid: wait for another server.
    Fails at once when a process of `alive` ends, with its `errfile`'s end when it has one."""
    deadline = time.monotonic() + timeout
    while True:
        info = running_server(journal)
        if info is not None and info.port and info.pid is not None and info.pid != other_than:
            return info
        for process in alive:
            if process.poll() is not None:
                errors = getattr(process, "errfile", None)
                said = errors.read_text("utf-8", "replace")[-3000:] if errors else ""
                raise AssertionError(f"{process.args[:5]} ended before serving {journal}:\n{said}")
        if time.monotonic() > deadline:
            raise AssertionError(f"no server listening for {journal} after {timeout} s")
        time.sleep(0.05)
