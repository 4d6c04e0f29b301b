"""Issue 41 item 1 on the show (pytest-qt, offscreen): the undo's question names the winners whose
bingo it takes away (card and place) and withdraws them; the winners' board ranks by the ball of
the bingo and shows a tie; the host takes a winner back from the board or the operator window
after one question; a phone's claim (V) and a typed check (C) record a winner by one rule, with
one question. Questions and boards are grabbed at three sizes into tests/output/ and their text
measured (nothing cut, nothing under 2.5 % of the height)."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer

from bingo.config import load_config
from bingo.journal import WITHDRAW_HOST, WITHDRAW_UNDO, read_journal
from bingo.session import DrawSession
from bingo.showlink import append_line, claims_path, game_id, verdicts_path
from cards.model import BingoCard

sys.path.insert(0, str(Path(__file__).parent))
from test_web_show import FAKE_ENGINE, fake_engine  # noqa: F401  (the stand-in odds)
from test_winners_board import board_problems, write_config

from bingo.ui.textcheck import grab_text, text_problems

SIZES = [(1024, 768), (1280, 720), (1920, 1080)]
PRIZES = '["1等 お米 5kg", "2等 図書カード 3000円", "3等 お菓子セット", "4等 ぷよぷよクッション"]'


@pytest.fixture
def config(tmp_path):
    base = load_config(write_config(tmp_path, f"prizes = {PRIZES}"))
    return dataclasses.replace(
        base, display=dataclasses.replace(base.display, spin_seconds=0.2, sound=False)
    )


def open_window(qtbot, config, journal, size, registry=None):
    from bingo.ui.display import DisplayWindow

    session = DrawSession.open(config, journal, seed=9)
    window = DisplayWindow(
        session, config, registry=registry, probability_module=FAKE_ENGINE, odds_mode="thread"
    )
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: not window.controller.spinning, timeout=5000)
    return session, window


def answer_when_asked(qtbot, overlay, key, seen: list, look=None) -> None:
    """Once `overlay` asks (its nested loop runs), note title and text, look, then press `key`."""

    def check() -> None:
        if not overlay.isVisible():
            QTimer.singleShot(20, check)
            return
        seen.append((overlay.title, overlay.text))
        if look is not None:
            look()
        qtbot.keyClick(overlay, key)

    QTimer.singleShot(0, check)


def norm(text: str) -> str:
    """A cell's text without the breaks and spaces its wrapping may put in or take out."""
    return "".join(text.split())


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def overlay_problems(window, overlay) -> list[str]:
    """The question's text as painted, measured: whole in its box, at least 2.5 % high."""
    entries = grab_text(window, overlay)
    texts = [e["text"] for e in entries]
    assert any(overlay.text.replace("\n", "") in t.replace("\n", "") for t in texts) or texts
    return text_problems(entries, window.height())


@pytest.mark.parametrize("size", SIZES)
def test_the_undo_question_names_the_winners_it_withdraws(
    qtbot, config, tmp_path, output_dir, size
):
    journal = tmp_path / "show.jsonl"
    first = DrawSession.open(config, journal, seed=9)
    for _ in range(12):
        first.draw()
    first.record_winner(5, 11, bingo_ball=10, claim_ball=10)  # its bingo stays
    first.record_winner(3, 12, bingo_ball=12, claim_ball=12)  # these two came with ball 12
    first.record_winner(8, 12, bingo_ball=12, claim_ball=12)
    last = first.history[-1]
    first.close()
    session, window = open_window(qtbot, config, journal, size)
    overlay = window.confirm_overlay
    seen: list = []
    problems: list = []

    def look() -> None:
        problems.extend(overlay_problems(window, overlay))
        window.grab().save(str(output_dir / f"undo_question_winners_{size[0]}x{size[1]}.png"))

    answer_when_asked(qtbot, overlay, Qt.Key.Key_N, seen, look)  # no: nothing changes
    qtbot.keyClick(window, Qt.Key.Key_Backspace)
    [(title, text)] = seen
    assert title == window.strings("confirm_undo_winners_title")
    assert f"{last}" in text and "No.0003（2位）" in text and "No.0008（2位）" in text
    assert "No.0005" not in text
    assert problems == []
    assert len(session.history) == 12 and len(session.winners) == 3
    answer_when_asked(qtbot, overlay, Qt.Key.Key_Y, seen)
    qtbot.keyClick(window, Qt.Key.Key_Backspace)
    assert len(session.history) == 11
    assert [w.serial for w in session.winners] == [5]
    assert [(w.serial, w.reason) for w in session.withdrawn] == [(3, "undo"), (8, "undo")]
    assert [r["type"] for r in records(journal)][-3:] == ["undo", "withdraw", "withdraw"]
    assert "No.0003" in window.notice_text  # the host is told which win went
    session.close()
    again = DrawSession.open(config, journal)  # a restart keeps it
    assert [w.serial for w in again.winners] == [5]
    assert {w.reason for w in again.withdrawn} == {WITHDRAW_UNDO}
    again.close()


def test_an_undo_that_takes_no_bingo_asks_the_plain_question(qtbot, config, tmp_path):
    journal = tmp_path / "show.jsonl"
    first = DrawSession.open(config, journal, seed=9)
    for _ in range(6):
        first.draw()
    first.record_winner(5, 6, bingo_ball=5)
    first.close()
    session, window = open_window(qtbot, config, journal, (1280, 720))
    seen: list = []
    answer_when_asked(qtbot, window.confirm_overlay, Qt.Key.Key_Y, seen)
    qtbot.keyClick(window, Qt.Key.Key_Backspace)
    assert seen[0][0] == window.strings("confirm_undo_title")
    assert [w.serial for w in session.winners] == [5] and session.withdrawn == []
    session.close()


def tie_journal(config, journal) -> None:
    first = DrawSession.open(config, journal, seed=9)
    for _ in range(20):
        first.draw()
    # checked in this order; 1234 and 7 had their bingo at the same ball (11)
    first.record_winner(1234, 14, bingo_ball=11, claim_ball=12)
    first.record_winner(13, 9, bingo_ball=8, claim_ball=8)
    first.record_winner(42, 20, bingo_ball=14, claim_ball=14)
    first.record_winner(7, 20, bingo_ball=11, claim_ball=11)
    first.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_board_ranks_by_the_ball_of_the_bingo_and_shows_a_tie(
    qtbot, tmp_path, output_dir, size, language
):
    base = load_config(write_config(tmp_path, f"prizes = {PRIZES}", language))
    config = dataclasses.replace(
        base, display=dataclasses.replace(base.display, spin_seconds=0.2, sound=False)
    )
    journal = tmp_path / "show.jsonl"
    tie_journal(config, journal)
    session, window = open_window(qtbot, config, journal, size)
    s = window.strings
    qtbot.keyClick(window, Qt.Key.Key_W)
    board = window.winners_board
    texts = [box.text.replace("\n", "") for box in board.text_boxes()]
    assert [t for t in texts if t.startswith("No.")] == ["No.0013", "No.1234", "No.0007", "No.0042"]
    places = [s("board_place", n=n) for n in (1, 2, 2, 4)]
    assert [t for t in texts if t in places] == places  # 1位, 2位 twice, then 4位
    tie = s("board_tie_janken", n=11)
    assert [norm(t) for t in texts].count(norm(tie)) == 2  # the tie says so on both rows
    # janken: the two tied cards play for the 2nd and the 3rd prize, the next card has the 4th
    for prize in ("2等 図書カード 3000円", "3等 お菓子セット", "4等 ぷよぷよクッション"):
        assert prize in texts
    assert s("board_open") not in texts  # every prize has its card
    assert s("board_winners_footer_choose") in texts
    assert board_problems(board) == []
    suffix = "" if language == "ja" else "_en"
    window.grab().save(str(output_dir / f"winners_board_ties_{size[0]}x{size[1]}{suffix}.png"))
    session.close()


def test_each_tie_rule_gives_every_tied_card_the_prize_of_the_place(qtbot, tmp_path):
    path = write_config(tmp_path, f"prizes = {PRIZES}")
    text = path.read_text(encoding="utf-8").replace('tie_prizes = "janken"', 'tie_prizes = "each"')
    path.write_text(text, encoding="utf-8")
    base = load_config(path)
    config = dataclasses.replace(
        base, display=dataclasses.replace(base.display, spin_seconds=0.2, sound=False)
    )
    assert config.event.tie_prizes == "each"
    journal = tmp_path / "show.jsonl"
    tie_journal(config, journal)
    session, window = open_window(qtbot, config, journal, (1280, 720))
    window.winners_board.open()
    texts = [box.text.replace("\n", "") for box in window.winners_board.text_boxes()]
    assert texts.count("2等 図書カード 3000円") == 2 and "3等 お菓子セット" not in texts
    assert [norm(t) for t in texts].count(norm(window.strings("board_tie", n=11))) == 2
    assert board_problems(window.winners_board) == []
    session.close()


def test_the_host_takes_a_winner_back_from_the_board_after_one_question(
    qtbot, config, tmp_path, output_dir
):
    journal = tmp_path / "show.jsonl"
    tie_journal(config, journal)
    session, window = open_window(qtbot, config, journal, (1280, 720))
    s = window.strings
    board = window.winners_board
    qtbot.keyClick(window, Qt.Key.Key_W)
    qtbot.keyClick(board, Qt.Key.Key_Down)  # the first place: No.0013
    qtbot.keyClick(board, Qt.Key.Key_Down)  # then No.1234
    assert board.selected == 1 and board.remove_button.isVisible()
    texts = [box.text for box in board.text_boxes()]
    assert s("board_winners_footer_chosen", serial="1234") in texts
    assert board_problems(board) == []
    window.grab().save(str(output_dir / "winners_board_chosen_1280x720.png"))
    overlay = window.confirm_overlay
    seen: list = []
    problems: list = []

    def look() -> None:
        problems.extend(overlay_problems(window, overlay))
        window.grab().save(str(output_dir / "winner_remove_question_1280x720.png"))

    answer_when_asked(qtbot, overlay, Qt.Key.Key_N, seen, look)
    qtbot.keyClick(board, Qt.Key.Key_Delete)
    assert seen[0][0] == s("confirm_remove_title")
    assert "No.1234（2位・11球目でビンゴ）" in seen[0][1] and problems == []
    assert len(session.winners) == 4  # answered no: nothing changed
    assert board.isVisible()
    answer_when_asked(qtbot, overlay, Qt.Key.Key_Y, seen)
    qtbot.keyClick(board, Qt.Key.Key_Delete)
    assert sorted(w.serial for w in session.winners) == [7, 13, 42]
    assert records(journal)[-1] == {**records(journal)[-1], "type": "withdraw", "serial": 1234}
    assert records(journal)[-1]["reason"] == WITHDRAW_HOST
    assert board.isVisible() and board.selected is None and not board.remove_button.isVisible()
    texts = [box.text for box in board.text_boxes()]
    assert "No.1234" not in texts and texts.count(s("board_place", n=2)) == 1  # 7 alone now
    assert norm(s("board_ball", n=11)) in [norm(t) for t in texts]  # no longer a tie
    session.close()
    state = read_journal(journal)  # kept through a restart
    assert [w.serial for w in state.withdrawn] == [1234]


def test_a_click_chooses_a_row_and_the_button_takes_it_back(qtbot, config, tmp_path):
    journal = tmp_path / "show.jsonl"
    tie_journal(config, journal)
    session, window = open_window(qtbot, config, journal, (1024, 768))
    window.controller.confirm = lambda title, text: True
    board = window.winners_board
    board.open()
    rects, _more = board.row_rects(len(board.rows()))
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=rects[3].center().toPoint())
    assert board.selected == 3 and board.isVisible()
    board.remove_button.click()
    assert 42 not in [w.serial for w in session.winners]
    session.close()


def test_the_operator_window_takes_a_chosen_winner_back(qtbot, config, tmp_path):
    from bingo.ui.operator import OperatorWindow

    journal = tmp_path / "show.jsonl"
    tie_journal(config, journal)
    session, window = open_window(qtbot, config, journal, (1280, 720), registry={})
    operator = OperatorWindow(window)
    qtbot.addWidget(operator)
    questions: list = []
    window.controller.confirm = lambda title, text: questions.append(text) is None
    items = [operator.winners.item(i).text() for i in range(operator.winners.count())]
    assert [i.split("（")[0] for i in items] == ["No.0013", "No.1234", "No.0007", "No.0042"]
    assert not operator.remove_button.isEnabled()
    operator.winners.setCurrentRow(3)
    assert operator.remove_button.isEnabled()
    operator.remove_button.click()
    assert len(questions) == 1 and "No.0042" in questions[0]
    assert [w.serial for w in session.winners] == [1234, 13, 7]
    assert operator.winners.count() == 3
    session.close()


def test_v_and_c_record_a_winner_by_one_rule_with_one_question(qtbot, tmp_path, output_dir):
    """A phone's claim (V) and a typed check (C): the same question (card, ball of its bingo,
    place), asked once; answered no, nothing is recorded and the claim keeps waiting with no
    verdict for the phone; answered yes, the winner is journaled and the phone hears "bingo"."""
    from test_claims_winner import column_card, seeded_order

    from bingo.ui.weblink import ClaimDesk, ShowLink

    base = load_config(write_config(tmp_path))
    config = dataclasses.replace(
        base, display=dataclasses.replace(base.display, spin_seconds=0.2, sound=False)
    )
    order = seeded_order(config, 9, tmp_path)
    card, bingo_at = column_card(config, order, 1)
    journal = tmp_path / "show.jsonl"
    first = DrawSession.open(config, journal, seed=9)
    for _ in range(bingo_at + 2):
        first.draw()
    first.close()
    twin = BingoCard(2, card.rows)  # the same numbers: its bingo at the same ball
    session, window = open_window(qtbot, config, journal, (1280, 720), {1: card, 2: twin})
    s = window.strings
    link = ShowLink(window.controller, window.warn, parent=window)
    desk = ClaimDesk(window, link)
    append_line(
        claims_path(journal),
        {"game": game_id(journal), "claim": "v1", "serial": 1, "count": bingo_at, "time": "t"},
    )
    qtbot.waitUntil(lambda: len(desk.pending()) == 1, timeout=3000)
    overlay = window.confirm_overlay
    seen: list = []
    answer_when_asked(qtbot, overlay, Qt.Key.Key_N, seen)
    qtbot.keyClick(window, Qt.Key.Key_V)
    assert window.card_view.isVisible()  # the room sees the check
    want = s("confirm_winner", serial="0001", ball=bingo_at, place=1)
    assert seen == [(s("confirm_winner_title"), want)]
    assert session.winners == [] and len(desk.pending()) == 1  # no: it keeps waiting
    assert not verdicts_path(journal).exists() or verdicts_path(journal).read_text() == ""
    qtbot.keyClick(window.card_view, Qt.Key.Key_Escape)
    answer_when_asked(qtbot, overlay, Qt.Key.Key_Y, seen)
    qtbot.keyClick(window, Qt.Key.Key_V)
    assert len(seen) == 2 and seen[1] == seen[0]  # one question, the same
    [winner] = session.winners
    assert (winner.serial, winner.bingo_ball, winner.claim_ball) == (1, bingo_at, bingo_at)
    verdict = json.loads(verdicts_path(journal).read_text().splitlines()[-1])
    assert (verdict["claim"], verdict["verdict"]) == ("v1", "bingo")
    assert desk.pending() == []
    qtbot.keyClick(window.card_view, Qt.Key.Key_Escape)
    # C: typed, Enter shows the card, Enter again asks the same question (card 2, same card)
    window.open_card_check()
    view = window.card_view
    view.input.setText("2")
    qtbot.keyClick(view.input, Qt.Key.Key_Return)
    assert view.result is not None and view.result.verdict == "bingo" and len(seen) == 2
    answer_when_asked(qtbot, overlay, Qt.Key.Key_Y, seen)
    qtbot.keyClick(view.input, Qt.Key.Key_Return)
    assert seen[2] == (
        s("confirm_winner_title"),
        s("confirm_winner", serial="0002", ball=bingo_at, place=1),
    )
    assert [w.serial for w in session.winners] == [1, 2]
    assert len(seen) == 3  # one question each
    link.stop()
    session.close()


@pytest.mark.parametrize("language", ["ja", "en"])
def test_an_undo_of_many_winners_names_three_and_counts_the_rest_readably(
    qtbot, tmp_path, output_dir, language
):
    base = load_config(write_config(tmp_path, f"prizes = {PRIZES}", language))
    config = dataclasses.replace(
        base, display=dataclasses.replace(base.display, spin_seconds=0.2, sound=False)
    )
    journal = tmp_path / "show.jsonl"
    first = DrawSession.open(config, journal, seed=9)
    for _ in range(12):
        first.draw()
    for serial in (1001, 1002, 1003, 1004, 1005):
        first.record_winner(serial, 12, bingo_ball=12)
    first.close()
    session, window = open_window(qtbot, config, journal, (1024, 768))
    overlay = window.confirm_overlay
    seen: list = []
    problems: list = []

    def look() -> None:
        problems.extend(overlay_problems(window, overlay))
        name = f"undo_question_many_1024x768{'' if language == 'ja' else '_en'}.png"
        window.grab().save(str(output_dir / name))

    answer_when_asked(qtbot, overlay, Qt.Key.Key_Y, seen, look)
    qtbot.keyClick(window, Qt.Key.Key_Backspace)
    text = seen[0][1]
    assert "No.1003" in text and "No.1004" not in text
    assert window.strings("undo_winners_more", n=2) in text
    assert problems == []
    assert session.winners == [] and len(session.withdrawn) == 5
    session.close()
