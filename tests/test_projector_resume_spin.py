"""Issue 22 item 10: after a crash mid-spin the interrupted number appeared at once, without a
spin and without its bingo announcement. The room never saw it, so on restart it spins and lands
as any draw does. How the show knows: the journal holds the draw, while `<journal>.shown` (what
the room saw, bingo/showlink.py) names one number less."""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import subprocess
import sys

import pytest
from projector_support import FAKE_ENGINE, install_fake_engine, save_shot

from bingo.config import load_config
from bingo.session import DrawSession
from bingo.showlink import ShownWriter, shown_path
from bingo.ui.display import DisplayWindow
from bingo.ui.weblink import ShowLink
from cards.generate import generate_cards

# threshold 1: the first ball already gives every card holding it a bingo to announce
CONFIG = """
[event]
title = "mid-spin kill"
cards_in_play = 30
[board]
image_dir = "{img}"
threshold = 1
[display]
spin_seconds = 8.0
sound = false
"""


@pytest.fixture(autouse=True)
def fake_engine():
    yield install_fake_engine()
    sys.modules.pop(FAKE_ENGINE, None)


def shown_lines(journal) -> list[dict]:
    path = shown_path(journal)
    if not path.exists():
        return []
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def draws_in(journal) -> list[int]:
    if not journal.exists():
        return []
    records = [json.loads(x) for x in journal.read_text(encoding="utf-8").splitlines() if x]
    return [r["number"] for r in records if r.get("type") == "draw"]


# `bingo draw`, whose controller, once a draw is journaled and its spin starts, says
# "spinning N" on stdout and blocks its event loop reading stdin: killed there, it is
# provably mid-spin (the reel cannot land while the loop waits), whatever the machine's load
HELD_SHOW = """
import sys
from bingo.ui import controller

made = controller.DrawController.__init__

def init(self, *args, **kwargs):
    made(self, *args, **kwargs)

    def held(number, index):
        print(f"spinning {number}", flush=True)
        sys.stdin.readline()

    self.spin_started.connect(held)

controller.DrawController.__init__ = init
from bingo.cli import main
raise SystemExit(main())
"""


def kill_mid_spin(repo_root, tmp_path):
    """A real `bingo draw` draws its first number and is killed with SIGKILL while it spins."""
    config_path = tmp_path / "config.toml"
    config_path.write_text(CONFIG.format(img=(repo_root / "img").as_posix()), encoding="utf-8")
    journal = tmp_path / "show.jsonl"
    argv = [sys.executable, "-c", HELD_SHOW, "draw", "--config", str(config_path)]
    argv += ["--journal", str(journal), "--auto", "0.5", "--windowed", "--seed", "7"]
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    process = subprocess.Popen(
        argv,
        cwd=repo_root,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        said = process.stdout.readline()  # the step it reports: its first draw spins
        if not said.startswith("spinning "):
            process.kill()
            pytest.fail(f"the show did not spin: {said!r} {process.communicate()[1]}")
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
        process.stdin.close()
        process.stdout.close()
        process.stderr.close()  # (its voice worker may still say something: nobody listens)
    return config_path, journal


@pytest.mark.slow
@pytest.mark.process
def test_a_spin_cut_by_sigkill_spins_and_lands_with_its_announcement(
    qtbot, repo_root, tmp_path, output_dir
):
    config_path, journal = kill_mid_spin(repo_root, tmp_path)
    drawn = draws_in(journal)
    assert len(drawn) == 1, "the kill came during the first spin (8 s long)"
    assert shown_lines(journal)[-1]["count"] == 0  # the room saw nothing of it
    number = drawn[0]

    config = load_config(config_path)
    config = dataclasses.replace(
        config, display=dataclasses.replace(config.display, spin_seconds=0.4)
    )
    cards = generate_cards(config.board, 30, seed=4)
    holders = [c.serial for c in cards if any(number in row for row in c.rows)]
    assert holders, "some card holds the interrupted number"
    session = DrawSession.open(config, journal, seed=7)
    assert session.resumed and session.history == [number]
    window = DisplayWindow(
        session,
        config,
        registry={c.serial: c for c in cards},
        probability_module=FAKE_ENGINE,
        odds_mode="thread",
    )
    qtbot.addWidget(window)
    link = ShowLink(window.controller, window.warn, parent=window)
    # Until it lands, nobody sees it: not the board, not the reel, not the phones.
    assert window.interrupted == number
    assert window.controller.revealed == [] and window.board.drawn == []
    assert window.reel.shown_number is None
    assert shown_lines(journal)[-1]["count"] == 0
    window.resize(1024, 768)
    window.show()
    qtbot.waitExposed(window)
    alerts = []
    window.bingo_alert.connect(lambda serials, ball: alerts.append((tuple(serials), ball)))
    window.start_background_work()
    qtbot.waitUntil(lambda: window.reel.spinning, timeout=5000)
    assert window.board.drawn == []
    with qtbot.waitSignal(window.reel.landed, timeout=5000) as landed:
        pass
    assert landed.args == [number]
    assert window.board.drawn == [number] and window.reel.shown_number == number
    assert shown_lines(journal)[-1]["count"] == 1  # now the phones may show it
    qtbot.waitUntil(lambda: window.flash.isVisible(), timeout=20000)
    assert window.flash.text == window.strings("bingo_flash", n=len(holders))
    assert alerts == [(tuple(sorted(holders)), 1)]
    save_shot(window, output_dir, "projector_resumed_spin_landed.png")
    link.stop()


def test_a_number_the_room_saw_is_not_spun_again(qtbot, tmp_path):
    from projector_support import board_config

    config = board_config(4, 10)
    journal = tmp_path / "j.jsonl"
    session = DrawSession.open(config, journal, seed=3)
    first, second = session.draw(), session.draw()
    ShownWriter(journal).write([first, second])  # the second had landed before the crash
    session.close()
    session = DrawSession.open(config, journal, seed=3)
    window = DisplayWindow(session, config, probability_module=FAKE_ENGINE, odds_mode="thread")
    qtbot.addWidget(window)
    assert window.interrupted is None and not window.controller.spinning
    assert window.board.drawn == [first, second] and window.reel.shown_number == second
    session.close()


def test_without_a_shown_file_the_resume_shows_every_number(qtbot, tmp_path):
    from projector_support import board_config

    config = board_config(4, 10)
    journal = tmp_path / "j.jsonl"
    session = DrawSession.open(config, journal, seed=3)
    drawn = [session.draw() for _ in range(3)]
    session.close()
    session = DrawSession.open(config, journal, seed=3)
    window = DisplayWindow(session, config, probability_module=FAKE_ENGINE, odds_mode="thread")
    qtbot.addWidget(window)
    assert window.interrupted is None and window.board.drawn == drawn
    session.close()
