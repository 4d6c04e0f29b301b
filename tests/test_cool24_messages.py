"""COOL 24+24 refusals on screen: every reason code of the engine reads in the screen's language,
naming cards by the colour and number they show, never as codes ("bQ") or English text."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt

from games.cool24.qt.window import Cool24Widget
from games.cool24.rules import Game, IllegalCoolMove, PlaySlot, parse_card
from games.cool24.settings import Cool24Settings
from games.cool24.texts import REASONS, card_name, colour_name, refusal


def _game(hand: tuple[str | None, ...], last: str | None) -> Game:
    game = Game.new(seed=1)
    game.hand_ids = [None if c is None else parse_card(c) for c in hand]
    game.last_id = None if last is None else parse_card(last)
    return game


def _refusals() -> dict[str, IllegalCoolMove]:
    """One refusal of each kind, as the engine itself raises them."""
    found: dict[str, IllegalCoolMove | None] = {}
    game = _game(("rK", "gA", "bQ", None), "rA")
    found["no_link"] = game.why_illegal(PlaySlot(3))
    found["empty_slot"] = game.why_illegal(PlaySlot(4))
    found["no_slot"] = game.why_illegal(PlaySlot(5))
    found["not_an_action"] = game.why_illegal("slot 1")  # type: ignore[arg-type]
    game.over = True
    found["game_over"] = game.why_illegal(PlaySlot(1))
    return {code: error for code, error in found.items() if error is not None}


REFUSALS = _refusals()
CARD_CODE = re.compile(r"(?<![A-Za-z])[rgby](9|10|J|Q|K|A)(?![A-Za-z0-9])")


def test_every_reason_code_of_the_engine_is_covered_here_and_in_both_tables():
    assert set(REFUSALS) == set(IllegalCoolMove.messages)
    assert {code: e.code for code, e in REFUSALS.items()} == {c: c for c in REFUSALS}
    for language in ("ja", "en"):
        assert set(IllegalCoolMove.messages) <= set(REASONS[language])


@pytest.mark.parametrize("code", sorted(IllegalCoolMove.messages))
def test_japanese_refusal_has_no_english_no_codes_no_raw_parameters(code):
    error = REFUSALS[code]
    text = refusal(error, Cool24Settings(language="ja"))
    words = set(re.findall(r"[A-Za-z_]{2,}", text)) - {"Enter"}
    assert not words, f"English or a code in the Japanese refusal {text!r}: {words}"
    assert not CARD_CODE.search(text), f"a card code in {text!r}"
    assert "{" not in text and "[" not in text and "'" not in text
    assert re.search(r"[ぁ-んァ-ン一-龯]", text)


@pytest.mark.parametrize("code", sorted(IllegalCoolMove.messages))
def test_english_refusal_is_a_sentence_without_codes(code):
    error = REFUSALS[code]
    text = refusal(error, Cool24Settings(language="en"))
    assert text[0].isupper() and code not in text
    assert not CARD_CODE.search(text) and "{" not in text and "[" not in text
    assert not re.search(r"[ぁ-んァ-ン一-龯]", text)


def test_no_link_names_both_cards_and_what_may_follow():
    error = REFUSALS["no_link"]
    assert refusal(error, Cool24Settings()) == (
        "青の Q は出せません：場の 赤の A と色も数字もちがいます（赤のカードか A なら出せます）"
    )
    assert refusal(error, Cool24Settings(language="en")) == (
        "The blue Q cannot be played: it shares neither colour nor number with the red A "
        "(play a red card or any A)"
    )


def test_empty_slot_says_which_slots_may_be_played():
    assert refusal(REFUSALS["empty_slot"], Cool24Settings()) == (
        "4 番にはカードがありません：出せるのは 1・2 番です"
    )
    stuck = IllegalCoolMove("empty_slot", slot=2, playable=[])
    assert (
        refusal(stuck, Cool24Settings()) == "2 番にはカードがありません：出せるカードはありません"
    )


def test_colours_are_named_as_the_cards_show_them():
    assert [colour_name(c) for c in Cool24Settings().suit_colors] == ["赤", "緑", "青", "黄"]
    assert [colour_name(c, "en") for c in Cool24Settings().suit_colors] == [
        "red",
        "green",
        "blue",
        "yellow",
    ]
    assert colour_name("#ff8c1a") == "オレンジ" and colour_name("#b26bff") == "紫"
    assert colour_name("#fff") == "白" and colour_name("#111111") == "黒"
    purple = Cool24Settings(suit_colors=("#b26bff", "#2fbf4f", "#3d7bff", "#ffc21a"))
    assert card_name("r10", purple) == "紫の 10"
    # two suits of one colour: their configured names keep them apart
    alike = Cool24Settings(suit_colors=("#ff0000", "#ee1111", "#3d7bff", "#ffc21a"))
    assert card_name("rA", alike) != card_name("gA", alike)


@pytest.fixture
def widget(qtbot):
    """A shown window, referenced until the test's teardown (qtbot holds it only weakly)."""
    w = Cool24Widget(Cool24Settings(), seed=5)
    qtbot.addWidget(w)
    w.show()
    return w


def test_keys_on_an_unplayable_or_empty_slot_show_the_japanese_reason(widget, qtbot):
    qtbot.keyClick(widget, Qt.Key.Key_Return)
    game = widget.session.game
    game.hand_ids = [parse_card(c) for c in ("rK", "gA", "bQ")] + [None]
    game.last_id = parse_card("rA")
    qtbot.keyClick(widget, Qt.Key.Key_3)
    assert widget.toast is not None and widget.toast[0].startswith("青の Q は出せません")
    qtbot.keyClick(widget, Qt.Key.Key_4)
    assert widget.toast[0] == "4 番にはカードがありません：出せるのは 1・2 番です"
    assert game.total_played == 0
