"""The room is never sent elsewhere (issue 41 item 3): the projector shows the join QR and the
address only while the show's own phones' server serves. A port held by another program (a
real socket) or an address the computer refuses: no code, no address on the projector, one
line for the host with the fix; once the port is free, the code comes back.

The show's real wiring (`bingo.ui.command._start_web`) and a real `bingo serve`."""

from __future__ import annotations

import argparse
import socket
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_supervisor_server import CONFIG, board_json

from bingo.serve_lock import running_server
from tests.served import reserved_port

pytestmark = [pytest.mark.process, pytest.mark.slow]  # a real server, 15-25 s each


def show_with_phones(tmp_path: Path, repo_root: Path, qtbot, port: int, bind: str = "127.0.0.1"):
    from bingo.config import load_config
    from bingo.session import DrawSession
    from bingo.ui.command import _start_web
    from bingo.ui.display import DisplayWindow
    from bingo.ui.operator import OperatorWindow

    config_path = tmp_path / "config.toml"
    text = CONFIG.format(img=(repo_root / "img").as_posix(), port=port)
    config_path.write_text(text.replace('bind = "127.0.0.1"', f'bind = "{bind}"'), "utf-8")
    config = load_config(config_path)
    session = DrawSession.open(config, tmp_path / "show.jsonl")
    window = DisplayWindow(session, config, odds_mode="thread")
    qtbot.addWidget(window)
    window.operator = OperatorWindow(window)
    qtbot.addWidget(window.operator)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    args = argparse.Namespace(serve=True, registry=None)
    server = _start_web(window, session, config, args)
    return window, session, server


def code_on_the_wall(window) -> bool:
    badge = window.join_badge
    return badge.on_reel.isVisible() or badge.on_help.isVisibleTo(window.help)


def test_a_taken_port_shows_no_code_and_the_code_comes_back_once_it_is_free(
    tmp_path, repo_root, qtbot, capfd
):
    with reserved_port() as port:  # ours for the whole test (tests/served.py)
        taken_then_free(tmp_path, repo_root, qtbot, capfd, port)


def taken_then_free(tmp_path, repo_root, qtbot, capfd, port: int) -> None:
    other = socket.socket()  # another program listens on the port (SO_REUSEADDR, as most)
    other.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    other.bind(("127.0.0.1", port))
    other.listen()
    window, session, server = show_with_phones(tmp_path, repo_root, qtbot, port)
    seen: list[bool] = []
    server.serving_changed.connect(seen.append)
    try:
        assert not code_on_the_wall(window)  # not before the server serves
        qtbot.waitUntil(lambda: server.deaths >= 2, timeout=60000)  # refused twice
        assert seen == [] and not server.serving
        assert not code_on_the_wall(window) and not window.reel.join_wanted
        window.open_help()
        assert not window.join_badge.on_help.isVisible()  # not in the help's column either
        window.help.hide()
        lines = [w for w in window.warnings if str(port) in w]
        assert len(lines) == 1 and "web.port" in lines[0], window.warnings  # the fix, once
        text = window.banner_text + window.notice_text
        assert str(port) not in text and "web.port" not in text  # the room sees nothing
        assert window.operator.log.toPlainText().count(lines[0]) == 1  # the host's screen
        assert f"注意: {lines[0]}" in capfd.readouterr().err  # and the terminal
        other.close()  # the program goes away: the show's server serves, the code comes back
        qtbot.waitUntil(lambda: server.serving, timeout=90000)
        assert seen == [True]
        assert code_on_the_wall(window) and window.reel.join_wanted
        assert running_server(session.journal_path).pid == server.process.pid
        assert board_json(port) is not None  # the address on the wall is the show's server
    finally:
        other.close()
        server.stop()
        window.close()
        session.close()
    assert not server.serving


def test_an_address_the_computer_refuses_shows_no_code_and_tells_the_host_the_fix(
    tmp_path, repo_root, qtbot
):
    refused = "192.0.2.1"  # TEST-NET-1: never one of this computer's addresses
    probe = socket.socket()
    try:
        probe.bind((refused, 0))
    except OSError:
        pass
    else:
        pytest.skip(f"{refused} is an address of this computer")
    finally:
        probe.close()
    window, session, server = show_with_phones(tmp_path, repo_root, qtbot, 0, bind=refused)
    try:
        qtbot.waitUntil(lambda: server.deaths >= 2, timeout=60000)
        assert not server.serving and not code_on_the_wall(window)
        lines = [w for w in window.warnings if refused in w]
        assert len(lines) == 1 and "web.bind" in lines[0], window.warnings
        assert "\n" not in lines[0]
        assert refused not in window.banner_text + window.notice_text
    finally:
        server.stop()
        window.close()
        session.close()
