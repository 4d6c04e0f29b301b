"""The Schwimmen table driven by clicks, drags and keys (offscreen), with PNG grabs to look at."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QPoint, Qt

from bingo.config import ConfigError
from eventkit.tomlconf import speaking
from games.schwimmen.actions import Knock
from games.schwimmen.qt.controls import side_panel_width
from games.schwimmen.qt.dialogs import StartChoice, StartDialog
from games.schwimmen.qt.window import SchwimmenWindow, with_fast_timings
from games.schwimmen.rules import Game, Phase, Rules
from games.schwimmen.settings import SchwimmenSettings, parse_settings
from games.schwimmen.texts import Texts

FAST = with_fast_timings(SchwimmenSettings())


def make_window(qtbot, language="ja", settings=FAST, seed=7, rules="standard") -> SchwimmenWindow:
    window = SchwimmenWindow(settings, language, seed=seed, rules=rules, ask=False)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    window.start()
    wait_for_human(qtbot, window)
    return window


def wait_for_human(qtbot, window) -> None:
    qtbot.waitUntil(
        lambda: window.human_to_move() or window.round_overlay.isVisible(), timeout=10_000
    )


def centre(rect) -> QPoint:
    return rect.center().toPoint()


def click_view(qtbot, window, rect) -> None:
    qtbot.mouseClick(window.view, Qt.MouseButton.LeftButton, pos=centre(rect))


def test_first_turn_prompt_buttons_and_click_selection(qtbot, output_dir):
    window = make_window(qtbot)
    assert window.session.game.phase is Phase.PLAY  # seed 7 deals no 31
    assert window.prompt == "カードを交換してください。"
    b = window.buttons
    assert [b[k].text() for k in ("swap_all", "swap", "pass", "knock")] == [
        "全交換",
        "交換",
        "パス",
        "終了",
    ]
    assert b["swap_all"].isEnabled() and b["pass"].isEnabled()
    assert not b["knock"].isEnabled()  # no knock on the first turn
    assert not b["swap"].isEnabled()  # nothing selected yet
    view = window.view
    click_view(qtbot, window, view.table_rect(1))
    assert window.sel_table == 1 and not b["swap"].isEnabled()
    click_view(qtbot, window, view.table_rect(1))  # a second click deselects
    assert window.sel_table is None
    click_view(qtbot, window, view.table_rect(2))
    click_view(qtbot, window, view.hand_rect(0))
    assert window.sel_hand == 0 and b["swap"].isEnabled()
    window.grab().save(str(output_dir / "schwimmen_selection.png"))
    hand_card, table_card = window.session.game.hands[0][0], window.session.game.table[2]
    qtbot.mouseClick(b["swap"], Qt.MouseButton.LeftButton)
    first = [e for e in window.session.game.log if e.seat == 0][0]
    assert first.kind == "swap_one" and first.took == (table_card,) and first.gave == (hand_card,)
    wait_for_human(qtbot, window)
    window.grab().save(str(output_dir / "schwimmen_table.png"))


def test_a_round_by_buttons_then_next_round(qtbot, output_dir):
    window = make_window(qtbot, seed=11)
    game = window.session.game
    qtbot.mouseClick(window.buttons["swap_all"], Qt.MouseButton.LeftButton)
    wait_for_human(qtbot, window)
    if game.phase is Phase.PLAY:
        assert window.buttons["knock"].isEnabled() == (game.knocker is None)
        if game.knocker is None:
            qtbot.mouseClick(window.buttons["knock"], Qt.MouseButton.LeftButton)
        else:
            qtbot.mouseClick(window.buttons["swap_all"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(window.round_overlay.isVisible, timeout=10_000)
    assert game.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
    assert window.round_overlay.button.text() in ("再開", "新しいゲーム")
    window.grab().save(str(output_dir / "schwimmen_round_over.png"))
    if game.phase is Phase.ROUND_OVER:
        qtbot.mouseClick(window.round_overlay.button, Qt.MouseButton.LeftButton)
        wait_for_human(qtbot, window)
        assert game.round_number == 2 and not window.round_overlay.isVisible()
        assert any(
            "ラウンド 2" in window.log_list.item(i).text() for i in range(window.log_list.count())
        )


def test_cpu_turns_are_shown_one_by_one_with_animation(qtbot):
    settings = replace(SchwimmenSettings(), cpu_delay_ms=20, animation_ms=40)
    window = make_window(qtbot, settings=settings, seed=5, rules="house")
    seen: list[int] = []
    flew = []
    game = window.session.game

    def watch():
        if game.phase is Phase.PLAY and (not seen or seen[-1] != game.current):
            seen.append(game.current)
        if window.view.flights:
            flew.append(True)

    from PySide6.QtCore import QTimer

    timer = QTimer()
    timer.timeout.connect(watch)
    timer.start(5)
    window.press("swap_all")
    assert window.busy and not window.buttons["swap_all"].isEnabled()  # no input meanwhile
    wait_for_human(qtbot, window)
    timer.stop()
    if game.phase is Phase.PLAY:
        assert seen[-4:] == [1, 2, 3, 0] or seen[:3] == [1, 2, 3]
    assert flew, "no card slid during the turns"


def test_drag_a_card_onto_the_table_swaps(qtbot):
    window = make_window(qtbot, seed=21, rules="house")
    view, game = window.view, window.session.game
    hand_card, table_card = game.hands[0][1], game.table[0]
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=centre(view.hand_rect(1)))
    qtbot.mouseMove(view, pos=centre(view.hand_rect(1)) + QPoint(30, -60))
    assert view.drag is not None
    qtbot.mouseMove(view, pos=centre(view.table_rect(0)))
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=centre(view.table_rect(0)))
    first = [e for e in game.log if e.seat == 0][0]
    assert first.kind == "swap_one" and first.took == (table_card,) and first.gave == (hand_card,)


def test_full_keyboard_play_and_help(qtbot, output_dir):
    window = make_window(qtbot, seed=3, rules="house")
    game = window.session.game
    qtbot.keyClick(window, Qt.Key.Key_F1)
    assert window.help_overlay.isVisible()
    window.grab().save(str(output_dir / "schwimmen_help.png"))
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert not window.help_overlay.isVisible()
    qtbot.keyClick(window, Qt.Key.Key_K)  # first turn: refused, with a reason
    assert game.knocker is None and "2ターン目" in window.prompt
    qtbot.keyClick(window, Qt.Key.Key_W)
    qtbot.keyClick(window, Qt.Key.Key_D)
    assert (window.sel_table, window.sel_hand) == (1, 2)
    table_card = game.table[1]
    qtbot.keyClick(window, Qt.Key.Key_Return)
    assert [e for e in game.log if e.seat == 0][0].took == (table_card,)
    wait_for_human(qtbot, window)
    if game.phase is Phase.PLAY:
        qtbot.keyClick(window, Qt.Key.Key_P)
        wait_for_human(qtbot, window)
    if game.phase is Phase.PLAY:
        qtbot.keyClick(window, Qt.Key.Key_P)  # not twice in a row
        assert window.prompt == "パスは連続では使えません。"
        qtbot.keyClick(window, Qt.Key.Key_K)
    qtbot.waitUntil(window.round_overlay.isVisible, timeout=10_000)
    if game.phase is Phase.ROUND_OVER:
        qtbot.keyClick(window, Qt.Key.Key_N)
        wait_for_human(qtbot, window)
        assert game.round_number == 2


def test_game_over_shows_your_place_and_new_game(qtbot, output_dir):
    window = make_window(qtbot, seed=9, rules="house")
    hands = [("7H", "8H", "KD"), ("10D", "QD", "QC"), ("10S", "QS", "7C"), ("AC", "9C", "JS")]
    game = Game.from_position(
        hands,
        ("7S", "9D", "9H"),
        rules=Rules.house(),
        coins=[-1, 1, 2, 0],
        turns_taken=[1, 1, 1, 1],
    )
    window.session.load(game)
    window._logged = 0
    window._continue()
    window.press("knock")
    qtbot.waitUntil(window.round_overlay.isVisible, timeout=10_000)
    assert game.phase is Phase.GAME_OVER and game.places()[0] == 4
    assert window.round_overlay.button.text() == "新しいゲーム"
    window.grab().save(str(output_dir / "schwimmen_game_over.png"))
    qtbot.mouseClick(window.round_overlay.button, Qt.MouseButton.LeftButton)
    wait_for_human(qtbot, window)
    assert window.session.game is not game and window.session.game.coins[0] == 3
    assert not window.round_overlay.isVisible() or window.session.game.phase is Phase.ROUND_OVER


def test_dealer_choice_buttons_when_you_deal(qtbot, output_dir):
    window = make_window(qtbot, seed=17)
    game = window.session.game
    # play round 1 quickly to make seat 0 the dealer of round 2
    while game.round_number == 1 and game.phase is not Phase.GAME_OVER:
        if window.round_overlay.isVisible():
            window.round_overlay.button.click()
            break
        legal = game.legal_actions()
        window.press("knock" if Knock() in legal else "swap_all")
        wait_for_human(qtbot, window)
    wait_for_human(qtbot, window)
    assert game.phase is Phase.DEALER  # seed 17: round 2 deals no 31
    assert game.dealer == 0
    assert window.buttons["take_extra"].isVisible() and window.buttons["keep"].isVisible()
    assert not window.buttons["swap_all"].isVisible()
    window.grab().save(str(output_dir / "schwimmen_dealer.png"))
    # the extra hand you may take lies face down where the table cards will be (blue backs)
    image = window.view.grab().toImage()
    back = window.view.table_rect(1)
    colour = image.pixelColor(round(back.x() + back.width() * 0.2), round(back.y() + 12))
    assert colour.blue() > colour.green() + 40, colour.name()
    extra = list(game.extra)
    qtbot.mouseClick(window.buttons["take_extra"], Qt.MouseButton.LeftButton)
    assert game.hands[0] == extra


def test_english_and_resizing(qtbot, output_dir):
    window = make_window(qtbot, language="en", seed=4, rules="house")
    assert window.buttons["swap_all"].text() == "Swap all"
    assert window.prompt == "Swap your cards."
    for w, h in ((900, 600), (1600, 1000), (1280, 720)):
        window.resize(w, h)
        target = window.size()  # at least the window's minimum size
        qtbot.waitUntil(
            lambda t=target: window.view.width() == t.width() - side_panel_width(t.width()),
            timeout=5_000,
        )
        view = window.view
        area = view.rect()
        rects = [view.table_rect(j) for j in range(3)] + [view.hand_rect(i) for i in range(3)]
        rects += [view.seat_rect(s) for s in view.cpu_seats()]
        for r in rects:
            assert area.contains(r.toAlignedRect()), (w, h, r)
        assert view.table_rect(0).bottom() < view.hand_rect(0).top()
        assert view.seat_rect(1).bottom() < view.table_rect(0).top()
        window.grab().save(str(output_dir / f"schwimmen_en_{w}x{h}.png"))


def test_start_dialog_offers_rules_players_and_each_cpu_level(qtbot):
    dialog = StartDialog(Texts("ja"), "standard", "normal", players=4)
    qtbot.addWidget(dialog)
    assert dialog.choice() == StartChoice("standard", 4, ("normal", "normal", "normal"))
    assert dialog.visible_levels() == 3
    assert dialog.players_box.itemText(0) == "2人（あなたとCPU 1人）"
    dialog.rules_box.setCurrentIndex(1)
    dialog.players_box.setCurrentIndex(dialog.players_box.findData(9))
    assert dialog.visible_levels() == 8
    dialog.level_boxes[0].setCurrentIndex(0)
    dialog.level_boxes[7].setCurrentIndex(2)
    choice = dialog.choice()
    assert choice.rules == "house" and choice.players == 9
    assert choice.cpu_levels == ("easy",) + ("normal",) * 6 + ("strong",)
    dialog.players_box.setCurrentIndex(dialog.players_box.findData(3))
    assert dialog.visible_levels() == 2 and dialog.choice().cpu_levels == ("easy", "normal")


def test_the_dialogs_choice_seats_the_cpus_at_their_levels(qtbot):
    window = make_window(qtbot, seed=6)
    dialog = StartDialog(window.t, "house", ["strong", "easy"], players=3)
    qtbot.addWidget(dialog)
    window.take_choice(dialog)
    window.new_game()
    assert window.session.game.num_players == 3 and window.session.game.rules.is_house
    assert {s: c.level for s, c in window.cpus.items()} == {1: "strong", 2: "easy"}
    assert window.info_label.text() == "ブラウザ版ルール・CPU：強い/弱い"
    again = window.start_dialog()  # the next dialog starts from this choice
    qtbot.addWidget(again)
    assert again.choice() == StartChoice("house", 3, ("strong", "easy"))


def test_settings_validation_messages():
    assert parse_settings({}) == SchwimmenSettings()
    s = parse_settings({"rules": "house", "cpu_level": "strong", "players": 6})
    assert s.make_rules().is_house and s.players == 6
    with pytest.raises(ConfigError, match='schwimmen.rules = "fast" は知らないルールです'):
        parse_settings({"rules": "fast"})  # Japanese: the default language
    with speaking("en"), pytest.raises(ConfigError, match='schwimmen.rules = "fast" is unknown'):
        parse_settings({"rules": "fast"})
    with pytest.raises(ConfigError, match="cpu_level"):
        parse_settings({"cpu_level": "hard"})
    with speaking("en"), pytest.raises(ConfigError, match="out of range"):
        parse_settings({"players": 12})
    with speaking("en"), pytest.raises(ConfigError, match="unknown key 'speed'"):
        parse_settings({"speed": 1})


def test_app_options_override_the_config(tmp_path):
    from games.schwimmen.app import build_parser, load_settings

    config = tmp_path / "config.toml"
    config.write_text('[event]\nlanguage = "en"\n[schwimmen]\nplayers = 3\n', encoding="utf-8")
    args = build_parser().parse_args(["--config", str(config), "--fast", "--players", "5"])
    settings, language = load_settings(args)
    assert settings.players == 5 and settings.cpu_delay_ms == 0 and language == "en"
    bad = tmp_path / "bad.toml"
    bad.write_text('[schwimmen]\nrules = "x"\n', encoding="utf-8")
    with pytest.raises(ConfigError):
        load_settings(build_parser().parse_args(["--config", str(bad)]))


def test_games_command_reaches_the_schwimmen_app(tmp_path, capsys):
    from games.cli import main as games_main

    bad = tmp_path / "config.toml"
    bad.write_text('[schwimmen]\ncpu_level = "hard"\n', encoding="utf-8")
    assert games_main(["schwimmen", "--config", str(bad)]) == 1
    assert "schwimmen.cpu_level" in capsys.readouterr().err
    with pytest.raises(SystemExit) as info:
        games_main(["schwimmen", "--help"])
    assert info.value.code == 0
    assert "--no-dialog" in capsys.readouterr().out


def test_you_win_when_the_last_cpu_goes_out(qtbot, output_dir):
    window = make_window(qtbot, seed=9, rules="house")
    hands = [("AH", "KH", "9H"), None, ("7S", "8D", "9C"), None]  # yours: 30 in hearts
    game = Game.from_position(
        hands,
        ("7C", "9D", "8H"),
        rules=Rules.house(),
        coins=[2, 0, -1, 0],
        turns_taken=[1, 1, 1, 1],
    )
    window.session.load(game)
    window._logged = 0
    window._continue()
    window.press("knock")
    qtbot.waitUntil(window.round_overlay.isVisible, timeout=10_000)
    assert game.phase is Phase.GAME_OVER and game.winners == (0,)
    assert window.prompt == "ゲーム終了"
    window.grab().save(str(output_dir / "schwimmen_you_win.png"))


def test_side_panel_names_the_rules_and_cpu_level(qtbot):
    window = make_window(qtbot, seed=2, rules="house")
    assert window.info_label.text() == "ブラウザ版ルール・CPU：普通"


def test_no_widget_imports_the_window():
    """The children get the session and texts and emit signals: no module of the Qt package
    but the window imports it, and no import hides behind TYPE_CHECKING (issue 25)."""
    import ast
    from pathlib import Path

    package = Path(__file__).resolve().parent.parent / "games" / "schwimmen" / "qt"
    for path in package.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)} | {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
        }
        if path.name not in ("window.py", "__init__.py"):
            assert "games.schwimmen.qt.window" not in imported, path.name
        assert "TYPE_CHECKING" not in path.read_text(encoding="utf-8"), path.name
        assert len(path.read_text(encoding="utf-8").splitlines()) < 500, path.name
