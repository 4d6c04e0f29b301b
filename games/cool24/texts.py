"""Screen text of COOL 24+24 in Japanese (default) and English (no Qt)."""

from __future__ import annotations

from eventkit.i18n import Coded, Texts

# every refusal code of the engine (games.cool24.rules.IllegalCoolMove) -> its screen text in
# both languages (tests/test_refusal_texts.py checks all)
ILLEGAL_KEYS = {
    "game_over": "no_game_over",
    "no_slot": "no_slot",
    "empty_slot": "empty_slot",
    "no_link": "cannot",
    "not_an_action": "no_action",
}

TEXTS = {
    "ja": {
        "title": "COOL 24+24",
        "press_enter": "Enter でスタート",
        "rules": [
            "手札から 1～4 のキー（またはタップ）でカードを出そう",
            "最後に出したカードと同じスートか同じ数字のカードだけ出せる",
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
        "keys": "1～4: カードを出す　H: ヒント",
        "keys_nohint": "1～4: カードを出す",
        "hint": "ヒント",
        "cannot": "{card} は出せません（{last} とつながりません）",
        "no_game_over": "ゲームは終わりました（Enter でもう一度）",
        "no_slot": "{slot} 番のカードはありません（1～{slots}）",
        "empty_slot": "{slot} 番は空です",
        "no_action": "その操作はできません",
        "playable": "出せる",
        "points": "{p} 点",
        "cards": "{n} 枚",
    },
    "en": {
        "title": "COOL 24+24",
        "press_enter": "Press Enter to start",
        "rules": [
            "Play a card from your hand with keys 1-4 (or a tap)",
            "A card must share the suit or the number of the last card played",
            "Play all 24 cards to reach lap 2: every bonus then counts x{m}",
            "Hand bonuses: straight flush {sf}, four of a kind {fk}, flush {fl} points",
        ],
        "lap": "Lap {lap}",
        "score": "SCORE",
        "stock": "Stock",
        "stock_count": "{n} left",
        "field": "Last card",
        "field_empty": "Any card\nmay start",
        "played": "Cards played",
        "base": "Base points",
        "bonus": "Bonuses",
        "multiplier": "Bonus multiplier",
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
        "keys": "1-4: play a card   H: hint",
        "keys_nohint": "1-4: play a card",
        "hint": "HINT",
        "cannot": "{card} cannot be played (it does not link to {last})",
        "no_game_over": "The game is over (Enter: play again)",
        "no_slot": "There is no slot {slot}: use 1-{slots}",
        "empty_slot": "Slot {slot} is empty",
        "no_action": "That is not a COOL 24+24 action",
        "playable": "OK",
        "points": "{p} pts",
        "cards": "{n} cards",
    },
}


def illegal(t: Texts, error: Coded) -> str:
    """Why the engine refused a play, in the window's language, from its reason code."""
    key = ILLEGAL_KEYS.get(error.code)
    if key is None:  # a code without a text: tests/test_refusal_texts.py fails on it
        return str(error)
    return t(key, **error.params)
