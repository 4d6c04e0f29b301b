"""Damaged journals and side files: deeply nested JSON is a damaged line, never a
RecursionError; a damaged journal can go on from its last valid record (the rest kept aside);
the journal's files get their modes whatever the umask; the other-board message names the
board the journal needs."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from bingo.config import load_config
from bingo.journal import (
    JOURNAL_CONTINUED,
    JournalTampered,
    can_continue,
    head_path,
    read_journal,
    torn_path,
    verify_journal,
)
from bingo.journal_lock import lock_path
from bingo.serve_lock import serve_lock_path
from bingo.session import DrawSession
from bingo.showlink import LineFollower, claims_path, game_id
from bingo.ui.texts import texts
from tests.served import ready_port

ROOT = Path(__file__).resolve().parent.parent
NESTED = b'{"type":"draw","x":' + b"[" * 100_000 + b"]" * 100_000 + b"}\n"


@pytest.fixture
def config():
    return load_config(ROOT / "config.toml")


def journal_with_draws(config, path: Path, n: int) -> list[int]:
    session = DrawSession.open(config, path, seed=3)
    drawn = [session.draw() for _ in range(n)]
    session.close()
    return drawn


def with_nested_line(path: Path, at: int) -> bytes:
    """Put a deeply nested (complete) line in place of line `at`; the old lines after it stay."""
    lines = path.read_bytes().splitlines(keepends=True)
    lines[at - 1] = NESTED
    data = b"".join(lines)
    path.write_bytes(data)
    return data


def args_for(path: Path) -> argparse.Namespace:
    return argparse.Namespace(journal=str(path), new=False, seed=3)


def run(*argv: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "bingo", *argv],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
        **kwargs,
    )


@pytest.mark.slow
@pytest.mark.process
def test_a_deeply_nested_line_is_a_damaged_line_not_a_crash(tmp_path, config):
    path = tmp_path / "show.jsonl"
    journal_with_draws(config, path, 4)
    with_nested_line(path, 3)
    with pytest.raises(JournalTampered) as caught:
        read_journal(path)
    assert caught.value.code == "journal_tampered" and caught.value.params["line"] == 3
    assert caught.value.params["valid"] == 2 and caught.value.params["draws"] == 1
    assert can_continue(caught.value)
    result = run("draw", "--verify-journal", str(path))
    assert result.returncode == 1
    assert (
        "の 3 行目は正しい記録ではありません" in result.stderr and "Traceback" not in result.stderr
    )


@pytest.mark.slow
@pytest.mark.process
def test_bingo_serve_follows_a_journal_with_a_nested_line_without_crashing(tmp_path, config):
    path = tmp_path / "show.jsonl"
    journal_with_draws(config, path, 2)
    with_nested_line(path, 2)
    claims_path(path).write_bytes(NESTED)
    server = subprocess.Popen(  # port 0: it binds a free port and says which (tests/served.py)
        [sys.executable, "-m", "bingo", "serve", "--journal", str(path), "--port", "0"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        port = ready_port(server, "bingo serve")
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/board", timeout=30) as r:
            board = json.loads(r.read())
        assert board["count"] == 0
        # its loop goes round: it touches .serve every second, and follows the journal and
        # the claims (the nested lines) 20 times a second in between
        alive = serve_lock_path(path)
        for _ in range(2):
            touched = alive.stat().st_mtime_ns
            deadline = time.monotonic() + 30
            while alive.stat().st_mtime_ns == touched:
                assert server.poll() is None and time.monotonic() < deadline
                time.sleep(0.05)
        assert server.poll() is None
    finally:
        server.terminate()
        _, err = server.communicate(timeout=30)
    assert "RecursionError" not in err and "Traceback" not in err


def test_side_files_skip_a_deeply_nested_line_and_read_on(tmp_path, config):
    path = tmp_path / "show.jsonl"
    claims = claims_path(path)
    claims.write_bytes(NESTED + b'{"serial": 5}\n')
    follower = LineFollower(claims)
    assert follower.read_new() == [{"serial": 5}]
    path.write_bytes(NESTED)  # a journal whose first line is nested: no game id, no crash
    assert game_id(path) is None


def test_a_damaged_journal_can_go_on_from_its_last_valid_record(tmp_path, config):
    from bingo.ui.command import CONTINUE, open_session

    path = tmp_path / "show.jsonl"
    drawn = journal_with_draws(config, path, 5)
    lines = path.read_bytes().splitlines(keepends=True)
    damaged = lines[4].replace(b'"draw"', b'"dra w"')  # line 5: the 4th draw, edited
    path.write_bytes(b"".join(lines[:4] + [damaged] + lines[5:]))
    rest = b"".join([damaged] + lines[5:])
    asked = []

    def ask(problem, where, draws=None):
        asked.append((problem, where, draws))
        return CONTINUE

    session = open_session(config, args_for(path), texts("ja"), ask=ask)
    try:
        assert asked and asked[0][2] == 3  # offered: the 3 draws before the damaged line
        assert "5 行目" in asked[0][0]
        assert session.resumed and session.history == drawn[:3]
        assert [w.code for w in session.warnings][-1] == JOURNAL_CONTINUED
        (kept,) = tmp_path.glob("show.jsonl.damaged-*")
        assert kept.read_bytes() == rest  # nothing lost: the damaged part is kept as it was
        session.draw()
    finally:
        session.close()
    assert verify_journal(path).ok  # the journal, cut back and continued, is whole
    again = DrawSession.open(config, path, seed=3)
    assert again.history[:3] == drawn[:3] and len(again.history) == 4 and not again.warnings
    again.close()


def test_a_nested_line_can_be_continued_too_and_quitting_changes_nothing(tmp_path, config):
    from bingo.ui.command import CONTINUE, open_session

    path = tmp_path / "show.jsonl"
    drawn = journal_with_draws(config, path, 3)
    data = with_nested_line(path, 3)
    assert open_session(config, args_for(path), texts("ja"), ask=lambda *a: False) is None
    assert path.read_bytes() == data and not list(tmp_path.glob("*.damaged-*"))
    session = open_session(config, args_for(path), texts("ja"), ask=lambda *a: CONTINUE)
    assert session.history == drawn[:1]
    session.close()


def test_the_recovery_dialog_offers_to_continue_in_the_show_language(qtbot, output_dir):
    from bingo.ui.command import recovery_box

    problem = "記録ファイルの 5 行目が書かれた後に変更されています（改ざんまたは破損）。"
    box = recovery_box(problem, "/x/j.jsonl", texts("ja"), continue_draws=12)
    qtbot.addWidget(box)
    assert "12球" in box.continue_button.text() and "続ける" in box.continue_button.text()
    assert box.defaultButton() is box.quit_button
    box.show()
    qtbot.waitExposed(box)
    for button in (box.continue_button, box.keep_button, box.quit_button):
        hint = button.fontMetrics().horizontalAdvance(button.text())
        assert button.width() >= hint, button.text()  # the whole label shows
    box.grab().save(str(output_dir / "recovery-continue-ja.png"))
    plain = recovery_box("壊れています", "/x/j.jsonl", texts("ja"))
    qtbot.addWidget(plain)
    assert plain.continue_button is None


def test_the_other_board_message_names_the_board_the_journal_needs(tmp_path, config):
    from dataclasses import replace

    from bingo.journal import JournalUnusable

    path = tmp_path / "show.jsonl"
    journal_with_draws(config, path, 2)
    wider = replace(config, board=replace(config.board, size=5, free_center=True))
    with pytest.raises(JournalUnusable) as caught:
        DrawSession.open(wider, path, seed=3)
    b = config.board
    ja = texts("ja").coded(caught.value)
    assert f"{b.size}×{b.size}" in ja and f"1列 {b.numbers_per_column} 個" in ja
    assert f"board.size = {b.size}" in ja and "board.free_center = false" in ja
    en = texts("en").coded(caught.value)
    assert f"{b.size}x{b.size} board" in en


def test_the_journal_files_get_their_modes_whatever_the_umask(tmp_path, config):
    old = os.umask(0)
    try:
        path = tmp_path / "show.jsonl"
        journal_with_draws(config, path, 2)
        with path.open("ab") as f:
            f.write(b'{"torn')
        DrawSession.open(config, path, seed=3).close()  # sets the torn line aside
    finally:
        os.umask(old)
    for file in (path, head_path(path), lock_path(path), torn_path(path)):
        assert file.stat().st_mode & 0o777 == 0o644, file.name
    keys = list((Path(os.environ["PUYO_EVENT_DATA_DIR"])).rglob("*.key"))
    assert keys and all(k.stat().st_mode & 0o777 == 0o600 for k in keys)


def test_a_head_left_executable_by_an_older_version_loses_its_execute_bits(tmp_path, config):
    path = tmp_path / "show.jsonl"
    journal_with_draws(config, path, 1)
    head_path(path).chmod(0o755)
    DrawSession.open(config, path, seed=3).close()
    assert head_path(path).stat().st_mode & 0o777 == 0o644


@pytest.mark.slow
@pytest.mark.process
def test_a_deeply_nested_head_file_is_a_damaged_head(tmp_path, config):
    path = tmp_path / "show.jsonl"
    journal_with_draws(config, path, 2)
    head_path(path).write_bytes(NESTED)
    state = read_journal(path)
    assert [w.code for w in state.warnings] == ["head_damaged"]
    result = run("draw", "--verify-journal", str(path))
    assert result.returncode == 1 and "が壊れています" in result.stderr  # ja, the default
    assert "Traceback" not in result.stderr
