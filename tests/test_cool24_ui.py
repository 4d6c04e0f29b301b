"""COOL 24+24 Qt game: played by key presses and clicks; grabs saved under tests/output/."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageDraw
from PySide6.QtCore import QPoint, Qt

from games.cool24.policies import greedy_slot
from games.cool24.qt.question import quit_buttons
from games.cool24.qt.style import slot_rect
from games.cool24.qt.window import POPUP_SECONDS, SUMMARY_DELAY, Cool24Widget
from games.cool24.rules import Bonus, Game, legal_slots, parse_card
from games.cool24.settings import Cool24Settings

KEYS = {1: Qt.Key.Key_1, 2: Qt.Key.Key_2, 3: Qt.Key.Key_3, 4: Qt.Key.Key_4}


@pytest.fixture
def widget(qtbot):
    w = Cool24Widget(Cool24Settings(), seed=5)
    qtbot.addWidget(w)
    w.resize(1600, 900)
    w.show()
    return w


def _settle(w: Cool24Widget) -> None:
    """Finish slide-ins and put popups mid-animation so a grab shows a still frame."""
    w.arrived = {}
    w.flying = None
    w.over_at = -100.0
    if w.session.game is not None:
        w.shown_score = w.session.game.score
    for pop in w.popups:
        pop.started -= 0.5


def test_enter_starts_and_keys_play_a_whole_game(widget, qtbot, output_dir):
    widget.grab().save(str(output_dir / "cool24_title.png"))
    assert widget.state == "title"
    qtbot.keyClick(widget, Qt.Key.Key_Return)
    assert widget.state == "play" and widget.session.game is not None
    game = widget.session.game
    assert game.total_played == 0
    first = True
    while widget.state == "play":
        before = game.total_played
        slot = greedy_slot(game)
        qtbot.keyClick(widget, KEYS[slot])
        assert game.total_played == before + 1
        if first and widget.state == "play":
            _settle(widget)
            widget.grab().save(str(output_dir / "cool24_play.png"))
            first = False
    assert game.over and widget.state == "over"
    widget.arrived, widget.flying, widget.shown_score = {}, None, game.score
    widget.grab().save(str(output_dir / "cool24_stuck.png"))  # the final board, before the summary
    _settle(widget)
    widget.grab().save(str(output_dir / "cool24_over.png"))
    qtbot.keyClick(widget, Qt.Key.Key_Return)  # play again
    assert (
        widget.state == "play"
        and widget.session.game is not game
        and widget.session.game.total_played == 0
    )


def test_unplayable_key_shows_why_and_changes_nothing(widget, qtbot, output_dir):
    widget.start()
    g = widget.session.game
    g.hand_ids = [parse_card(c) for c in ("rK", "gA", "bQ", "y9")]
    g.last_id = parse_card("rA")
    qtbot.keyClick(widget, Qt.Key.Key_3)
    assert g.total_played == 0 and g.hand[2] == "bQ"
    assert widget.toast is not None and "青の Q" in widget.toast[0] and "赤の A" in widget.toast[0]
    _settle(widget)
    widget.grab().save(str(output_dir / "cool24_cannot.png"))


def test_click_on_a_card_plays_it(widget, qtbot):
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=QPoint(800, 100))  # starts
    assert widget.state == "play"
    rect = slot_rect(2)
    scale, ox, oy = widget._transform()
    pos = QPoint(int(ox + rect.center().x() * scale), int(oy + rect.center().y() * scale))
    assert widget.slot_at(pos.x(), pos.y()) == 2
    card = widget.session.game.hand[1]
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=pos)
    assert widget.session.game.total_played == 1 and widget.session.game.last == card


def test_hint_key_marks_a_playable_slot(widget, qtbot, output_dir):
    qtbot.keyClick(widget, Qt.Key.Key_Return)
    qtbot.keyClick(widget, KEYS[greedy_slot(widget.session.game)])
    assert widget.state == "play"  # seed 5 goes on after the first card
    state = widget.session.game.rng.getstate()
    qtbot.keyClick(widget, Qt.Key.Key_H)
    assert widget.hint_slot in legal_slots(widget.session.game)
    assert widget.session.game.rng.getstate() == state  # a hint does not change the game's future
    _settle(widget)
    widget.grab().save(str(output_dir / "cool24_hint.png"))


def test_bonus_popup_and_lap_two_banner(widget, qtbot, output_dir):
    widget.start()
    g = widget.session.game
    g.hand_ids = [parse_card(c) for c in ("r9", "r10", "rJ", "rK")]
    g.in_stock = [False] * 24
    g.in_stock[parse_card("rQ")] = True
    g.last_id = parse_card("gK")
    g.played = g.total_played = 20
    qtbot.keyClick(widget, Qt.Key.Key_4)  # rK on gK; rQ fills the slot: r9 r10 rJ rQ
    assert widget.state == "play" and g.last == "rK"
    assert [p.title for p in widget.popups] == ["ストレートフラッシュ!"]
    assert widget.popups[0].subtitle == "+50"
    _settle(widget)
    widget.grab().save(str(output_dir / "cool24_bonus.png"))
    # the last card of lap 1: lap 2 starts, bonuses x5
    widget.popups.clear()
    g.hand_ids = [parse_card("rA"), None, None, None]
    g.in_stock = [False] * 24
    g.last_id = parse_card("r9")
    g.played = g.total_played = 23
    qtbot.keyClick(widget, Qt.Key.Key_1)
    assert g.lap == 2 and widget.state == "play"
    assert any(p.big and "2周目" in p.title for p in widget.popups)
    assert g.score == 100 + 5 * g.bonus_points
    _settle(widget)
    widget.grab().save(str(output_dir / "cool24_lap2.png"))


def test_english_screens_and_card_images(qtbot, tmp_path, output_dir):
    folder = tmp_path / "cards"
    folder.mkdir()
    for name, colour, size, ext in (
        ("r", (230, 40, 70), 128, "png"),
        ("rA", (255, 200, 210), 256, "jpg"),
        ("gA", (200, 255, 200), 256, "png"),
    ):
        img = Image.new("RGB", (size, size), colour)
        d = ImageDraw.Draw(img)
        d.ellipse([size * 0.2, size * 0.2, size * 0.8, size * 0.8], fill=(255, 255, 255))
        d.text((size * 0.42, size * 0.42), name, fill=(0, 0, 0))
        img.save(folder / f"{name}.{ext}")
    settings = Cool24Settings(language="en", image_dir=folder)
    w = Cool24Widget(settings, seed=1)
    qtbot.addWidget(w)
    w.resize(1280, 720)
    w.show()
    w.grab().save(str(output_dir / "cool24_title_en.png"))
    assert w.images.card(parse_card("rA")) is not None  # jpg found
    assert w.images.suit(parse_card("rK")) is not None  # png found
    assert w.images.card(parse_card("r9")) is None  # drawn procedurally
    w.start()
    g = w.session.game
    g.hand_ids = [parse_card(c) for c in ("rA", "gA", "r9", "bK")]
    g.bonuses.append(Bonus("flush", 10, 1, 0))
    _settle(w)
    w.grab().save(str(output_dir / "cool24_play_en_images.png"))
    while w.state == "play":
        w.play_slot(greedy_slot(w.session.game))
    _settle(w)
    w.grab().save(str(output_dir / "cool24_over_en.png"))
    assert w.state == "over"


def test_many_games_through_the_widget_never_crash(qtbot):
    w = Cool24Widget(Cool24Settings(), seed=11)
    qtbot.addWidget(w)
    rng = random.Random(3)
    for _ in range(15):
        w.start()
        while w.state == "play":
            w.play_slot(rng.randint(1, 4))  # illegal presses included
        assert isinstance(w.session.game, Game) and w.session.game.over
        w.grab()


def test_score_counts_up_and_played_card_flies_to_the_field(widget, qtbot, output_dir):
    widget.start()
    slot = greedy_slot(widget.session.game)
    widget.play_slot(slot)
    assert widget.flying is not None and widget.flying[1] == slot
    widget.grab().save(str(output_dir / "cool24_flying.png"))  # mid-flight frame
    qtbot.waitUntil(
        lambda: widget.flying is None and widget.shown_score == widget.session.game.score,
        timeout=3000,
    )
    qtbot.waitUntil(lambda: not widget.timer.isActive(), timeout=4000)  # idle: no repaint loop


def test_hint_switched_off_shows_no_hint(qtbot):
    w = Cool24Widget(Cool24Settings(hint=False), seed=5)
    qtbot.addWidget(w)
    w.show()
    qtbot.keyClick(w, Qt.Key.Key_Return)
    assert w.state == "play"
    qtbot.keyClick(w, Qt.Key.Key_H)
    assert w.hint_slot is None and w.show_hint() is None
    on = Cool24Widget(Cool24Settings(hint=True), seed=5)
    qtbot.addWidget(on)
    on.show()
    qtbot.keyClick(on, Qt.Key.Key_Return)
    assert on.show_hint() in legal_slots(on.session.game)  # the same table with the switch on hints


def test_esc_mid_game_in_a_window_asks_before_throwing_the_game_away(widget, qtbot, output_dir):
    qtbot.keyClick(widget, Qt.Key.Key_Escape)  # on the title nothing is lost: it closes
    assert not widget.isVisible()
    widget.show()
    qtbot.keyClick(widget, Qt.Key.Key_Return)
    qtbot.keyClick(widget, KEYS[greedy_slot(widget.session.game)])
    assert widget.state == "play" and not widget.isFullScreen()
    game = widget.session.game
    qtbot.keyClick(widget, Qt.Key.Key_Escape)
    assert widget.asking_quit and widget.isVisible()
    _settle(widget)
    widget.grab().save(str(output_dir / "cool24_quit_question.png"))
    qtbot.keyClick(widget, KEYS[greedy_slot(game)])  # the question swallows the game's keys
    assert game.total_played == 1 and widget.asking_quit
    qtbot.keyClick(widget, Qt.Key.Key_Escape)  # Esc again: play on
    assert not widget.asking_quit and widget.isVisible() and widget.session.game is game
    qtbot.keyClick(widget, Qt.Key.Key_Escape)
    qtbot.keyClick(widget, Qt.Key.Key_Return)  # Enter is "play on" too (the safe default)
    assert not widget.asking_quit and widget.isVisible()
    qtbot.keyClick(widget, Qt.Key.Key_Escape)
    yes, _ = quit_buttons()
    scale, ox, oy = widget._transform()
    at = QPoint(int(ox + yes.center().x() * scale), int(oy + yes.center().y() * scale))
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=at)  # the "quit" button
    assert not widget.isVisible() and not widget.asking_quit


def test_y_answers_quit_and_esc_quits_in_one_press_in_full_screen(widget, qtbot):
    """ "Esc で終了" holds in full screen too: one press asks (issue 24 item 1)."""
    qtbot.keyClick(widget, Qt.Key.Key_Return)
    qtbot.keyClick(widget, KEYS[greedy_slot(widget.session.game)])
    widget.enter_full_screen()
    qtbot.keyClick(widget, Qt.Key.Key_Escape)
    assert widget.asking_quit and widget.isVisible()
    qtbot.keyClick(widget, Qt.Key.Key_Y)
    assert not widget.isVisible()


def test_esc_on_the_summary_closes_a_full_screen_game_at_once(widget, qtbot):
    widget.start()
    widget.enter_full_screen()
    while widget.state == "play":
        widget.play_slot(legal_slots(widget.session.game)[0])
    qtbot.keyClick(widget, Qt.Key.Key_Escape)
    assert not widget.isVisible() and not widget.asking_quit


def test_an_empty_slot_is_refused_in_the_window_language(widget, qtbot):
    """Every refusal reads in the window's language (was: English unless the card did not link)."""
    widget.start()
    g = widget.session.game
    g.hand_ids = [parse_card(c) for c in ("rK", "gA", "bQ", "y9")]
    g.hand_ids[2] = None
    qtbot.keyClick(widget, Qt.Key.Key_3)
    assert widget.toast is not None
    assert widget.toast[0] == "3 番にはカードがありません：出せるのは 1・2・4 番です"


def test_a_bonus_on_the_last_play_is_seen_before_the_summary_covers_it(widget, qtbot):
    widget.start()
    g = widget.session.game
    g.hand_ids = [parse_card(c) for c in ("r9", "r10", "rJ", "gK")]
    g.in_stock = [False] * 24
    g.in_stock[parse_card("rQ")] = True
    g.last_id = parse_card("gA")
    qtbot.keyClick(widget, Qt.Key.Key_4)  # gK on gA; rQ completes a straight flush; stuck
    assert widget.state == "over" and [b.kind for b in g.bonuses] == ["straight_flush"]
    popup = widget.popups[-1]
    assert widget.over_at + SUMMARY_DELAY >= popup.started + POPUP_SECONDS
    assert not widget.summary_shown()
    qtbot.waitUntil(widget.summary_shown, timeout=5000)


def test_a_refusal_goes_with_the_next_valid_play(widget, qtbot):
    """The refusal toast does not outlive the next card played (issue 24 item 9)."""
    widget.start()
    g = widget.session.game
    blocked = next((s for s in range(1, 5) if s not in legal_slots(g)), None)
    if blocked is None:  # every card links: play until one does not
        while widget.state == "play" and blocked is None:
            widget.play_slot(legal_slots(g)[0])
            blocked = next((s for s in range(1, 5) if s not in legal_slots(g)), None)
    assert blocked is not None and widget.state == "play"
    widget.play_slot(blocked)
    assert widget.toast is not None
    widget.play_slot(legal_slots(g)[0])
    assert widget.toast is None


def test_f1_shows_how_to_play_over_any_screen_and_closes(widget, qtbot, output_dir):
    """Issue 36 item 9: F1 did nothing."""
    from test_games_screens import measure

    for size in ((1024, 768), (1280, 720), (1920, 1080)):
        widget.resize(*size)
        qtbot.keyClick(widget, Qt.Key.Key_F1)
        assert widget.showing_help
        problems = measure(
            widget, output_dir, f"cool24_help_{size[0]}x{size[1]}", only=("paint_help",)
        )
        assert problems == [], "\n".join(problems)
        qtbot.keyClick(widget, Qt.Key.Key_Return)  # the game waits under the help
        assert widget.state == "title"
        qtbot.keyClick(widget, Qt.Key.Key_Escape if size[0] == 1024 else Qt.Key.Key_F1)
        assert not widget.showing_help and widget.isVisible()
    qtbot.keyClick(widget, Qt.Key.Key_Return)
    qtbot.keyClick(widget, Qt.Key.Key_F1)
    assert widget.showing_help and widget.state == "play"
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)  # a tap closes it, plays nothing
    assert not widget.showing_help and widget.session.game.total_played == 0


def test_h_on_the_title_starts_with_the_hint(widget, qtbot):
    qtbot.keyClick(widget, Qt.Key.Key_H)
    assert widget.state == "play" and widget.hint_slot in legal_slots(widget.session.game)


def test_a_key_during_the_deal_plays_at_once_with_every_card_shown(widget, qtbot):
    """Issue 36 item 9: a key pressed while the cards slide in took effect after the slide."""
    qtbot.keyClick(widget, Qt.Key.Key_Return)
    assert widget.arrived  # the deal's slide-in is running
    slot = greedy_slot(widget.session.game)
    qtbot.keyClick(widget, KEYS[slot])
    assert widget.session.game.total_played == 1
    assert all(start <= widget.flying[2] for start in widget.arrived.values())
