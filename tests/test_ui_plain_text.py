"""Issue 31 item 4 on the bingo windows: guests' and hosts' texts are plain text. A title, a
prize, a claim or a log line holding `<img src=...>` or `<b>` shows those characters, never an
image from the laptop's disk or bold: every label says PlainText explicitly (Qt guesses rich
text from a '<' otherwise), item views and the painted projector draw text as it is."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from bingo.config import load_config
from bingo.session import DrawSession

MARKUP = '<img src="/etc/hostname"><b>Aoi</b>'


def markup_config(repo_root):
    base = load_config(repo_root / "config.toml")
    event = dataclasses.replace(base.event, title=f"大会 {MARKUP}", prizes=(f"1等 {MARKUP}",))
    display = dataclasses.replace(base.display, spin_seconds=0.2, sound=False, voice=False)
    return dataclasses.replace(base, event=event, display=display)


def all_labels_plain(widget) -> list[str]:
    return [
        label.text()
        for label in widget.findChildren(QLabel)
        if label.textFormat() != Qt.TextFormat.PlainText
    ]


def test_the_operator_window_shows_markup_as_typed(qtbot, repo_root, tmp_path):
    from caller_support import open_show

    from bingo.ui.manual import attach_operator
    from bingo.ui.operator import OperatorWindow
    from bingo.ui.weblink import ClaimDesk, ShowLink, add_claims_panel

    config = markup_config(repo_root)
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=5, manual=True)
    window = open_show(qtbot, session, config, size=(1024, 768))
    operator = OperatorWindow(window)
    qtbot.addWidget(operator)
    window.operator = operator
    manual = attach_operator(window, operator)
    link = ShowLink(window.controller, window.warn, parent=window)
    desk = ClaimDesk(window, link)
    desk.text = dict(desk.text, title=f"申告 {MARKUP}")
    add_claims_panel(operator, desk)
    operator.add_log(f"[warn] {MARKUP}")
    window.controller.notice.emit(MARKUP, "warn")
    operator.show()
    qtbot.waitExposed(operator)
    assert manual is not None
    assert all_labels_plain(operator) == []
    assert MARKUP in operator.log.toPlainText() and MARKUP in operator.windowTitle()
    titles = [label.text() for label in operator.findChildren(QLabel)]
    assert f"申告 {MARKUP}" in titles
    operator.close()
    session.close()


def test_the_winners_board_and_the_recovery_box_show_markup_as_typed(qtbot, repo_root, tmp_path):
    from caller_support import open_show

    from bingo.ui.command import recovery_box
    from bingo.ui.texts import texts

    config = markup_config(repo_root)
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=5)
    window = open_show(qtbot, session, config, size=(1024, 768))
    window.winners_board.open()
    shown = [b.text.replace("\n", "") for b in window.winners_board.text_boxes()]
    assert any(t.startswith("1等 <img") for t in shown)  # painted as characters (drawText)
    box = recovery_box(MARKUP, f"/tmp/{MARKUP}.jsonl", texts("ja"))
    qtbot.addWidget(box)
    assert all_labels_plain(box) == []
    window.close()
    session.close()
