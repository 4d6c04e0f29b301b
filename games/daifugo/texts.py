"""Screen text of the Daifugō table in Japanese (default) and English, and the engine's
refusal codes in Japanese (no Qt)."""

from __future__ import annotations

from collections.abc import Sequence

from games.common.cards import AnyCard
from games.common.protocol import IllegalMove
from games.daifugo.chips import PLAY_FEE_PERCENT, Room, fee, leave_penalty
from games.daifugo.events import Gift
from games.daifugo.ruleset import RULE_NAMES, Rules, Title

TEXTS = {
    "ja": {
        "title": "大富豪",
        "play": "出す",
        "pass": "パス",
        "give": "渡す",
        "you": "あなた",
        "player": "プレイヤー{n}",
        "cpu": "CPU{n}",
        "cards": "{n}枚",
        "cards_one": "{n}枚",  # Japanese has no plural
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
        "joker_is": "ジョーカー = {card}",
        "caption_sep": "　",
        "foul_warning": "このカードであがると反則（最下位）です",
        "foul_confirm": (
            "反則あがり：このカードであがると反則で、このゲームは最下位になります。出しますか？"
        ),
        "foul_play": "出す（最下位）",
        "foul_out": "反則あがりで最下位です。プレイヤーをタップすると手札が見えます",
        "fell_out": "都落ちで最下位です。プレイヤーをタップすると手札が見えます",
        "place_foul": "{n}位（反則あがり）",
        "place_fell": "{n}位（都落ち）",
        # the results' parts of each seat's net (daifugo.js dfResultDetail)
        "res_title": "次は{title}",
        "res_fee": "参加費 {n:+,}",
        "res_prize": "賞金 {n:+,}",
        "res_prize_passed": "賞金 {n:+,}（1位が抜けたため）",
        "res_play_fee": "プレイ代{pct}% {n:+,}",
        "res_penalty": "ペナルティ {n:+,}",
        "timer_played": "{cards}を出しました",
        "timer_passed": "パスしました",
        "trick_log": "この場の流れ",
        "trick_cleared": "場が流れました",
        "timer_gave": "{name}に {cards} を渡しました",
        # the phones while the 大富豪 and the 富豪 choose their card passing at the same time
        "exchange_choosing": "カード交換：{names}が選んでいます",
        "exchange_waiting": "渡しました。{names}が選ぶのを待っています",
        "names_and": "と",
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
        "cancel": "やめる",
        "exchange_got": "{name}から {cards} をもらいました",
        "exchange_gave": "{name}に {cards} を渡しました",
        "exchange_note": "カード交換：{what}",
        "joker": "ジョーカー",
        "leave_question": (
            "ゲームの途中です。今抜けると、参加費 {fee:,} は戻らず、ペナルティとして"
            "さらに {n:,} チップが没収されます。残りはCPUが代わりに打ちます。抜けますか？"
        ),
        "leave_after_out": (
            "あなたは{place}位であがりました。今抜けてもペナルティはありません"
            "（参加費は戻りません）。"
        ),
        "leave_prize_passes": (
            "ただし、1位の賞金 {n:,} はゲームの終わりに受け取るので、今抜けると"
            "次の順位のプレイヤーのものになります。"
        ),
        "leave": "抜ける（-{n:,}）",
        "leave_free": "抜ける",
        "stay": "続ける",
        "interrupted": (
            "大富豪：プログラムが止められたため、途中のゲームは中止しました。"
            "参加費は全員に返し、チップはゲーム前のままです。"
        ),
        "chips_damaged": (
            "チップの記録ファイルが壊れていたため {kept} として残し、"
            "最後に保存した正しいコピーからチップを元に戻しました。"
        ),
        "settled": (
            "前回はゲームの途中でプログラムが止まりました（強制終了・電源切れなど）。"
            "そのゲーム（{n}件）は中止し、参加費は全員に返しました。"
        ),
    },
    "en": {
        "title": "Daifugō",
        "play": "Play",
        "pass": "Pass",
        "give": "Give",
        "you": "You",
        "player": "Player {n}",
        "cpu": "CPU {n}",
        "cards": "{n} cards",
        "cards_one": "{n} card",  # one card: no plural (the phone's tile, the room screen)
        "your_turn": "Your turn: select cards and Play, or Pass.",
        "your_lead": "Your lead: play anything.",
        "no_play": "Nothing you hold can be played: Pass.",
        "thinking": "{name} is thinking…",
        "passed": "Pass",
        "out": "#{n}",
        "fouled": "Forbidden finish",
        "fell": "Capital fall",
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
        "joker_is": "Joker = {card}",
        "caption_sep": ": ",
        "foul_warning": "Going out on this card is a foul (last place)",
        "foul_confirm": (
            "Forbidden finish: going out on these cards breaks the rule and puts you last"
            " in this game. Play them?"
        ),
        "foul_play": "Play (last place)",
        "foul_out": "Forbidden finish: you are last. Tap a player to see their hand",
        "fell_out": "Capital fall: you are last. Tap a player to see their hand",
        "place_foul": "#{n} (forbidden finish)",
        "place_fell": "#{n} (capital fall)",
        "res_title": "next: {title}",
        "res_fee": "fee {n:+,}",
        "res_prize": "prize {n:+,}",
        "res_prize_passed": "prize {n:+,} (the winner left)",
        "res_play_fee": "{pct}% play fee {n:+,}",
        "res_penalty": "penalty {n:+,}",
        "timer_played": "{cards} played for you",
        "timer_passed": "you passed",
        "trick_log": "This trick so far",
        "trick_cleared": "The field clears",
        "timer_gave": "{cards} given to {name} for you",
        "exchange_choosing": "Card passing: {names} choosing",
        "exchange_waiting": "Given. Waiting for {names} to choose",
        "names_and": " and ",
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
        "cancel": "Cancel",
        "exchange_got": "received {cards} from {name}",
        "exchange_gave": "gave {cards} to {name}",
        "exchange_note": "Card passing: {what}",
        "joker": "Joker",
        "leave_question": (
            "A game is in progress. Leaving now keeps your fee of {fee:,} in the pot and"
            " forfeits {n:,} chips more as a penalty; a CPU plays your seat out. Leave?"
        ),
        "leave_after_out": (
            "You went out in place {place}. Leaving now costs no penalty (your fee stays in"
            " the pot)."
        ),
        "leave_prize_passes": (
            " But the winner's prize of {n:,} is paid when the game ends: if you leave now"
            " it goes to the next place."
        ),
        "leave": "Leave (-{n:,})",
        "leave_free": "Leave",
        "stay": "Keep playing",
        "interrupted": (
            "Daifugō: the program was stopped, so the game in progress was dropped."
            " The fees went back to everyone: the chips are as they were before it."
        ),
        "chips_damaged": (
            "The chips file was damaged: it is kept as {kept}, and everyone's chips came"
            " back from its last good copy."
        ),
        "settled": (
            "Last time the program stopped in the middle of a game (killed, crashed or out of"
            " power): that game ({n}) was dropped and every seat got its fee back."
        ),
    },
}


# what a play did, as the table's caption says it (games.daifugo.events.EVENTS)
EVENT_TEXTS = {
    "ja": {
        "foul": "反則あがり！",
        "miyako_ochi": "都落ち！ 大富豪は最下位へ",
        "revolution": "革命！",
        "counter_revolution": "革命返し！",
        "eight_cut": "8切り！",
        "spade_three": "スペ3返し！",
        "eleven_back": "11バック！",
        "suit_lock": "しばり！",
        "number_lock": "階段しばり！",
    },
    "en": {
        "foul": "Forbidden finish!",
        "miyako_ochi": "Capital fall! The Grand Millionaire drops to last",
        "revolution": "Revolution!",
        "counter_revolution": "Counter-revolution!",
        "eight_cut": "Eight cut!",
        "spade_three": "Spade 3 return!",
        "eleven_back": "Eleven back!",
        "suit_lock": "Suit lock!",
        "number_lock": "Number lock!",
    },
}

# codes for cards that make no play at all: one message says what a play is
_SHAPE_CODES = (
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
)
_BAD_SHAPE = "その組み合わせでは出せません（1枚・同じ数字・同じ絵柄の3枚以上の連番）"
# the engine's refusal codes (games.daifugo.plays.IllegalDaifugoMove) in Japanese
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
    **dict.fromkeys(_SHAPE_CODES, _BAD_SHAPE),
}


_BAD_SHAPE_EN = "Those cards make no play (one card, 2-4 of one number, or 3+ in a row of one suit)"
# the same codes for the English screens (the engine's own messages are for logs and the CLI)
ILLEGAL_EN = {
    "number_lock": "Number lock: only {rank} can come next",
    "number_lock_end": "Number lock: nothing can follow now",
    "suit_lock": "Suit lock: only {suits} can be played",
    "only_spade_three": "Only the ♠3 beats a lone joker (spade 3 return)",
    "nothing_beats_joker": "Nothing beats a lone joker",
    "not_stronger": "Play cards stronger than the field",
    "not_stronger_reversed": "Play cards stronger than the field (the order is reversed)",
    "field_needs": "Play the way the field was played (same number of cards, same shape)",
    "lead_no_pass": "The field is empty, so you cannot pass: play a card",
    "not_in_hand": "You do not hold {card}",
    "exchange_first": "Pass your cards first",
    "game_over": "This game is over",
    "no_exchange": "It is not the time to pass cards",
    "give_count": "Choose {count} card(s) to pass",
    "give_not_in_hand": "You do not hold {card}",
    "give_strongest": "Pass your strongest card ({cards})",
    "joker_suit": "Play the joker as {play}",
    **dict.fromkeys(_SHAPE_CODES, _BAD_SHAPE_EN),
}


def explain(error: IllegalMove, language: str) -> str:
    """The engine's reason for refusing a play, by its code, in the screen's language."""
    template = (ILLEGAL_JA if language == "ja" else ILLEGAL_EN).get(error.code)
    return str(error) if template is None else template.format(**error.params)


def card_label(card: AnyCard, language: str) -> str:
    """A card as the cards show it: "2♠", "10♥", ジョーカー / Joker."""
    if card.is_joker:
        return str(TEXTS["ja" if language == "ja" else "en"]["joker"])
    return f"{card.rank.text}{card.suit.symbol}"


def exchange_note(
    received: Sequence[Gift], given: Sequence[Gift], names: Sequence[str], language: str
) -> str:
    """ "カード交換：CPU4から 2♠ をもらいました／CPU4に 3♥・4♦ を渡しました" ("" if none)."""
    t = TEXTS["ja" if language == "ja" else "en"]
    sep, card_sep = ("／", "・") if language == "ja" else ("; ", ", ")

    def cards(gift: Gift) -> str:
        return card_sep.join(card_label(c, language) for c in gift.cards)

    parts = [t["exchange_got"].format(name=names[g.giver], cards=cards(g)) for g in received]
    parts += [t["exchange_gave"].format(name=names[g.receiver], cards=cards(g)) for g in given]
    return t["exchange_note"].format(what=sep.join(parts)) if parts else ""


def rules_summary(rules: Rules, language: str) -> str:
    i = 0 if language == "ja" else 1
    on = [names[i] for key, names in RULE_NAMES.items() if getattr(rules, key)]
    return "・".join(on) if language == "ja" else ", ".join(on)


# ---------------------------------------------------------------------------- help (F1 / H)

# (keys, what they do) as the table's keyPressEvent / mousePressEvent handle them
HELP_KEYS = {
    "ja": (
        ("← → / A D", "カーソルを動かす"),
        ("Space（↑ ↓）", "カードを選ぶ／外す"),
        ("Enter", "出す／渡す／次のゲーム"),
        ("P / Backspace", "パス"),
        ("Esc", "選んだカードを外す（ヘルプを閉じる）"),
        ("F1 / H", "このヘルプ（「ルール」ボタンも）"),
        ("F11", "全画面の切り替え"),
        ("1〜9", "ジョーカーの読み方を選ぶ（選ぶ画面で）"),
        ("クリック", "カードを選ぶ。あがった後は相手をクリックで手札を見る"),
        ("ウィンドウを閉じる", "ゲーム中は確認あり（途中退出はペナルティ、あがった後は無料）"),
    ),
    "en": (
        ("← → / A D", "move the cursor"),
        ("Space (↑ ↓)", "select / unselect the card"),
        ("Enter", "play / give / next game"),
        ("P / Backspace", "pass"),
        ("Esc", "unselect all (close this help)"),
        ("F1 / H", "this help (or the Rules button)"),
        ("F11", "full screen on / off"),
        ("1-9", "pick what the joker stands for (when asked)"),
        ("Click", "select a card; once out, click an opponent to see their hand"),
        ("Close window", "asks first during a game (a penalty, none once you are out)"),
    ),
}

HELP_TEXTS = {
    "ja": {
        "help_title": "操作とルール",
        "keys_title": "操作",
        "rules_title": "ルール（{rules}・{room}）",
        "rules_button": "ルール",
        "close_hint": "F1 / H / Esc またはクリックで閉じる",
        "next_page_hint": "→ またはクリックで次のページ（{n}/{total}）　Esc で閉じる",
        "revolution": "同じ数字4枚以上か4枚以上の階段で、ゲーム終了まで強さが逆転（もう一度で元に戻る）",
        "forbidden_finish": "{cards} であがると反則で最下位",
        "ff_joker": "ジョーカー",
        "ff_two": "2{unless}",
        "ff_unless": "（{when}は3）",
        "ff_or": "か",
        "ff_revolution": "革命中",
        "ff_eleven_back": "11バック中",
        "ff_eight": "8（1枚・複数）",
        "ff_spade_three": "ジョーカーに出したスペードの3",
        "ff_reading": ("　※革命中の11バックは強さが普通に戻るので、2が禁止で3は禁止ではありません"),
        "eight_cut": "8を出すと場が流れる（複数出しも可、階段の中の8は無効）",
        "eleven_back": "Jを出すと場が流れるまで強さが逆転（革命中は普通の強さに）",
        "suit_lock": "同じ絵柄が2回続くと、場が流れるまでその絵柄だけ",
        "number_lock": "1つ強い数字が2回続くと、場が流れるまで1つずつ強い数字だけ",
        "spade_three": "ジョーカー1枚にスペードの3が勝ち、場が流れる",
        "miyako_ochi": "大富豪が1位になれないと最下位",
        "rule_line": "{name}：{what}",
        "not_in_room": "このルームでは無し：{names}",
        "order": "強さ：3 < 4 < … < K < A < 2 < ジョーカー",
        "order_reversed": "　{when}は逆：2 < A < … < 4 < 3（ジョーカー1枚はいつも最強）",
        "exchange": (
            "カード交換（2ゲーム目から）：大貧民→大富豪と貧民→富豪は一番強い1枚、"
            "大富豪→大貧民は好きな2枚、富豪→貧民は好きな1枚"
        ),
        "fees": "参加費：大富豪 {f0:,}・富豪 {f1:,}・平民 {f2:,}・貧民 {f3:,}・大貧民 {f4:,}",
        "prize": "1位が参加費の合計から{pct}%のプレイ代を引いた額をもらう",
        "prize_passes": "1位がゲームの終わりより前に抜けると、賞金は次の順位のプレイヤーがもらう",
        "penalty": "ゲーム中に抜けると、参加費とは別に {n:,} チップのペナルティ",
    },
    "en": {
        "help_title": "Keys and rules",
        "keys_title": "Keys",
        "rules_title": "Rules ({rules}, {room})",
        "rules_button": "Rules",
        "close_hint": "F1 / H / Esc or a click closes this",
        "next_page_hint": "→ or a click: next page ({n}/{total})   Esc closes",
        "revolution": (
            "a set of 4+ or a 4+ sequence reverses the order until the game ends"
            " (another one turns it back)"
        ),
        "forbidden_finish": "going out on {cards} is a foul (last place)",
        "ff_joker": "the joker",
        "ff_two": "a 2{unless}",
        "ff_unless": " (a 3 during {when})",
        "ff_or": " or ",
        "ff_revolution": "a revolution",
        "ff_eleven_back": "11-back",
        "ff_eight": "8s (single or set)",
        "ff_spade_three": "the ♠3 on a joker",
        "ff_reading": (
            "  Note: 11-back during a revolution is the normal order, so the 2 is forbidden"
            " then and the 3 is not"
        ),
        "eight_cut": "an 8 (single or set) clears the field (not an 8 in a sequence)",
        "eleven_back": (
            "a J (single or set) reverses the order until the field clears"
            " (normal order during a revolution)"
        ),
        "suit_lock": "the same suit twice in a row locks the field to it until it clears",
        "number_lock": (
            "one step stronger twice in a row, and each next play must be one step"
            " stronger until the field clears"
        ),
        "spade_three": "the ♠3 beats a lone joker and clears the field",
        "miyako_ochi": "a Grand Millionaire who does not finish first is last",
        "rule_line": "{name}: {what}",
        "not_in_room": "Not in this room: {names}",
        "order": "Order: 3 < 4 < … < K < A < 2 < joker",
        "order_reversed": "  Reversed during {when}: 2 < A < … < 4 < 3 (a lone joker always wins)",
        "exchange": (
            "Card passing (from the 2nd game): Grand Poor → Grand Millionaire and Poor →"
            " Millionaire give their strongest card; Grand Millionaire gives any 2 back,"
            " Millionaire any 1"
        ),
        "fees": (
            "Fees: Grand Millionaire {f0:,}, Millionaire {f1:,}, Commoner {f2:,},"
            " Poor {f3:,}, Grand Poor {f4:,}"
        ),
        "prize": "1st place takes all the fees less a {pct}% play fee",
        "prize_passes": "A winner who leaves before the game ends gets no prize: the next place takes it",
        "penalty": "Leaving during a game costs {n:,} chips on top of the fee",
    },
}


def _join(items: list[str], language: str) -> str:
    return "・".join(items) if language == "ja" else ", ".join(items)


def _reversed_when(rules: Rules, language: str) -> str:
    """ "革命中か11バック中": when the order can be reversed under these rules ("" = never)."""
    t = HELP_TEXTS["ja" if language == "ja" else "en"]
    when = [t[k] for k in ("ff_revolution", "ff_eleven_back") if getattr(rules, k[3:])]
    return t["ff_or"].join(when)


def forbidden_cards(rules: Rules, language: str) -> str:
    """The plays that may not finish a game under these rules (games.daifugo.game.Game.would_foul)."""
    t = HELP_TEXTS["ja" if language == "ja" else "en"]
    when = _reversed_when(rules, language)
    unless = t["ff_unless"].format(when=when) if when else ""
    cards = [t["ff_joker"], t["ff_two"].format(unless=unless)]
    if rules.eight_cut:
        cards.append(t["ff_eight"])
    if rules.spade_three:
        cards.append(t["ff_spade_three"])
    return "、".join(cards) if language == "ja" else ", ".join(cards)


def rules_panel(rules: Rules, room: Room, language: str) -> list[str]:
    """The 「ルール」 panel: each active special rule in one line, then the card order, the card
    passing and the room's fees."""
    t = HELP_TEXTS["ja" if language == "ja" else "en"]
    lines = []
    off = []
    for key, names in RULE_NAMES.items():
        if not getattr(rules, key):
            off.append(names[0 if language == "ja" else 1])
        else:
            what = t[key].format(cards=forbidden_cards(rules, language))
            lines.append(t["rule_line"].format(name=names[0 if language == "ja" else 1], what=what))
            if key == "forbidden_finish" and rules.revolution and rules.eleven_back:
                lines.append(t["ff_reading"])
    if off:
        lines.append(t["not_in_room"].format(names=_join(off, language)))
    lines.append(t["order"])
    when = _reversed_when(rules, language)
    if when:
        lines.append(t["order_reversed"].format(when=when))
    lines.append(t["exchange"])
    fees = {f"f{title.value}": fee(room, title) for title in Title}
    lines.append(t["fees"].format(**fees))
    lines.append(t["prize"].format(pct=PLAY_FEE_PERCENT))
    lines.append(t["prize_passes"])
    lines.append(t["penalty"].format(n=leave_penalty(room)))
    return lines
