"""Daifugō help: the keys and the 「ルール」 panel (texts without Qt, the overlay with qtbot), and
the one reading of 禁止あがり under 革命 + 11バック that the panel explains."""

from __future__ import annotations

from dataclasses import replace

import pytest
from daifugo_support import pass_turn, play

from games.common.cards import Card
from games.daifugo.chips import ROOMS
from games.daifugo.game import Game
from games.daifugo.plays import single
from games.daifugo.ruleset import RULE_NAMES, Rules
from games.daifugo.texts import HELP_KEYS, rules_panel


def test_revolution_plus_eleven_back_forbids_the_two_not_the_three():
    g = Game.new(
        hands=[["4S", "4H", "4D", "4C", "JS", "2H", "3H"], ["KD", "5C"], ["6C", "7C"]],
        rules=Rules.preset(3),
    )
    play(g, ["4S", "4H", "4D", "4C"])  # 革命
    pass_turn(g)
    pass_turn(g)
    play(g, ["JS"])  # 11バック during the 革命: the normal order again
    assert g.revolution and g.eleven_back and not g.reversed
    play(g, ["KD"])
    pass_turn(g)
    assert g.would_foul(single(Card.parse("2H")))
    assert not g.would_foul(single(Card.parse("3H")))
    g.hands[0].remove(Card.parse("3H"))  # the 2 is seat 0's last card
    play(g, ["2H"])
    assert g.fouls == [0]


@pytest.mark.parametrize("language", ["ja", "en"])
def test_rules_panel_has_each_active_rule_in_one_line(language):
    i = 0 if language == "ja" else 1
    lines = rules_panel(Rules.preset(1), ROOMS["beginner"], language)
    for names in RULE_NAMES.values():
        assert sum(line.startswith(names[i]) for line in lines) == 1, names[i]
    lines4 = rules_panel(Rules.preset(4), ROOMS["beginner"], language)
    starts = [line.split("：" if language == "ja" else ":")[0] for line in lines4]
    on = [names[i] for key, names in RULE_NAMES.items() if getattr(Rules.preset(4), key)]
    off = [names[i] for key, names in RULE_NAMES.items() if not getattr(Rules.preset(4), key)]
    assert [s for s in starts if s in on + off] == on  # inactive rules get no line of their own
    assert all(name in lines4[len(on)] for name in off)  # they are named together once


def test_rules_panel_numbers_come_from_the_room():
    lines = rules_panel(Rules.preset(2), ROOMS["intermediate"], "ja")
    text = "\n".join(lines)
    assert "大富豪 2,000・富豪 1,250・平民 1,000・貧民 500・大貧民 250" in text
    assert "2%" in text and "1,000 チップのペナルティ" in text
    assert "3 < 4 < … < K < A < 2 < ジョーカー" in text
    assert "大富豪→大貧民は好きな2枚" in text
    en = "\n".join(rules_panel(Rules.preset(2), ROOMS["advanced"], "en"))
    assert "Commoner 10,000" in en and "costs 10,000 chips" in en


def test_the_forbidden_finish_line_follows_the_rules():
    both = "\n".join(rules_panel(Rules.preset(3), ROOMS["beginner"], "ja"))
    assert "2（革命中か11バック中は3）" in both and "革命中の11バックは強さが普通に戻る" in both
    assert "スペードの3" not in both  # no スペ3返し in ルール3
    only_rev = replace(Rules.preset(3), eleven_back=False)
    text = "\n".join(rules_panel(only_rev, ROOMS["beginner"], "ja"))
    assert "2（革命中は3）" in text and "普通に戻る" not in text
    assert "反則" not in "\n".join(rules_panel(Rules.preset(4), ROOMS["beginner"], "ja"))


def test_keys_listed_are_the_keys_handled(qtbot, output_dir):
    """Every key the help names does something at the table; F1 / H / Esc drive the overlay."""
    from PySide6.QtCore import Qt

    from games.daifugo.chips import ChipBank
    from games.daifugo.qt.window import DaifugoTable

    table = DaifugoTable(
        players=4, rules=Rules.preset(1), delay_ms=0, seed=3, language="ja", bank=ChipBank()
    )
    qtbot.addWidget(table)
    table.resize(1280, 800)
    table.show()
    table.start_game()
    qtbot.waitUntil(lambda: table.waiting_for_human or table.session.game.is_over, timeout=20000)
    assert [k for k, _ in HELP_KEYS["ja"]][:6] == [
        "← → / A D",
        "Space（↑ ↓）",
        "Enter",
        "P / Backspace",
        "Esc",
        "F1 / H",
    ]
    table.setFocus()
    qtbot.keyClick(table, Qt.Key.Key_F1)
    assert table.help.isVisible()
    text = table.help.text()
    assert "操作" in text and "ルール（ルール1・初級ルーム）" in text
    for line in rules_panel(Rules.preset(1), ROOMS["beginner"], "ja"):
        assert line.strip() in text
    table.help.grab().save(str(output_dir / "daifugo_help_ja.png"))
    table.grab().save(str(output_dir / "daifugo_help_table_ja.png"))
    cursor = table.card_cursor
    qtbot.keyClick(table, Qt.Key.Key_D)  # keys wait while the help is open
    assert table.card_cursor == cursor and table.help.isVisible()
    qtbot.keyClick(table, Qt.Key.Key_Escape)
    assert not table.help.isVisible()
    assert table._timer.isActive() or not table.session.cpu_due
    qtbot.keyClick(table, Qt.Key.Key_H)
    assert table.help.isVisible()
    qtbot.keyClick(table, Qt.Key.Key_H)
    assert not table.help.isVisible()
    assert table._timer.isActive() or not table.session.cpu_due
    table.rules_button.click()  # the seed's 「ルール」 button
    assert table.help.isVisible()
    qtbot.mouseClick(table.help, Qt.MouseButton.LeftButton)
    assert not table.help.isVisible()
    assert table._timer.isActive() or not table.session.cpu_due
    # and the table keys themselves, with the help closed
    n = len(table.hand_cards())
    qtbot.keyClick(table, Qt.Key.Key_D)
    assert table.card_cursor == (cursor + 1) % n
    qtbot.keyClick(table, Qt.Key.Key_A)
    assert table.card_cursor == cursor
    qtbot.keyClick(table, Qt.Key.Key_Space)
    assert table.selected == {cursor}
    qtbot.keyClick(table, Qt.Key.Key_Escape)
    assert table.selected == set()


def test_english_help(qtbot, output_dir):
    from PySide6.QtCore import Qt

    from games.daifugo.chips import ChipBank
    from games.daifugo.qt.window import DaifugoTable

    rules = replace(Rules.preset(2), spade_three=False)
    table = DaifugoTable(
        players=5, rules=rules, room=ROOMS["advanced"], delay_ms=0, language="en", bank=ChipBank()
    )
    qtbot.addWidget(table)
    table.resize(1280, 800)
    table.show()
    assert table.rules_button.text() == "Rules"
    qtbot.keyClick(table, Qt.Key.Key_F1)
    text = table.help.text()
    assert "Rules (Custom, Advanced room)" in text and "Not in this room:" in text
    assert "Leaving during a game costs 10,000 chips" in text
    table.help.grab().save(str(output_dir / "daifugo_help_en.png"))


def test_the_cpus_wait_while_the_help_is_open(qtbot):
    from PySide6.QtCore import Qt

    from games.daifugo.chips import ChipBank
    from games.daifugo.qt.window import DaifugoTable

    table = DaifugoTable(players=4, delay_ms=0, seed=3, language="ja", bank=ChipBank())
    qtbot.addWidget(table)
    table.show()
    table.start_game()
    qtbot.waitUntil(lambda: table.waiting_for_human, timeout=20000)
    if table.session.game.can_pass():
        table.pass_clicked()
    else:  # you lead: play the weakest legal play
        table.select_codes([str(c) for c in table.session.game.legal_plays()[0].cards])
        table.play_selected()
    assert table.session.cpu_due and table._timer.isActive()
    moves = len(table.session.game.history)
    qtbot.keyClick(table, Qt.Key.Key_F1)
    assert table.help.isVisible() and not table._timer.isActive()
    assert len(table.session.game.history) == moves
    with qtbot.waitSignal(table.help.closed):
        qtbot.mouseClick(table.help, Qt.MouseButton.LeftButton)
    assert table._timer.isActive()
    qtbot.waitUntil(lambda: len(table.session.game.history) > moves, timeout=20000)
    qtbot.keyClick(table, Qt.Key.Key_H)
    qtbot.keyClick(table, Qt.Key.Key_Escape)  # Esc closes the help and the CPUs go on too
    assert not table.help.isVisible()
    assert table._timer.isActive() or not table.session.cpu_due
