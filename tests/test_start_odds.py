"""Issue 41 item 9: the show's start screen says when the first bingo and the last prize are
expected (the prize count from event.prizes, the cards from the registry or cards_in_play),
computed off the UI thread by the odds service, in both languages, readable and not cut."""

from __future__ import annotations

import dataclasses
import sys
import types

import numpy as np
import pytest
from projector_support import (
    FAKE_ENGINE,
    board_config,
    grab_text,
    install_fake_engine,
    save_shot,
    text_problems,
)

from bingo import probability as prob
from bingo.session import DrawSession
from bingo.ui.display import DisplayWindow
from bingo.ui.joinbadge import JoinBadge

URL = "http://192.168.1.20:8080/"
PRIZES = ("1等 お米 5kg", "2等 図書カード", "3等 お菓子")
ASKED: list[tuple] = []


@pytest.fixture(autouse=True)
def fake_engine():
    module = install_fake_engine()

    def prize_curves(cards, prizes, size, per_column, threshold=4, free_center=False, **kw):
        ASKED.append((cards, prizes, size, per_column, threshold, free_center, kw))
        expected = np.array([6.5 + 1.25 * k for k in range(prizes)])
        return types.SimpleNamespace(expected=expected, prizes=prizes, cards=cards)

    module.prize_curves = prize_curves
    ASKED.clear()
    yield module
    sys.modules.pop(FAKE_ENGINE, None)


def open_show(qtbot, tmp_path, size, per_column, screen, language="ja", prizes=PRIZES,
              module=FAKE_ENGINE, join=True):  # fmt: skip
    cfg = board_config(size, per_column, language=language)
    cfg = dataclasses.replace(cfg, event=dataclasses.replace(cfg.event, prizes=prizes))
    session = DrawSession.open(cfg, tmp_path / "j.jsonl", seed=1)
    window = DisplayWindow(session, cfg, probability_module=module, odds_mode="thread")
    qtbot.addWidget(window)
    window.resize(*screen)
    window.show()
    qtbot.waitExposed(window)
    if join:
        window.join_badge = JoinBadge(window, URL)
    window.start_background_work()
    qtbot.waitUntil(lambda: window.start_odds != "", timeout=120_000)
    return window


@pytest.mark.parametrize("screen", [(1024, 768), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize(("size", "per_column"), [(4, 10), (10, 15)])
@pytest.mark.parametrize("language", ["ja", "en"])
def test_start_screen_says_when_the_first_bingo_and_the_last_prize_come(
    qtbot, tmp_path, output_dir, screen, size, per_column, language
):
    window = open_show(qtbot, tmp_path, size, per_column, screen, language)
    cards = window.config.event.cards_in_play
    assert ASKED[0][:4] == (cards, 3, size, per_column) and ASKED[0][6]["quick"] is True
    line = window.start_odds
    if language == "ja":
        assert line == f"{cards}枚で 最初のビンゴ 平均6.5球目／最後の賞（3人目）9.0球目"
    else:
        assert line == (
            f"{cards} cards: average first bingo at ball 6.5, last prize (no. 3) at 9.0"
        )
    entries = grab_text(window)
    drawn = [e for e in entries if e["text"] == line]
    assert drawn, "the line is painted"
    assert text_problems(drawn, screen[1]) == []
    assert text_problems(entries, screen[1]) == []  # nothing else got cut or small for it
    place = window.start_odds_rect()
    for e in drawn:  # in the title bar's right part, clear of the title
        assert place.contains(e["rect"]), (e["rect"], place)
    title = window.config.event.title
    for e in entries:
        if e["text"] == title and e.get("ink") is not None:
            assert e["ink"].right() < place.left(), (e["ink"], place)
    save_shot(window, output_dir, f"start_odds_{language}_{size}x{per_column}_"
                                  f"{screen[0]}x{screen[1]}.png")  # fmt: skip
    # the first draw: the recent numbers take the place
    window.controller.draw()
    window.controller.land_now()
    assert line not in {e["text"] for e in grab_text(window)}


def test_one_prize_or_none_configured_says_the_first_bingo(qtbot, tmp_path):
    window = open_show(qtbot, tmp_path, 4, 10, (1024, 768), prizes=())
    assert ASKED[0][1] == 1
    cards = window.config.event.cards_in_play
    assert window.start_odds == f"{cards}枚で 最初のビンゴ 平均6.5球目"


def test_the_real_engine_gives_the_figures(qtbot, tmp_path):
    """With the engine itself (4x4, exact): the line carries prize_curves' expected draws."""
    window = open_show(qtbot, tmp_path, 4, 10, (1280, 720), module="bingo.probability",
                       join=False)  # fmt: skip
    cards = window.config.event.cards_in_play
    curves = prob.prize_curves(cards, 3, 4, 10, 4, False)
    first, last = curves.expected[0], curves.expected[-1]
    assert window.start_odds == (
        f"{cards}枚で 最初のビンゴ 平均{first:.1f}球目／最後の賞（3人目）{last:.1f}球目"
    )
    assert window.odds.prize_question() == (cards, 3)


def test_the_registry_sets_the_card_count(qtbot):
    """With a card registry the figures are for its cards; the prizes never exceed them."""
    from bingo.ui.odds import OddsService

    cfg = board_config(4, 10)
    cfg = dataclasses.replace(cfg, event=dataclasses.replace(cfg.event, prizes=PRIZES))
    assert OddsService(cfg, registry_cards=[object()] * 7, mode="thread").prize_question() == (
        7,
        3,
    )
    assert OddsService(cfg, registry_cards=[object()] * 2, mode="thread").prize_question() == (
        2,
        2,
    )
    assert OddsService(cfg, mode="thread").prize_question() == (cfg.event.cards_in_play, 3)
