"""The card games on an event's screens: at 1024x768, 1280x720 and 1920x1080 every text the
table reads is whole, inside the window and at least about 2.5 % of its height, and every
control is on screen (issue 24 item 1). Grabs go to tests/output/ to be looked at."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QWidget
from textboxes import painted_texts, text_problems, widget_text_problems

from games.daifugo.chips import ROOMS, ChipBank
from games.daifugo.qt.window import DaifugoTable
from games.daifugo.ruleset import Rules

SIZES = [(1024, 768), (1280, 720), (1920, 1080)]
CARD_FACES = (
    "paint_card",
    "CardPainter.paint",
)  # card indices scale with the card, measured by the painter tests


def measure(
    widget: QWidget, output_dir=None, name: str = "", height: float = 0, only: tuple = ()
) -> list[str]:
    """What is cut or too small on `widget`, judged against `height` (the window's); `only`
    measures one layer (the texts drawn from those functions)."""
    height = height or widget.height()
    with painted_texts(skip=CARD_FACES, only=only) as texts:
        image = widget.grab()
    if output_dir is not None and name:
        image.save(str(output_dir / f"{name}.png"))
    problems = text_problems(texts, height, QRectF(widget.rect()))
    return problems + widget_text_problems(widget, height)


def daifugo(qtbot, size, language="ja", players=5, seed=4):
    table = DaifugoTable(
        players=players,
        rules=Rules.preset(1),
        room=ROOMS["beginner"],
        cpu_levels=("normal",),
        delay_ms=0,
        seed=seed,
        language=language,
        bank=ChipBank(),
        player_name="",
    )
    qtbot.addWidget(table)
    table.resize(*size)
    table.show()
    table.start_game()
    return table


@pytest.mark.parametrize("language", ["ja", "en"])
def test_daifugo_reads_at_every_size(qtbot, output_dir, language):
    """One table resized through the sizes (its texts, their boxes and its controls measured the
    same as a table opened at each size), at the person's first turn."""
    table = daifugo(qtbot, SIZES[0], language)
    qtbot.waitUntil(lambda: table.waiting_for_human or table.session.game.is_over, timeout=20000)
    for size in SIZES:
        table.resize(*size)
        qtbot.waitUntil(lambda size=size: (table.width(), table.height()) == size)
        name = f"daifugo_{language}_{size[0]}x{size[1]}"
        assert measure(table, output_dir, name) == [], size
        for button in (table.play_button, table.pass_button):
            assert table.rect().contains(button.geometry()), (size, button.text())


def test_daifugo_opens_full_screen_and_f11_gives_a_window_that_fits(qtbot):
    from PySide6.QtCore import Qt

    from eventkit.screen import open_on_screen

    table = daifugo(qtbot, (1280, 720))
    table.hide()
    open_on_screen(table)
    qtbot.waitUntil(table.isVisible)
    assert table.isFullScreen() and table.geometry() == table.screen().geometry()
    qtbot.keyClick(table, Qt.Key.Key_F11)
    assert not table.isFullScreen()
    assert table.screen().availableGeometry().contains(table.frameGeometry().topLeft())
    qtbot.keyClick(table, Qt.Key.Key_F11)
    assert table.isFullScreen()


def schwimmen(qtbot, size, language="ja", players=4, seed=7):
    from dataclasses import replace

    from games.schwimmen.qt.window import SchwimmenWindow, with_fast_timings
    from games.schwimmen.settings import SchwimmenSettings

    settings = replace(with_fast_timings(SchwimmenSettings()), players=players)
    window = SchwimmenWindow(settings, language, seed=seed, ask=False)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    window.start()
    qtbot.waitUntil(
        lambda: window.human_to_move() or window.round_overlay.isVisible(), timeout=10_000
    )
    return window


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["ja", "en"])
def test_schwimmen_reads_at_every_size(qtbot, output_dir, size, language):
    window = schwimmen(qtbot, size, language)
    name = f"schwimmen_{language}_{size[0]}x{size[1]}"
    problems = measure(window.view, None, "", window.height())
    problems += measure(window, output_dir, name)
    assert problems == [], "\n".join(problems)
    for button in window.buttons.values():
        if button.isVisible():
            top_left = button.mapTo(window, button.rect().topLeft())
            assert window.rect().contains(top_left) and top_left.y() + button.height() <= size[1]


def cool24(qtbot, size, language="ja"):
    from dataclasses import replace

    from games.cool24.qt.window import Cool24Widget
    from games.cool24.settings import Cool24Settings

    window = Cool24Widget(replace(Cool24Settings(), language=language), seed=5)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    return window


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["ja", "en"])
def test_cool24_reads_at_every_size(qtbot, output_dir, size, language):
    import time

    from games.cool24.rules import legal_slots

    window = cool24(qtbot, size, language)
    where = f"{language}_{size[0]}x{size[1]}"
    problems = measure(window, output_dir, f"cool24_title_{where}")
    window.start()
    # the dealt cards' slide-in (0.4 s each) seen as over: their start moved a second back
    window.arrived = {slot: at - 1.0 for slot, at in window.arrived.items()}
    assert all(time.monotonic() - t > 0.4 for t in window.arrived.values())
    window.show_hint()
    problems += measure(window, output_dir, f"cool24_{where}")
    game = window.session.game
    blocked = next((s for s in range(1, 5) if s not in legal_slots(game)), None)
    if blocked is not None:
        window.play_slot(blocked)  # refused: the reason shows at the bottom
        problems += measure(window, output_dir, f"cool24_refusal_{where}")
    while window.state == "play":
        window.play_slot(legal_slots(game)[0])
    window.popups.clear()  # the final board, as it stays under the summary's pause
    problems += measure(window, output_dir, f"cool24_final_board_{where}")
    window.over_at -= 10  # the summary without waiting for the final board's pause
    problems += measure(window, output_dir, f"cool24_summary_{where}", only=("paint_summary",))
    window.ask_quit()
    problems += measure(window, output_dir, f"cool24_quit_{where}", only=("paint_quit_question",))
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["ja", "en"])
def test_schwimmen_round_results_read_at_every_size(qtbot, output_dir, size, language):
    """ "30.5点" no longer runs into "コイン 3", "シュビメン" is whole (issue 24 item 5)."""
    from games.schwimmen.rules import Game, Rules

    window = schwimmen(qtbot, size, language, players=5)
    hands = [
        ("7H", "7S", "7D"),
        ("AH", "KH", "9H"),
        ("7C", "9D", "8H"),
        ("QS", "JS", "10C"),
        ("8C", "8S", "9S"),
    ]
    hands = [tuple(h) for h in hands]
    game = Game.from_position(
        hands,
        ("10D", "JD", "QD"),
        rules=Rules.standard(),
        coins=[3, 0, 2, 1, 3],
        turns_taken=[1] * 5,
    )
    window.session.load(game)
    window._logged = 0
    window._continue()
    window.press("knock")
    qtbot.waitUntil(window.round_overlay.isVisible, timeout=10_000)
    name = f"schwimmen_round_{language}_{size[0]}x{size[1]}"
    problems = measure(window.round_overlay, output_dir, name, window.height())
    assert problems == [], "\n".join(problems)


def rich_text_problems(root: QWidget, height: float) -> list[str]:
    """Rich-text labels (help pages): the whole text fits the label's height, at >= 2.5 %."""
    from PySide6.QtWidgets import QLabel

    problems = []
    for label in root.findChildren(QLabel):
        if not label.isVisibleTo(root) or label.textFormat() != Qt.TextFormat.RichText:
            continue
        needed = label.heightForWidth(label.width())
        if needed > label.height() + 1:
            problems.append(f"{label.text()[:60]!r}: needs {needed}px, has {label.height()}")
        if label.font().pixelSize() > 0 and label.font().pixelSize() < 0.025 * height:
            problems.append(f"{label.text()[:60]!r}: {label.font().pixelSize()} px")
    return problems


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["ja", "en"])
def test_daifugo_help_reads_at_every_size(qtbot, output_dir, size, language):
    table = daifugo(qtbot, size, language)
    table.toggle_help()
    qtbot.waitUntil(table.help.isVisible)
    problems = []
    for page in range(table.help.pages):  # a small screen shows the keys, then the rules
        table.help.show_page(page)
        name = f"daifugo_help_{language}_{size[0]}x{size[1]}_{page + 1}"
        problems += measure(table.help, output_dir, name)
        problems += rich_text_problems(table.help, size[1])
    assert problems == [], "\n".join(problems)
    shown = [table.help.keys.isVisibleTo(table.help), table.help.rules.isVisibleTo(table.help)]
    assert shown == ([True, True] if table.help.pages == 1 else [False, True])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_daifugo_card_passing_note_leaves_your_title_readable(qtbot, output_dir, size):
    """The note of what you got and gave sits clear of 「あなた 大貧民」 (issue 24 item 9)."""
    from games.daifugo.ruleset import Title

    table = daifugo(qtbot, size, players=4, seed=7)
    table.match.ranks = (Title.DAIHINMIN, Title.HINMIN, Title.FUGO, Title.DAIFUGO)
    table.start_game()
    qtbot.waitUntil(lambda: table.waiting_for_human or table.session.game.is_over, timeout=20000)
    while table.session.game.phase == "exchange" and table.waiting_for_human:
        table.select_codes([str(c) for c in table.session.game.legal_actions()[0].cards])
        table.play_selected()
        qtbot.waitUntil(
            lambda: table.waiting_for_human or table.session.game.is_over, timeout=20000
        )
    assert table.exchange_note
    name = f"daifugo_after_passing_{size[0]}x{size[1]}"
    problems = measure(table, output_dir, name)
    assert problems == [], "\n".join(problems)


def test_schwimmen_f11_leaves_and_enters_full_screen(qtbot):
    from PySide6.QtCore import Qt

    from eventkit.screen import open_on_screen

    window = schwimmen(qtbot, (1280, 720))
    window.hide()
    open_on_screen(window)
    qtbot.waitUntil(window.isVisible)
    assert window.isFullScreen()
    qtbot.keyClick(window, Qt.Key.Key_F11)
    assert not window.isFullScreen()
    assert window.screen().availableGeometry().contains(window.frameGeometry().topLeft())
    qtbot.keyClick(window, Qt.Key.Key_F11)
    assert window.isFullScreen()
