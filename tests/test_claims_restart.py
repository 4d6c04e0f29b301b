"""Issue 22.1: a claim pending when the show is killed (SIGKILL) is asked again after a restart.

The show is the real `bingo draw` process with a registry in auto mode; the claims are lines in
`<journal>.claims` exactly as the phones' server writes them. After kill -9 the restarted show
lists them again, in their order, says so to the host, keeps auto mode waiting, writes no
verdict by itself (so the phone keeps waiting for a real one), and V answers them oldest first.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from bingo.config import load_config
from bingo.session import DrawSession
from bingo.showlink import append_line, claims_path, game_id, shown_path, verdicts_path
from cards.registry import write_registry

sys.path.insert(0, str(Path(__file__).parent))
from test_claims_winner import column_card, seeded_order

CONFIG = """
[event]
title = "claims restart test"
[board]
image_dir = "{img}"
[display]
spin_seconds = 0.2
sound = false
"""
SEED = 7


class Show:
    """A real `bingo draw` process whose stderr lines are collected with their arrival time."""

    def __init__(self, argv: list[str], cwd: Path) -> None:
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            argv,
            cwd=cwd,
            env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: list[tuple[float, str]] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        for line in self.process.stderr:
            self.lines.append((time.monotonic(), line.rstrip("\n")))

    def wait_line(self, part: str, timeout: float) -> float:
        """Seconds from the start to the first stderr line holding `part`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for at, line in list(self.lines):
                if part in line:
                    return at - self.started
            assert self.process.poll() is None, "\n".join(line for _, line in self.lines)
            time.sleep(0.05)
        raise AssertionError(f"no {part!r} on stderr: " + "\n".join(x for _, x in self.lines))

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait()


def draws(journal: Path) -> list[int]:
    if not journal.exists():
        return []
    out = []
    for raw in journal.read_text(encoding="utf-8").splitlines():
        record = json.loads(raw)
        if record["type"] == "draw":
            out.append(record["number"])
        elif record["type"] == "undo":
            out.pop()
    return out


def wait_until(condition, timeout: float, what: str, show: Show):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        assert show.process.poll() is None, "\n".join(line for _, line in show.lines)
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}: " + "\n".join(x for _, x in show.lines))


def heartbeats(journal: Path, count: int, show: Show, timeout: float = 120) -> None:
    """Wait until the show has touched `.shown` `count` times from now: its own clock (every
    ALIVE_SECONDS on its event loop, between the claims poll's 0.5 s turns and auto mode's),
    not ours, which a busy machine stretches. A touch changes the time, not the size (a
    landing appends a line: not counted, so a busy second is never taken for a quiet one)."""
    path = shown_path(journal)
    last, seen = path.stat(), 0
    deadline = time.monotonic() + timeout
    while seen < count:
        assert time.monotonic() < deadline, f"the show touched {path.name} {seen} times only"
        assert show.process.poll() is None, "\n".join(line for _, line in show.lines)
        time.sleep(0.05)
        now = path.stat()
        seen += now.st_mtime_ns != last.st_mtime_ns and now.st_size == last.st_size
        last = now


@pytest.fixture
def event(tmp_path, repo_root):
    path = tmp_path / "config.toml"
    path.write_text(CONFIG.format(img=(repo_root / "img").as_posix()), encoding="utf-8")
    config = load_config(path)
    order = seeded_order(config, SEED, tmp_path)
    card, bingo_at = column_card(config, order, 1)
    b = config.board
    never = [[n for n in order if b.column_of(n) == c][-b.size :] for c in range(b.size)]
    from cards.model import BingoCard

    other = BingoCard(2, tuple(tuple(never[c][r] for c in range(b.size)) for r in range(b.size)))
    registry = tmp_path / "cards.csv"
    write_registry(registry, [card, other])
    journal = tmp_path / "show.jsonl"
    argv = [
        sys.executable,
        "-m",
        "bingo",
        "draw",
        "--config",
        str(path),
        "--journal",
        str(journal),
        "--registry",
        str(registry),
        "--seed",
        str(SEED),
        "--auto",
        "0.5",
        "--windowed",
    ]
    return config, journal, argv, {1: card, 2: other}, bingo_at, order


@pytest.mark.slow
@pytest.mark.process
def test_claims_pending_at_a_kill_9_are_asked_again_in_order(qtbot, event, repo_root):
    config, journal, argv, registry, bingo_at, order = event
    first = Show(argv, repo_root)
    try:
        wait_until(
            lambda: len(draws(journal)) >= 2 and shown_path(journal).exists(), 60, "draws", first
        )
        game = game_id(journal)
        count = len(draws(journal))
        # two phones press ビンゴ!: card 2 (not a bingo) first, then card 1
        for claim_id, serial in (("p-first", 2), ("p-second", 1)):
            append_line(
                claims_path(journal),
                {
                    "game": game,
                    "claim": claim_id,
                    "serial": serial,
                    "count": count,
                    "time": "2026-12-01T09:00:00.000+00:00",
                    "address": "127.0.0.1",
                },
                sync=True,
            )
        # the show reads them (every 0.5 s) and its auto mode stops drawing (22.5): two of
        # its 2 s heartbeats after the first, its claims poll has run and a spin under way
        # has landed; two more (4 s of its auto mode's 0.5 s turns) and none was drawn
        heartbeats(journal, 3, first)
        held_at = len(draws(journal))
        heartbeats(journal, 2, first)
        assert len(draws(journal)) == held_at
    finally:
        first.kill()
    assert not verdicts_path(journal).exists()  # nobody answered them

    again = Show(argv, repo_root)  # the restart: the real process again
    try:
        seconds = again.wait_line("未確認", 60)
        assert any("2件" in line for _, line in again.lines)  # both claims, said to the host
        heartbeats(journal, 2, again)  # 2 s of its auto mode's turns: it waits for them too
        assert len(draws(journal)) == held_at
        assert not verdicts_path(journal).exists()  # the phone still waits for a real verdict
    finally:
        again.kill()
    print(f"restart to claims listed: {seconds:.2f} s")

    # the host's side after a restart, in this process: the list, and V oldest first
    from test_web_show import FAKE_ENGINE, fake_engine  # noqa: F401

    from bingo.ui.command import _attach_claims
    from bingo.ui.display import DisplayWindow
    from bingo.ui.weblink import ShowLink

    session = DrawSession.open(config, journal, seed=SEED)
    window = DisplayWindow(
        session, config, registry=registry, probability_module=FAKE_ENGINE, odds_mode="thread"
    )
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.controller.confirm = lambda title, text: True  # the host answers yes (issue 41: V asks)
    from bingo.ui.operator import OperatorWindow

    operator = OperatorWindow(window)
    qtbot.addWidget(operator)
    window.operator = operator
    window.show_link = ShowLink(window.controller, window.warn, parent=window)
    _attach_claims(window, operator)
    desk = window.claim_desk
    assert [c["claim"] for c in desk.pending()] == ["p-first", "p-second"]
    listed = [operator.claims_list.item(i).text() for i in range(operator.claims_list.count())]
    assert listed[0].startswith("1. ") and "カード 2" in listed[0]  # in the operator list
    assert listed[1].startswith("2. ") and "カード 1" in listed[1]
    assert window.controls.buttons["claims"].text() == window.strings("btn_claims_n", n=2)
    qtbot.keyClick(window, Qt.Key.Key_V)
    assert window.card_view.result.card.serial == 2
    qtbot.keyClick(window.card_view, Qt.Key.Key_Escape)
    qtbot.keyClick(window, Qt.Key.Key_V)
    verdicts = [json.loads(x) for x in verdicts_path(journal).read_text().splitlines()]
    assert [(v["claim"], v["verdict"]) for v in verdicts] == [
        ("p-first", "not_bingo"),
        ("p-second", "bingo" if held_at >= bingo_at else "not_bingo"),
    ]
    assert desk.pending() == []
    window.show_link.stop()
    window.close()
    session.close()
