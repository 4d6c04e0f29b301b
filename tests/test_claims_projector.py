"""Issue 22.7: claims without the operator window. V is in the help, the control bar has a claims
button showing how many wait, and a host with only a mouse opens the list of every pending
claim, oldest first, and checks each with its button (the card check closes with a click)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt

from bingo.session import DrawSession
from bingo.showlink import append_line, claims_path, game_id, verdicts_path
from bingo.ui.listpanel import MIN_TEXT, box_fits

sys.path.insert(0, str(Path(__file__).parent))
from test_claims_winner import column_card, painted_texts, seeded_order
from test_web_show import FAKE_ENGINE, fake_engine  # noqa: F401


@pytest.fixture
def config(repo_root):
    import dataclasses

    from bingo.config import load_config

    base = load_config(repo_root / "config.toml")
    return dataclasses.replace(
        base, display=dataclasses.replace(base.display, spin_seconds=0.2, sound=False)
    )


def open_show(qtbot, config, journal, registry, size):
    from bingo.ui.display import DisplayWindow
    from bingo.ui.weblink import ClaimDesk, ShowLink

    session = DrawSession.open(config, journal, seed=5)
    window = DisplayWindow(
        session, config, registry=registry, probability_module=FAKE_ENGINE, odds_mode="thread"
    )
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    window.controller.confirm = lambda title, text: True  # the host answers yes (issue 41: V asks)
    link = ShowLink(window.controller, window.warn, parent=window)
    desk = ClaimDesk(window, link)
    return session, window, link, desk


def test_v_is_in_the_help(qtbot, config, tmp_path):
    from bingo.ui.help import KEYS

    assert any(keys.startswith("V") for keys, _ in KEYS)
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=5)
    from bingo.ui.display import DisplayWindow

    window = DisplayWindow(session, config, probability_module=FAKE_ENGINE, odds_mode="thread")
    qtbot.addWidget(window)
    window.resize(1024, 768)
    window.show()
    window.open_help()
    texts = painted_texts(window.help)
    assert "V / W" in texts and window.strings("key_claims_winners") in texts
    session.close()


@pytest.mark.parametrize("language", ["ja", "en"])
@pytest.mark.parametrize("size", [(1024, 768), (1280, 720), (1920, 1080)])
def test_a_mouse_only_host_sees_and_checks_every_pending_claim_in_order(
    qtbot, config, tmp_path, output_dir, size, language
):
    import dataclasses

    config = dataclasses.replace(config, event=dataclasses.replace(config.event, language=language))
    order = seeded_order(config, 5, tmp_path)
    winner, bingo_at = column_card(config, order, 1)
    b = config.board
    never = [[n for n in order if b.column_of(n) == c][-b.size :] for c in range(b.size)]
    from cards.model import BingoCard

    others = {
        s: BingoCard(s, tuple(tuple(never[c][r] for c in range(b.size)) for r in range(b.size)))
        for s in (2, 3)
    }
    registry = {1: winner, **others}
    journal = tmp_path / "show.jsonl"
    first = DrawSession.open(config, journal, seed=5)
    for _ in range(bingo_at):
        first.draw()
    first.close()
    session, window, link, desk = open_show(qtbot, config, journal, registry, size)
    button = window.controls.buttons["claims"]
    assert button.text() == window.strings("btn_claims")
    game = game_id(journal)
    for claim_id, serial in (("a", 3), ("b", 1), ("c", 2)):
        append_line(
            claims_path(journal),
            {"game": game, "claim": claim_id, "serial": serial, "count": bingo_at, "time": "t"},
        )
    qtbot.waitUntil(lambda: len(desk.pending()) == 3, timeout=3000)
    assert button.text() == window.strings("btn_claims_n", n=3)  # the count on the projector
    assert window.rect().contains(window.controls.geometry())
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    view = window.claims_view
    assert view.isVisible()
    texts = [box.text for box in view.text_boxes()]
    assert [t for t in texts if t.startswith("No.")] == ["No.0003", "No.0001", "No.0002"]
    assert window.strings("claims_title", n=3) in texts
    h = view.height()
    for box in view.text_boxes():
        assert box_fits(box), box.text
        assert box.font.pixelSize() >= MIN_TEXT * h, box.text
    shown = [b for b in view.check_buttons if b.isVisible()]
    assert len(shown) == 3
    for check in shown + [view.close_button]:
        assert view.panel().contains(check.geometry().toRectF())
        check.ensurePolished()
        assert check.fontMetrics().horizontalAdvance(check.text()) < check.width()
        assert check.fontMetrics().height() >= MIN_TEXT * h * 0.9
        for box in view.text_boxes():  # no button hides a text
            assert not check.geometry().toRectF().intersects(box.rect), box.text
    name = f"claims_list_{size[0]}x{size[1]}" + ("" if language == "ja" else "_en") + ".png"
    window.grab().save(str(output_dir / name))

    qtbot.mouseClick(shown[0], Qt.MouseButton.LeftButton)  # check the oldest: card 3
    card_view = window.card_view
    assert card_view.isVisible() and card_view.result.card.serial == 3
    assert not view.isVisible()
    close = card_view.close_button
    assert close.isVisible() and card_view.rect().contains(close.geometry())
    qtbot.mouseClick(close, Qt.MouseButton.LeftButton)
    assert not card_view.isVisible() and view.isVisible()  # back to the list: 2 wait
    assert [c["claim"] for c in desk.pending()] == ["b", "c"]
    assert button.text() == window.strings("btn_claims_n", n=2)
    qtbot.mouseClick(view.check_buttons[0], Qt.MouseButton.LeftButton)  # card 1: a bingo
    assert session.winners[0].serial == 1 and session.winners[0].claim_ball == bingo_at
    qtbot.mouseClick(card_view, Qt.MouseButton.LeftButton, pos=QPoint(3, 3))  # outside: closes
    assert not card_view.isVisible() and view.isVisible()
    qtbot.mouseClick(view.check_buttons[0], Qt.MouseButton.LeftButton)  # card 2
    qtbot.mouseClick(card_view.close_button, Qt.MouseButton.LeftButton)
    assert not view.isVisible()  # nothing waits: the show is back
    assert button.text() == window.strings("btn_claims")
    verdicts = [json.loads(x) for x in verdicts_path(journal).read_text().splitlines()]
    assert [(v["claim"], v["verdict"]) for v in verdicts] == [
        ("a", "not_bingo"),
        ("b", "bingo"),
        ("c", "not_bingo"),
    ]
    link.stop()
    session.close()


def test_a_card_confirmed_with_c_answers_its_waiting_claim(qtbot, config, tmp_path):
    order = seeded_order(config, 5, tmp_path)
    winner, bingo_at = column_card(config, order, 1)
    journal = tmp_path / "show.jsonl"
    first = DrawSession.open(config, journal, seed=5)
    for _ in range(bingo_at):
        first.draw()
    first.close()
    session, window, link, desk = open_show(qtbot, config, journal, {1: winner}, (1280, 720))
    append_line(
        claims_path(journal),
        {"game": game_id(journal), "claim": "z", "serial": 1, "count": bingo_at, "time": "t"},
    )
    qtbot.waitUntil(lambda: len(desk.pending()) == 1, timeout=3000)
    window.controller.confirm = lambda title, text: True
    window.controller.confirm_winner(1)  # by hand, with C and Enter
    assert desk.pending() == []
    verdict = json.loads(verdicts_path(journal).read_text().splitlines()[-1])
    assert (verdict["claim"], verdict["verdict"]) == ("z", "bingo")
    assert session.winners[0].bingo_ball == bingo_at
    link.stop()
    session.close()
