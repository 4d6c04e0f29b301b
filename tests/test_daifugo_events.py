"""Daifugō events are seen (issue 24 items 2-4): an 8切り or スペ3返し stays on the field under a
caption before the field clears, 革命 / 革命返し / 11バック / しばり / 反則あがり are announced, the
CPUs wait for the caption; the keyboard cursor follows a shrinking hand; a player who has gone
out may leave as the seed says."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt
from textboxes import painted_texts

from games.daifugo.chips import ROOMS, ChipBank, fee, settle
from games.daifugo.game import Game
from games.daifugo.qt.window import DaifugoTable
from games.daifugo.ruleset import Rules, Title
from games.daifugo.table import TableSession


def table_with(qtbot, hands, *, first=0, caption_ms=60_000, language="ja", rules=None):
    table = DaifugoTable(
        players=len(hands),
        rules=rules or Rules.preset(1),
        room=ROOMS["beginner"],
        delay_ms=0,
        caption_ms=caption_ms,
        seed=1,
        language=language,
        bank=ChipBank(),
    )
    qtbot.addWidget(table)
    table.resize(1280, 720)
    table.show()
    game = Game.new(hands=hands, rules=table.rules, first=first)
    table.load_game(game)
    return table, game


def painted(table) -> list[str]:
    with painted_texts(skip=("paint_card",)) as texts:
        table.grab()
    return [t.text for t in texts]


def test_an_eight_cut_stays_on_the_field_under_its_caption(qtbot, output_dir):
    hands = [["8S", "4H", "KD"], ["3C", "9H"], ["4C", "10H"], ["5C", "JH"]]
    table, g = table_with(qtbot, hands)
    table.select_codes(["8S"])
    table.play_selected()
    assert g.trick == ()  # the engine cleared the field at once ...
    assert table.caption == "あなた　8切り！"  # ... but the table shows it, with the 8
    assert [str(c) for _, play in table.shown_trick() for c in play.cards] == ["8S"]
    assert "あなた　8切り！" in painted(table)
    table.grab().save(str(output_dir / "daifugo_eight_cut_ja.png"))
    table.end_caption()
    assert table.caption == "" and table.shown_trick() == ()


def test_a_revolution_is_announced_and_the_cpus_wait_for_the_caption(qtbot, output_dir):
    hands = [["4S", "4H", "4D", "4C", "KD"], ["3C", "9H"], ["5C", "10H"], ["6C", "JH"]]
    table, g = table_with(qtbot, hands, language="en")
    table.select_codes(["4S", "4H", "4D", "4C"])
    table.play_selected()
    assert g.revolution and table.caption == "You: Revolution!"
    table.grab().save(str(output_dir / "daifugo_revolution_en.png"))
    assert table.session.cpu_due and not table._timer.isActive()  # CPUs wait
    table.end_caption()
    assert table._timer.isActive()  # and go on once it is gone


def test_a_caption_never_outstays_its_time(qtbot):
    hands = [["8S", "4H", "KD"], ["3C", "9H"], ["4C", "10H"]]
    table, _ = table_with(qtbot, hands, caption_ms=30)
    table.select_codes(["8S"])
    table.play_selected()
    assert table.caption
    qtbot.waitUntil(lambda: table.caption == "", timeout=2000)


@pytest.mark.parametrize(
    ("hands", "play", "expected"),
    [
        ([["JS", "4H"], ["3C", "9H"], ["4C", "10H"]], ["JS"], ("eleven_back",)),
        ([["9S", "4H"], ["3C", "KS"], ["4C", "10H"]], None, ("suit_lock",)),
        (
            [["8S", "8H", "8D", "8C", "KS"], ["3C"], ["4C"]],
            ["8S", "8H", "8D", "8C"],
            ("revolution", "eight_cut"),
        ),
    ],
)
def test_the_engine_moments_are_named(hands, play, expected):
    g = Game.new(hands=hands, rules=Rules.preset(1), first=0)
    if play is None:  # 9♠ then K♠ on it: the same suit locks the field
        g.apply(g.parse_action("9S"))
        action = g.parse_action("KS")
    else:
        action = g.parse_action(" ".join(play))
    applied = g.apply(action)  # apply names what the play did
    assert applied.announcements == expected and applied.action == action


def test_spade_three_over_a_lone_joker_and_a_counter_revolution():
    g = Game.new(hands=[["JK", "5D"], ["3S", "9H"], ["4C", "10H"]], rules=Rules.preset(1), first=0)
    g.apply(g.parse_action("JK"))
    assert g.apply(g.parse_action("3S")).announcements == ("spade_three",)
    g = Game.new(
        hands=[["5S", "5H", "5D", "5C", "KS"], ["6S", "6H", "6D", "6C", "2S"], ["4C", "10H"]],
        rules=Rules.preset(1),
        first=0,
    )
    g.revolution = True
    assert g.apply(g.parse_action("5S 5H 5D 5C")).announcements == ("counter_revolution",)


def test_a_forbidden_finish_is_announced(qtbot):
    hands = [["2S"], ["3C", "9H"], ["4C", "10H"]]
    table, g = table_with(qtbot, hands)
    table.select_codes(["2S"])
    table.play_selected()
    assert 0 in g.fouls and table.caption.startswith("あなた　反則あがり！")


def test_the_cursor_follows_a_shrinking_hand(qtbot):
    """After playing the rightmost card Space still selects a card (issue 24 item 3)."""
    hands = [["4H", "KD"], ["3C", "9H", "5S"], ["4C", "10H", "6S"]]
    table, g = table_with(qtbot, hands, caption_ms=0)
    table.setFocus()
    qtbot.keyClick(table, Qt.Key.Key_Right)
    assert table.card_cursor == 1
    qtbot.keyClick(table, Qt.Key.Key_Space)
    qtbot.keyClick(table, Qt.Key.Key_Return)  # plays the K♦, the rightmost card
    assert [str(c) for c in g.hands[0]] == ["4H"]
    qtbot.waitUntil(lambda: table.waiting_for_human or g.is_over, timeout=5000)
    if table.waiting_for_human:
        qtbot.keyClick(table, Qt.Key.Key_Space)
        assert table.selected == {0}


# ------------------------------------------------------------------ leaving after going out


def out_first_session(bank: ChipBank) -> TableSession:
    """A table where the person (seat 0) has gone out first and the CPUs play on."""
    session = TableSession(names=["あなた", "CPU1", "CPU2"], seed=3, bank=bank)
    session.start_game()
    hands = [["5H"], ["3C", "9H", "KS"], ["4C", "10H", "QS"]]
    session.load(Game.new(hands=hands, rules=Rules.preset(1), first=0))
    session.titles_played = (Title.HEIMIN,) * 3
    session.act(0, "5H")
    assert session.is_out(0) and session.is_leading(0)
    return session


def test_a_winner_who_leaves_before_the_end_passes_the_prize_to_the_next_place(tmp_path):
    bank = ChipBank(tmp_path / "chips.json")
    session = out_first_session(bank)
    balances = {name: bank.balance(name) for name in session.names}
    assert session.leave_cost(0) == 0  # gone out: no penalty
    assert session.leave(0) == 0
    session.play_out()
    s = session.settlement
    assert not session.in_game and s is not None
    assert session.game.finish_order[0] == 0  # the place stands ...
    assert s.winner == session.game.finish_order[1]  # ... the prize goes to the next place
    assert bank.balance("あなた") == balances["あなた"]  # fee already paid, nothing more
    winner = session.names[s.winner]
    assert bank.balance(winner) == balances[winner] + s.prize
    assert ChipBank(tmp_path / "chips.json").balance(winner) == balances[winner] + s.prize


def test_settle_passes_the_prize_over_every_seat_that_left():
    titles = (Title.HEIMIN,) * 4
    s = settle(ROOMS["beginner"], titles, [2, 0, 3, 1], left={2, 0})
    assert s.winner == 3 and s.deltas[3] == s.prize - fee(ROOMS["beginner"], Title.HEIMIN)


def test_leaving_mid_game_pays_once_and_a_cpu_plays_the_seat_out(tmp_path):
    bank = ChipBank(tmp_path / "chips.json")
    session = TableSession(names=["あなた", "CPU1", "CPU2"], seed=3, bank=bank)
    session.start_game()
    before = bank.balance("あなた")
    assert session.leave(0) == ROOMS["beginner"].stake
    session.play_out()
    assert session.game.is_over and session.settlement is not None
    assert session.settlement.winner != 0  # a seat that left never takes the prize
    assert bank.balance("あなた") == before - ROOMS["beginner"].stake


def test_the_leave_question_says_what_leaving_costs_and_forfeits(qtbot):
    table = DaifugoTable(players=3, room=ROOMS["beginner"], delay_ms=0, seed=3, bank=ChipBank())
    qtbot.addWidget(table)
    table.session = out_first_session(table.session.bank)
    table.ask_to_leave()
    text = table.leave_panel.text()
    assert "1位であがりました" in text and "ペナルティはありません" in text
    assert "次の順位のプレイヤーのもの" in text
    assert table.leave_panel.leave_button.text() == "抜ける"


def test_apply_returns_what_the_action_did():
    """One event type for every action: the seat, the action, the announcements, the trick an
    8切り cleared (with the 8 on top) and, in card passing, who gave which cards to whom."""
    g = Game.new(hands=[["5S", "8H", "9C"], ["6S", "KD"], ["7S", "QC"]], rules=Rules.preset(3))
    first = g.apply(g.parse_action("5S"))
    assert (first.seat, first.announcements, first.cleared_trick, first.gift) == (0, (), (), None)
    g.apply(g.parse_action("6S"))
    g.apply(g.parse_action("7S"))
    cut = g.apply(g.parse_action("8H"))
    assert cut.announcements == ("eight_cut",) and g.top is None
    assert [(s, str(p)) for s, p in cut.cleared_trick] == [
        (0, "5S"),
        (1, "6S"),
        (2, "7S"),
        (0, "8H"),
    ]
    passing = Game.new(
        hands=[["3S", "4S"], ["5S", "2H"]],
        ranks=(Title.FUGO, Title.HINMIN),
        card_passing=True,
        first=1,
    )
    applied = passing.apply(passing.legal_actions()[0])
    assert applied.gift is not None and (applied.gift.giver, applied.gift.receiver) == (1, 0)
    assert [str(c) for c in applied.gift.cards] == ["2H"]
