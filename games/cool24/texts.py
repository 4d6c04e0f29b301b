"""Screen text of COOL 24+24 in Japanese (default) and English (no Qt).

`TEXTS` holds the screen's templates, with `REASONS`, the refusals (one per `IllegalCoolMove`
code); `refusal` / `illegal` turn a refusal into one line naming the cards as they look: the
colour of the card's suit (from its configured colour) and the number printed on it, never a code
like "bQ".
"""

from __future__ import annotations

import colorsys
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from eventkit.errors import UserError
from eventkit.i18n import Texts, translate
from games.common.protocol import IllegalMove
from games.cool24.rules import IllegalCoolMove, number_of, parse_card, suit_of
from games.cool24.settings import NUMBERS, Cool24Settings

TEXTS = {
    "ja": {
        "title": "COOL 24+24",
        "press_enter": "Enter でスタート",
        "rules": [
            "手札から 1～4 のキー（またはタップ）でカードを出そう",
            "最後に出したカードと同じ色（スート）か同じ数字のカードだけ出せる",
            "24枚ぜんぶ出せたら 2周目へ！ ボーナスはすべて {m}倍",
            "手札がそろうとボーナス: ストレートフラッシュ {sf}・フォーカード {fk}・フラッシュ {fl} 点",
        ],
        "lap": "{lap}周目",
        "score": "スコア",
        "stock": "山札",
        "stock_count": "残り {n} 枚",
        "field": "場のカード",
        "field_empty": "どれでも\n出せます",
        "played": "出したカード",
        "timer_played": "{card} を出しました",  # the phones' turn timer (cool24.js clTimedOut)
        "base": "基本点",
        "bonus": "ボーナス",
        "multiplier": "ボーナス倍率",
        "straight_flush": "ストレートフラッシュ",
        "four_of_a_kind": "フォーカード",
        "flush": "フラッシュ",
        "lap2": "2周目突入！",
        "lap2_sub": "ボーナスが全部 ×{m}",
        "over": "ゲーム終了",
        "stuck": "出せるカードがなくなりました",
        "cleared": "完全クリア！",
        "again": "Enter でもう一度　/　Esc で終了",
        "total": "合計",
        "keys": "1～4: カードを出す　H: ヒント　F1: 遊び方",
        "keys_nohint": "1～4: カードを出す　F1: 遊び方",
        "help_title": "COOL 24+24 の遊び方",
        "help_keys": [
            "Enter: スタート／もう一度",
            "1～4 またはタップ: カードを出す",
            "H: ヒント（出すとよいカードが光ります）",
            "F11: 全画面の切り替え　Esc: 終了（ゲーム中は確認します）",
        ],
        "help_close": "F1 / Esc で閉じる",
        "hint": "ヒント",
        "playable": "出せる",
        "points": "{p} 点",
        "quit_title": "このゲームをやめますか？",
        "quit_text": "ここまでの {n} 枚・{p} 点は残りません",
        "quit_yes": "Y：やめる",
        "quit_no": "N / Esc：つづける",
        "cards": "{n} 枚",
        "player": "あなた",
    },
    "en": {
        "title": "COOL 24+24",
        "press_enter": "Press Enter to start",
        "rules": [
            "Play a card from your hand with keys 1-4 (or a tap)",
            "A card must share the colour (suit) or the number of the last card played",
            "Play all 24 cards to reach lap 2: every bonus then counts x{m}",
            "Hand bonuses: straight flush {sf}, four of a kind {fk}, flush {fl} points",
        ],
        "lap": "Lap {lap}",
        "score": "SCORE",
        "stock": "Stock",
        "stock_count": "{n} left",
        "field": "Last card",
        "field_empty": "Any card\nmay start",
        "played": "Played",
        "timer_played": "{card} played for you",
        "base": "Base points",
        "bonus": "Bonuses",
        "multiplier": "Multiplier",
        "straight_flush": "Straight flush",
        "four_of_a_kind": "Four of a kind",
        "flush": "Flush",
        "lap2": "Lap 2!",
        "lap2_sub": "Every bonus x{m}",
        "over": "Game over",
        "stuck": "No card in the hand links to the last card",
        "cleared": "All 48 cleared!",
        "again": "Enter: play again   /   Esc: quit",
        "total": "Total",
        "keys": "1-4: play a card   H: hint   F1: help",
        "keys_nohint": "1-4: play a card   F1: help",
        "help_title": "How to play COOL 24+24",
        "help_keys": [
            "Enter: start / play again",
            "1-4 or a tap: play a card",
            "H: hint (the card to play lights up)",
            "F11: full screen on and off   Esc: quit (asks first during a game)",
        ],
        "help_close": "F1 / Esc: close",
        "hint": "HINT",
        "playable": "OK",
        "points": "{p} pts",
        "quit_title": "Quit this game?",
        "quit_text": "The {n} cards and {p} points so far will be lost",
        "quit_yes": "Y: quit",
        "quit_no": "N / Esc: keep playing",
        "cards": "{n} cards",
        "player": "You",
    },
}


# The refusals, one per IllegalCoolMove code. Parameters: {card}/{last} a card as it looks
# ("青の Q"), {colour} the last card's colour, {number} its number, {slot}, {slots} the slot
# count, {playable} the slots that may be played ("1・3").
REASONS: dict[str, dict[str, str]] = {
    "ja": {
        "no_link": (
            "{card} は出せません：場の {last} と色も数字もちがいます（{colour}か {number} なら出せます）"
        ),
        "empty_slot": "{slot} 番にはカードがありません：{playable}",
        "no_slot": "{slot} 番はありません：1～{slots} のキーでカードを出してください",
        "game_over": "このゲームは終わりました：Enter で次のゲームを始めます",
        "not_an_action": "その操作はできません：1～{slots} のキーでカードを出してください",
        "playable_slots": "出せるのは {slots} 番です",
        "nothing_playable": "出せるカードはありません",
        "card": "{colour}の {number}",
        "colour_cards": "{colour}のカード",
        "slot_join": "・",
    },
    "en": {
        "no_link": (
            "The {card} cannot be played: it shares neither colour nor number with the {last} "
            "(play a {colour} card or any {number})"
        ),
        "empty_slot": "Slot {slot} is empty: {playable}",
        "no_slot": "There is no slot {slot}: play a card with the keys 1-{slots}",
        "game_over": "This game is over: press Enter for the next one",
        "not_an_action": "That is not a move: play a card with the keys 1-{slots}",
        "playable_slots": "you may play slot {slots}",
        "nothing_playable": "no card can be played",
        "card": "{colour} {number}",
        "colour_cards": "{colour}",
        "slot_join": ", ",
    },
}

# Colour names by hue (degrees, upper bound); greys by saturation and value.
_HUES = {
    "ja": (
        (15, "赤"),
        (40, "オレンジ"),
        (68, "黄"),
        (95, "黄緑"),
        (165, "緑"),
        (200, "水色"),
        (250, "青"),
        (290, "紫"),
        (335, "ピンク"),
        (360, "赤"),
    ),
    "en": (
        (15, "red"),
        (40, "orange"),
        (68, "yellow"),
        (95, "lime"),
        (165, "green"),
        (200, "cyan"),
        (250, "blue"),
        (290, "purple"),
        (335, "pink"),
        (360, "red"),
    ),
}
_GREYS = {"ja": ("黒", "灰色", "白"), "en": ("black", "grey", "white")}


def colour_name(hex_colour: str, language: str = "ja") -> str:
    """The everyday name of a colour such as "#3d7bff" ("青" / "blue")."""
    language = language if language in _HUES else "ja"
    text = hex_colour.lstrip("#")
    if len(text) == 3:
        text = "".join(c * 2 for c in text)
    r, g, b = (int(text[i : i + 2], 16) / 255 for i in (0, 2, 4))
    h, s, v = colorsys.rgb_to_hsv(r, g, b)
    if v < 0.2:
        return _GREYS[language][0]
    if s < 0.2:
        return _GREYS[language][1] if v < 0.8 else _GREYS[language][2]
    degrees = h * 360
    return next(name for bound, name in _HUES[language] if degrees < bound)


def suit_names(settings: Cool24Settings) -> tuple[str, ...]:
    """The name of each suit's colour; two suits of one colour name keep their configured names
    (the names of their image files) so that no two suits read the same."""
    names = [colour_name(c, settings.language) for c in settings.suit_colors]
    if len(set(names)) < len(names):
        return tuple(settings.suits)
    return tuple(names)


def card_name(code: str | int, settings: Cool24Settings) -> str:
    """A card as it looks: "rA" -> "赤の A" ("red A" in English); not a card: as given."""
    try:
        card = parse_card(code, settings.suits)
    except UserError:
        return str(code)
    table = REASONS[_language(settings.language)]
    colour = suit_names(settings)[suit_of(card)]
    return table["card"].format(colour=colour, number=NUMBERS[number_of(card)])


def refusal(error: IllegalMove, settings: Cool24Settings) -> str:
    """One line for the screen in the settings' language: what was refused and what to do."""
    return illegal(Texts(TEXTS, settings.language), error, settings)


def illegal(t: Texts, error: IllegalMove, settings: Cool24Settings | None = None) -> str:
    """Why the engine refused a play, in the language of `t`, from its reason code; cards and
    colours named by `settings` (the default suits and colours when not given)."""
    language = _language(t.language)
    if settings is None or settings.language != language:
        settings = replace(settings or Cool24Settings(), language=language)
    table = REASONS[language]
    params: dict[str, Any] = dict(error.params)
    params.setdefault("slots", 4)
    if error.code == "no_link":
        params["card"] = card_name(str(params.get("card")), settings)
        params["last"] = card_name(str(params.get("last")), settings)
        suit = str(params.get("suit"))
        colour = (
            suit_names(settings)[settings.suits.index(suit)] if suit in settings.suits else suit
        )
        params["colour"] = table["colour_cards"].format(colour=colour)
    elif error.code == "empty_slot":
        slots = params.get("playable") or ()
        params["playable"] = (
            table["playable_slots"].format(slots=table["slot_join"].join(map(str, slots)))
            if isinstance(slots, (list, tuple)) and slots
            else table["nothing_playable"]
        )
    elif error.code == "no_slot":
        params["slot"] = str(params.get("slot")).strip("'\"")
    return translate(_Refusal(error.code, params), table)


class _Refusal:
    """A refusal with the parameters made readable, for eventkit.i18n.translate."""

    def __init__(self, code: str, params: Mapping[str, object]) -> None:
        self.code = code
        self.params = params


def _language(language: str) -> str:
    return language if language in REASONS else "ja"


# every refusal code of the engine -> its template in TEXTS (tests/test_refusal_texts.py and
# tests/test_cool24_messages.py check all); the refusals are part of each language's table
ILLEGAL_KEYS = {code: code for code in IllegalCoolMove.messages}
for _language_name, _table in REASONS.items():
    TEXTS[_language_name].update(_table)

__all__ = ["ILLEGAL_KEYS", "REASONS", "TEXTS", "card_name", "colour_name", "illegal", "refusal"]
