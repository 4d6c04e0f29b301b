"""Issue 41: a phone in Chromium sees its win withdrawn when the host undoes the ball of its bingo
(the show in this process, its server as `bingo draw --serve` starts it)."""

from __future__ import annotations

import pytest
from test_web_browser import board_json, browser, event, page, pytestmark, shot  # noqa: F401

from bingo.session import DrawSession
from tests.served import served


@pytest.mark.browser
@pytest.mark.process
def test_an_undone_bingo_tells_the_phone_its_win_was_withdrawn(
    event,  # noqa: F811
    browser,  # noqa: F811
    tmp_path,
    output_dir,
    qtbot,
):
    from PySide6.QtCore import Qt

    from bingo.ui.display import DisplayWindow
    from bingo.ui.weblink import ClaimDesk, ShowLink
    from bingo.ui.webserver import ServerProcess, serve_argv

    journal = tmp_path / "show.jsonl"
    registry = {event.card.serial: event.card}
    session = DrawSession.open(event.config, journal, seed=event.seed)
    window = DisplayWindow(session, event.config, registry=registry, odds_mode="thread")
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    questions: list[str] = []
    window.controller.confirm = lambda title, text: questions.append(text) is None  # yes
    link = ShowLink(window.controller, window.warn, parent=window)
    desk = ClaimDesk(window, link)
    server = ServerProcess(
        serve_argv(str(event.config_path), journal, str(event.registry)), window.warn, window
    )
    server.start()
    try:
        port = served(journal, 60, server.process).port
        browser.get(f"http://127.0.0.1:{port}/card/{event.code}")
        qtbot.waitUntil(lambda: page(browser)["cells"] > 0, timeout=10000)
        while page(browser)["verdict"] != "bingo":
            qtbot.keyClick(window, Qt.Key.Key_Space)
            qtbot.waitUntil(lambda: not window.controller.spinning, timeout=5000)
            count = len(window.controller.revealed)
            qtbot.waitUntil(lambda c=count: board_json(port)["count"] == c, timeout=5000)
        browser.find_element("id", "claim").click()
        qtbot.waitUntil(lambda: len(desk.pending()) == 1, timeout=10000)
        qtbot.keyClick(window, Qt.Key.Key_V)
        qtbot.waitUntil(lambda: page(browser)["claim"] == "bingo", timeout=10000)
        qtbot.keyClick(window.card_view, Qt.Key.Key_Escape)
        qtbot.keyClick(window, Qt.Key.Key_Backspace)  # the ball of its bingo taken back
        assert "No.0001" in questions[-1]  # the undo's question named the winner
        assert session.winners == []
        qtbot.waitUntil(lambda: page(browser)["claim"] == "withdrawn", timeout=10000)
        state = page(browser)
        assert "当選は取り消されました" in state["claim_text"]
        assert state["verdict"] != "bingo"  # the card as it is now
        shot(browser, "phone-withdrawn.png", output_dir)
    finally:
        server.stop()
        link.stop()
        window.close()
        session.close()
