"""Closing the terminal (SIGHUP) of a Daifugō table mid-game gives the fees back at once, as
Ctrl+C and SIGTERM do; a kill that leaves no chance to (SIGKILL) is settled by the next start."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from games.daifugo.chips import ChipBank

ROOT = Path(__file__).resolve().parent.parent


def open_table(data: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "games", "daifugo", "--no-setup", "--delay-ms", "3000"],
        cwd=ROOT,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen", PUYO_EVENT_DATA_DIR=str(data)),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_for_open_game(path: Path, process: subprocess.Popen) -> dict:
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        assert process.poll() is None, process.stderr.read()
        try:
            data = json.loads(path.read_text("utf-8"))
        except (OSError, ValueError):
            data = {}
        if data.get("open"):
            return data
        time.sleep(0.1)
    raise AssertionError("the table never started a game")


@pytest.mark.slow
@pytest.mark.process
@pytest.mark.parametrize("sig", [signal.SIGHUP, signal.SIGKILL], ids=["SIGHUP", "SIGKILL"])
def test_a_table_stopped_mid_game_costs_no_fee(tmp_path, sig):
    path = tmp_path / "daifugo_chips.json"
    table = open_table(tmp_path)
    try:
        during = wait_for_open_game(path, table)
        table.send_signal(sig)
        table.wait(60)
    finally:
        if table.poll() is None:
            table.kill()
            table.wait()
    (game,) = during["open"].values()
    paid = game["fees"]
    assert all(during["balances"][name] == 10_000 - fee for name, fee in paid.items())
    if sig == signal.SIGHUP:  # given back by the table itself, on its way out
        on_file = json.loads(path.read_text("utf-8"))
        assert on_file["open"] == {}
        assert all(on_file["balances"][name] == 10_000 for name in paid)
    bank = ChipBank(path)
    assert bank.open_games == {}
    assert all(bank.balance(name) == 10_000 for name in paid)
    assert bank.settled == (1 if sig == signal.SIGKILL else 0)


def test_the_next_start_tells_the_player_in_their_language(tmp_path, monkeypatch, qapp):
    """The stopped game's fees come back at the next start, and the player is told so in the
    table's language (not the bank's English log line)."""
    from PySide6.QtWidgets import QApplication

    from games.daifugo import app as daifugo_app

    monkeypatch.setenv("PUYO_EVENT_DATA_DIR", str(tmp_path))
    path = tmp_path / "daifugo_chips.json"
    bank = ChipBank(path)
    bank.open_game({"あなた": 100, "CPU1": 100})
    bank.save()
    bank.close()  # as its process ends: the game is left open on file
    told: list[str] = []
    monkeypatch.setattr(daifugo_app, "show_notice", lambda table, text: told.append(text))
    monkeypatch.setattr("eventkit.screen.open_on_screen", lambda widget, **kw: None)
    monkeypatch.setattr(QApplication, "exec", lambda *a: 0)
    before = set(QApplication.topLevelWidgets())
    try:
        assert daifugo_app.main(["--no-setup", "--language", "ja", "--delay-ms", "0"]) == 0
    finally:
        for widget in set(QApplication.topLevelWidgets()) - before:
            widget.close()
    assert told and "参加費は全員に返しました" in told[0] and "1件" in told[0]


def _wait_for_line(process: subprocess.Popen, text: str) -> str:
    """Read the table's terminal until a line with `text` (the process prints it, flushed)."""
    seen = []
    for line in process.stderr:
        seen.append(line)
        if text in line:
            return line
    raise AssertionError(f"the table ended without saying {text!r}:\n{''.join(seen)[-3000:]}")


@pytest.mark.slow
@pytest.mark.process
@pytest.mark.parametrize(
    "sig", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP], ids=["SIGTERM", "SIGINT", "SIGHUP"]
)
def test_a_stop_at_the_fees_given_back_notice_starts_no_game(tmp_path, sig):
    """Issue 32 item 9: kill -9 mid-game, start again: the notice says every fee was given back
    and waits; a stop then closes it and ends the table, without starting (and charging) a game."""
    path = tmp_path / "daifugo_chips.json"
    first = open_table(tmp_path)
    try:
        during = wait_for_open_game(path, first)
        first.kill()
        first.wait(60)
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    (game,) = during["open"].values()
    again = open_table(tmp_path)
    try:
        notice = _wait_for_line(again, "warning:")  # printed as the notice opens
        assert "fee back" in notice
        settled = json.loads(path.read_text("utf-8"))  # the fees are back on file already
        assert settled["open"] == {}
        again.send_signal(sig)
        code = again.wait(60)
        rest = again.stderr.read()
    finally:
        if again.poll() is None:
            again.kill()
            again.wait()
    assert code == 0, rest
    assert "Traceback" not in rest
    on_file = json.loads(path.read_text("utf-8"))
    assert on_file["open"] == {}, "a game was started after the stop"
    assert on_file == settled  # nothing charged, nothing started
    assert all(on_file["balances"][name] == 10_000 for name in game["fees"])
    bank = ChipBank(path)
    assert bank.open_games == {} and bank.settled == 0
