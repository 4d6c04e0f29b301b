"""Issue 22.5: a winner is recorded with the ball of its first bingo and of its claim, and auto
mode does not draw while a claim waits (and says so on the status line)."""

from __future__ import annotations

import dataclasses
import json
import sys

import pytest
from PySide6.QtCore import Qt

from bingo.config import load_config
from bingo.journal import read_journal
from bingo.session import DrawSession, SessionError
from bingo.showlink import append_line, claims_path, game_id, verdicts_path
from cards.check import BINGO, check_card
from cards.model import BingoCard

sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
from test_web_show import FAKE_ENGINE, fake_engine  # noqa: F401  (the stand-in odds)


@pytest.fixture
def config(repo_root):
    base = load_config(repo_root / "config.toml")
    return dataclasses.replace(
        base, display=dataclasses.replace(base.display, spin_seconds=0.2, sound=False)
    )


def test_the_journal_keeps_the_ball_of_the_bingo_and_of_the_claim(config, tmp_path):
    path = tmp_path / "j.jsonl"
    session = DrawSession.open(config, path, seed=3)
    for _ in range(9):
        session.draw()
    winner = session.record_winner(7, 9, bingo_ball=5, claim_ball=6)
    assert (winner.serial, winner.draw_count, winner.bingo_ball, winner.claim_ball) == (7, 9, 5, 6)
    with pytest.raises(SessionError):
        session.record_winner(8, 9, bingo_ball=10)  # not drawn yet
    session.close()
    state = read_journal(path)
    assert [(w.bingo_ball, w.claim_ball) for w in state.winners] == [(5, 6)]
    last = json.loads(path.read_text().splitlines()[-1])
    assert (last["bingo_ball"], last["claim_ball"], last["draw_count"]) == (5, 6, 9)


def painted_texts(widget) -> list[str]:
    """The texts a widget paints with QPainter.drawText during one grab, as a person reads them
    (without the invisible phrase marks bingo.ui.phrases.keep_phrases lays them out with)."""
    from PySide6.QtGui import QPainter

    from bingo.ui.phrases import plain

    texts: list[str] = []
    original = QPainter.drawText

    def record(painter, *args):
        texts.extend(plain(a) for a in args if isinstance(a, str))
        return original(painter, *args)

    QPainter.drawText = record
    try:
        widget.grab()
    finally:
        QPainter.drawText = original
    return texts


_ORDERS: dict[tuple[str, int], list[int]] = {}


def seeded_order(config, seed: int, folder) -> list[int]:
    """Every number in the order a seeded draw gives them (the show's own code). Drawn once a
    board and seed in a process: the order follows from the board's numbers and the seed alone,
    and drawing them all (each draw journaled and synced) took half a second a test."""
    key = (repr(config.board), seed)
    if key not in _ORDERS:
        session = DrawSession.open(config, folder / "order.jsonl", seed=seed)
        _ORDERS[key] = [session.draw() for _ in range(session.total)]
        session.close()
    return list(_ORDERS[key])


def column_card(config, order: list[int], serial: int) -> tuple[BingoCard, int]:
    """A card whose first column holds that column's first numbers in drawing order (a line of 4
    connected cells once the 4th is out) and whose other columns hold their last ones; with the
    ball of its first bingo, found by scanning every prefix (the slow, obvious way)."""
    b = config.board
    columns = []
    for c in range(b.size):
        own = [n for n in order if b.column_of(n) == c]
        columns.append(own[: b.size] if c == 0 else own[-b.size :])
    card = BingoCard(
        serial, tuple(tuple(columns[c][r] for c in range(b.size)) for r in range(b.size))
    )
    first = next(
        k
        for k in range(1, len(order) + 1)
        if check_card(card, order[:k], b.threshold).verdict == BINGO
    )
    return card, first


def test_v_records_the_ball_of_the_first_bingo_and_of_the_claim(qtbot, config, tmp_path):
    from test_web_show import open_show

    from bingo.ui.weblink import ClaimDesk
    from bingo.ui.winners import first_bingo_ball

    order = seeded_order(config, 5, tmp_path)
    card, bingo_at = column_card(config, order, 1)
    assert first_bingo_ball(card, order, config.board.threshold) == bingo_at
    journal = tmp_path / "show.jsonl"
    first = DrawSession.open(config, journal, seed=5)
    for _ in range(bingo_at + 3):  # the claim came at bingo + 1, V is pressed 2 balls later
        first.draw()
    first.close()
    session, window, link = open_show(qtbot, config, journal, {1: card})
    desk = ClaimDesk(window, link)
    append_line(  # the server counts the balls the room had seen when ビンゴ! was pressed
        claims_path(journal),
        {"game": game_id(journal), "claim": "k1", "serial": 1, "count": bingo_at + 1, "time": "t"},
    )
    qtbot.waitUntil(lambda: len(desk.pending()) == 1, timeout=3000)
    qtbot.keyClick(window, Qt.Key.Key_V)
    [winner] = session.winners
    assert (winner.bingo_ball, winner.claim_ball, winner.draw_count) == (
        bingo_at,
        bingo_at + 1,
        bingo_at + 3,
    )
    assert window.controller.winner_of(1) == bingo_at  # listed at the ball of its bingo
    assert f"{bingo_at}球目" in window.winners_lines()[0]
    verdict = json.loads(verdicts_path(journal).read_text().splitlines()[-1])
    assert verdict["verdict"] == "bingo"
    link.stop()
    session.close()


def test_auto_mode_waits_while_a_claim_waits_and_says_so(qtbot, config, tmp_path):
    from test_web_show import open_show

    from bingo.ui.weblink import ClaimDesk

    journal = tmp_path / "show.jsonl"
    first = DrawSession.open(config, journal, seed=5)
    order = [first.draw() for _ in range(3)]
    first.close()
    b = config.board
    other = BingoCard(
        2,
        tuple(
            tuple([n for n in b.numbers_of_column(c) if n not in order][r] for c in range(b.size))
            for r in range(b.size)
        ),
    )
    session, window, link = open_show(qtbot, config, journal, {2: other})
    desk = ClaimDesk(window, link)
    controller = window.controller
    controller.auto_seconds = 0.2
    append_line(
        claims_path(journal),
        {"game": game_id(journal), "claim": "w1", "serial": 2, "count": 3, "time": "t"},
    )
    qtbot.waitUntil(lambda: len(desk.pending()) == 1, timeout=3000)
    controller.set_auto(True)
    with qtbot.waitSignal(controller._auto_timer.timeout, timeout=3000):
        pass
    qtbot.wait(900)  # several auto ticks (it retries every 0.5 s while held)
    assert len(session.history) == 3  # nothing drawn while the claim waits
    held = controller.hold()
    assert held is not None and "確認待ち" in held
    texts = painted_texts(window)
    assert any("確認待ち" in text for text in texts), texts  # on the status line
    qtbot.keyClick(window, Qt.Key.Key_V)  # not a bingo: the claim is answered
    qtbot.keyClick(window.card_view, Qt.Key.Key_Escape)
    assert controller.hold() is None
    qtbot.waitUntil(lambda: len(session.history) >= 4, timeout=5000)  # auto goes on
    controller.set_auto(False)
    qtbot.waitUntil(lambda: not controller.spinning, timeout=5000)
    link.stop()
    session.close()
