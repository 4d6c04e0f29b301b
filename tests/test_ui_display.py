"""The draw display driven through its real widgets (offscreen), as the host would use it."""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import subprocess
import sys
import threading
import time
import types
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt

from bingo.config import load_config
from bingo.session import DrawSession
from bingo.ui.display import DisplayWindow
from cards.check import load_registry_for
from cards.model import BingoCard
from cards.registry import write_registry

FAKE_ENGINE = "test_ui_fake_probability"


@pytest.fixture
def config(repo_root):
    base = load_config(repo_root / "config.toml")
    return dataclasses.replace(
        base, display=dataclasses.replace(base.display, spin_seconds=0.2, sound=False)
    )


class Answers:
    """An injectable confirmation: answers in order, records the questions."""

    def __init__(self, *answers: bool) -> None:
        self.answers = list(answers)
        self.asked: list[tuple[str, str]] = []

    def __call__(self, title: str, text: str) -> bool:
        self.asked.append((title, text))
        return self.answers.pop(0)


@pytest.fixture
def fake_engine():
    """A stand-in probability engine that records which thread it ran on."""
    module = types.ModuleType(FAKE_ENGINE)
    module.threads = set()

    def warm_up():
        module.threads.add(threading.get_ident())
        time.sleep(0.05)

    def next_draw_stats(per_column, size, per_col, threshold=4, free_center=False, cards=1):
        module.threads.add(threading.get_ident())
        drawn = sum(per_column)
        p_now = drawn / (size * per_col)
        col = types.SimpleNamespace(
            column=0,
            p_column=0.25,
            p_bingo_after=p_now,
            p_new_bingo_card=0.01,
            expected_new_bingos=cards * 0.01,
            p_any_new_bingo=0.5,
        )
        return types.SimpleNamespace(
            p_bingo_now=p_now,
            p_bingo_next=p_now + 0.01,
            p_new_bingo_card=0.01,
            expected_new_bingos=cards * 0.01,
            p_any_new_bingo=0.5,
            by_column=(col,) * size,
            cards=cards,
            remaining=size * per_col - drawn,
        )

    def first_bingo_curve(cards, size, per_col, threshold=4, free_center=False, **kw):
        module.threads.add(threading.get_ident())
        draws = np.arange(size * per_col + 1)
        return types.SimpleNamespace(
            draws=draws,
            p_any=np.clip(draws / 20, 0, 1),
            exact=True,
            max_error=0.0,
            cards=cards,
            expected_first_bingo=12.5,
        )

    module.warm_up = warm_up
    module.next_draw_stats = next_draw_stats
    module.first_bingo_curve = first_bingo_curve
    sys.modules[FAKE_ENGINE] = module
    yield module
    del sys.modules[FAKE_ENGINE]


def open_window(qtbot, session, config, size=(1280, 720), **kwargs) -> DisplayWindow:
    kwargs.setdefault(
        "probability_module", FAKE_ENGINE if FAKE_ENGINE in sys.modules else "bingo.probability"
    )
    kwargs.setdefault("odds_mode", "thread")  # the process worker has its own test
    window = DisplayWindow(session, config, **kwargs)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    window.start_background_work()
    return window


def press(qtbot, window, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(window, key, modifier)


def draw_and_wait(qtbot, window) -> int:
    press(qtbot, window, Qt.Key.Key_Space)
    assert window.controller.spinning
    qtbot.waitUntil(lambda: not window.controller.spinning, timeout=30000)
    return window.controller.revealed[-1]


def test_every_number_drawn_exactly_once_by_key_presses(qtbot, config, tmp_path):
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=11)
    window = open_window(qtbot, session, config)
    total = config.board.total_numbers
    seen = []
    for i in range(total):
        if i % 8 == 0:
            seen.append(draw_and_wait(qtbot, window))  # a full spin now and then
        else:
            press(qtbot, window, Qt.Key.Key_Space)  # draw ...
            assert window.controller.spinning
            assert window.controller.revealed == session.history[:-1]  # not shown yet
            press(qtbot, window, Qt.Key.Key_Return)  # ... and land at once
            assert not window.controller.spinning
            seen.append(window.controller.revealed[-1])
        assert window.reel.shown_number == seen[-1]
        assert window.board.last == seen[-1]
    assert sorted(seen) == list(range(1, total + 1))
    assert seen == session.history == window.board.drawn
    press(qtbot, window, Qt.Key.Key_Space)  # nothing left: a message, no new draw
    assert not window.controller.spinning
    assert len(session.history) == total
    assert str(total) in window.notice_text


def test_draw_is_journaled_before_the_spin_reveals_it(qtbot, config, tmp_path):
    path = tmp_path / "j.jsonl"
    session = DrawSession.open(config, path, seed=5)
    window = open_window(qtbot, session, config)
    press(qtbot, window, Qt.Key.Key_Space)
    assert window.controller.spinning and window.board.drawn == []
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert records[-1]["type"] == "draw" and records[-1]["number"] == session.history[0]
    qtbot.waitUntil(lambda: window.board.drawn == session.history, timeout=30000)


def test_undo_asks_first_and_can_be_refused(qtbot, config, tmp_path):
    path = tmp_path / "j.jsonl"
    session = DrawSession.open(config, path, seed=3)
    answers = Answers(False, True, True)
    window = open_window(qtbot, session, config, confirm=answers)
    drawn = [draw_and_wait(qtbot, window) for _ in range(3)]
    press(qtbot, window, Qt.Key.Key_Backspace)
    assert len(answers.asked) == 1 and str(drawn[-1]) in answers.asked[0][1]
    assert session.history == drawn  # refused: nothing changed
    press(qtbot, window, Qt.Key.Key_Backspace)
    assert session.history == drawn[:2] == window.board.drawn
    assert window.reel.shown_number == drawn[1]
    press(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert session.history == drawn[:1] == window.board.drawn
    session.close()
    assert DrawSession.open(config, path).history == drawn[:1]  # the undo is journaled


def test_undo_during_a_spin_lands_first_then_takes_it_back(qtbot, config, tmp_path):
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=3)
    window = open_window(qtbot, session, config, confirm=Answers(True))
    first = draw_and_wait(qtbot, window)
    press(qtbot, window, Qt.Key.Key_Space)
    press(qtbot, window, Qt.Key.Key_Backspace)
    assert not window.controller.spinning
    assert session.history == [first] == window.board.drawn


def test_new_game_asks_first(qtbot, config, tmp_path):
    path = tmp_path / "j.jsonl"
    session = DrawSession.open(config, path, seed=3)
    window = open_window(qtbot, session, config, confirm=Answers(False, True))
    draw_and_wait(qtbot, window)
    press(qtbot, window, Qt.Key.Key_R)
    assert len(session.history) == 1
    press(qtbot, window, Qt.Key.Key_R)
    assert session.history == [] == window.board.drawn
    assert window.reel.shown_number is None
    assert len(list(tmp_path.glob("j-*.jsonl"))) == 1  # the old journal is kept aside


def registry_for(history: list[int], config, path: Path) -> dict:
    """Three cards built around the drawn numbers: a bingo, a reach and a not-yet."""
    board = config.board
    size = board.size
    drawn_by_col = [[n for n in history if board.column_of(n) == c] for c in range(size)]
    free_by_col = [[n for n in board.numbers_of_column(c) if n not in history] for c in range(size)]

    def card(serial: int, top_row_drawn: int) -> BingoCard:
        rows = []
        for r in range(size):
            row = []
            for c in range(size):
                if r == 0 and c < top_row_drawn:
                    row.append(drawn_by_col[c][0])
                else:
                    row.append(free_by_col[c][r])
            rows.append(tuple(row))
        return BingoCard(serial, tuple(rows))

    write_registry(path, [card(101, size), card(102, size - 1), card(103, 1)])
    return load_registry_for(config, path)


def test_card_check_with_a_registry(qtbot, config, tmp_path, output_dir):
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=21)
    board = config.board
    while min(sum(board.column_of(n) == c for n in session.history) for c in range(board.size)) < 1:
        session.draw()
    registry = registry_for(session.history, config, tmp_path / "cards.csv")
    session.close()
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=21)
    window = open_window(qtbot, session, config, size=(1920, 1080), registry=registry)
    view = window.card_view

    press(qtbot, window, Qt.Key.Key_C)
    assert view.isVisible()
    qtbot.keyClicks(view.input, "101")
    qtbot.keyClick(view.input, Qt.Key.Key_Return)
    assert view.result.verdict == "bingo"
    assert view.result.winning_cells == frozenset((0, c) for c in range(board.size))
    view.grab().save(str(output_dir / "draw_1920x1080_card_check_bingo.png"))

    view.input.clear()
    qtbot.keyClicks(view.input, "102")
    qtbot.keyClick(view.input, Qt.Key.Key_Return)
    assert view.result.verdict == "reach"
    rows = registry[102].rows  # the group of 3 in row 0 grows to 4 through any neighbour
    expected = {rows[0][board.size - 1], *(rows[1][c] for c in range(board.size - 1))}
    assert set(view.result.reach_numbers) == expected
    window.grab().save(str(output_dir / "draw_1920x1080_card_check_reach.png"))

    view.input.clear()
    qtbot.keyClicks(view.input, "103")
    qtbot.keyClick(view.input, Qt.Key.Key_Return)
    assert view.result.verdict == "not_yet"

    view.input.clear()
    qtbot.keyClicks(view.input, "999")
    qtbot.keyClick(view.input, Qt.Key.Key_Return)
    assert view.result is None and "999" in view.message
    window.grab().save(str(output_dir / "draw_1920x1080_card_check_unknown.png"))

    qtbot.keyClick(view.input, Qt.Key.Key_Escape)
    assert not view.isVisible()
    # The odds panel counts the real cards: one bingo, one reach.
    qtbot.waitUntil(
        lambda: (
            window.odds_panel.result is not None and window.odds_panel.result.registry is not None
        ),
        timeout=5000,
    )
    reg = window.odds_panel.result.registry
    assert (reg.cards, reg.bingo, reg.reach) == (3, 1, 1)
    window.grab().save(str(output_dir / "draw_1920x1080_with_registry.png"))


def test_card_check_without_registry_says_so(qtbot, config, tmp_path):
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=2)
    window = open_window(qtbot, session, config)
    press(qtbot, window, Qt.Key.Key_C)
    qtbot.keyClicks(window.card_view.input, "5")
    qtbot.keyClick(window.card_view.input, Qt.Key.Key_Return)
    assert window.card_view.result is None
    assert "--registry" in window.card_view.message


KILLED_CONFIG = """
[event]
title = "kill test"
[board]
image_dir = "{img}"
[display]
spin_seconds = 0.2
sound = false
"""


@pytest.mark.slow
@pytest.mark.process
def test_resume_after_kill_9(qtbot, config, tmp_path, repo_root):
    """The real `bingo draw` in auto mode is killed mid-show; the next start resumes."""
    config_path = tmp_path / "config.toml"
    config_path.write_text(KILLED_CONFIG.format(img=(repo_root / "img").as_posix()))
    journal = tmp_path / "show.jsonl"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
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
            "--auto",
            "0.5",
            "--windowed",
            "--seed",
            "7",
        ],
        cwd=repo_root,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        # the journal's 3rd draw, polled with a generous deadline (a busy machine starts the
        # show slowly); the kill may come at any moment after it
        deadline = time.monotonic() + 120
        draws: list[int] = []
        while time.monotonic() < deadline and len(draws) < 3:
            time.sleep(0.1)
            assert process.poll() is None, process.stderr.read().decode()
            if journal.exists():
                lines = journal.read_text(encoding="utf-8").splitlines()
                draws = [json.loads(x)["number"] for x in lines if '"type":"draw"' in x]
        assert len(draws) >= 3
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    lines = journal.read_text(encoding="utf-8").splitlines()
    draws = [json.loads(x)["number"] for x in lines if json.loads(x)["type"] == "draw"]
    killed_config = load_config(config_path)
    killed_config = dataclasses.replace(killed_config, event=config.event)
    session = DrawSession.open(killed_config, journal)
    window = open_window(qtbot, session, killed_config)
    # Killed mid-spin, the last number spins and lands first (tests/test_projector_resume_spin.py).
    qtbot.waitUntil(lambda: not window.controller.spinning, timeout=10000)
    assert session.resumed
    assert window.board.drawn == draws == window.controller.revealed
    assert window.reel.shown_number == draws[-1]
    assert str(len(draws)) in window.banner_text and "復元" in window.banner_text
    nxt = draw_and_wait(qtbot, window)
    assert nxt not in draws


def test_torn_last_line_is_reported_and_draws_kept(qtbot, config, tmp_path, output_dir):
    path = tmp_path / "j.jsonl"
    session = DrawSession.open(config, path, seed=4)
    drawn = [session.draw() for _ in range(5)]
    session.close()
    with path.open("ab") as f:
        f.write(b'{"type":"draw","seq":6,"num')  # power cut in the middle of a write
    session = DrawSession.open(config, path)
    window = open_window(qtbot, session, config)
    assert window.board.drawn == drawn
    assert "壊れた" in window.banner_text
    assert [w.code for w in session.warnings] == ["torn_line"]

    assert window.strings.coded(session.warnings[0], "warn_") in window.warnings  # for the host
    window.grab().save(str(output_dir / "draw_1280x720_resumed_after_torn_line.png"))
    assert draw_and_wait(qtbot, window) not in drawn


def test_bad_config_is_a_clear_message(tmp_path, capsys, repo_root):
    from bingo.cli import main

    bad = tmp_path / "config.toml"
    img = (repo_root / "img").as_posix()
    bad.write_text(f'[board]\nimage_dir = "{img}"\n[display]\nspin_seconds = "fast"\n')
    assert main(["draw", "--config", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "display.spin_seconds" in err and "Traceback" not in err


def test_journal_for_another_board_is_refused(tmp_path, capsys, config, repo_root, monkeypatch):
    from bingo.cli import main

    path = tmp_path / "j.jsonl"
    session = DrawSession.open(config, path, seed=1)
    session.draw()
    session.close()
    small = tmp_path / "config.toml"
    small.write_text(
        f'[board]\nsize = 3\nimage_dir = "{(repo_root / "img").as_posix()}"\n'
        '[columns]\nnames = ["P", "L", "B"]\n'
    )
    asked = []
    monkeypatch.setattr(
        "bingo.ui.command.recovery_dialog", lambda *a, **k: asked.append(a) or False
    )
    assert main(["draw", "--config", str(small), "--journal", str(path)]) == 1
    size = config.board.size  # the board the journal needs is named, in Japanese
    assert f"{size}×{size}" in asked[0][0] and f"board.size = {size}" in asked[0][0]
    assert "--new" not in asked[0][0]  # the host chose "quit"
    assert path.exists() and "Traceback" not in capsys.readouterr().err


def test_bad_auto_option(tmp_path, capsys, repo_root):
    from bingo.cli import main

    assert main(["draw", "--config", str(repo_root / "config.toml"), "--auto", "0"]) == 1
    assert "--auto" in capsys.readouterr().err


def test_verify_journal_command(tmp_path, capsys, config):
    from bingo.cli import main

    path = tmp_path / "j.jsonl"
    session = DrawSession.open(config, path, seed=1)
    for _ in range(4):
        session.draw()
    session.close()
    assert main(["draw", "--verify-journal", str(path)]) == 0
    assert "は無傷です" in capsys.readouterr().out  # ja: ./config.toml or the built-in one
    lines = path.read_text().splitlines()
    record = json.loads(lines[2])
    record["number"] = 40 if record["number"] != 40 else 39
    lines[2] = json.dumps(record, separators=(",", ":"))
    path.write_text("\n".join(lines) + "\n")
    assert main(["draw", "--verify-journal", str(path)]) == 1
    assert "の 3 行目" in capsys.readouterr().err


def test_odds_are_computed_off_the_ui_thread(qtbot, config, tmp_path, fake_engine):
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=8)
    window = open_window(qtbot, session, config)
    qtbot.waitUntil(lambda: window.odds_panel.curve is not None, timeout=30000)
    assert window.odds_panel.figures() == ["0%", "50.0%", "1.00"]
    assert window.odds_panel.curve_span() == 25  # the fake curve is flat at 100% from draw 20
    assert threading.get_ident() not in fake_engine.threads
    for _ in range(4):
        draw_and_wait(qtbot, window)
    # The post-landing odds were prefetched during the spin: on screen right after landing.
    qtbot.waitUntil(
        lambda: (
            window.odds_panel.result is not None
            and window.odds_panel.result.drawn == frozenset(session.history)
        ),
        timeout=5000,
    )
    assert frozenset(session.history) in window.odds.cache
    assert window.odds_panel.figures()[0] == "10.0%"
    assert window.odds_panel.draw_count == 4


def test_missing_engine_shows_a_dash(qtbot, config, tmp_path):
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=8)
    window = open_window(qtbot, session, config, probability_module="no_such_engine_module")
    qtbot.waitUntil(lambda: window.odds.state == "unavailable", timeout=30000)
    assert window.odds_panel.figures() == ["—", "—", "—"]
    assert any("no_such_engine_module" in w for w in window.warnings)
    assert draw_and_wait(qtbot, window) in range(1, 41)


@pytest.fixture
def brisk_auto(monkeypatch):
    """Auto mode at its quickest pace, a landed number shown 0.05 s instead of the show's 1 s
    (bingo.ui.controller.MIN_SHOWN_SECONDS): the tests below are about auto mode going on and
    stopping, not its pace (test_caller_speed's), and sat out a second a ball."""
    import bingo.ui.controller as controller

    monkeypatch.setattr(controller, "MIN_SHOWN_SECONDS", 0.05)


def test_auto_mode_draws_by_itself_and_a_toggles_it(qtbot, config, tmp_path, brisk_auto):
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=8)
    window = open_window(qtbot, session, config, auto_seconds=0.1)
    assert window.controller.auto
    qtbot.waitUntil(lambda: len(window.controller.revealed) >= 3, timeout=10000)
    press(qtbot, window, Qt.Key.Key_A)
    assert not window.controller.auto
    window.controller.land_now()
    count = len(session.history)
    qtbot.wait(600)
    assert len(session.history) == count


def test_auto_mode_goes_on_after_a_refused_question(qtbot, config, tmp_path, brisk_auto):
    """Undo asked and refused mid-auto: nothing is taken back and the draws go on by themselves."""
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=8)
    questions = []
    window = open_window(
        qtbot,
        session,
        config,
        auto_seconds=0.1,
        confirm=lambda title, text: questions.append(title) is not None,  # always "no"
    )
    qtbot.waitUntil(lambda: len(window.controller.revealed) >= 2, timeout=10000)
    assert not window.controller.undo()
    assert len(questions) == 1 and window.controller.auto
    asked_at = list(session.history)
    assert window.controller.revealed == asked_at  # landed before asking, nothing taken back
    qtbot.waitUntil(lambda: len(window.controller.revealed) >= len(asked_at) + 2, timeout=10000)
    assert session.history[: len(asked_at)] == asked_at


def test_help_overlay_and_full_screen_keys(qtbot, config, tmp_path):
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=8)
    window = open_window(qtbot, session, config)
    press(qtbot, window, Qt.Key.Key_H)
    assert window.help.isVisible()
    qtbot.keyClick(window.help, Qt.Key.Key_Space)  # any key closes, and does not draw
    assert not window.help.isVisible() and session.history == []
    press(qtbot, window, Qt.Key.Key_F11)
    assert window.isFullScreen()
    press(qtbot, window, Qt.Key.Key_Escape)
    assert not window.isFullScreen()
    window.controls.buttons["draw"].click()
    assert window.controller.spinning


def test_english_text(qtbot, config, tmp_path):
    config = dataclasses.replace(config, event=dataclasses.replace(config.event, language="en"))
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=8)
    window = open_window(qtbot, session, config)
    assert window.controls.buttons["draw"].text() == "Draw"
    assert window.strings("verdict_bingo") == "BINGO!"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_screens_before_during_and_after_a_spin(
    qtbot, config, tmp_path, output_dir, size, fake_engine
):
    # a spin far longer than the test: only the second press lands it, however loaded the machine
    config = dataclasses.replace(
        config, display=dataclasses.replace(config.display, spin_seconds=60.0)
    )
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=1)
    tag = f"{size[0]}x{size[1]}"
    window = open_window(qtbot, session, config, size=size)
    qtbot.waitUntil(lambda: window.odds_panel.curve is not None, timeout=30000)
    window.grab().save(str(output_dir / f"draw_{tag}_0_before.png"))
    for _ in range(9):
        press(qtbot, window, Qt.Key.Key_Space)
        press(qtbot, window, Qt.Key.Key_Space)
    press(qtbot, window, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: window.reel.animation.currentTime() >= 250, timeout=30000)
    assert window.controller.spinning
    image = window.grab()
    assert image.width() == size[0]
    image.save(str(output_dir / f"draw_{tag}_1_during.png"))
    press(qtbot, window, Qt.Key.Key_Space)  # land it
    qtbot.waitUntil(lambda: not window.controller.spinning, timeout=30000)
    qtbot.wait(100)
    window.grab().save(str(output_dir / f"draw_{tag}_2_after.png"))
    # A card holding the drawn numbers of each column first (so some cells are marked).
    board = config.board
    columns = []
    for c in range(board.size):
        numbers = list(board.numbers_of_column(c))
        numbers.sort(key=lambda n: n not in session.history)
        columns.append(numbers[: board.size])
    card = BingoCard(
        7, tuple(tuple(columns[c][r] for c in range(board.size)) for r in range(board.size))
    )
    write_registry(tmp_path / "cards.csv", [card])
    window.card_view.registry = load_registry_for(config, tmp_path / "cards.csv")
    press(qtbot, window, Qt.Key.Key_C)
    qtbot.keyClicks(window.card_view.input, "7")
    qtbot.keyClick(window.card_view.input, Qt.Key.Key_Return)
    assert window.card_view.result is not None
    window.grab().save(str(output_dir / f"draw_{tag}_3_card_check_open.png"))
    press(qtbot, window.card_view, Qt.Key.Key_Escape)
    press(qtbot, window, Qt.Key.Key_H)
    window.grab().save(str(output_dir / f"draw_{tag}_4_help.png"))


def test_real_engine_in_a_worker_process(qtbot, config, tmp_path):
    """The default set-up: the real engine in a separate process, same numbers as a direct call."""
    from bingo import probability

    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=8)
    window = open_window(
        qtbot, session, config, probability_module="bingo.probability", odds_mode="process"
    )
    assert window.odds.mode == "process"
    qtbot.waitUntil(lambda: window.odds.state == "ready", timeout=60000)
    for _ in range(3):
        press(qtbot, window, Qt.Key.Key_Space)
        press(qtbot, window, Qt.Key.Key_Space)
    qtbot.waitUntil(
        lambda: (
            window.odds_panel.result is not None
            and window.odds_panel.result.drawn == frozenset(session.history)
        ),
        timeout=60000,
    )
    board = config.board
    expected = probability.next_draw_stats(
        session.drawn_per_column(),
        board.size,
        board.numbers_per_column,
        board.threshold,
        board.free_center,
        cards=config.event.cards_in_play,
    )
    shown = window.odds_panel.result.stats
    assert shown.p_bingo_now == pytest.approx(expected.p_bingo_now)
    assert shown.p_any_new_bingo == pytest.approx(expected.p_any_new_bingo)
    window.close()
    assert window.odds._pool is None  # the worker process was stopped


def test_journal_write_failure_draws_nothing_and_says_so(qtbot, config, tmp_path, monkeypatch):
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=8)
    window = open_window(qtbot, session, config)

    def disk_full():
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(session, "draw", disk_full)
    press(qtbot, window, Qt.Key.Key_Space)
    assert not window.controller.spinning and window.board.drawn == []
    assert "No space left" in window.notice_text


def test_default_confirmation_is_a_show_styled_question_in_the_show_language(
    qtbot, config, tmp_path
):
    from PySide6.QtCore import QTimer

    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=8)
    window = open_window(qtbot, session, config)  # no confirm injected: the real question
    first = draw_and_wait(qtbot, window)
    overlay = window.confirm_overlay
    seen = []

    def answer(button) -> None:
        seen.append((overlay.isVisible(), overlay.yes_button.text(), overlay.no_button.text()))
        button.click()

    QTimer.singleShot(50, lambda: answer(overlay.no_button))
    press(qtbot, window, Qt.Key.Key_Backspace)
    assert session.history == [first]
    QTimer.singleShot(50, lambda: answer(overlay.yes_button))
    press(qtbot, window, Qt.Key.Key_Backspace)
    assert session.history == [] == window.board.drawn
    assert seen == [(True, "はい", "いいえ"), (True, "はい", "いいえ")]
    assert not overlay.isVisible()


SLOW_ENGINE = """
import multiprocessing
import time
import types


def warm_up():
    if multiprocessing.parent_process() is not None:
        time.sleep(60)  # a worker process that never answers


def next_draw_stats(per_column, size, per_col, threshold=4, free_center=False, cards=1):
    return types.SimpleNamespace(p_bingo_now=0.5, p_any_new_bingo=0.25, expected_new_bingos=2.0)


def first_bingo_curve(*args, **kwargs):
    return None
"""


def test_silent_worker_process_falls_back_to_a_thread(qtbot, config, tmp_path, monkeypatch):
    from bingo.ui import odds

    (tmp_path / "slow_engine_for_test.py").write_text(SLOW_ENGINE)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(odds, "WORKER_TIMEOUT_S", 1.5)
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=8)
    window = open_window(
        qtbot, session, config, probability_module="slow_engine_for_test", odds_mode="process"
    )
    qtbot.waitUntil(lambda: window.odds.state == "ready", timeout=20000)
    assert window.odds.mode == "thread"
    assert any("did not answer" in w for w in window.warnings)
    qtbot.waitUntil(lambda: window.odds_panel.figures()[0] == "50.0%", timeout=30000)


def test_closing_after_the_worker_was_killed_does_not_hang(qtbot, config, tmp_path):
    """A SIGTERM to the whole process group kills the worker first; closing must still end."""
    import time

    from bingo.ui import odds

    service = odds.OddsService(config, module_name="bingo.probability", mode="process")
    service.start()
    worker = service._pool._process
    qtbot.waitUntil(lambda: worker.pid is not None and worker.is_alive(), timeout=10000)
    worker.kill()
    worker.join(5)
    started = time.monotonic()
    service.shutdown()
    assert time.monotonic() - started < 5
    assert service._pool is None and not worker.is_alive()
