"""The show's side of the phones' server: what it writes beside the journal, claims and V."""

from __future__ import annotations

import dataclasses
import json
import sys
import types

import pytest
from PySide6.QtCore import Qt

from bingo.config import load_config
from bingo.session import DrawSession
from bingo.showlink import append_line, claims_path, game_id, shown_path, verdicts_path
from bingo.ui.display import DisplayWindow
from bingo.ui.weblink import ClaimDesk, ShowLink
from cards.check import BINGO, check_card
from cards.model import BingoCard

FAKE_ENGINE = "test_web_fake_probability"


@pytest.fixture
def config(repo_root):
    base = load_config(repo_root / "config.toml")
    return dataclasses.replace(
        base, display=dataclasses.replace(base.display, spin_seconds=0.3, sound=False)
    )


@pytest.fixture(autouse=True)
def fake_engine():
    """The odds are not under test here: a stand-in engine that answers at once."""
    module = types.ModuleType(FAKE_ENGINE)
    module.warm_up = lambda: None

    def stats(per_column, size, per_col, threshold=4, free_center=False, cards=1):
        col = types.SimpleNamespace(
            column=0,
            p_column=0.25,
            p_bingo_after=0.1,
            p_new_bingo_card=0.01,
            expected_new_bingos=0.01,
            p_any_new_bingo=0.5,
        )
        return types.SimpleNamespace(
            p_bingo_now=0.1,
            p_bingo_next=0.11,
            p_new_bingo_card=0.01,
            expected_new_bingos=0.01,
            p_any_new_bingo=0.5,
            by_column=(col,) * size,
            cards=cards,
            remaining=size * per_col - sum(per_column),
        )

    module.next_draw_stats = stats
    module.first_bingo_curve = lambda *a, **k: None
    sys.modules[FAKE_ENGINE] = module
    yield module
    del sys.modules[FAKE_ENGINE]


def shown_lines(journal):
    return [json.loads(x) for x in shown_path(journal).read_text().splitlines()]


def open_show(qtbot, config, journal, registry=None):
    session = DrawSession.open(config, journal, seed=5)
    window = DisplayWindow(
        session, config, registry=registry, probability_module=FAKE_ENGINE, odds_mode="thread"
    )
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    window.controller.confirm = lambda title, text: True  # the host answers yes (issue 41: V asks)
    link = ShowLink(window.controller, window.warn, parent=window)
    return session, window, link


def test_the_show_says_a_number_is_out_only_when_the_reel_lands(qtbot, config, tmp_path):
    journal = tmp_path / "show.jsonl"
    session, window, link = open_show(qtbot, config, journal)
    assert shown_lines(journal)[-1]["count"] == 0
    qtbot.keyClick(window, Qt.Key.Key_Space)
    assert window.controller.spinning and len(session.history) == 1  # journaled, spinning
    assert shown_lines(journal)[-1]["count"] == 0
    qtbot.waitUntil(lambda: not window.controller.spinning, timeout=5000)
    last = shown_lines(journal)[-1]
    assert (last["count"], last["last"], last["game"]) == (1, session.history[0], game_id(journal))
    window.controller.confirm = lambda title, text: True
    window.controller.undo()
    assert shown_lines(journal)[-1]["count"] == 0
    window.controller.new_game()
    assert shown_lines(journal)[-1]["game"] == game_id(journal)  # the new game's id
    link.stop()
    session.close()


def test_a_claim_is_listed_and_v_checks_it_for_the_room_and_the_phone(qtbot, config, tmp_path):
    journal = tmp_path / "show.jsonl"
    first = DrawSession.open(config, journal, seed=5)
    numbers = [first.draw() for _ in range(6)]
    first.close()
    b = config.board
    # card 1 holds the first numbers drawn where it can; card 2 holds none of them
    rows = [[None] * b.size for _ in range(b.size)]
    for c in range(b.size):
        column = [n for n in b.numbers_of_column(c)]
        drawn_here = [n for n in numbers if n in column]
        rest = [n for n in column if n not in drawn_here]
        for r, n in enumerate((drawn_here + rest)[: b.size]):
            rows[r][c] = n
    card = BingoCard(1, tuple(tuple(r) for r in rows))
    other_rows = [[None] * b.size for _ in range(b.size)]
    for c in range(b.size):
        rest = [n for n in b.numbers_of_column(c) if n not in numbers]
        for r in range(b.size):
            other_rows[r][c] = rest[r]
    other = BingoCard(2, tuple(tuple(r) for r in other_rows))
    registry = {1: card, 2: other}
    session, window, link = open_show(qtbot, config, journal, registry)
    desk = ClaimDesk(window, link)
    recorded = []  # where the controller journals winners, a confirmed bingo is recorded
    window.controller.record_winner = lambda serial, details=None: recorded.append(serial) or 1
    game = game_id(journal)
    for claim_id, serial in (("c1", 2), ("c2", 1)):
        append_line(
            claims_path(journal),
            {"game": game, "claim": claim_id, "serial": serial, "time": "2026-11-30T21:00:00"},
        )
    with qtbot.waitSignal(link.claim_received, timeout=3000):
        pass
    qtbot.waitUntil(lambda: len(desk.pending()) == 2, timeout=3000)
    assert "1" in window.notice_text  # the newest claim is announced on the show
    expected = {
        s: "bingo"
        if check_card(registry[s], numbers, b.threshold).verdict == BINGO
        else "not_bingo"
        for s in (1, 2)
    }
    assert expected[2] == "not_bingo"
    qtbot.keyClick(window, Qt.Key.Key_V)  # the oldest claim: card 2
    assert window.card_view.isVisible() and window.card_view.result.card.serial == 2
    verdicts = [json.loads(x) for x in verdicts_path(journal).read_text().splitlines()]
    assert verdicts == [
        {
            "game": game,
            "claim": "c1",
            "serial": 2,
            "verdict": "not_bingo",
            "count": 6,
            "time": verdicts[0]["time"],
        }
    ]
    qtbot.keyClick(window.card_view, Qt.Key.Key_Escape)
    qtbot.keyClick(window, Qt.Key.Key_V)  # then card 1
    verdicts = [json.loads(x) for x in verdicts_path(journal).read_text().splitlines()]
    assert verdicts[-1]["serial"] == 1 and verdicts[-1]["verdict"] == expected[1]
    assert expected[1] == "bingo" and recorded == [1]  # card 2 (not a bingo) was not recorded
    assert desk.pending() == []
    assert "→" in desk.describe(link.claims[0])
    link.stop()
    session.close()


def test_the_projector_shows_the_join_code_while_idle_and_on_help(
    qtbot, config, tmp_path, output_dir
):
    from bingo.ui.joinbadge import JoinBadge, _qr_modules

    journal = tmp_path / "show.jsonl"
    session, window, link = open_show(qtbot, config, journal)
    badge = JoinBadge(window, "http://192.0.2.10:8080/")
    assert badge.on_reel.isVisible()
    reel = window.reel.geometry()
    assert reel.contains(badge.on_reel.geometry())
    window.grab().save(str(output_dir / "projector-join.png"))
    # the QR code holds the address (segno's own matrix of it is what is painted)
    assert _qr_modules("http://192.0.2.10:8080/") == badge.on_reel.modules
    qtbot.keyClick(window, Qt.Key.Key_Space)
    assert not badge.on_reel.isVisible()  # the show has begun: the reel is the reel's
    qtbot.waitUntil(lambda: not window.controller.spinning, timeout=5000)
    assert not badge.on_reel.isVisible()
    window.open_help()
    assert window.help.isVisible() and badge.on_help.isVisible()
    assert window.help.rect().contains(badge.on_help.geometry())
    window.grab().save(str(output_dir / "projector-help-join.png"))
    window.help.close_view()
    window.controller.confirm = lambda title, text: True
    window.controller.new_game()
    assert badge.on_reel.isVisible()  # idle again
    link.stop()
    session.close()


def test_the_operator_window_lists_claims_with_what_the_registry_says(
    qtbot, config, tmp_path, output_dir
):
    from bingo.ui.operator import OperatorWindow
    from bingo.ui.weblink import add_claims_panel

    journal = tmp_path / "show.jsonl"
    first = DrawSession.open(config, journal, seed=5)
    numbers = [first.draw() for _ in range(8)]
    first.close()
    b = config.board
    rows = tuple(
        tuple(sorted(b.numbers_of_column(c), key=lambda n: n not in numbers)[r] for c in range(4))
        for r in range(4)
    )
    registry = {3: BingoCard(3, rows)}
    session, window, link = open_show(qtbot, config, journal, registry)
    operator = OperatorWindow(window)
    qtbot.addWidget(operator)
    window.operator = operator
    desk = ClaimDesk(window, link)
    listing = add_claims_panel(operator, desk)
    operator.show()
    append_line(
        claims_path(journal),
        {"game": game_id(journal), "claim": "x1", "serial": 3, "time": "2026-11-30T21:04:05.000"},
    )
    qtbot.waitUntil(lambda: listing.count() == 1, timeout=3000)
    says = check_card(registry[3], numbers, b.threshold).verdict == BINGO
    text = listing.item(0).text()
    assert "21:04:05" in text and "カード 3" in text
    assert ("台帳: ビンゴ" if says else "台帳: まだ") in text
    operator.grab().save(str(output_dir / "operator-claims.png"))
    qtbot.keyClick(operator, Qt.Key.Key_V)  # V from the laptop's window too
    qtbot.waitUntil(lambda: "→" in listing.item(0).text(), timeout=3000)
    assert window.card_view.isVisible()
    link.stop()
    session.close()
