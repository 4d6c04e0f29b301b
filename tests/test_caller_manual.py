"""Manual mode for a physical ball cage (ガラガラ): the host types the number that came out."""

from __future__ import annotations

import argparse
import dataclasses
import json

import pytest
from caller_support import open_show
from PySide6.QtCore import Qt

from bingo.config import load_config, parse_config
from bingo.journal import read_journal, verify_journal
from bingo.session import DrawSession, TypedNumberRefused
from bingo.ui import command
from bingo.ui.texts import texts


@pytest.fixture
def config(repo_root):
    base = load_config(repo_root / "config.toml")
    display = dataclasses.replace(base.display, spin_seconds=0.2, sound=False, voice=False)
    return dataclasses.replace(base, display=display)


def records(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


# ---------------------------------------------------------------- session and journal (no Qt)


def test_typed_numbers_are_journaled_as_typed(config, tmp_path):
    path = tmp_path / "cage.jsonl"
    session = DrawSession.open(config, path, manual=True)
    assert session.manual
    session.draw_typed(17)
    session.draw_typed(3)
    session.close()
    lines = records(path)
    assert lines[0]["draw"] == "manual"  # the start record says the game is by hand
    assert [(r["number"], r.get("typed")) for r in lines[1:]] == [(17, True), (3, True)]
    state = read_journal(path)
    assert state.history == [17, 3] and state.typed == {17, 3} and state.manual
    result = verify_journal(path)
    assert result.ok and "うち 2 個はガラガラから入力" in result.message  # ja, the default


def test_a_number_already_called_or_off_the_board_is_refused_and_nothing_recorded(config, tmp_path):
    path = tmp_path / "cage.jsonl"
    session = DrawSession.open(config, path, manual=True)
    session.draw_typed(5)
    before = path.read_bytes()
    for number, key in ((5, "manual_already"), (41, "manual_out_of_range"), (0, None)):
        with pytest.raises(TypedNumberRefused) as info:
            session.draw_typed(number)
        assert key is None or info.value.code == key
    assert path.read_bytes() == before and session.history == [5]
    strings = texts("ja")
    with pytest.raises(TypedNumberRefused) as info:
        session.draw_typed(5)
    assert strings(info.value.code, **info.value.params) == "5 はもう出ています（第1球）"
    with pytest.raises(TypedNumberRefused) as info:
        session.draw_typed(99)
    assert strings(info.value.code, **info.value.params) == "99 はありません（1〜40）"
    session.close()


def test_undo_takes_a_typed_number_back(config, tmp_path):
    path = tmp_path / "cage.jsonl"
    session = DrawSession.open(config, path, manual=True)
    session.draw_typed(8)
    session.draw_typed(9)
    assert session.undo() == 9 and session.typed == {8}
    session.close()
    state = read_journal(path)
    assert state.history == [8] and state.typed == {8}


def test_resume_keeps_manual_mode_without_the_flag(config, tmp_path):
    path = tmp_path / "cage.jsonl"
    session = DrawSession.open(config, path, manual=True)
    session.draw_typed(12)
    session.close()
    again = DrawSession.open(config, path)  # restarted as `bingo draw`, no --manual
    assert again.resumed and again.manual and again.history == [12]
    again.close()
    # a game started by hand keeps the mode even before its first number
    empty = tmp_path / "empty.jsonl"
    DrawSession.open(config, empty, manual=True).close()
    resumed = DrawSession.open(config, empty)
    assert resumed.manual
    resumed.new_game()  # a new game of the same show is by hand too
    assert resumed.manual and records(empty)[0]["draw"] == "manual"
    resumed.close()


def test_display_draw_manual_in_config_is_manual_mode(config, tmp_path):
    manual = parse_config({"display": {"draw": "manual"}}, check_images=False)
    assert manual.display.draw == "manual"
    cfg = dataclasses.replace(config, display=dataclasses.replace(config.display, draw="manual"))
    session = DrawSession.open(cfg, tmp_path / "c.jsonl")
    assert session.manual
    session.close()
    plain = DrawSession.open(config, tmp_path / "d.jsonl")
    assert not plain.manual
    plain.close()


def test_old_journals_without_the_fields_still_verify_and_resume_as_drawn(config, tmp_path):
    path = tmp_path / "old.jsonl"
    session = DrawSession.open(config, path, seed=4)
    session.draw()
    session.draw()
    session.close()
    assert all("typed" not in r and "draw" not in r for r in records(path))
    assert verify_journal(path).ok and "ガラガラ" not in verify_journal(path).message
    again = DrawSession.open(config, path, seed=4)
    assert not again.manual and again.typed == set()
    again.close()


def test_a_seeded_rehearsal_with_typed_numbers_resumes_on_its_seed(config, tmp_path):
    """Typed numbers never came from the generator: a resume replays around them."""
    unbroken = DrawSession.open(config, tmp_path / "a.jsonl", seed=21)
    first = unbroken.draw()
    typed = next(n for n in range(1, 41) if n != first)
    unbroken.draw_typed(typed)
    expected = [unbroken.draw(), unbroken.draw()]
    unbroken.close()

    path = tmp_path / "b.jsonl"
    session = DrawSession.open(config, path, seed=21)
    assert session.draw() == first
    session.draw_typed(typed)
    session.close()
    resumed = DrawSession.open(config, path, seed=21)
    assert resumed.warnings == []  # not "does not follow its seed"
    assert [resumed.draw(), resumed.draw()] == expected
    resumed.close()


def test_the_command_line_option(config, tmp_path):
    parser = argparse.ArgumentParser()
    command.add_arguments(parser)
    args = parser.parse_args(["--manual", "--journal", str(tmp_path / "j.jsonl")])
    session = command.open_session(config, args, texts("ja"))
    assert session.manual
    session.close()
    args = parser.parse_args(["--manual", "--auto", "5"])
    args.config = config.path
    with pytest.raises(command.DrawOptionError, match="--auto と --manual は一緒に使えません"):
        command._run_show(args)  # in the show's language (Japanese here)


# ---------------------------------------------------------------- the show (offscreen Qt)


class Answers:
    def __init__(self, *answers: bool) -> None:
        self.answers = list(answers)
        self.asked: list[tuple[str, str]] = []

    def __call__(self, title: str, text: str) -> bool:
        self.asked.append((title, text))
        return self.answers.pop(0)


def type_keys(qtbot, window, text: str) -> None:
    for char in text:
        qtbot.keyClicks(window, char)


@pytest.fixture
def show(qtbot, config, tmp_path):
    session = DrawSession.open(config, tmp_path / "show.jsonl", manual=True)
    answers = Answers()
    window = open_show(qtbot, session, config, size=(1024, 768), confirm=answers)
    window.answers = answers
    yield window
    window.close()
    session.close()


def land(qtbot, window) -> None:
    qtbot.waitUntil(lambda: not window.controller.spinning, timeout=5000)


def test_the_host_types_the_number_and_the_reel_lands_on_it(qtbot, show, output_dir):
    from bingo.showlink import LineFollower, shown_path
    from bingo.ui.weblink import ShowLink

    link = ShowLink(show.controller, show.warn, parent=show)  # what the phones follow
    assert show.reel.strings("ready") == "出た玉の番号を入力して Enter！"  # not "press Space"
    show.grab().save(str(output_dir / "manual_mode_start_1024x768.png"))
    type_keys(qtbot, show, "18")
    assert show.notice_text == "入力 18"
    qtbot.keyClick(show, Qt.Key.Key_Backspace)  # Backspace edits the digits
    assert show.notice_text == "入力 1" and show.controller.session.history == []
    type_keys(qtbot, show, "7")
    qtbot.keyClick(show, Qt.Key.Key_Return)
    assert show.controller.spinning and show.controller.session.history == [17]
    assert show.reel.spinning  # it spins as a drawn number does
    assert show.controller.revealed == []  # the room sees it when the reel lands
    land(qtbot, show)
    assert show.controller.revealed == [17] and show.reel.shown_number == 17
    assert show.notice_text == "手動抽選：次の玉の番号を入力"
    assert show.controller.session.typed == {17}
    qtbot.waitUntil(lambda: bool(LineFollower(shown_path(link.journal)).read_new()), timeout=5000)
    shown = LineFollower(shown_path(link.journal)).read_new()[-1]
    assert shown["count"] == 1 and shown["last"] == 17


def test_screenshot_manual_mode_after_landing_a_typed_number(qtbot, config, tmp_path, output_dir):
    """For the closing note: three typed numbers, the last just landed, the real odds."""
    session = DrawSession.open(config, tmp_path / "shot.jsonl", manual=True)
    window = open_show(
        qtbot, session, config, size=(1024, 768), probability_module="bingo.probability"
    )
    for number in ("7", "23", "38"):
        type_keys(qtbot, window, number)
        qtbot.keyClick(window, Qt.Key.Key_Return)
        land(qtbot, window)
    qtbot.waitUntil(
        lambda: (
            window.odds_panel.result is not None
            and window.odds_panel.result.drawn == frozenset({7, 23, 38})
        ),
        timeout=60000,
    )
    assert window.reel.shown_number == 38 and session.typed == {7, 23, 38}
    window.grab().save(str(output_dir / "manual_mode_landed_1024x768.png"))
    window.close()
    session.close()


def test_a_number_already_called_is_refused_in_one_line_for_the_host(qtbot, show):
    type_keys(qtbot, show, "17")
    qtbot.keyClick(show, Qt.Key.Key_Enter)
    land(qtbot, show)
    type_keys(qtbot, show, "17")
    qtbot.keyClick(show, Qt.Key.Key_Enter)
    assert not show.controller.spinning and show.controller.session.history == [17]
    assert show.notice_text == "17 はもう出ています（第1球）"
    assert show.answers.asked == []  # no dialog
    assert "17 は" not in show.banner_text  # not an announcement for the room
    type_keys(qtbot, show, "99")
    qtbot.keyClick(show, Qt.Key.Key_Return)
    assert show.notice_text == "99 はありません（1〜40）"
    assert show.controller.session.history == [17]


def test_a_number_longer_than_the_boards_largest_is_refused_not_cut(qtbot, show, output_dir):
    """Issue 35 item 1: '123' on a 1-40 board called 12 with no word (digits past two ignored)."""
    type_keys(qtbot, show, "123")
    assert show.manual_entry.digits == "123" and show.notice_text == "入力 123"  # every digit
    qtbot.keyClick(show, Qt.Key.Key_Return)
    assert show.notice_text == "123 はありません（1〜40）"  # one line, as 41 gets
    assert show.controller.session.history == [] and not show.controller.spinning
    assert show.answers.asked == []
    show.grab().save(str(output_dir / "manual_refusal_123_1024x768.png"))
    type_keys(qtbot, show, "41")
    qtbot.keyClick(show, Qt.Key.Key_Return)
    assert show.notice_text == "41 はありません（1〜40）"
    type_keys(qtbot, show, "12")  # and the short one still calls
    qtbot.keyClick(show, Qt.Key.Key_Return)
    assert show.controller.session.history == [12]


def test_on_a_150_board_1500_is_refused_not_called_as_150(qtbot, tmp_path):
    from projector_support import board_config

    cfg = board_config(10, 15)
    cfg = dataclasses.replace(cfg, display=dataclasses.replace(cfg.display, voice=False))
    session = DrawSession.open(cfg, tmp_path / "big.jsonl", manual=True)
    window = open_show(qtbot, session, cfg, size=(1024, 768))
    type_keys(qtbot, window, "1500")
    assert window.manual_entry.digits == "1500"
    qtbot.keyClick(window, Qt.Key.Key_Return)
    assert window.notice_text == "1500 はありません（1〜150）"
    assert session.history == []
    window.close()
    session.close()


def test_undo_space_and_auto_in_manual_mode(qtbot, show):
    type_keys(qtbot, show, "21")
    qtbot.keyClick(show, Qt.Key.Key_Return)
    land(qtbot, show)
    qtbot.keyClick(show, Qt.Key.Key_Space)  # nothing typed: Space draws nothing, says how
    assert show.controller.session.history == [21]
    assert show.notice_text == "手動抽選：出た玉の番号を入力して Enter"
    qtbot.keyClick(show, Qt.Key.Key_A)
    assert not show.controller.auto and "自動抽選は使えません" in show.notice_text
    auto_button = show.controls.buttons["auto"]
    qtbot.mouseClick(auto_button, Qt.MouseButton.LeftButton)  # the mouse host's way
    assert not show.controller.auto and not auto_button.isChecked()
    assert "自動抽選は使えません" in show.notice_text
    show.answers.answers.append(True)
    qtbot.keyClick(show, Qt.Key.Key_Backspace)  # nothing typed: Backspace is undo, as always
    assert show.controller.session.history == [] and show.controller.revealed == []
    assert len(show.answers.asked) == 1
    type_keys(qtbot, show, "21")  # the number taken back can be typed again
    qtbot.keyClick(show, Qt.Key.Key_Return)
    land(qtbot, show)
    assert show.controller.revealed == [21]


def test_typing_while_the_reel_spins_lands_it_first(qtbot, show, config):
    show.reel.spin_seconds = 5.0  # a long spin
    type_keys(qtbot, show, "3")
    qtbot.keyClick(show, Qt.Key.Key_Return)
    assert show.controller.spinning
    show.reel.spin_seconds = 0.2
    type_keys(qtbot, show, "4")
    qtbot.keyClick(show, Qt.Key.Key_Return)
    land(qtbot, show)
    assert show.controller.session.history == [3, 4]
    assert show.controller.revealed == [3, 4]


def test_the_operator_window_shows_the_digits_being_typed(qtbot, show):
    from bingo.ui.manual import attach_operator
    from bingo.ui.operator import OperatorWindow

    operator = OperatorWindow(show)
    qtbot.addWidget(operator)
    show.operator = operator
    label = attach_operator(show, operator)
    assert label is not None and label.text() == "手動抽選：出た玉の番号を入力して Enter"
    type_keys(qtbot, operator, "3")  # keys typed in the operator window reach the show
    assert label.text() == "入力 3"
    qtbot.keyClick(operator, Qt.Key.Key_Return)
    land(qtbot, show)
    assert show.controller.revealed == [3]
    type_keys(qtbot, operator, "3")
    qtbot.keyClick(operator, Qt.Key.Key_Return)
    assert show.notice_text == "3 はもう出ています（第1球）"
    assert "3 はもう出ています（第1球）" in operator.log.toPlainText()  # the host's log


def test_a_random_draw_show_ignores_digits(qtbot, config, tmp_path):
    session = DrawSession.open(config, tmp_path / "r.jsonl", seed=2)
    window = open_show(qtbot, session, config, start=False)
    type_keys(qtbot, window, "12")
    assert window.manual_entry.digits == "" and session.history == []
    qtbot.keyClick(window, Qt.Key.Key_Space)
    assert window.controller.spinning and len(session.history) == 1
    land(qtbot, window)
    window.close()
    session.close()


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_hosts_lines_fit_the_status_line_at_every_projector_size(
    qtbot, config, tmp_path, language
):
    """One line on the host's strip (left of the control bar), never spilling over the board."""
    from PySide6.QtGui import QFont, QFontMetricsF

    from bingo.ui.art import ui_font

    cfg = dataclasses.replace(config, event=dataclasses.replace(config.event, language=language))
    session = DrawSession.open(cfg, tmp_path / "fit.jsonl", manual=True)
    window = open_show(qtbot, session, cfg, start=False)
    s = window.strings
    texts = [
        s("manual_prompt"),
        s("manual_ready"),
        s("manual_no_auto"),
        s("manual_typed", digits="999"),
        s("manual_already", n=137, ball=120),
        s("manual_out_of_range", n=999, total=150),
        s("manual_typed", digits="9" * 6),  # every digit typed is shown (at most six)
        s("manual_out_of_range", n=123456, total=150),
        s("voice_unavailable"),
        s("voice_on"),
        s("auto_speed", seconds=45) + s("auto_speed_off_hint"),
    ]
    for size in ((1024, 768), (1280, 720), (1920, 1080)):
        window.resize(*size)
        qtbot.waitUntil(lambda size=size: window.width() == size[0])
        status = window._rects()["status"]
        room = window.controls.geometry().left() - status.left() - status.height() * 0.5
        metrics = QFontMetricsF(ui_font(status.height() * 0.58, QFont.Weight.Bold))
        assert status.height() * 0.58 >= 0.025 * size[1] * 0.99  # readable from the desk
        for text in texts:
            assert metrics.horizontalAdvance(text) <= room, (size, text)
    window.close()
    session.close()
