"""Screen text of the Daifugō table in Japanese (default) and English, and the engine's
refusal codes in Japanese (no Qt)."""

from __future__ import annotations

from eventkit.i18n import translate
from games.common.protocol import IllegalMove
from games.daifugo.rules import RULE_NAMES, Rules

TEXTS = {
    "ja": {
        "title": "大富豪",
        "play": "出す",
        "pass": "パス",
        "give": "渡す",
        "you": "あなた",
        "cpu": "CPU{n}",
        "cards": "{n}枚",
        "your_turn": "あなたの番です。カードを選んで「出す」か「パス」。",
        "your_lead": "あなたの親です。好きなカードを出してください。",
        "no_play": "出せるカードがありません。「パス」を押してください。",
        "thinking": "{name}の番です…",
        "passed": "パス",
        "out": "{n}位",
        "fouled": "反則あがり",
        "fell": "都落ち",
        "give_any": "{to}に渡すカードを{n}枚選んで「渡す」",
        "give_strongest": "{to}に一番強いカードを渡します（同じ強さから選べます）",
        "exchange_cpu": "カード交換中…",
        "revolution": "革命",
        "eleven_back": "11バック",
        "suit_lock": "しばり {s}",
        "number_lock": "階段しばり",
        "rule_set": "ルール{n}",
        "chips": "チップ {n:,}",
        "pot": "賭け金 {n:,}",
        "game_over": "ゲーム終了",
        "place": "{n}位",
        "next_game": "次のゲーム",
        "quit": "終了",
        "spectate": "観戦中：相手をクリックすると手札が見えます",
        "cant_play": "出せません：{why}",
        "joker_as": "ジョーカーを何として出しますか？",
        "foul_warning": "このカードであがると反則（最下位）です",
        "setup": "大富豪 — 人数・CPU・ルール・ルームを選んでください",
        "choose_rules": "ルール",
        "choose_room": "ルーム",
        "start": "はじめる",
        "topped_up": "チップが足りないので {n:,} に補充しました",
        "next_rank": "次は{t}",
        "empty_field": "場は空です",
        "delta": "{d:+,}",
        "play_fee": "プレイ代 {n:,}",
        "choose_players": "人数",
        "players_item": "{n}人（あなた＋CPU {cpus}人）",
        "cpu_level_of": "{name}の強さ",
        "level_easy": "弱い",
        "level_normal": "普通",
        "level_strong": "強い",
        "custom_rules": "カスタム",
        "rules_one_by_one": "特殊ルール（1つずつ変えられます）",
        "preset_reading": (
            "元のページのルール表は空欄が失われていたため、左詰めで読んでいます："
            "絵柄しばり・階段しばりはルール1だけ、スペ3返し・都落ちはルール1と2。"
        ),
        "cancel": "やめる",
    },
    "en": {
        "title": "Daifugō",
        "play": "Play",
        "pass": "Pass",
        "give": "Give",
        "you": "You",
        "cpu": "CPU {n}",
        "cards": "{n} cards",
        "your_turn": "Your turn: select cards and Play, or Pass.",
        "your_lead": "Your lead: play anything.",
        "no_play": "Nothing you hold can be played: Pass.",
        "thinking": "{name} is thinking…",
        "passed": "Pass",
        "out": "#{n}",
        "fouled": "Foul finish",
        "fell": "Fell (都落ち)",
        "give_any": "Choose {n} card(s) to give to {to}, then Give",
        "give_strongest": "Give your strongest card to {to} (choose among equals)",
        "exchange_cpu": "Passing cards…",
        "revolution": "Revolution",
        "eleven_back": "11-back",
        "suit_lock": "Lock {s}",
        "number_lock": "Number lock",
        "rule_set": "Rule set {n}",
        "chips": "Chips {n:,}",
        "pot": "Stake {n:,}",
        "game_over": "Game over",
        "place": "#{n}",
        "next_game": "Next game",
        "quit": "Quit",
        "spectate": "Spectating: click an opponent to see their hand",
        "cant_play": "Not allowed: {why}",
        "joker_as": "Play the joker as which card?",
        "foul_warning": "Going out on this card is a foul (last place)",
        "setup": "Daifugō — choose players, CPUs, rules and room",
        "choose_rules": "Rules",
        "choose_room": "Room",
        "start": "Start",
        "topped_up": "Not enough chips: topped up to {n:,}",
        "next_rank": "next: {t}",
        "empty_field": "The field is empty",
        "delta": "{d:+,}",
        "play_fee": "play fee {n:,}",
        "choose_players": "Players",
        "players_item": "{n} (you + {cpus} CPU)",
        "cpu_level_of": "{name} level",
        "level_easy": "Easy",
        "level_normal": "Normal",
        "level_strong": "Strong",
        "custom_rules": "Custom",
        "rules_one_by_one": "Special rules (switch each one)",
        "preset_reading": (
            "The original page's table of rule sets lost its empty cells; it is read"
            " left-aligned: suit lock and number lock only in rule set 1, spade-3 return and"
            " capital fall in rule sets 1 and 2."
        ),
        "cancel": "Cancel",
    },
}


_BAD_SHAPE = "その組み合わせでは出せません（1枚・同じ数字・同じ絵柄の3枚以上の連番）"
# the engine's refusal codes (games.daifugo.rules.IllegalDaifugoMove) in Japanese
ILLEGAL_JA = {
    "number_lock": "階段しばり中：次は {rank} しか出せません",
    "number_lock_end": "階段しばり中：もう出せるカードがありません",
    "suit_lock": "絵柄しばり中：{suits} しか出せません",
    "only_spade_three": "ジョーカーにはスペードの3しか出せません（スペ3返し）",
    "nothing_beats_joker": "ジョーカーより強いカードはありません",
    "not_stronger": "場のカードより強いカードを出してください",
    "not_stronger_reversed": "場のカードより強いカードを出してください（革命／11バック中）",
    "field_needs": "場と同じ出し方（同じ枚数・同じ形）で出してください",
    "lead_no_pass": "場が空なのでパスできません：カードを出してください",
    "not_in_hand": "{card} は手札にありません",
    "exchange_first": "先にカードを渡してください",
    "game_over": "このゲームは終わりました",
    "no_exchange": "今はカードを渡す時ではありません",
    "give_count": "{count}枚選んで渡してください",
    "give_not_in_hand": "{card} は手札にありません",
    "give_strongest": "いちばん強いカード（{cards}）を渡してください",
    "joker_suit": "ジョーカーは {play} として出してください",
    **dict.fromkeys(
        (
            "no_cards",
            "one_joker",
            "card_twice",
            "only_joker_stands",
            "joker_real_card",
            "lone_joker_face",
            "set_too_big",
            "joker_set_face",
            "not_a_play",
            "not_a_sequence",
            "joker_no_sequence",
            "not_an_action",
        ),
        _BAD_SHAPE,
    ),
}


def explain(error: IllegalMove, language: str) -> str:
    """The engine's reason for refusing a play, by its code: Japanese on the ja screens."""
    if language != "ja":
        return str(error)
    return translate(error, ILLEGAL_JA)


def rules_summary(rules: Rules, language: str) -> str:
    i = 0 if language == "ja" else 1
    on = [names[i] for key, names in RULE_NAMES.items() if getattr(rules, key)]
    return "・".join(on) if language == "ja" else ", ".join(on)
