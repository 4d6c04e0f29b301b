"""Screen text for the Schwimmen table in Japanese (default) and English (no Qt)."""

from __future__ import annotations

from eventkit import i18n
from games.common.cards import Card
from games.schwimmen.rules import Event, IllegalSchwimmenMove, RoundResult

# an engine refusal's code -> the screen text that says what to do instead
_ILLEGAL_KEYS = {
    "pass_twice": "no_pass_twice",
    "already_knocked": "already_knocked",
    "knock_first_turn": "no_knock_first",
    "not_in_hand": "select_two",
    "not_on_table": "select_two",
}

TEXTS: dict[str, dict[str, str]] = {
    "ja": {
        "title": "シュビメン",
        "prompt": "カードを交換してください。",
        "prompt_last": "最後の番です。カードを交換してください。",
        "dealer_prompt": "あなたが親です。この手札で遊ぶか、伏せてある3枚と取り替えるか選んでください。",
        "cpu_turn": "{name}の番です…",
        "swap_all": "全交換",
        "swap": "交換",
        "pass": "パス",
        "knock": "終了",
        "keep": "このまま",
        "take_extra": "手札を取り替える",
        "table": "場札",
        "stock": "山札 {n}",
        "you": "あなた",
        "cpu": "CPU{n}",
        "points": "{v}点",
        "round": "ラウンド {n}",
        "round_over": "ラウンド終了",
        "next_round": "再開",
        "game_over": "ゲーム終了",
        "new_game": "新しいゲーム",
        "place": "{n}位",
        "your_place": "あなたの順位：{n}位",
        "you_win": "あなたの勝ちです！ 1位",
        "coins": "コイン {n}",
        "swimming": "シュビメン",
        "out": "敗退",
        "knocked": "終了宣言",
        "dealer": "親",
        "lost": "(−1)",
        "log": "記録",
        "help_button": "操作 (F1)",
        "reason_knock": "{name}が終了を宣言しました",
        "reason_schnauz": "{name}のシュナウツ（31点）！",
        "reason_feuer": "{name}のファイア（エース3枚・32点）！",
        "reason_stalled": "ラウンド終了",
        "ev_keep": "{name}：手札をそのまま使う",
        "ev_take_extra": "{name}：手札を取り替えた（{gave} が場札に）",
        "ev_swap_one": "{name}：{gave} を出して {took} を取った",
        "ev_swap_all": "{name}：全交換（{took} を取った）",
        "ev_pass": "{name}：パス",
        "ev_knock": "{name}：終了を宣言！",
        "ev_refresh": "全員パス：場札が入れ替わりました（{took}）",
        "ev_schnauz": "{name}：シュナウツ（31点）！",
        "ev_feuer": "{name}：ファイア（32点）！",
        "ev_result": "{name} {v}点 {place}",
        "ev_lost": "{names}がコインを1枚失いました",
        "ev_out": "{name}は敗退しました",
        "ev_swim": "{name}はシュビメン中（次に負けると敗退）",
        "no_pass_twice": "パスは連続では使えません。",
        "no_knock_first": "「終了」は2ターン目から使えます。",
        "already_knocked": "すでに終了が宣言されています。",
        "select_two": "場札を1枚と自分のカードを1枚選んでから「交換」を押してください。",
        "help_title": "操作方法",
        "help": (
            "クリック：場札を1枚と自分のカードを1枚選ぶ（もう一度で解除）\n"
            "ドラッグ：自分のカードを場札の上に落とすと交換\n"
            "Q / W / E：場札の1〜3枚目を選ぶ\n"
            "A / S / D：自分のカードの1〜3枚目を選ぶ\n"
            "Enter または Space：交換\n"
            "X：全交換（親のときは手札を取り替える）\n"
            "P：パス（親のときはこのまま）\n"
            "K：終了（2ターン目から）\n"
            "N または Enter：ラウンド終了の後に再開\n"
            "Ctrl+N：新しいゲーム    F1 / H：この説明    Esc：選択解除・閉じる"
        ),
        "start_title": "シュビメン：ゲームの設定",
        "rules_label": "ルール",
        "rules_standard": "標準ルール（親の交換あり・終了後に全員1回）",
        "rules_house": "元のブラウザ版のルール",
        "level_label": "CPUの強さ",
        "level_easy": "弱い",
        "level_normal": "普通",
        "level_strong": "強い",
        "start": "開始",
        "info": "{rules}・CPU：{level}",
        "short_standard": "標準ルール",
        "short_house": "ブラウザ版ルール",
    },
    "en": {
        "title": "Schwimmen",
        "prompt": "Swap your cards.",
        "prompt_last": "Last turn: swap your cards.",
        "dealer_prompt": "You deal: play this hand, or take the three face-down cards instead.",
        "cpu_turn": "{name} is playing…",
        "swap_all": "Swap all",
        "swap": "Swap",
        "pass": "Pass",
        "knock": "Knock",
        "keep": "Keep hand",
        "take_extra": "Take the other hand",
        "table": "Table",
        "stock": "Stock {n}",
        "you": "You",
        "cpu": "CPU {n}",
        "points": "{v} pts",
        "round": "Round {n}",
        "round_over": "Round over",
        "next_round": "Next round",
        "game_over": "Game over",
        "new_game": "New game",
        "place": "#{n}",
        "your_place": "Your place: {n}",
        "you_win": "You win! 1st place",
        "coins": "Coins {n}",
        "swimming": "Swimming",
        "out": "Out",
        "knocked": "Knocked",
        "dealer": "Dealer",
        "lost": "(−1)",
        "log": "Log",
        "help_button": "Keys (F1)",
        "reason_knock": "{name} knocked",
        "reason_schnauz": "{name} has Schnauz (31)!",
        "reason_feuer": "{name} has Feuer (three aces, 32)!",
        "reason_stalled": "Round over",
        "ev_keep": "{name}: keeps the hand",
        "ev_take_extra": "{name}: takes the other hand ({gave} to the table)",
        "ev_swap_one": "{name}: gives {gave}, takes {took}",
        "ev_swap_all": "{name}: swaps all (takes {took})",
        "ev_pass": "{name}: pass",
        "ev_knock": "{name}: knocks!",
        "ev_refresh": "Everyone passed: new table cards ({took})",
        "ev_schnauz": "{name}: Schnauz (31)!",
        "ev_feuer": "{name}: Feuer (32)!",
        "ev_result": "{name} {v} pts {place}",
        "ev_lost": "{names} lose a coin",
        "ev_out": "{name} is out",
        "ev_swim": "{name} is swimming (one more loss and out)",
        "no_pass_twice": "You may not pass twice in a row.",
        "no_knock_first": "You can knock from your second turn on.",
        "already_knocked": "Someone has already knocked.",
        "select_two": "Select one table card and one of yours, then press Swap.",
        "help_title": "Keys",
        "help": (
            "Click: select one table card and one of yours (click again to deselect)\n"
            "Drag: drop one of your cards on a table card to swap\n"
            "Q / W / E: select table card 1-3\n"
            "A / S / D: select your card 1-3\n"
            "Enter or Space: swap\n"
            "X: swap all (when dealing: take the other hand)\n"
            "P: pass (when dealing: keep the hand)\n"
            "K: knock (from your second turn)\n"
            "N or Enter: next round after a round is over\n"
            "Ctrl+N: new game    F1 / H: this help    Esc: deselect / close"
        ),
        "start_title": "Schwimmen: new game",
        "rules_label": "Rules",
        "rules_standard": "Standard (dealer swap, everyone gets one more turn after a knock)",
        "rules_house": "The original browser version's rules",
        "level_label": "CPU level",
        "level_easy": "Easy",
        "level_normal": "Normal",
        "level_strong": "Strong",
        "start": "Start",
        "info": "{rules} · CPU: {level}",
        "short_standard": "Standard rules",
        "short_house": "Browser-version rules",
    },
}


class Texts(i18n.Texts):
    """Screen text of the Schwimmen table in one language, with the game's own phrases."""

    def __init__(self, language: str = "ja") -> None:
        super().__init__(TEXTS, language)

    def name(self, seat: int | None) -> str:
        if seat is None:
            return ""
        return self("you") if seat == 0 else self("cpu", n=seat)

    def points(self, value: float | None) -> str:
        if value is None:
            return ""
        return self("points", v=f"{value:g}")

    def event(self, event: Event) -> str:
        took = " ".join(card_label(c) for c in event.took)
        gave = " ".join(card_label(c) for c in event.gave)
        return self(f"ev_{event.kind}", name=self.name(event.seat), took=took, gave=gave)

    def illegal(self, error: IllegalSchwimmenMove) -> str:
        """Why the table refused the player's action, from the engine's reason code."""
        key = _ILLEGAL_KEYS.get(error.code)
        if key is not None:
            return self(key)
        if self.language == "ja":
            return self("select_two")
        text = str(error)
        return text[0].upper() + text[1:] + "."

    def reason(self, result: RoundResult) -> str:
        return self(f"reason_{result.reason}", name=self.name(result.trigger))


def card_label(card: Card) -> str:
    """Short text of a card with its suit symbol, e.g. "♥10"."""
    if card.is_joker:
        return "JK"
    return f"{card.suit.symbol}{card.rank.text}"
