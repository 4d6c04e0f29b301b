"""The Qt table: a whole hand played through the real widget, with grabs under tests/output/."""

from __future__ import annotations

from dataclasses import replace

import pytest

pytest.importorskip("pytestqt")

from daifugo_support import check, legal_moves, pass_turn, play, refusal
from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QDialog, QLabel

from games.daifugo.chips import ROOMS, ChipBank, fee
from games.daifugo.qt.window import DaifugoTable
from games.daifugo.ruleset import Rules


def make(qtbot, language="ja", players=5, seed=4, rules=None, levels=("normal",)):
    table = DaifugoTable(
        players=players,
        rules=rules or Rules.preset(1),
        room=ROOMS["beginner"],
        cpu_levels=levels,
        delay_ms=0,
        seed=seed,
        language=language,
        bank=ChipBank(),
    )
    qtbot.addWidget(table)
    table.resize(1280, 800)
    table.show()
    return table


def wait_human_or_over(qtbot, table, paint_cpus=True):
    """Wait (the table's own timer plays the CPUs) until the person is to move or the game is
    over. With paint_cpus=False the CPUs' moves between are played unpainted (updates off) and
    the table paints once, what the person then sees: a long test's time went on painting
    every CPU move (test_a_whole_hand_through_the_table still paints every one)."""
    if paint_cpus:
        qtbot.waitUntil(
            lambda: table.waiting_for_human or table.session.game.is_over, timeout=20000
        )
        return
    table.setUpdatesEnabled(False)
    try:
        qtbot.waitUntil(
            lambda: table.waiting_for_human or table.session.game.is_over, timeout=20000
        )
    finally:
        table.setUpdatesEnabled(True)
    table.repaint()


def human_move(table) -> None:
    """Play the weakest legal play by clicking the cards, or pass with the button."""
    g = table.session.game
    if g.phase == "exchange":
        codes = legal_moves(g)[0]
    else:
        plays = g.legal_plays()
        if not plays:
            assert table.pass_button.isEnabled() and not table.play_button.isEnabled()
            table.pass_button.click()
            return
        codes = [str(c) for c in plays[0].cards]
    hand = [str(c) for c in g.hands[0]]
    for code in codes:
        table.toggle(hand.index(code))
    assert table.play_button.isEnabled()
    table.play_button.click()


def test_a_whole_hand_through_the_table(qtbot, output_dir):
    table = make(qtbot)
    table.start_game()
    wait_human_or_over(qtbot, table)
    table.grab().save(str(output_dir / "daifugo_table_ja.png"))
    assert not table.play_button.isEnabled()  # nothing selected yet
    bank = table.bank
    start = bank.balance(table.names[0])
    spectated = False
    for _ in range(300):
        wait_human_or_over(qtbot, table)
        if table.session.game.is_over:
            break
        human_move(table)
        if 0 in table.session.game.out and not spectated:
            spectated = True
    assert table.session.game.is_over
    assert table.next_button.isVisible()
    table.grab().save(str(output_dir / "daifugo_results_ja.png"))
    s = table.settlement
    assert s.pot == 100 * 5 and s.prize == 490
    assert bank.balance(table.names[0]) == start + 100 + s.deltas[0]  # fee was paid at start
    # Balances were saved and a new bank object reads them back.
    again = ChipBank()
    assert again.balance(table.names[0]) == bank.balance(table.names[0])
    # Next game: ranks from the places; card passing happens first.
    places = table.session.game.finish_order
    table.next_button.click()
    assert (
        table.session.game.ranks[places[0]].ja == "大富豪"
        and table.session.game.ranks[places[-1]].ja == "大貧民"
    )
    wait_human_or_over(qtbot, table)
    table.grab().save(str(output_dir / "daifugo_second_game_ja.png"))


def test_buttons_follow_legality_and_keys_select(qtbot):
    table = make(qtbot, seed=11)
    table.start_game()
    for _ in range(30):  # pass until there is something to play
        wait_human_or_over(qtbot, table)
        if any("=" not in "".join(m) for m in legal_moves(table.session.game)):
            break
        table.pass_button.click()
    g = table.session.game
    assert g.turn == 0
    table.setFocus()
    hand = [str(c) for c in g.hands[0]]
    legal = {m for m in legal_moves(g)}
    # Keys: move to a card and select it with space.
    for i, code in enumerate(hand):
        table.card_cursor = i
        qtbot.keyClick(table, Qt.Key.Key_Space)
        assert table.selected == {i}
        assert table.play_button.isEnabled() == (check(g, [code]) is None)
        qtbot.keyClick(table, Qt.Key.Key_Space)
        assert table.selected == set()
    assert table.pass_button.isEnabled() == g.can_pass()
    move = next(m for m in sorted(legal) if "=" not in "".join(m))
    table.select_codes(move)
    assert table.play_button.isEnabled()
    before = len(g.hands[0])
    qtbot.keyClick(table, Qt.Key.Key_Return)
    assert len(g.hands[0]) == before - len(move)


def test_clicking_a_card_selects_it(qtbot):
    table = make(qtbot, seed=11)
    table.start_game()
    wait_human_or_over(qtbot, table)
    rect = table.hand_rects()[0]
    qtbot.mouseClick(table, Qt.MouseButton.LeftButton, pos=rect.center().toPoint())
    assert table.selected == {0}


def test_english_exchange_and_spectator(qtbot, output_dir):
    table = make(qtbot, language="en", seed=21, levels=("easy",))
    table.start_game()
    # Play the first game out quickly so the second one starts with card passing.
    for _ in range(300):
        wait_human_or_over(qtbot, table, paint_cpus=False)
        if table.session.game.is_over:
            break
        human_move(table)
    table.grab().save(str(output_dir / "daifugo_results_en.png"))
    table.next_button.click()
    for _ in range(20):
        wait_human_or_over(qtbot, table, paint_cpus=False)
        if table.session.game.phase != "exchange" or table.session.game.exchange_step.giver != 0:
            break
        table.grab().save(str(output_dir / "daifugo_exchange_en.png"))
        assert table.play_button.text() == "Give"
        human_move(table)
    # Spectator mode: once out, clicking an opponent shows their hand.
    for _ in range(2000):
        wait_human_or_over(qtbot, table, paint_cpus=False)
        g = table.session.game
        if g.is_over:
            table.next_button.click()
            continue
        human_move(table)
        if 0 in g.out and not g.is_over:
            break
    g = table.session.game
    assert 0 in g.out and not g.is_over
    table._timer.stop()  # hold the CPUs so the screen stays in spectator mode
    table.update()
    seat = next(s for s in g.active)
    rect = table.table_layout().seat_panels()[seat]
    qtbot.mouseClick(table, Qt.MouseButton.LeftButton, pos=rect.center().toPoint())
    assert table.peek == seat
    table.grab().save(str(output_dir / "daifugo_spectator_en.png"))
    qtbot.mouseClick(table, Qt.MouseButton.LeftButton, pos=rect.center().toPoint())
    assert table.peek is None


def test_leaving_mid_game_costs_the_stake(qtbot):
    table = make(qtbot, seed=5)
    table.start_game()
    wait_human_or_over(qtbot, table)
    before = table.bank.balance(table.names[0])
    assert table.leave() == 100
    assert ChipBank().balance(table.names[0]) == before - 100
    assert table.leave() == 0


def test_refusals_are_explained_in_japanese():
    from games.daifugo.game import Game
    from games.daifugo.texts import explain

    g = Game.new(hands=[["3H", "9H", "KS"], ["7H", "10S", "QC"], ["5C", "JH", "QD"]])
    play(g, ["3H"])
    play(g, ["7H"])
    assert explain(refusal(g, ["QD"]), "ja") == "絵柄しばり中：♥ しか出せません"
    assert explain(refusal(g, ["5C"]), "ja").startswith("場のカードより強いカード")
    assert explain(refusal(g, ["5C"]), "en") == "Play cards stronger than the field"
    g2 = Game.new(hands=[["3S", "6H"], ["4D", "7C"], ["5C", "9H"]])
    play(g2, ["3S"])
    play(g2, ["4D"])
    assert explain(refusal(g2, ["9H"]), "ja") == "階段しばり中：次は 5 しか出せません"


def test_indicators_light_up(qtbot, output_dir):
    from games.daifugo.game import Game

    table = make(qtbot)
    hands = [
        ["3S", "5H", "6H", "9D", "10H", "JK", "2C"],
        ["4S", "4H", "4D", "4C", "8S", "QH"],
        ["6S", "7H", "KD"],
        ["7S", "9S", "QC", "AD"],
        ["5S", "10C", "KC", "3D"],
    ]
    g = Game.new(hands=hands, rules=Rules.preset(1), first=1)
    table.load_game(g)
    play(g, ["4S", "4H", "4D", "4C"])  # 革命
    for _ in range(4):
        pass_turn(g)
    play(g, ["QH"])  # seat 1 leads again
    play(g, ["7H"])  # reversed: 7 beats Q; ♥ twice: 絵柄しばり
    pass_turn(g)
    pass_turn(g)
    assert g.turn == 0 and g.revolution and g.suit_lock
    table._update_buttons()
    assert table.pass_button.isEnabled() and not table.play_button.isEnabled()
    table.select_codes(["6H"])
    assert table.play_button.isEnabled()
    table.select_codes(["9D"])
    assert not table.play_button.isEnabled()
    table.select_codes(["5H"])
    table.grab().save(str(output_dir / "daifugo_indicators_ja.png"))


def test_setup_dialog_and_make_table(qtbot, output_dir, tmp_path):
    from games.daifugo.app import make_table, resolve
    from games.daifugo.qt.setup import SetupDialog

    dialog = SetupDialog("ja", 2, "intermediate", players=3, cpu_levels=("easy", "strong"))
    qtbot.addWidget(dialog)
    c = dialog.choice()
    assert (c.players, c.cpu_levels, c.rules, c.room_key) == (
        3,
        ("easy", "strong"),
        Rules.preset(2),
        "intermediate",
    )
    dialog.players_box.setCurrentIndex(3)  # 5 players: four CPU rows
    dialog.level_boxes[3].setCurrentIndex(2)
    dialog.rules_box.setCurrentIndex(dialog.rules_box.findData(4))
    dialog.room_box.setCurrentIndex(2)
    c = dialog.choice()
    assert c.players == 5 and c.cpu_levels == ("easy", "strong", "strong", "strong")
    assert c.rules == Rules.preset(4) and c.room_key == "advanced"
    dialog.show()
    dialog.grab().save(str(output_dir / "daifugo_setup_ja.png"))
    cfg = tmp_path / "config.toml"
    cfg.write_text("[daifugo]\nplayers = 3\ncpu_levels = ['easy', 'strong']\n")
    settings, language, _ = resolve(["--config", str(cfg), "--no-setup", "--delay-ms", "0"])
    table = make_table(settings, language)
    qtbot.addWidget(table)
    assert [c.level for c in table.cpus[1:]] == ["easy", "strong"]
    assert table.players == 3 and table.delay_ms == 0


def test_setup_rules_one_by_one_after_a_preset(qtbot, output_dir):
    from games.daifugo.qt.setup import CUSTOM, SetupDialog

    dialog = SetupDialog("ja", 3, "beginner")
    qtbot.addWidget(dialog)
    assert dialog.rules() == Rules.preset(3)
    assert not any("左詰め" in label.text() for label in dialog.findChildren(QLabel))
    dialog.rule_checks["spade_three"].setChecked(True)  # ルール3 + スペ3返し: no preset
    assert dialog.rules_box.currentData() == CUSTOM
    assert dialog.choice().rules == Rules(spade_three=True)
    dialog.rule_checks["miyako_ochi"].setChecked(True)  # ルール3 + both = ルール2
    assert dialog.rules_box.currentData() == 2
    dialog.rules_box.setCurrentIndex(dialog.rules_box.findData(1))
    assert all(check.isChecked() for check in dialog.rule_checks.values())
    dialog.players_box.setCurrentIndex(0)  # 2 players: one CPU level asked
    dialog.show()
    assert [box.isVisible() for box in dialog.level_boxes] == [True, False, False, False]
    assert dialog.choice().cpu_levels == ("normal",)
    dialog.grab().save(str(output_dir / "daifugo_setup_custom_ja.png"))


def test_a_custom_rule_set_reaches_the_table(qtbot, monkeypatch):
    from games.daifugo.app import make_table
    from games.daifugo.qt.setup import SetupDialog
    from games.daifugo.settings import DaifugoSettings

    def chosen(dialog):
        dialog.players_box.setCurrentIndex(1)
        dialog.rule_checks["eight_cut"].setChecked(False)
        dialog.level_boxes[1].setCurrentIndex(0)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(SetupDialog, "exec", chosen)
    table = make_table(DaifugoSettings(cpu_delay_ms=0), "en")
    qtbot.addWidget(table)
    assert table.players == 3 and [c.level for c in table.cpus[1:]] == ["normal", "easy"]
    assert table.rules == replace(Rules.preset(1), eight_cut=False)
    assert table.rules.preset_number() is None
    monkeypatch.setattr(SetupDialog, "exec", lambda dialog: QDialog.DialogCode.Rejected)
    assert make_table(DaifugoSettings(), "en") is None


def joker_table(qtbot):
    from games.daifugo.game import Game

    table = make(qtbot)
    hands = [["5D", "6D", "JK", "KS"], ["3C", "9H"], ["4C", "10H"], ["5C", "JH"], ["6C", "QH"]]
    g = Game.new(hands=hands, rules=Rules.preset(1), first=0)
    table.load_game(g)
    table.select_codes(["5D", "6D", "JK"])
    return table, g


def test_player_chooses_what_the_joker_stands_for(qtbot, output_dir):
    """The readings are shown as cards over the table; clicking one plays it."""
    table, g = joker_table(qtbot)
    readings = table.joker_readings(["5D", "6D", "JK"])
    assert ("JK=4D", "5D", "6D") in readings and ("5D", "6D", "JK=7D") in readings
    assert table.play_button.isEnabled()
    table.play_button.click()
    chooser = table.joker_chooser
    assert chooser.isVisible() and chooser.readings == readings
    assert len(g.hands[0]) == 4  # nothing played until a reading is chosen
    table.grab().save(str(output_dir / "daifugo_joker_choice_ja.png"))
    target = chooser.option_rects()[readings.index(("5D", "6D", "JK=7D"))].center().toPoint()
    qtbot.mouseClick(chooser, Qt.MouseButton.LeftButton, pos=target)
    assert not chooser.isVisible()
    assert [str(c) for c in g.hands[0]] == ["KS"]
    assert sorted(str(c) for c in g.top.faces) == ["5D", "6D", "7D"]  # the joker is the 7D


def test_cancelling_the_joker_choice_plays_nothing(qtbot):
    table, g = joker_table(qtbot)
    table.play_selected()
    assert table.joker_chooser.isVisible()
    qtbot.keyClick(table, Qt.Key.Key_Escape)
    assert not table.joker_chooser.isVisible()
    assert len(g.hands[0]) == 4 and g.top is None


def test_joker_choice_by_number_key_says_each_reading_in_words(qtbot):
    from textboxes import painted_texts

    table, g = joker_table(qtbot)
    table.play_selected()
    with painted_texts() as texts:
        table.joker_chooser.grab()
    said = [t.text for t in texts]
    assert "1:  ジョーカー = 4♦" in said and "2:  ジョーカー = 7♦" in said
    assert not any("JK" in text for text in said)  # no engine codes on the table
    qtbot.keyClick(table, Qt.Key.Key_2)
    assert sorted(str(c) for c in g.top.faces) == ["5D", "6D", "7D"]


def test_after_the_exchange_the_table_says_what_you_got_and_gave(qtbot, output_dir):
    from games.daifugo.ruleset import Title
    from games.daifugo.texts import card_label

    table = make(qtbot, players=4, seed=7)
    table.match.ranks = (Title.DAIFUGO, Title.FUGO, Title.HINMIN, Title.DAIHINMIN)
    table.start_game()
    wait_human_or_over(qtbot, table)
    g = table.session.game
    assert g.phase == "exchange" and g.exchange_step.giver == 0 and table.exchange_note == ""
    got = table.session.gifts[0]
    assert (got.giver, got.receiver) == (3, 0)
    human_move(table)  # give two cards to the 大貧民 (CPU3)
    gave = next(gift for gift in table.session.gifts if gift.giver == 0)
    wait_human_or_over(qtbot, table)
    assert g.phase == "play"
    mine = card_label(got.cards[0], "ja")
    theirs = "・".join(card_label(c, "ja") for c in gave.cards)
    assert table.exchange_note == (
        f"カード交換：CPU3から {mine} をもらいました／CPU3に {theirs} を渡しました"
    )
    table.grab().save(str(output_dir / "daifugo_after_exchange_ja.png"))
    assert table.waiting_for_human  # the CPUs played up to your turn: the note stays
    human_move(table)
    assert table.exchange_note == ""  # until your first move


class PersonCloses(QCloseEvent):
    """The close event the window system sends when the person closes the window (title bar,
    Alt+F4): spontaneous. Offscreen Qt cannot produce one, so the tests hand it over directly."""

    def spontaneous(self) -> bool:
        return True


def close_by_person(table) -> bool:
    """Close the table as the person does; True if the window closed."""
    event = PersonCloses()
    table.closeEvent(event)
    if event.isAccepted():
        table.hide()
    return event.isAccepted()


def test_closing_mid_game_asks_first_and_staying_charges_nothing(qtbot, output_dir):
    from games.daifugo.chips import ChipBank as Bank

    table = make(qtbot, seed=5)
    table.start_game()
    wait_human_or_over(qtbot, table)
    name = table.names[0]
    before = table.bank.balance(name)
    assert table.session.leave_cost(0) == 100
    assert not close_by_person(table)
    panel = table.leave_panel
    assert table.isVisible() and panel.isVisible()
    assert "100 チップ" in panel.text() and "抜けますか" in panel.text()
    assert panel.leave_button.text() == "抜ける（-100）" and panel.stay_button.text() == "続ける"
    table.grab().save(str(output_dir / "daifugo_leave_question_ja.png"))
    cards = len(table.session.game.hands[0])
    card = table.hand_rects()[0].center().toPoint()
    assert table.childAt(card) is panel  # the question covers the table
    qtbot.mouseClick(panel, Qt.MouseButton.LeftButton, pos=card)
    assert table.selected == set()  # the table below takes no clicks meanwhile
    with qtbot.waitSignal(panel.answered) as answer:
        qtbot.mouseClick(panel.stay_button, Qt.MouseButton.LeftButton)
    assert answer.args == [False]
    assert table.isVisible() and table.in_game and not panel.isVisible()
    assert table.bank.balance(name) == before and Bank().balance(name) == before
    # The CPUs wait while the question is up; Esc plays on and they move again
    human_move(table)
    qtbot.waitUntil(lambda: not table.caption)  # an event's caption (8切り ...) goes first
    assert table.session.cpu_due and table._timer.isActive()
    assert not close_by_person(table)
    assert not table._timer.isActive() and panel.isVisible()
    with qtbot.waitSignal(panel.answered):
        qtbot.keyClick(table, Qt.Key.Key_Escape)
    assert table.isVisible() and Bank().balance(name) == before
    qtbot.waitUntil(lambda: table._timer.isActive() or table.waiting_for_human)
    wait_human_or_over(qtbot, table)
    assert len(table.session.game.hands[0]) < cards or table.session.game.is_over
    # and answering "leave" pays the penalty once and closes the window
    assert not close_by_person(table)
    with qtbot.waitSignal(panel.answered):
        qtbot.mouseClick(panel.leave_button, Qt.MouseButton.LeftButton)
    assert not table.isVisible() and not table.in_game
    assert Bank().balance(name) == before - 100


def test_closing_between_games_asks_nothing(qtbot):
    table = make(qtbot, language="en", seed=12)
    table.start_game()
    for _ in range(300):
        wait_human_or_over(qtbot, table)
        if table.session.game.is_over:
            break
        human_move(table)
    before = table.bank.balance(table.names[0])
    assert table.session.leave_cost(0) == 0
    assert close_by_person(table)
    assert not table.leave_panel.isVisible() and not table.isVisible()
    assert table.bank.balance(table.names[0]) == before


def test_a_close_from_code_mid_game_charges_nothing(qtbot, capsys):
    """Ctrl+C's handler closes every window and quits: nobody could answer, so nobody pays;
    the game is dropped and the host's terminal says so."""
    table = make(qtbot, seed=5)
    table.start_game()
    wait_human_or_over(qtbot, table)
    assert table.in_game
    fees = [fee(table.session.room, title) for title in table.session.titles_played]
    before = [table.bank.balance(name) + paid for name, paid in zip(table.names, fees, strict=True)]
    assert table.close() and not table.leave_panel.isVisible()
    assert [table.bank.balance(name) for name in table.names] == before and not table.in_game
    assert "参加費は全員に返し" in capsys.readouterr().err


def test_english_leave_question(qtbot):
    table = make(qtbot, language="en", seed=5)
    table.start_game()
    wait_human_or_over(qtbot, table)
    assert not close_by_person(table)
    panel = table.leave_panel
    assert panel.text().startswith("A game is in progress. Leaving now keeps your fee of 100")
    assert "forfeits 100 chips more" in panel.text()
    assert panel.leave_button.text() == "Leave (-100)"
    assert panel.stay_button.text() == "Keep playing"
    with qtbot.waitSignal(panel.answered):
        qtbot.mouseClick(panel.stay_button, Qt.MouseButton.LeftButton)
    assert table.isVisible()


@pytest.mark.slow
@pytest.mark.process
def test_ctrl_c_mid_game_quits_cleanly_without_the_penalty(tmp_path, monkeypatch):
    """Ctrl+C's handler closes every window and quits: the program ends (exit code 0) without
    waiting for an answer, and nobody asked means nobody pays: the fee goes back too."""
    import os
    import signal
    import subprocess
    import sys

    from tests.test_games_menu import ANNOUNCE_FIRST_WINDOW, ROOT

    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "PUYO_EVENT_DATA_DIR": str(tmp_path),
        "PYTHONPATH": str(ROOT),
    }
    args = ["daifugo", "--no-setup", "--delay-ms", "0", "--seed", "3", "--language", "ja"]
    proc = subprocess.Popen(
        [sys.executable, "-c", ANNOUNCE_FIRST_WINDOW, *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stdout.readline() == "shown\n"  # the table is up and the game dealt
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    monkeypatch.setenv("PUYO_EVENT_DATA_DIR", str(tmp_path))
    assert ChipBank().balance("あなた") == 10_000  # no penalty, and the 平民 fee returned


def test_no_module_of_the_qt_package_imports_the_window():
    """The painter, the buttons and the child widgets get the session, the texts and small
    values and answer through signals: no module of games/daifugo/qt but the window itself
    imports it, not even under TYPE_CHECKING (issue 25), and each stays under 500 lines."""
    import ast
    from pathlib import Path

    package = Path(__file__).resolve().parent.parent / "games" / "daifugo" / "qt"
    paths = sorted(package.glob("*.py"))
    assert {"painting.py", "buttons.py", "help.py", "joker.py", "leave.py"} <= {
        p.name for p in paths
    }
    for path in paths:
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)} | {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
        }
        from_qt = {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module == "games.daifugo.qt"
            for alias in node.names
        }
        if path.name != "window.py":
            assert "games.daifugo.qt.window" not in imported, path.name
            assert "window" not in from_qt, path.name
        # no import hides behind `if TYPE_CHECKING:` (nor `typing.TYPE_CHECKING`)
        assert not any(
            (isinstance(node, ast.Name) and node.id == "TYPE_CHECKING")
            or (isinstance(node, ast.Attribute) and node.attr == "TYPE_CHECKING")
            or (isinstance(node, ast.alias) and node.name == "TYPE_CHECKING")
            for node in ast.walk(tree)
        ), path.name
        assert len(source.splitlines()) < 500, path.name


def test_the_painter_needs_no_window(qapp):
    """`paint_table` draws a bare session (no widget) with the texts and the marks it is given:
    the caption and prompt from the marks, every seat's name, the person's chips."""
    from PySide6.QtGui import QImage, QPainter
    from textboxes import painted_texts

    from eventkit.i18n import Texts
    from games.daifugo.qt.layout import TableLayout
    from games.daifugo.qt.painting import Marks, paint_table
    from games.daifugo.table import TableSession
    from games.daifugo.texts import TEXTS

    bank = ChipBank()
    names = ["ひかり", "CPU1", "CPU2", "CPU3"]
    session = TableSession(players=4, names=names, seed=3, bank=bank, delay_ms=0)
    session.start_game()
    texts = Texts(TEXTS, "ja")
    marks = Marks(seat=0, prompt="いまの一言", caption="CPU2：8切り", trick=session.game.trick)
    image = QImage(1280, 720, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    with painted_texts(skip=("paint_card",)) as painted:
        paint_table(painter, session, texts, marks, TableLayout(1280, 720, 4))
    painter.end()
    said = [t.text for t in painted]
    assert "いまの一言" in said and "CPU2：8切り" in said
    assert {"CPU1", "CPU2", "CPU3"} <= set(said)
    assert "ひかり" in said  # the seat's label: the name, then the title, over 出す and パス
    assert texts["chips"].format(n=bank.balance("ひかり")) in said


def test_the_children_work_over_any_widget_and_answer_by_signal(qtbot):
    """The joker's chooser and the leave question get the texts (and the session) and emit
    signals: over a plain widget, with no table around them, they ask and answer."""
    from PySide6.QtWidgets import QWidget

    from eventkit.i18n import Texts
    from games.daifugo.qt.joker import JokerChooser
    from games.daifugo.qt.leave import LeavePanel
    from games.daifugo.table import TableSession
    from games.daifugo.texts import TEXTS

    host = QWidget()
    qtbot.addWidget(host)
    host.resize(1024, 768)
    host.show()
    texts = Texts(TEXTS, "en")
    chooser = JokerChooser(host, texts, "en")
    chooser.offer([("JK=4D", "5D", "6D"), ("5D", "6D", "JK=7D")])
    assert chooser.describe("JK=7D") == "Joker = 7♦"
    with qtbot.waitSignal(chooser.chosen) as chosen:
        chooser.key(Qt.Key.Key_2)
    assert chosen.args == [("5D", "6D", "JK=7D")] and not chooser.isVisible()
    session = TableSession(players=3, seed=3, bank=ChipBank(), language="en", delay_ms=0)
    session.start_game()
    panel = LeavePanel(host, texts)
    panel.ask(session, 0)
    assert panel.isVisible() and panel.geometry() == host.rect()
    assert panel.leave_button.text() == f"Leave (-{session.leave_cost(0):,})"
    assert f"{session.leave_cost(0):,}" in panel.text()
    with qtbot.waitSignal(panel.answered) as answered:
        panel.stay_button.click()
    assert answered.args == [False] and not panel.isVisible()


@pytest.mark.parametrize("size", [(1024, 768), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_your_seat_label_stays_readable_with_cards_raised(qtbot, output_dir, size):
    """Issue 31 item 8: raised cards hid 「あなた 大貧民」 on a 1280x720 laptop. The label's box
    lies clear of every card (raised ones with their tilt too) and of the prompt and the card
    passing note, and its text is whole and readable."""
    import math

    from test_games_screens import daifugo, measure

    from games.daifugo.ruleset import Title

    table = daifugo(qtbot, size, players=5, seed=4)
    table.match.ranks = (Title.DAIHINMIN, Title.HINMIN, Title.HEIMIN, Title.FUGO, Title.DAIFUGO)
    table.start_game()
    qtbot.waitUntil(lambda: table.waiting_for_human or table.session.game.is_over, timeout=20000)
    hand = [str(c) for c in table.session.game.hands[table.seat]]
    layout = table.table_layout()
    for picked in (hand[:1], hand[len(hand) // 2 : len(hand) // 2 + 3], hand[-2:], hand):
        table.select_codes(picked)
        table.exchange_note = table.exchange_note or "あなた ← 大富豪：♠2 ♥A"  # both lines up
        table.update()
        selected = {i for i, c in enumerate(hand) if c in picked}
        rects = layout.hand(len(hand), selected)
        n = len(rects)
        labels = layout.hand_labels()
        for i, r in enumerate(rects):  # the card's box as painted: turned about its centre
            a = math.radians(abs((i - (n - 1) / 2) * 2.2))
            w = r.width() * math.cos(a) + r.height() * math.sin(a)
            h = r.width() * math.sin(a) + r.height() * math.cos(a)
            turned = r.adjusted(
                (r.width() - w) / 2, (r.height() - h) / 2, (w - r.width()) / 2, (h - r.height()) / 2
            )
            for label in labels:
                assert not label.intersects(turned.adjusted(-2, -2, 2, 2)), (i, label, turned)
        for label in labels:
            assert table.rect().toRectF().contains(label)
            for line in layout.status_lines():
                assert not label.intersects(line), (label, line)
        name = f"daifugo_raised_{len(picked)}_{size[0]}x{size[1]}"
        problems = measure(table, output_dir, name)
        assert problems == [], "\n".join(problems)
