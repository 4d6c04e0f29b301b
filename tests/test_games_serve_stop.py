"""`games serve` stops when told, whatever its CPU workers are doing (issue 40).

Its CPU workers (games.web.cpu_pool) start with the server and spend seconds importing the
games (more on a busy laptop). A SIGTERM then waited for them to finish starting before the
server stopped: 2.7-4.4 s quiet, 7-11 s at load 7, in every test that stops a `games serve`.
The pool now ends its workers at once (they hold nothing: the journal has every action taken).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from served import ready_port

pytestmark = [pytest.mark.process, pytest.mark.slow]


def _workers_of(pid: int) -> list[int]:
    """The pool's worker processes of `pid` (multiprocessing's spawned children; not its
    resource tracker)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:  # ended meanwhile
            continue
        parent = int(stat.rpartition(")")[2].split()[1])
        if parent == pid and b"spawn_main" in command:
            found.append(int(entry.name))
    return found


def _workers_started(pid: int, count: int, server: subprocess.Popen) -> list[int]:
    """Wait (a condition, polled) until `pid` has `count` workers; fails if the server ends."""
    deadline = time.monotonic() + 60
    while len(workers := _workers_of(pid)) < count:
        assert server.poll() is None, server.stderr.read() if server.stderr else ""
        assert time.monotonic() < deadline, f"no {count} CPU workers: {workers}"
        time.sleep(0.02)
    return workers


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc, SIGSTOP")
def test_a_sigterm_stops_games_serve_at_once_though_its_cpu_workers_do_not_answer(tmp_path):
    """The workers are frozen (SIGSTOP) before the SIGTERM, as a worker still importing or
    thinking at that moment would be for the time it takes: the server used to wait for them
    (shutdown(wait=True): forever for a frozen one). Now it exits 0, with no traceback, and
    no worker of it is left."""
    config = tmp_path / "config.toml"
    config.write_text('[games_web]\ndaifugo_rooms = ["beginner"]\ncpu_workers = 2\n', "utf-8")
    server = subprocess.Popen(
        [sys.executable, "-m", "games", "serve", "--no-window", "--config", str(config),
         "--port", "0", "--bind", "127.0.0.1", "--data-dir", str(tmp_path / "data")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    workers: list[int] = []
    try:
        ready_port(server, "games serve")
        workers = _workers_started(server.pid, 2, server)
        for pid in workers:
            os.kill(pid, signal.SIGSTOP)
        server.send_signal(signal.SIGTERM)
        # the limit is only the test's bound: the old stop never came with a frozen worker
        assert server.wait(60) == 0
        assert "Traceback" not in server.stderr.read()
        for pid in workers:
            assert not Path(f"/proc/{pid}").exists(), f"worker {pid} left behind"
    finally:
        for pid in workers:  # (a failed test leaves nothing frozen)
            if Path(f"/proc/{pid}").exists():
                os.kill(pid, signal.SIGKILL)
        if server.poll() is None:
            server.kill()
            server.wait(10)


def test_a_closed_pool_has_no_manager_thread_left_running():
    """`CpuPool.close` returns once the pool's manager thread has ended: the first shutdown
    forgot the thread, so the second waited for nothing, and a SIGTERM'd `games serve` exited
    while the thread was still closing its wake-up pipe; Python's exit hook wrote to the pipe
    then and printed a traceback (OSError: Bad file descriptor), 1 stop in 6 at load 15."""
    from games.web.cpu_pool import CpuPool

    pool = CpuPool(1)
    executor = pool._executor
    assert executor is not None
    assert executor.submit(os.getpid).result(60) != os.getpid()  # its worker runs
    manager = executor._executor_manager_thread
    assert manager is not None and manager.is_alive()
    pool.close()
    assert not manager.is_alive()
