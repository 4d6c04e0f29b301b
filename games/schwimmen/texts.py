"""Screen text for the Schwimmen table in Japanese (default) and English (no Qt)."""

from __future__ import annotations

from collections.abc import Sequence

from eventkit import i18n
from games.common.cards import Card
from games.schwimmen.rules import Event, IllegalSchwimmenMove, RoundResult, Rules

# every refusal code of the engine (games.schwimmen.rules.IllegalSchwimmenMove) -> the screen
# text that says what to do instead, in both languages (tests/test_refusal_texts.py checks all)
ILLEGAL_KEYS = {
    "game_over": "no_game_over",
    "round_over": "no_round_over",
    "round_in_play": "no_round_in_play",
    "dealer_first": "no_dealer_first",
    "dealer_only": "no_dealer_only",
    "pass_twice": "no_pass_twice",
    "already_knocked": "already_knocked",
    "knock_first_turn": "no_knock_first",
    "not_in_hand": "select_two",
    "not_on_table": "select_two",
    "not_an_action": "no_action",
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
        # what the phones' turn timer chose for a person (schwimmen.js swTimedOut): 「時間切れ：…」
        "timer_swapped": "{hand} と場の {table} を交換しました",
        "timer_chose": "「{move}」を選びました",
        "table": "場札",
        "stock": "山札 {n}",
        "you": "あなた",
        "cpu": "CPU{n}",
        "player": "プレイヤー{n}",
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
        "coins_short": "×{n}",
        "swimming_short": "シュビメン",
        "dealer_short": "親",
        "knocked_short": "終了宣言",
        "swimming": "シュビメン",
        "out": "敗退",
        "out_watch": "敗退しました。プレイヤーをタップすると手札が見えます",
        "knocked": "終了宣言",
        "dealer": "親",
        "lost": "(−1)",
        "log": "記録",
        "help_button": "遊び方 (F1)",
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
        "ev_result": "{name} {v}点（このラウンド {place}）",
        "ev_lost": "{names}がコインを1枚失いました",
        "ev_out": "{name}は敗退しました",
        "ev_swim": "{name}はシュビメン中（次に負けると敗退）",
        "no_pass_twice": "パスは連続では使えません。",
        "no_knock_first": "「終了」は2ターン目から使えます。",
        "already_knocked": "すでに終了が宣言されています。",
        "select_two": "場札を1枚と自分のカードを1枚選んでから「交換」を押してください。",
        "no_game_over": "ゲームは終わりました。「新しいゲーム」で始めてください。",
        "no_round_over": "ラウンドは終わりました。「再開」を押してください。",
        "no_round_in_play": "ラウンドはまだ続いています。",
        "no_dealer_first": "{name}が親です：先に「このまま」か「手札を取り替える」を選んでください。",
        "no_dealer_only": "手札を取り替えられるのは親だけで、最初の番の前だけです。",
        "no_action": "その操作はできません。",
        "help_title": "シュビメンの遊び方",
        "help": (
            "クリック：場札を1枚と自分のカードを1枚選ぶ（もう一度で解除）\n"
            "ドラッグ：自分のカードを場札の上に落とすと交換\n"
            "Q / W / E：場札の1〜3枚目を選ぶ\n"
            "A / S / D：自分のカードの1〜3枚目を選ぶ\n"
            "Enter または Space：交換\n"
            "X：全交換（親のときは手札を取り替える）\n"
            "P：パス（親のときはこのまま。2回続けてのパスはできません）\n"
            "K：終了（2ターン目から）\n"
            "N または Enter：ラウンド終了の後に再開\n"
            "Ctrl+N：新しいゲーム（途中なら確かめます）\n"
            "F1 / H：この説明　F11：全画面　Esc：選択解除・閉じる"
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
        "bubble_swap": "交換",
        "bubble_swap_all": "全交換",
        "bubble_pass": "パス",
        "bubble_knock": "終了!",
        "bubble_take_extra": "取り替え",
        "bubble_keep": "このまま",
        "players_label": "人数",
        "players_item": "{n}人（あなたとCPU {cpus}人）",
        "cpu_level_of": "{name}の強さ",
        "confirm_new": "今のゲームをやめて、新しいゲームを始めますか？",
        "confirm_new_detail": "今のゲームの続き（コインと順位）はなくなります。",
        "confirm_new_yes": "新しいゲームを始める",
        "confirm_new_no": "続ける",
        "help_keys_title": "操作",
        "help_scoring_title": "点数",
        "help_scoring": (
            "手札のうち同じスートのカードの合計です（いちばん高いスートを数えます）。\n"
            "A＝11点、K・Q・J・10＝10点、9＝9点、8＝8点、7＝7点。\n"
            "全員が続けてパスすると、場札が新しい3枚に替わります。\n"
            "同じ数字が3枚：30.5点。\n"
            "シュナウツ：同じスートのAと10点札2枚で31点。その場でラウンド終了。\n"
            "ファイア：Aが3枚で32点。その場でラウンド終了。\n"
            "ラウンドで最下位の人がコインを1枚失います（{ties}）。\n"
            "コインは{coins}枚から。0枚でもまだ遊べます。−1枚でシュビメン（泳いでいる）、"
            "もう1枚失うと敗退です。\n"
            "最後に残った人の勝ち。人が全員敗退すると（残りがCPUだけになると）ゲーム終了です。"
        ),
        "ties_all": "同点の最下位は全員",
        "ties_suit": "同点なら数えたスートで比べます：クラブ＞スペード＞ハート＞ダイヤ",
        "help_rules_title": "ルール（今：{rules}）",
        "help_rules": (
            "標準ルール：親（ラウンドごとに左へ）は配られた手札を伏せた3枚と取り替えられます。"
            "だれかが「終了」を宣言すると、ほかの全員が1回ずつ番を持って終わります。\n"
            "「元のブラウザ版のルール」で変わること：\n"
            "・親はいません。場札3枚は最初から表向きで、手札の取り替えはありません。\n"
            "・ラウンドはいつも人（CPUでないプレイヤー）から始まります。"
            "何人かいれば、残っている人のうち最初の席の人からです。\n"
            "・CPUが「終了」を宣言すると、その周が終わったところ（ラウンドを始めた人の番の手前）で"
            "ラウンド終了です。\n"
            "・人が「終了」を宣言したときは、ほかの全員が1回ずつ番を持ちます。"
        ),
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
        "timer_swapped": "{hand} swapped for the table's {table} for you",
        "timer_chose": "“{move}” chosen for you",
        "table": "Table",
        "stock": "Stock {n}",
        "you": "You",
        "cpu": "CPU {n}",
        "player": "Player {n}",
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
        "coins_short": "×{n}",
        "swimming_short": "Swim",
        "dealer_short": "Deals",
        "knocked_short": "Knock",
        "swimming": "Swimming",
        "out": "Out",
        "out_watch": "You are out of the game: tap a player to see their hand",
        "knocked": "Knocked",
        "dealer": "Dealer",
        "lost": "(−1)",
        "log": "Log",
        "help_button": "Help (F1)",
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
        "ev_result": "{name} {v} pts (this round {place})",
        "ev_lost": "{names} lose a coin",
        "ev_out": "{name} is out",
        "ev_swim": "{name} is swimming (one more loss and out)",
        "no_pass_twice": "You may not pass twice in a row.",
        "no_knock_first": "You can knock from your second turn on.",
        "already_knocked": "Someone has already knocked.",
        "select_two": "Select one table card and one of yours, then press Swap.",
        "no_game_over": "The game is over: start a new game.",
        "no_round_over": "The round is over: press Next round.",
        "no_round_in_play": "The round is still being played.",
        "no_dealer_first": "The dealer ({name}) chooses first: Keep hand or Take the other hand.",
        "no_dealer_only": "Only the dealer changes hands, and only before the first turn.",
        "no_action": "That is not a Schwimmen action.",
        "help_title": "How to play Schwimmen",
        "help": (
            "Click: one table card and one of yours (click again: deselect)\n"
            "Drag: drop one of your cards on a table card to swap\n"
            "Q / W / E: select table card 1-3\n"
            "A / S / D: select your card 1-3\n"
            "Enter or Space: swap\n"
            "X: swap all (when dealing: take the other hand)\n"
            "P: pass (when dealing: keep the hand); never twice in a row\n"
            "K: knock (from your second turn)\n"
            "N or Enter: next round after a round is over\n"
            "Ctrl+N: new game (asks first during a game)\n"
            "F1 / H: this help   F11: full screen   Esc: deselect / close"
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
        "bubble_swap": "Swap",
        "bubble_swap_all": "Swap all",
        "bubble_pass": "Pass",
        "bubble_knock": "Knock!",
        "bubble_take_extra": "New hand",
        "bubble_keep": "Keeps",
        "players_label": "Players",
        "players_item": "{n} (you and {cpus} CPUs)",
        "cpu_level_of": "{name} level",
        "confirm_new": "Stop this game and start a new one?",
        "confirm_new_detail": "The rest of this game (coins and places) will be lost.",
        "confirm_new_yes": "Start a new game",
        "confirm_new_no": "Keep playing",
        "help_keys_title": "Keys",
        "help_scoring_title": "Scoring",
        "help_scoring": (
            "A hand counts the cards of one suit (the best suit).\n"
            "A = 11, K Q J 10 = 10, 9 = 9, 8 = 8, 7 = 7.\n"
            "When everyone passes in turn, three new table cards come.\n"
            "Three of a kind: 30.5.\n"
            "Schnauz: ace and two ten-point cards of one suit, 31; the round ends at once.\n"
            "Feuer: three aces, 32; the round ends at once.\n"
            "The lowest hand of a round loses a coin ({ties}).\n"
            "Everyone starts with {coins} coins and still plays at 0; at −1 coins a player is"
            " swimming, one more loss and they are out.\n"
            "The last one left wins; the game ends when every person is out (only CPUs left)."
        ),
        "ties_all": "equal lowest hands all lose",
        "ties_suit": "equal hands: the counted suit decides, clubs > spades > hearts > diamonds",
        "help_rules_title": "Rules (now: {rules})",
        "help_rules": (
            "Standard: the dealer (moving left each round) may take the three face-down cards "
            "instead of the dealt hand. After a knock everyone else has one more turn.\n"
            "What the original browser version's rules change:\n"
            "- No dealer: the three table cards are face up from the start; no hand swap.\n"
            "- Every round starts with a person (not a CPU); with several, the first seat still"
            " in.\n"
            "- When a CPU knocks, the round ends when that rotation is complete (before the turn"
            " of the person who started it).\n"
            "- When a person knocks, everyone else has one more turn."
        ),
    },
}


def signed(n: int) -> str:
    """A count as the texts write it: a minus as "−" (U+2212), not a hyphen."""
    return str(n).replace("-", "\u2212")


class Texts(i18n.Texts):
    """Screen text of the Schwimmen table in one language, with the game's own phrases."""

    def __init__(self, language: str = "ja", names: Sequence[str] = ()) -> None:
        super().__init__(TEXTS, language)
        self.names = tuple(names)

    def name(self, seat: int | None) -> str:
        """A seat's name: the table's (`names`), else seat 0 is you and seat n is CPU n."""
        if seat is None:
            return ""
        if seat < len(self.names):
            return self.names[seat]
        return self("you") if seat == 0 else self("cpu", n=seat)

    def seat_names(self, people: frozenset[int], players: int) -> tuple[str, ...]:
        """Each seat's name at a table: one person is you (several: Player 1, 2, ... by seat),
        the CPUs CPU 1, 2, ... in seat order (one person at seat 0: CPU n sits at seat n)."""
        cpus = [s for s in range(players) if s not in people]
        alone = len(people) == 1
        return tuple(
            (self("you") if alone else self("player", n=s + 1))
            if s in people
            else self("cpu", n=cpus.index(s) + 1)
            for s in range(players)
        )

    def points(self, value: float | None) -> str:
        if value is None:
            return ""
        return self("points", v=f"{value:g}")

    def coins(self, n: int, *, out: bool, short: bool = False) -> str:
        """A seat's coins ("コイン 2", or "×2" beside the coin discs in a small panel); nothing
        for an eliminated seat (its 「敗退」 label says it), never "コイン −2". A minus is
        written "−" (U+2212), as the help and the results write it."""
        if out or n < -1:
            return ""
        return self("coins_short" if short else "coins", n=signed(n))

    def tag(self, key: str, *, short: bool = False) -> str:
        """A seat's label (dealer, knocked, swimming, out); its short form in a small panel."""
        if short and f"{key}_short" in self.table:
            return self(f"{key}_short")
        return self(key)

    def event(self, event: Event) -> str:
        took = " ".join(card_label(c) for c in event.took)
        gave = " ".join(card_label(c) for c in event.gave)
        return self(f"ev_{event.kind}", name=self.name(event.seat), took=took, gave=gave)

    def illegal(self, error: IllegalSchwimmenMove) -> str:
        """Why the table refused the player's action, from the engine's reason code."""
        key = ILLEGAL_KEYS.get(error.code)
        if key is None:  # a code without a text: tests/test_refusal_texts.py fails on it
            return str(error)
        player = error.params.get("player")
        name = self.name(player - 1) if isinstance(player, int) else ""
        return self(key, **{**error.params, "name": name})

    def help_sections(self, rules: Rules, rules_name: str) -> list[tuple[str, str]]:
        """(heading, body) of the help overlay: keys, scoring, and the rule sets."""
        ties = self("ties_suit" if rules.suit_tiebreak else "ties_all")
        return [
            (self("help_keys_title"), self("help")),
            (self("help_scoring_title"), self("help_scoring", ties=ties, coins=rules.start_coins)),
            (self("help_rules_title", rules=self(f"short_{rules_name}")), self("help_rules")),
        ]

    def levels(self, levels: list[str]) -> str:
        """The CPUs' levels in a few words: one word when all are the same."""
        words = [self(f"level_{lv}") for lv in levels]
        return words[0] if len(set(words)) == 1 else "/".join(words)

    def result_lines(self, result: RoundResult, out: Sequence[bool]) -> list[str]:
        """The log's lines at the end of a round: each hand's points and round place, who lost
        a coin, who went out or is swimming now."""
        lines = [
            self(
                "ev_result",
                name=self.name(seat),
                v=f"{result.values[seat]:g}",
                place=self("place", n=result.places[seat]),
            )
            for seat in range(len(result.hands))
            if result.hands[seat] is not None
        ]
        lines.append(self("ev_lost", names=", ".join(self.name(s) for s in result.losers)))
        for seat in result.losers:
            if out[seat]:
                lines.append(self("ev_out", name=self.name(seat)))
            elif seat in result.swimming:
                lines.append(self("ev_swim", name=self.name(seat)))
        return lines

    def reason(self, result: RoundResult) -> str:
        return self(f"reason_{result.reason}", name=self.name(result.trigger))


def card_label(card: Card) -> str:
    """Short text of a card with its suit symbol, e.g. "♥10"."""
    if card.is_joker:
        return "JK"
    return f"{card.suit.symbol}{card.rank.text}"
