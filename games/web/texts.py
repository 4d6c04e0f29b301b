"""The hub's own refusals and labels, in the toolkit's languages (eventkit.i18n tables).

A game's refusals (not your turn, the rules' reasons) come from its table, in the Qt window's
words; these are the refusals only the hub can make (names, tokens, rooms, seats).
"""

from __future__ import annotations

from collections.abc import Mapping

from eventkit.i18n import Texts
from games.common.table import Refused

TABLES: Mapping[str, Mapping[str, str]] = {
    "ja": {
        "name_length": "名前は1〜{max}文字にしてください",
        "name_control": "名前に見えない文字や制御文字が入っています。打ち直してください",
        "name_cpu": "「CPU」で始まる名前はCPUの席のものです。別の名前にしてください",
        "name_mixed": "名前に{scripts}が混ざっています。似た形の文字でほかの人の名前に見えないよう、1種類にしてください",
        "name_lookalike": "名前の{script}がすべてローマ字に見えます。ほかの人の名前に見えないよう、ローマ字で書いてください",
        "name_taken": "「{name}」はもう使われています。あなたの名前なら、参加したときのコードで取り戻せます（なくしたら係の人へ）",
        "bad_code": "「{name}」のコードが違います。参加したときに出たコードを入れてください（なくしたら係の人へ）",
        "code_tries": "「{name}」のコードを何度も間違えました。係の人に名前を戻してもらってください",
        "unknown_name": "「{name}」という名前はまだありません。コードは空のまま参加してください",
        "script_latin": "ローマ字",
        "script_cyrillic": "キリル文字",
        "script_greek": "ギリシャ文字",
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
        "peek_off": "このルームでは、ほかの人の手札は見られない設定です",
        "too_many_names": "この電話（またはこのネットワーク）からは、新しい名前をもう作れません。{minutes}分ほど待つか、前の名前とコードで参加してください",
        "peek_players_only": "このルームでは、手札を見られるのはこのゲームであがった人だけです",
        "same_phone": "この電話から別の名前でこのゲームに参加中です。ゲーム中は手札を見られません",
        "bad_level": "CPUの強さは easy / normal / strong から選んでください",
        "bad_rules": "ルールは {choices} から選んでください",
        "one_rule_set": "このルームのゲームはルールを選べません",
        "no_such_seat": "席{seat}はありません。0〜{last}から選んでください",
        "cpu": "CPU {n}",
        "disk_full": "会場のパソコンのディスクがいっぱいです。空きができるまでゲームは止まっています",
        "topped_up": "チップがこのルームの参加費（最高 {fee:,}）に足りなかったので、{n:,} に補充しました。参加費を払って残り {balance:,}（イベント用のチップです）",
        # `games serve`'s own refusals on the host's terminal (eventkit.web.refusals: the rest)
        "note": "お知らせ",
        "turn_seconds": "--turn-seconds {value} は使えません。0〜600 にしてください（0 = 制限時間なし）",
        "data_dir": "データフォルダー {folder} を作れません（{reason}）。games_web.data_dir（または --data-dir）に書き込めるフォルダーを指定してください",
    },
    "en": {
        "name_length": "A name has 1-{max} characters",
        "name_control": "The name holds an invisible or control character: type it again",
        "name_cpu": "Names beginning with 'CPU' are the CPU seats': choose another name",
        "name_mixed": "The name mixes {scripts} letters: use one alphabet, so it cannot pass for someone else's",
        "name_lookalike": "Every {script} letter of the name looks like a Latin one: write it in Latin letters",
        "name_taken": "'{name}' is taken. If it is yours, get it back with the code you were shown when you joined (lost it? ask the host)",
        "bad_code": "That is not the code of '{name}': type the code you were shown when you joined (lost it? ask the host)",
        "code_tries": "Too many wrong codes for '{name}': ask the host to give the name back",
        "unknown_name": "There is no name '{name}' yet: join with the code left empty",
        "script_latin": "Latin",
        "script_cyrillic": "Cyrillic",
        "script_greek": "Greek",
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
        "peek_off": "In this room nobody may see another player's hand",
        "too_many_names": "No more new names from this phone (or this network) for now: wait about {minutes} min, or join with your name and its code",
        "peek_players_only": "In this room only players who are out of this game may see hands",
        "same_phone": "Another name on this phone plays in this game: no hands while it plays",
        "bad_level": "Choose the CPU level easy, normal or strong",
        "bad_rules": "Choose the rule set {choices}",
        "one_rule_set": "This room's game has one set of rules",
        "no_such_seat": "There is no seat {seat}: choose 0-{last}",
        "cpu": "CPU {n}",
        "disk_full": "The laptop's disk is full: play is paused until there is space again",
        "topped_up": "Too few chips for this room's fees (up to {fee:,}): topped up to {n:,}, {balance:,} after this game's fee (event chips)",
        "note": "note",
        "turn_seconds": "--turn-seconds {value}: use 0..600 (0 = no timer)",
        "data_dir": "the data folder {folder} cannot be created ({reason}): set games_web.data_dir (or --data-dir) to a folder you can write to",
    },
}


def texts(language: str) -> Texts:
    return Texts(TABLES, language)


def refusal(language: str, code: str, **params: object) -> Refused:
    """A hub refusal: its code, params and the text in `language`."""
    return Refused(code, params, texts(language)(code, **params))
