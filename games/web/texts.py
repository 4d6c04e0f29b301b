"""The hub's own refusals and labels, in the toolkit's languages (eventkit.i18n tables).

A game's refusals (not your turn, the rules' reasons) come from its table, in the Qt window's
words; these are the refusals only the hub can make (names, tokens, rooms, seats).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from eventkit.i18n import Texts
from games.common.table import Refused

TABLES: Mapping[str, Mapping[str, Any]] = {
    "ja": {
        "bad_name": "名前は1〜{max}文字で、「CPU」で始まらないものにしてください",
        "name_taken": "「{name}」は別の電話で使われています。別の名前にしてください",
        "unknown_token": "この電話の席が見つかりません。名前を入れてもう一度参加してください",
        "unknown_room": "ルーム「{room}」はありません。ルームの一覧から選んでください",
        "room_playing": "このルームはゲーム中です。観戦して、次のゲームから座ってください",
        "seat_taken": "その席にはもう人が座っています。空いている席を選んでください",
        "room_full": "このルームは満席です。観戦するか、ほかのルームを選んでください",
        "elsewhere": "「{room}」に座っています。先にそのルームを出てください",
        "not_host": "ゲームを始められるのはホスト（{host}）です",
        "nobody_seated": "まだ誰も座っていません。席に座ってから始めてください",
        "not_seated": "席に座っていません。空いている席を選んでください",
        "still_playing": "ゲーム中はほかのプレイヤーの手札は見られません（あがってから見られます）",
        "same_phone": "この電話から別の名前でこのゲームに参加中です。ゲーム中は手札を見られません",
        "bad_level": "CPUの強さは easy / normal / strong から選んでください",
        "no_such_seat": "席{seat}はありません。0〜{last}から選んでください",
        "cpu": "CPU {n}",
    },
    "en": {
        "bad_name": "A name has 1-{max} characters and does not begin with 'CPU'",
        "name_taken": "'{name}' is used by another phone: choose another name",
        "unknown_token": "This phone's seat is not known: enter your name and join again",
        "unknown_room": "There is no room '{room}': choose one from the list",
        "room_playing": "A game is being played in this room: watch it and sit down for the next",
        "seat_taken": "Someone sits there already: choose a free seat",
        "room_full": "This room is full: watch it or choose another room",
        "elsewhere": "You sit in '{room}': leave it first",
        "not_host": "Only the host ({host}) can start the game",
        "nobody_seated": "Nobody sits here yet: take a seat, then start",
        "not_seated": "You do not sit at this table: choose a free seat",
        "still_playing": "While you play you cannot see other hands (you can once you are out)",
        "same_phone": "Another name on this phone plays in this game: no hands while it plays",
        "bad_level": "Choose the CPU level easy, normal or strong",
        "no_such_seat": "There is no seat {seat}: choose 0-{last}",
        "cpu": "CPU {n}",
    },
}


def texts(language: str) -> Texts:
    return Texts(TABLES, language)


def refusal(language: str, code: str, **params: object) -> Refused:
    """A hub refusal: its code, params and the text in `language`."""
    return Refused(code, params, texts(language)(code, **params))
