"""Issue 22.11: the card check takes the code exactly as printed on the card ("No.0013-PRSXF"),
and verifies the check letters when they are given (a mistyped serial is caught)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from bingo import cardcode
from bingo.session import DrawSession

sys.path.insert(0, str(Path(__file__).parent))
from test_claims_projector import config  # noqa: F401
from test_claims_winner import column_card, seeded_order
from test_web_show import FAKE_ENGINE, fake_engine  # noqa: F401

KEY = bytes(range(32))


@pytest.fixture
def show(qtbot, config, tmp_path):  # noqa: F811 (the fixture imported above)
    from bingo.ui.display import DisplayWindow

    order = seeded_order(config, 5, tmp_path)
    card, bingo_at = column_card(config, order, 13)
    journal = tmp_path / "show.jsonl"
    session = DrawSession.open(config, journal, seed=5)
    for _ in range(bingo_at):
        session.draw()
    window = DisplayWindow(
        session, config, registry={13: card}, probability_module=FAKE_ENGINE, odds_mode="thread"
    )
    qtbot.addWidget(window)
    window.resize(1024, 768)
    window.show()
    qtbot.waitExposed(window)
    window.card_view.card_key = lambda: KEY
    yield window
    session.close()


def typed(qtbot, window, text: str):
    view = window.card_view
    if not view.isVisible():
        window.open_card_check()
    view.input.clear()
    if text.isascii():
        QTest.keyClicks(view.input, text)
    else:  # what an input method types (keyClicks takes Latin-1 only)
        view.input.insert(text)
    assert view.input.text() == text  # the field takes the whole printed code
    qtbot.keyClick(view.input, Qt.Key.Key_Return)
    return view


@pytest.mark.parametrize(
    "form",
    ["No.0013-{c}", "no.0013-{c}", "0013{c}", "13-{c}", "Ｎｏ．００１３－{c}", " No. 0013 - {c} "],
)
def test_the_printed_code_opens_the_card(qtbot, show, form):
    letters = cardcode.check_chars(KEY, 13)
    view = typed(qtbot, show, form.format(c=letters if form.isascii() else _wide(letters)))
    assert view.result is not None and view.result.card.serial == 13, view.message


def _wide(text: str) -> str:
    return "".join(chr(ord(ch) + 0xFEE0) for ch in text)


def test_wrong_check_letters_are_refused_naming_the_card(qtbot, show):
    letters = cardcode.check_chars(KEY, 13)
    wrong = "".join(next(a for a in cardcode.ALPHABET if a != ch) for ch in letters)
    view = typed(qtbot, show, f"No.0013-{wrong}")
    assert view.result is None
    assert view.message == show.strings("check_letters_wrong", serial=13, letters=wrong)
    view = typed(qtbot, show, "No.0013")  # the serial alone is still a card check
    assert view.result.card.serial == 13 and view.result.verdict == "bingo"
    asked = []
    show.controller.confirm = lambda title, text: asked.append(title) or False
    typed(qtbot, show, f"No.0013-{wrong}")  # Enter again, but with wrong letters: no winner
    assert asked == [] and view.message


def test_enter_again_on_the_printed_code_records_the_winner(qtbot, show):
    code = f"No.0013-{cardcode.check_chars(KEY, 13)}"
    show.controller.confirm = lambda title, text: True
    view = typed(qtbot, show, code)
    assert view.result.verdict == "bingo"
    qtbot.keyClick(view.input, Qt.Key.Key_Return)
    assert [w.serial for w in show.controller.session.winners] == [13]


def test_without_the_key_the_serial_of_the_code_is_checked(qtbot, show):
    show.card_view.card_key = lambda: None  # the card set's key is not on this laptop
    view = typed(qtbot, show, "No.0013-PRSXF")
    assert view.result is not None and view.result.card.serial == 13


def test_the_event_key_is_found_by_default(qtbot, show):
    key = cardcode.load_key(show.config.event.title, create=True)  # the user data folder
    del show.card_view.card_key  # back to the view's own way of finding it
    show.card_view.card_key = show.card_view._event_key
    good = typed(qtbot, show, f"No.0013-{cardcode.check_chars(key, 13)}")
    assert good.result is not None
    letters = cardcode.check_chars(key, 13)
    bad = "".join(next(a for a in cardcode.ALPHABET if a != ch) for ch in letters)
    assert typed(qtbot, show, f"No.0013-{bad}").result is None


@pytest.mark.parametrize("size", [(1024, 768), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_card_check_reads_from_the_room(qtbot, config, tmp_path, output_dir, size, language):  # noqa: F811
    """Every text of the card check whole, not running into another, >= 2.5 % of the height:
    with a bingo (its hint), and with a refusal (the wrong check letters)."""
    import dataclasses

    from textboxes import painted_texts, text_problems

    from bingo.ui.display import DisplayWindow

    config = dataclasses.replace(config, event=dataclasses.replace(config.event, language=language))
    order = seeded_order(config, 5, tmp_path)
    card, bingo_at = column_card(config, order, 13)
    session = DrawSession.open(config, tmp_path / "show.jsonl", seed=5)
    for _ in range(bingo_at):
        session.draw()
    window = DisplayWindow(
        session, config, registry={13: card}, probability_module=FAKE_ENGINE, odds_mode="thread"
    )
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    view = window.card_view
    view.card_key = lambda: KEY
    shown = view._drawn
    for text, name in (("No.0013", "bingo"), ("No.0013-AAAAA", "refused"), ("13", "reach")):
        if name == "reach":  # one ball before its bingo: リーチ with the number that completes it
            view._drawn = lambda: shown()[:-1]
        window.open_card_check()
        view.input.setText(text)
        view.check(text)
        with painted_texts(skip=("cell", "letter")) as texts:  # the card's cells: pictures
            view.grab()
        assert text_problems(texts, view.height(), view.rect().toRectF()) == [], name
        if name == "reach":
            assert view.result.verdict == "reach" and view.result.reach_numbers
        close = view.close_button.geometry().toRectF()
        assert not any(close.intersects(t.needed) for t in texts), name  # the button hides none
        window.grab().save(
            str(output_dir / f"card_check_{name}_{size[0]}x{size[1]}_{language}.png")
        )
    session.close()


@pytest.mark.parametrize("text", ["①", "²", "No.", "x", "No.0013-", "No.0013-ABC", "①-PRSXF"])
def test_what_is_no_card_number_is_refused_with_the_hint(qtbot, show, text):
    view = typed(qtbot, show, text) if text.isascii() else None
    if view is None:  # typed by an input method
        show.open_card_check()
        view = show.card_view
        view.input.setText(text)
        qtbot.keyClick(view.input, Qt.Key.Key_Return)
    assert view.result is None and view.message == show.strings("check_bad")


def test_the_show_checks_the_letters_with_the_card_sets_own_key(tmp_path):
    """`bingo draw --registry cards.csv` reads `cards.key` beside it for the check letters."""
    from bingo.ui.command import card_set_key

    (tmp_path / "cards.key").write_bytes(cardcode.key_file_text(KEY))
    assert card_set_key(tmp_path / "cards.csv")() == KEY
    assert card_set_key(tmp_path / "other.csv")() is None  # no key there: serial only
