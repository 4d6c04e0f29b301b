"""The winners' board (W): confirmed winners in order with their place, prize, card and the ball
of their bingo; `[event] prizes` checked by config.py and `bingo check-config`. Measured at
projector sizes: every text whole in its box and at least 2.5 % of the window's height."""

from __future__ import annotations

import dataclasses
import shutil
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt

from bingo.cli import main as bingo_main
from bingo.config import ConfigError, load_config
from bingo.session import DrawSession
from bingo.ui.listpanel import MIN_TEXT, box_fits
from eventkit.tomlconf import speaking

sys.path.insert(0, str(Path(__file__).parent))
from test_web_show import FAKE_ENGINE, fake_engine  # noqa: F401  (the stand-in odds)

ROOT = Path(__file__).resolve().parent.parent
PRIZES = '["1等 お米 5kg", "2等 図書カード 3000円", "3等 お菓子セット", "4等 ぷよぷよクッション"]'


def write_config(folder: Path, extra: str = "", language: str = "ja") -> Path:
    text = (ROOT / "config.toml").read_text(encoding="utf-8")
    text = text.replace('language = "ja"', f'language = "{language}"', 1)
    text = text.replace('seed = ""\n', f'seed = ""\n{extra}\n', 1)
    path = folder / "config.toml"
    path.write_text(text, encoding="utf-8")
    shutil.copytree(ROOT / "img", folder / "img", dirs_exist_ok=True)
    return path


def test_prizes_are_read_in_order(tmp_path):
    config = load_config(write_config(tmp_path, f"prizes = {PRIZES}"))
    assert config.event.prizes[0] == "1等 お米 5kg" and len(config.event.prizes) == 4
    assert load_config(write_config(tmp_path)).event.prizes == ()  # optional


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ('"1等 お米"', "must be a list of"),
        ('["1等", ""]', "place 2"),
        (f'["{"賞" * 41}"]', "1 to 40 characters"),
        ("[1, 2]", "must be a list of"),
    ],
)
def test_a_bad_prize_list_is_one_clear_message(tmp_path, capsys, value, words):
    path = write_config(tmp_path, f"prizes = {value}", language="en")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert "event.prizes" in str(caught.value) and words in str(caught.value)
    assert bingo_main(["check-config", "--config", str(path)]) != 0
    err = capsys.readouterr().err
    assert "event.prizes" in err and "Traceback" not in err


def test_check_config_names_the_prizes(tmp_path, capsys):
    path = write_config(tmp_path, f"prizes = {PRIZES}")
    bingo_main(["check-config", "--config", str(path)])
    assert "賞品: 4 位まで（1等 お米 5kg / 2等" in capsys.readouterr().out
    path = write_config(tmp_path, f"prizes = {PRIZES}", language="en")
    bingo_main(["check-config", "--config", str(path)])
    assert "prizes: 4 places (1等 お米 5kg / 2等" in capsys.readouterr().out


def open_show(qtbot, config, journal, size):
    from bingo.ui.display import DisplayWindow

    session = DrawSession.open(config, journal, seed=9)
    window = DisplayWindow(session, config, probability_module=FAKE_ENGINE, odds_mode="thread")
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    return session, window


def board_problems(board) -> list[str]:
    h = board.height()
    problems = []
    for box in board.text_boxes():
        pixels = box.font.pixelSize()
        if not box_fits(box):
            problems.append(f"cut: {box.text!r} in {box.rect}")
        if pixels < MIN_TEXT * h:
            problems.append(f"small: {box.text!r} {pixels}px < {MIN_TEXT * h:.1f}px")
        if not board.rect().toRectF().contains(box.rect):
            problems.append(f"outside: {box.text!r}")
    return problems


@pytest.mark.parametrize("size", [(1024, 768), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", ["ja", "en"])
def test_w_shows_the_winners_in_order_whole_and_readable(
    qtbot, tmp_path, output_dir, size, language
):
    base = load_config(write_config(tmp_path, f"prizes = {PRIZES}", language))
    config = dataclasses.replace(
        base, display=dataclasses.replace(base.display, spin_seconds=0.2, sound=False)
    )
    journal = tmp_path / "show.jsonl"
    first = DrawSession.open(config, journal, seed=9)
    for _ in range(20):
        first.draw()
    # confirmed in this order; the third was confirmed late (ball 20) for a bingo at ball 12
    first.record_winner(13, 9, bingo_ball=8, claim_ball=8)
    first.record_winner(1234, 14, bingo_ball=11, claim_ball=12)
    first.record_winner(7, 20, bingo_ball=12, claim_ball=12)
    first.close()
    session, window = open_show(qtbot, config, journal, size)
    qtbot.keyClick(window, Qt.Key.Key_W)
    board = window.winners_board
    assert board.isVisible() and board.geometry() == window.rect()
    assert window.controller.paused()  # auto mode waits while prizes are handed out
    texts = [box.text for box in board.text_boxes()]
    serials = [t for t in texts if t.startswith("No.")]
    assert serials == ["No.0013", "No.1234", "No.0007"]  # the order they were confirmed in
    balls = [t for t in texts if "12" in t and ("球目" in t or "ball" in t)]
    assert balls  # the ball of its bingo (12), not of its confirmation (20)
    assert not any("20" in t for t in texts if "球目" in t or "ball" in t)
    assert "1等 お米 5kg" in texts and "4等 ぷよぷよクッション" in texts
    assert texts.count(window.strings("board_open")) == 1  # the 4th prize is still to win
    assert board_problems(board) == []
    name = f"winners_board_{size[0]}x{size[1]}" + ("" if language == "ja" else "_en") + ".png"
    window.grab().save(str(output_dir / name))
    qtbot.keyClick(board, Qt.Key.Key_W)  # W again (any key) closes it
    assert not board.isVisible()
    window.winners_board.open()
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=QPoint(5, 5))  # a click too
    assert not board.isVisible()
    session.close()


def test_the_board_says_when_nobody_has_won_and_sums_up_a_long_list(qtbot, tmp_path):
    config = load_config(write_config(tmp_path))
    journal = tmp_path / "show.jsonl"
    first = DrawSession.open(config, journal, seed=9)
    for _ in range(30):
        first.draw()
    first.close()
    session, window = open_show(qtbot, config, journal, (1024, 768))
    window.controls.buttons["winners"].click()  # the control bar's button, for the mouse
    board = window.winners_board
    assert board.isVisible()
    assert [b.text for b in board.text_boxes()][1] == window.strings("winners_none")
    board.close_view()
    for serial in range(1, 31):  # a long evening: more winners than rows
        session.record_winner(serial, 30, bingo_ball=serial)
    board.open()
    texts = [b.text for b in board.text_boxes()]
    listed = [t for t in texts if t.startswith("No.")]
    assert listed[0] == "No.0001" and len(listed) < 30
    assert window.strings("board_more", n=30 - len(listed)) in texts
    assert board_problems(board) == []
    session.close()


LONG_PRIZES = [
    "1等 ぷよぷよ公式ぬいぐるみ特大サイズと色紙と缶バッジ十個セット",  # 32 characters
    "2等 ゲームセンターで使える千円分のプリペイドカードと記念の缶バッジ",
    "3等 お菓子",
    "4等 ぷよぷよクッション",
    "5等 図書カード 三千円分と大会の記念ステッカー全種類セットと缶バッジ",
]


@pytest.mark.parametrize("size", [(1024, 768), (1280, 720), (1920, 1080)])
def test_long_prizes_wrap_and_never_shrink_the_board(qtbot, tmp_path, output_dir, size):
    """Issue 35 item 2: prizes of 34-37 characters shrank every prize row to 8 px (1.0 %)."""
    prizes = "[" + ", ".join(f'"{p}"' for p in LONG_PRIZES) + "]"
    base = load_config(write_config(tmp_path, f"prizes = {prizes}"))
    config = dataclasses.replace(
        base, display=dataclasses.replace(base.display, spin_seconds=0.2, sound=False)
    )
    journal = tmp_path / "show.jsonl"
    first = DrawSession.open(config, journal, seed=9)
    for _ in range(20):
        first.draw()
    first.record_winner(13, 9, bingo_ball=8, claim_ball=8)
    first.close()
    session, window = open_show(qtbot, config, journal, size)
    window.winners_board.open()
    board = window.winners_board
    assert board_problems(board) == []  # nothing cut, nothing under 2.5 %
    boxes = board.text_boxes()
    shown = {b.text.replace("\n", ""): b for b in boxes}
    assert shown["3等 お菓子"].font.pixelSize() >= MIN_TEXT * size[1]
    for prize in LONG_PRIZES[:2]:
        box = next(b for b in boxes if b.text.replace("\n", "").rstrip("…") in prize)
        assert "\n" in box.text  # wrapped onto two lines, not shrunk onto one
        first_line = box.text.split("\n")[0]
        assert prize.startswith(first_line.rstrip())  # broken between phrases, in order
    if size == (1024, 768):
        window.grab().save(str(output_dir / "winners_board_long_prizes_1024x768.png"))
    session.close()


def test_check_config_measures_the_prizes_at_1024x768(tmp_path, capsys, monkeypatch):
    """A prize the board would end in … at 1024x768 is refused by check-config, measured."""
    from bingo.ui.winners import prize_problems

    assert prize_problems(["3等 お菓子", "4等 ぷよぷよクッション"]) == []
    long = LONG_PRIZES[0]
    assert len(long) <= 40  # allowed by the character limit, too wide for the board
    with speaking("en"):  # the English lines
        problems = prize_problems(LONG_PRIZES)
        assert problems and all("1024x768" in line for line in problems)
        assert problems[0].startswith("event.prizes: place 1 (")
        keep = int(problems[0].rsplit("about ", 1)[1].split()[0])
        shortened = prize_problems([long[:keep]] + LONG_PRIZES[1:])
        assert shortened[0].startswith("event.prizes: place 2")
    prizes = "[" + ", ".join(f'"{p}"' for p in LONG_PRIZES) + "]"
    path = write_config(tmp_path, f"prizes = {prizes}", language="en")
    assert bingo_main(["check-config", "--config", str(path)]) == 1
    err = capsys.readouterr().err
    assert "config error: event.prizes: place 1" in err and "shorten it to about" in err
    assert "Traceback" not in err
    path = write_config(tmp_path, f"prizes = {prizes}")  # Japanese, the default
    assert bingo_main(["check-config", "--config", str(path)]) == 1
    err = capsys.readouterr().err
    assert "設定エラー: event.prizes: 1 位（" in err and f"{keep} 文字くらいまで短く" in err
    path = write_config(tmp_path, f"prizes = {PRIZES}")
    assert bingo_main(["check-config", "--config", str(path)]) == 0
