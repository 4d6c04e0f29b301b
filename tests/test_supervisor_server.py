"""The phones' server is kept running for the whole show (bingo.ui.webserver, bingo.serve_lock).

Real processes throughout: `bingo serve` started the way `bingo draw --serve` starts it, real
shows killed with SIGKILL, a real socket holding the port. The back-off is stepped with an
injected clock, so no test waits 30 s for it. Servers listen on web.port = 0 (any free port)
and the tests read the port each got from `<journal>.serve`; a test whose story needs a given
port holds it for its whole run (tests/served.py's reserved_port), never lets it go for a child
to take up later.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from bingo.serve_lock import ServeBusy, ServeLock, ServerInfo, running_server, serve_lock_path
from bingo.ui.webserver import FIRST_DELAY, MAX_DELAY, STABLE_SECONDS, ServerProcess, serve_argv
from bingo.web.command import ALREADY_SERVED
from tests.served import reserved_port, served

CONFIG = """
[event]
title = "supervisor test"
[board]
image_dir = "{img}"
[display]
spin_seconds = 0.3
sound = false
[web]
port = {port}
bind = "127.0.0.1"
"""


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def write_config(tmp_path: Path, repo_root: Path, port: int = 0) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(CONFIG.format(img=(repo_root / "img").as_posix(), port=port), "utf-8")
    return path


@pytest.fixture
def event(tmp_path, repo_root):
    """config.toml with web.port = 0: each server says the port it got in `.serve`."""
    return write_config(tmp_path, repo_root)


def board_json(port: int) -> dict | None:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/board", timeout=2) as answer:
            return json.loads(answer.read())
    except OSError:
        return None


def wait_for(condition, timeout: float, what: str, *alive: subprocess.Popen):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        for process in alive:
            if process.poll() is not None:
                errors = getattr(process, "errfile", None)
                said = errors.read_text("utf-8", "replace")[-3000:] if errors else ""
                raise AssertionError(f"{process.args[:5]} ended while waiting for {what}:\n{said}")
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def kill_group(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait()


def kill_pid(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def exits_with(code: int) -> list[str]:
    return [sys.executable, "-c", f"raise SystemExit({code})"]


def watched(server: ServerProcess) -> ServerProcess:
    """Started, with its timer stopped: the test calls check() itself, clock in hand."""
    server.start()
    server._timer.stop()
    return server


@pytest.mark.slow
@pytest.mark.process
def test_a_server_that_keeps_dying_is_restarted_with_a_back_off_never_given_up(tmp_path, qapp):
    clock = Clock()
    said: list[str] = []
    server = watched(
        ServerProcess(exits_with(1), said.append, journal=tmp_path / "j.jsonl", clock=clock)
    )
    delays = []
    for death in range(10):  # more deaths than the old fixed cap of 5 restarts
        server.process.wait(30)
        server.check()
        delays.append(server.last_delay)
        if death == 0:  # the first death: started again at once
            assert server.process is not None
            continue
        assert server.process is None and server.next_start is not None
        clock.now = server.next_start - 0.01
        server.check()
        assert server.process is None  # not before its time
        clock.now = server.next_start
        server.check()
        assert server.process is not None, "restarted when due"
    assert delays == [0, 1, 2, 4, 8, 16, 30, 30, 30, 30]
    assert delays[1] == FIRST_DELAY and max(delays) == MAX_DELAY
    # the host hears of it: the first death, then "keeps stopping", not a line per restart
    assert len(said) == 2
    assert "starting it again now" in said[0]
    assert "keeps stopping" in said[1] and "3 times" in said[1]

    # once a server stays up a while, the next death is retried after 1 s again
    server.process.wait(30)
    server.argv = [sys.executable, "-c", "import time; time.sleep(120)"]
    server.check()
    clock.now = server.next_start
    server.check()
    long_lived = server.process
    assert long_lived is not None and long_lived.poll() is None
    clock.now += STABLE_SECONDS
    server.check()
    assert said[-1] == "the phones' web server runs again"
    assert server.deaths == 0
    long_lived.kill()
    long_lived.wait()
    server.check()
    assert server.process is not None and server.process is not long_lived  # at once again
    server.stop()


@pytest.mark.slow
@pytest.mark.process
def test_a_port_taken_by_another_program_is_one_line_for_the_host_not_the_room(
    tmp_path, repo_root, qtbot, capfd
):
    with reserved_port() as port:  # held until the end: when `other` goes, it is ours
        taken_then_free(tmp_path, repo_root, qtbot, capfd, port)


def taken_then_free(tmp_path, repo_root, qtbot, capfd, port: int) -> None:
    from bingo.config import load_config
    from bingo.session import DrawSession
    from bingo.ui.display import DisplayWindow

    config_path = write_config(tmp_path, repo_root, port)
    config = load_config(config_path)
    journal = tmp_path / "show.jsonl"
    session = DrawSession.open(config, journal)
    window = DisplayWindow(session, config, odds_mode="thread")
    qtbot.addWidget(window)
    from bingo.ui.operator import OperatorWindow

    window.operator = OperatorWindow(window)
    qtbot.addWidget(window.operator)
    clock = Clock()
    other = socket.socket()  # another program on the port (SO_REUSEADDR, as most servers)
    other.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    other.bind(("127.0.0.1", port))
    other.listen()
    server = watched(
        ServerProcess(
            serve_argv(str(config_path), journal, None),
            window.warn,
            window,
            journal=journal,
            port=port,
            bind="127.0.0.1",
            clock=clock,
            language=config.event.language,  # the show's: Japanese by default
        )
    )
    try:
        for attempt in range(4):
            assert server.process.wait(60) == 3  # bingo serve: the port is taken
            server.check()
            if server.process is None and attempt < 3:  # waiting for its back-off
                clock.now = server.next_start
                server.check()
        assert server.process is None
        port_lines = [w for w in window.warnings if str(port) in w]
        assert len(port_lines) == 1, window.warnings
        assert "別のプログラム" in port_lines[0] and "web.port" in port_lines[0]
        assert str(port) not in window.banner_text + window.notice_text  # not on the wall
        err = capfd.readouterr().err
        assert f"注意: {port_lines[0]}" in err  # the show's terminal
        assert window.operator.log.toPlainText().count(port_lines[0]) == 1  # the operator
        # the program goes away: the next attempt serves
        other.close()
        clock.now = server.next_start
        server.check()
        wait_for(lambda: board_json(port), 60, "the server once the port is free")
        assert running_server(journal).pid == server.process.pid
    finally:
        other.close()
        server.stop()
        window.close()
        session.close()


@pytest.mark.slow
@pytest.mark.process
def test_one_server_per_journal_a_second_bingo_serve_says_who_serves_it(event, tmp_path):
    config_path = event
    journal = tmp_path / "show.jsonl"
    first = subprocess.Popen(
        serve_argv(str(config_path), journal, None),
        stdin=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        info = served(journal, 60, first)  # its .serve names the port it got
        assert info.pid == first.pid and info.bind == "127.0.0.1"
        assert board_json(info.port) is not None  # and it listens there
        second = subprocess.run(
            serve_argv(str(config_path), journal, None) + ["--port", "0"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert second.returncode == ALREADY_SERVED
        assert f"pid {first.pid}" in second.stderr and "Traceback" not in second.stderr
        with pytest.raises(ServeBusy):
            ServeLock(journal).acquire(0, "127.0.0.1", attempts=1)
    finally:
        kill_group(first)
    assert running_server(journal) is None  # kill -9 drops the lock at once
    assert serve_lock_path(journal).stat().st_mode & 0o777 == 0o644


def start_show(config_path: Path, journal: Path, stderr_file: Path) -> subprocess.Popen:
    with stderr_file.open("wb") as err:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "bingo",
                "draw",
                "--config",
                str(config_path),
                "--journal",
                str(journal),
                "--seed",
                "5",
                "--windowed",
                "--serve",
                "--auto",
                "0.5",
            ],
            env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=err,
            start_new_session=True,  # the show and its server: one group to end in teardown
        )
    process.errfile = stderr_file
    return process


@pytest.mark.slow
@pytest.mark.process
def test_a_restarted_show_adopts_the_old_server_and_replaces_it_when_it_dies(event, tmp_path):
    """kill -9 of a real `bingo draw --serve`: its server goes on. The show started again
    watches that server (no second one fighting for the port); when it dies, the show starts
    its own and the phones' board comes back."""
    config_path = event
    journal = tmp_path / "show.jsonl"
    show = start_show(config_path, journal, tmp_path / "first.err")
    again = None
    old_pid = None
    try:
        port = served(journal, 90, show).port  # the port the show's server got (web.port = 0)
        wait_for(lambda: (board_json(port) or {}).get("count", 0) >= 1, 90, "the first show", show)
        old_pid = running_server(journal).pid
        show.send_signal(signal.SIGKILL)  # the show only: its server is left running
        show.wait()
        alive = serve_lock_path(journal)
        touched = alive.stat().st_mtime_ns
        wait_for(  # its loop goes on: it touches .serve again after its show has gone
            lambda: alive.stat().st_mtime_ns != touched, 30, "the server going on alone"
        )
        assert running_server(journal).pid == old_pid

        again = start_show(config_path, journal, tmp_path / "second.err")
        errors = tmp_path / "second.err"
        wait_for(
            lambda: "見守り" in errors.read_text("utf-8", "replace"),
            90,
            "the restarted show adopting the running server",
            again,
        )
        assert f"pid {old_pid}" in errors.read_text("utf-8")
        count = board_json(port)["count"]
        wait_for(
            lambda: (b := board_json(port)) and not b["paused"] and b["count"] > count,
            60,
            "the restarted show's draws through the adopted server",
            again,
        )
        assert running_server(journal).pid == old_pid  # no second server was started
        said = errors.read_text("utf-8")  # the port refusal in either language
        assert "already in use" not in said and "ほかのプログラムが使っています" not in said

        kill_pid(old_pid)  # the old server dies: the show starts its own
        new = served(journal, 30, again, other_than=old_pid)
        port = new.port  # (any free port, said in its .serve)
        assert again.poll() is None
        count = wait_for(lambda: (board_json(port) or {}).get("count"), 30, "the board again")
        wait_for(
            lambda: (b := board_json(port)) and not b["paused"] and b["count"] > count,
            60,
            "draws on the new server",
            again,
        )
        assert running_server(journal).pid == new.pid
        assert "ショー自身のサーバーを起動します" in errors.read_text("utf-8")
    finally:
        if old_pid is not None:
            kill_pid(old_pid)
        kill_group(show)
        if again is not None:
            kill_group(again)


@pytest.mark.slow
@pytest.mark.process
def test_an_old_server_started_otherwise_is_replaced_not_adopted(tmp_path, repo_root, qapp):
    """A server of this journal left on another port (config.toml changed since) would make
    the join code on the wall wrong: the show stops it and starts its own."""
    with reserved_port() as port, reserved_port() as other_port:  # both held throughout
        replaced_elsewhere(tmp_path, write_config(tmp_path, repo_root, port), port, other_port)


def replaced_elsewhere(tmp_path: Path, config_path: Path, port: int, other_port: int) -> None:
    journal = tmp_path / "show.jsonl"
    old = subprocess.Popen(
        serve_argv(str(config_path), journal, None) + ["--port", str(other_port)],
        stdin=subprocess.DEVNULL,
        start_new_session=True,
    )
    said: list[str] = []
    server = None
    try:
        wait_for(lambda: board_json(other_port), 60, "the old server", old)
        server = watched(
            ServerProcess(
                serve_argv(str(config_path), journal, None),
                said.append,
                journal=journal,
                port=port,
                bind="127.0.0.1",
            )
        )
        assert server.adopted is None and "replacing it" in said[0]
        assert old.wait(30) is not None  # stopped politely (SIGTERM)
        wait_for(lambda: server.check() or server.process is not None, 30, "its own server")
        wait_for(lambda: board_json(port), 60, "the server on the configured port")
        assert running_server(journal).pid == server.process.pid
        assert running_server(journal).args == tuple(
            serve_argv(str(config_path), journal, None)[3:]
        )
    finally:
        if server is not None:
            server.stop()
        kill_group(old)


def test_the_serve_file_says_when_the_server_listens_and_on_which_port(tmp_path):
    journal = tmp_path / "j.jsonl"
    lock = ServeLock(journal).acquire(0, "127.0.0.1")  # port 0: any free port
    try:
        info = running_server(journal)
        assert info.pid == os.getpid() and info.port == 0 and not info.listening
        lock.listening(43210)  # what bingo serve writes once it listens
        info = running_server(journal)
        assert (info.port, info.listening, info.bind) == (43210, True, "127.0.0.1")
    finally:
        lock.release()
    assert running_server(journal) is None


def test_with_web_port_0_a_server_on_any_port_is_adopted(tmp_path, qapp):
    """web.port = 0 (any free port): the journal's server is adopted whatever port it got; a
    configured port still replaces a server elsewhere, as does one that never said its port."""
    said: list[str] = []

    def elsewhere(port: int, info: ServerInfo) -> bool:
        process = ServerProcess([], said.append, journal=tmp_path / "j", port=port, bind="::1")
        return process._elsewhere(info)

    got = ServerInfo(pid=1, port=41234, bind="::1")
    assert not elsewhere(0, got) and not elsewhere(41234, got)
    assert elsewhere(8080, got)
    assert elsewhere(0, ServerInfo(pid=1, port=None, bind="::1"))  # where, it never said
    assert elsewhere(0, ServerInfo(pid=1, port=41234, bind="127.0.0.1"))  # another address


@pytest.mark.slow
@pytest.mark.process
def test_a_server_that_lost_the_race_for_the_journal_leaves_the_winner_watched(tmp_path, qapp):
    """`bingo serve` exits 4 when another server of the journal took it first (a race at
    start): the show watches that one, and takes over when it goes."""
    journal = tmp_path / "j.jsonl"
    said: list[str] = []
    server = watched(ServerProcess(exits_with(ALREADY_SERVED), said.append, journal=journal))
    winner = ServeLock(journal).acquire(8080, "127.0.0.1")  # this process plays the winner
    try:
        assert server.process.wait(30) == ALREADY_SERVED
        server.check()
        assert server.adopted is not None and server.adopted.pid == os.getpid()
        assert server.deaths == 0 and "the show watches it" in said[-1]
    finally:
        winner.release()
    server.check()  # the winner is gone: the show starts its own
    assert server.adopted is None and server.process is not None
    assert "stopped: starting the show's own" in said[-1]
    server.stop()


def test_every_line_for_the_host_exists_in_both_languages():
    from bingo.ui.webserver import SERVER_TEXT

    assert SERVER_TEXT["ja"].keys() == SERVER_TEXT["en"].keys()
    params = dict(
        pid=1,
        where="x",
        port=8080,
        reason="r",
        old="a",
        new="b",
        code=1,
        when="w",
        delay=1.0,
        n=3,
        every=30.0,
        seconds=5,
        bind="192.0.2.1",
    )
    for language, table in SERVER_TEXT.items():
        for key, text in table.items():
            assert text.format(**params), (language, key)


@pytest.mark.slow
@pytest.mark.process
def test_a_hung_server_is_killed_and_started_again(event, tmp_path, qapp):
    """SIGSTOP: the server's port still takes connections (the system's queue) but nothing
    answers; the show sees its `.serve` untouched for HUNG_SECONDS, kills it and starts
    another, and the phones are served again. A server that answers is left alone."""
    from bingo.web.command import ALIVE_EVERY, HUNG_SECONDS

    config_path = event
    journal = tmp_path / "show.jsonl"
    said: list[str] = []
    server = watched(
        ServerProcess(serve_argv(str(config_path), journal, None), said.append, journal=journal)
    )
    try:
        first = server.process
        port = served(journal, 60, first).port  # the port it got (web.port = 0)
        wait_for(lambda: board_json(port), 60, "the server", first)
        touched = serve_lock_path(journal).stat().st_mtime
        wait_for(
            lambda: serve_lock_path(journal).stat().st_mtime > touched,
            10 * ALIVE_EVERY,
            "the server's sign of life",
            first,
        )
        for _ in range(3):
            server.check()
        assert server.process is first and server.hangs == 0  # alive: left alone
        os.kill(first.pid, signal.SIGSTOP)
        stopped = time.monotonic()
        assert board_json(port) is None  # the phones get nothing

        def replaced() -> bool:
            server.check()
            return server.process is not None and server.process is not first

        wait_for(replaced, 30, "the hung server replaced")
        assert first.poll() == -signal.SIGKILL
        assert time.monotonic() - stopped >= HUNG_SECONDS - 0.5  # not before it was hung
        port = served(journal, 60, server.process, other_than=first.pid).port
        wait_for(lambda: board_json(port), 60, "phones served again", server.process)
        assert server.hangs == 1
        assert len(said) == 1 and "has not answered for" in said[0], said  # one line, not two
        assert running_server(journal).pid == server.process.pid
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(first.pid, signal.SIGCONT)
        server.stop()


@pytest.mark.slow
@pytest.mark.process
def test_with_web_port_0_the_join_code_holds_the_port_the_server_got(tmp_path, repo_root, qtbot):
    """web.port = 0: the projector's join code and address hold the port `bingo serve` got
    (its `.serve`), never :0; and again the new one when a server started again gets another."""
    import argparse

    from bingo.config import load_config
    from bingo.session import DrawSession
    from bingo.ui.command import _start_web
    from bingo.ui.display import DisplayWindow
    from bingo.ui.joinbadge import _qr_modules

    config = load_config(write_config(tmp_path, repo_root))  # web.port = 0
    session = DrawSession.open(config, tmp_path / "show.jsonl")
    window = DisplayWindow(session, config, odds_mode="thread")
    qtbot.addWidget(window)
    server = _start_web(window, session, config, argparse.Namespace(serve=True, registry=None))
    badge = window.join_badge
    try:
        assert badge.url == "http://127.0.0.1:0/" and not badge.serving  # nothing shown yet
        qtbot.waitUntil(lambda: badge.serving, timeout=60000)
        first = running_server(session.journal_path)
        assert first.port and badge.url == f"http://127.0.0.1:{first.port}/"
        assert board_json(first.port) is not None  # the address shown answers
        assert badge.on_reel.modules == badge.on_help.modules == _qr_modules(badge.url)
        kill_pid(first.pid)  # started again, on whatever port it gets this time
        qtbot.waitUntil(
            lambda: (
                badge.serving
                and (i := running_server(session.journal_path)) is not None
                and i.pid != first.pid
            ),
            timeout=60000,
        )
        again = running_server(session.journal_path)
        assert badge.url == f"http://127.0.0.1:{again.port}/"
        assert board_json(again.port) is not None
    finally:
        server.stop()
        window.close()
        session.close()
