"""A show stopped together with its phones' server (a closed laptop lid, SIGSTOP of both)
counts only the time it was itself running (issue 41 item 6): it does not take its healthy
server for a hung one when it wakes. A server stopped alone is still replaced.

The decision with an injected wall clock (the show's checks on time, or one check 180 s late),
then a real `bingo draw --serve` and its server stopped and continued together."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_supervisor_server import (
    CONFIG,
    board_json,
    kill_group,
    start_show,
    wait_for,
)

from bingo.serve_lock import ServerInfo, running_server, serve_lock_path
from bingo.ui.webserver import SUSPENDED_AFTER, ServerProcess
from bingo.web.command import HUNG_SECONDS
from tests.served import served

pytestmark = pytest.mark.process  # a sleeping process stands for the server

SLEEPER = [sys.executable, "-c", "import time; time.sleep(120)"]


class Wall:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def supervised(tmp_path: Path) -> tuple[ServerProcess, Wall, Path, list[str]]:
    """A ServerProcess over a real (sleeping) process whose `.serve` the test touches."""
    journal = tmp_path / "show.jsonl"
    serve = serve_lock_path(journal)
    start = float(int(time.time()))
    wall = Wall(start)
    said: list[str] = []
    server = ServerProcess(SLEEPER, said.append, journal=journal, wall=wall)
    server.start()
    server._timer.stop()  # the test is the timer
    touch(serve, start)
    return server, wall, serve, said


def touch(path: Path, when: float) -> None:
    path.touch()
    os.utime(path, (when, when))


def ticks(
    server: ServerProcess, wall: Wall, until: float, serve: Path | None = None, step: float = 0.25
) -> None:
    """The show's checks on time, every `step` seconds of its own running, up to `until`;
    with `serve`, a healthy server touches it every second meanwhile."""
    while wall.now + step <= until:
        wall.now += step
        if serve is not None and wall.now - serve.stat().st_mtime >= 1.0:
            touch(serve, wall.now)
        server.check()


def test_a_server_stopped_alone_is_replaced_when_the_shows_checks_are_on_time(tmp_path, qapp):
    server, wall, serve, said = supervised(tmp_path)
    first = server.process
    try:
        start = wall.now
        ticks(server, wall, start + HUNG_SECONDS - 0.25)
        assert server.process is first and server.hangs == 0  # not before HUNG_SECONDS
        ticks(server, wall, start + HUNG_SECONDS + 0.5)
        assert server.hangs == 1 and first.poll() is not None  # killed: really hung
        assert server.suspensions == 0
        assert "has not answered for" in said[0]
    finally:
        server.stop()


def test_a_show_suspended_with_its_server_gives_it_a_fresh_grace(tmp_path, qapp):
    server, wall, serve, said = supervised(tmp_path)
    first = server.process
    try:
        ticks(server, wall, wall.now + 1.0)
        assert SUSPENDED_AFTER < 180
        wall.now += 180.0  # the lid was closed: nobody ran, the show's next check is late
        server.check()
        assert server.suspensions == 1
        assert server.process is first and server.hangs == 0, said  # not replaced
        awake = wall.now
        touch(serve, awake + 0.3)  # the server woke too and touches its file again
        ticks(server, wall, awake + 3 * HUNG_SECONDS, serve)
        assert server.process is first and server.hangs == 0 and said == []
        # a server that stops touching it after the show woke is hung, as any other
        last = serve.stat().st_mtime
        ticks(server, wall, last + HUNG_SECONDS + 0.5)
        assert server.hangs == 1 and first.poll() is not None
    finally:
        server.stop()


def test_a_suspended_show_does_not_replace_its_server_even_untouched_a_moment(tmp_path, qapp):
    """Woken, the show gives the server HUNG_SECONDS of its own running: a server that has not
    touched its file yet in the first seconds after waking is not taken for hung."""
    server, wall, serve, said = supervised(tmp_path)
    first = server.process
    try:
        ticks(server, wall, wall.now + 0.5)
        wall.now += 60.0
        server.check()
        ticks(server, wall, wall.now + HUNG_SECONDS - 0.5)
        assert server.process is first and server.hangs == 0
    finally:
        server.stop()


def group_members(pgid: int) -> list[int]:
    """The processes of a process group (Linux /proc): the show, its server, its workers."""
    members = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid:
                members.append(int(entry.name))
    return members


@pytest.mark.process
@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads process groups in /proc")
def test_a_real_show_and_server_stopped_together_keep_their_server(tmp_path, repo_root):
    """SIGSTOP of a real `bingo draw --serve` and its server (one process group) for longer
    than HUNG_SECONDS. The show wakes first and runs its checks while its server still sleeps
    (the worst order a wake-up can take), then the server: the same server serves on, the
    show said nothing of a hang, and the draw goes on on the phones."""
    config_path = tmp_path / "config.toml"  # web.port = 0: the port it got is in its .serve
    config_path.write_text(CONFIG.format(img=(repo_root / "img").as_posix(), port=0), "utf-8")
    journal = tmp_path / "show.jsonl"
    show = start_show(config_path, journal, tmp_path / "show.err")
    errors = tmp_path / "show.err"
    pid = None
    try:
        port = served(journal, 90, show).port
        wait_for(lambda: (board_json(port) or {}).get("count", 0) >= 1, 90, "the show", show)
        pid = running_server(journal).pid
        assert os.getpgid(pid) == os.getpgid(show.pid)  # stopped together below
        os.killpg(show.pid, signal.SIGSTOP)
        stopped = serve_lock_path(journal).stat().st_mtime
        # all stay stopped until the server's file is older than a hang
        wait_for(
            lambda: time.time() - stopped > HUNG_SECONDS + 1.5, 30, "a stop longer than a hang"
        )
        woke = time.time()
        for member in group_members(show.pid):
            if member != pid:
                os.kill(member, signal.SIGCONT)  # the show and its workers first
        shown = journal.with_name(journal.name + ".shown")
        # the show ran its late timers (its 2 s touch of .shown, and its checks of the server)
        first_touch = wait_for(
            lambda: (m := shown.stat().st_mtime) > woke and m, 30, "the show awake", show
        )
        wait_for(lambda: shown.stat().st_mtime > first_touch, 30, "the show's next touch", show)
        with contextlib.suppress(ProcessLookupError):  # (gone if the show killed it)
            os.kill(pid, signal.SIGCONT)  # then the server
        assert (running_server(journal) or ServerInfo(None, None, None)).pid == pid, (
            "the healthy server was replaced"
        )
        said = errors.read_text("utf-8", "replace")
        assert "応答しません" not in said and "has not answered" not in said, said[-2000:]
        count = board_json(port)["count"]
        wait_for(
            lambda: (b := board_json(port)) and not b["paused"] and b["count"] > count,
            60,
            "draws on the same server",
            show,
        )
        assert running_server(journal).pid == pid
    finally:
        try:
            os.killpg(show.pid, signal.SIGCONT)
        except ProcessLookupError:
            pass
        kill_group(show)
