"""What the laptop's room screen says, from the hub's public messages (no Qt).

The screen receives `lobby` and, for the room it follows, the public `table` (view(None)) and
`results` messages: nothing secret is in them, and nothing here adds anything (no hand is ever
shown on the projector). games.web.screen paints these lines.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from eventkit.i18n import Texts

TABLES: Mapping[str, Mapping[str, str]] = {
    "ja": {
        "join": "スマホで参加",
        "join_hint": "QRコードを読むか、アドレスを入力",
        "waiting": "待機中",
        "playing": "ゲーム {n} 中",
        "free": "空席",
        "cpu": "CPU",
        "spectators": "観戦 {n}人",
        "host": "ホスト {name}",
        "stake": "レート {n:,}",
        "cards": "{n}枚",
        "passed": "パス",
        "place": "{n}位",
        "fell": "都落ち",
        "empty_field": "場は空です",
        "revolution": "革命",
        "eleven_back": "11バック",
        "suit_lock": "しばり",
        "number_lock": "階段しばり",
        "turn": "▶",
        "coins": "コイン {n}",
        "out": "敗退",
        "knocked": "終了宣言",
        "swimming": "シュビメン",
        "dealer": "親",
        "table_cards": "場札",
        "stock": "山札 {n}",
        "round": "ラウンド {n}",
        "results": "結果（ゲーム {n}）",
        "no_table": "ゲーム中のルームを選ぶと、場がここに出ます",
        "start": "開始",
        "show": "表示",
        "card_passing": "カード交換中",
        "left": "退出",
        "held": "{name}（不在・保留 {t}）",
        "release": "名前を戻す",
        "release_hint": "コードをなくした人の名前",
        "released": "「{name}」の新しいコード：{code}\n\nその人の電話で、名前とこのコードを入れて参加してもらってください。前のコードと前の電話はもう使えません。",
    },
    "en": {
        "join": "Join on your phone",
        "join_hint": "Scan the QR code or type the address",
        "waiting": "waiting",
        "playing": "game {n} on",
        "free": "free",
        "cpu": "CPU",
        "spectators": "{n} watching",
        "host": "host {name}",
        "stake": "stake {n:,}",
        "cards": "{n} cards",
        "passed": "passed",
        "place": "#{n}",
        "fell": "fell",
        "empty_field": "The field is empty",
        "revolution": "Revolution",
        "eleven_back": "11-back",
        "suit_lock": "Suit lock",
        "number_lock": "Number lock",
        "turn": "▶",
        "coins": "{n} coins",
        "out": "out",
        "knocked": "knocked",
        "swimming": "swimming",
        "dealer": "dealer",
        "table_cards": "Table",
        "stock": "Stock {n}",
        "round": "Round {n}",
        "results": "Results (game {n})",
        "no_table": "Choose a room with a game on to show its table here",
        "start": "Start",
        "show": "Show",
        "card_passing": "Passing cards",
        "left": "left",
        "held": "{name} (away, held {t})",
        "release": "Give a name back",
        "release_hint": "name of someone who lost their code",
        "released": "New code of '{name}': {code}\n\nAsk them to join on their phone with the name and this code. The old code and the old phone no longer work.",
    },
}

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
TITLES = {
    "ja": ("大富豪", "富豪", "平民", "貧民", "大貧民"),
    "en": ("Grand Millionaire", "Millionaire", "Commoner", "Poor", "Grand Poor"),
}


def texts(language: str) -> Texts:
    return Texts(TABLES, language)


def card_text(code: object) -> str:
    """ "10H" -> "10♥", "JK=5S" -> "JK"."""
    real = str(code).split("=")[0]
    if real == "JK":
        return "JK"
    return real[:-1] + SUITS.get(real[-1:], real[-1:])


@dataclass(frozen=True)
class SeatLine:
    name: str
    detail: str
    to_move: bool


@dataclass(frozen=True)
class PublicTable:
    """One room's table as the projector shows it."""

    title: str
    seats: tuple[SeatLine, ...]
    field: str
    tags: tuple[str, ...]
    last: str


def held_clock(seconds: float) -> str:
    """Seconds left on a held seat as m:ss (rounded up: 0:00 only once it is over)."""
    left = max(0, int(-(-seconds // 1)))
    return f"{left // 60}:{left % 60:02d}"


def seat_text(seat: Mapping[str, Any], state: str | None, language: str, elapsed: float) -> str:
    """A lobby seat: the name (with the hold's time left when its person is away), or free."""
    tx = texts(language)
    name = seat.get("name")
    if not name:
        return str(tx("cpu") if state == "playing" else tx("free"))
    held = seat.get("held")
    if isinstance(held, (int, float)):
        return str(tx("held", name=name, t=held_clock(held - elapsed)))
    return str(name)


def room_lines(room: Mapping[str, Any], language: str, elapsed: float = 0.0) -> tuple[str, str]:
    """A room of the lobby: its heading and its seats' line (`elapsed`: seconds since the
    lobby message came, for the held seats' time left)."""
    tx = texts(language)
    state = (
        tx("playing", n=room.get("game_no", 0)) if room.get("state") == "playing" else tx("waiting")
    )
    bits = [str(room.get("label") or room.get("id")), state]
    if room.get("stake"):
        bits.append(tx("stake", n=room["stake"]))
    if room.get("spectators"):
        bits.append(tx("spectators", n=room["spectators"]))
    seats = [seat_text(s, room.get("state"), language, elapsed) for s in room.get("seats", ())]
    return "  ·  ".join(bits), "  /  ".join(seats)


def public_table(message: Mapping[str, Any], label: str, language: str) -> PublicTable:
    """A `table` message of view(None) as the screen's lines (Daifugō or Schwimmen)."""
    outer = message.get("view") or {}
    view = outer.get("observation") or outer  # the engine's public observation inside the table's
    names: Sequence[str] = message.get("names") or ()
    if "titles" in outer and "ranks" not in view:
        view = {**view, "ranks": outer["titles"]}
    summary = _SUMMARIES.get(str(message.get("game")), _daifugo)
    return summary(message, view, names, label, language)


def _last(message: Mapping[str, Any], names: Sequence[str], language: str) -> str:
    last = message.get("last") or {}
    seat = last.get("seat")
    action = last.get("action")
    if seat is None or not isinstance(seat, int) or seat >= len(names) or action is None:
        return ""
    words = " ".join(
        card_text(w) if w[:1].isdigit() or w[:1] in "JQKA" else w for w in str(action).split()
    )
    return f"{names[seat]}: {words}"


def _daifugo(
    message: Mapping[str, Any],
    view: Mapping[str, Any],
    names: Sequence[str],
    label: str,
    language: str,
) -> PublicTable:
    tx = texts(language)
    sizes = view.get("hand_sizes") or [0] * len(names)
    finished = list(view.get("finished") or ())
    bottom = list(view.get("bottom") or ())
    passed = set(view.get("passed") or ())
    ranks = view.get("ranks") or ()
    left = set(message.get("left") or ())
    seats = []
    for i, name in enumerate(names):
        bits = []
        if message.get("game_no", 1) > 1 and i < len(ranks) and isinstance(ranks[i], int):
            bits.append(TITLES.get(language, TITLES["ja"])[ranks[i]])
        if i in finished:
            bits.append(tx("place", n=finished.index(i) + 1))
        elif i in bottom:
            bits.append(tx("fell"))
        else:
            bits.append(tx("cards", n=sizes[i] if i < len(sizes) else 0))
        if i in passed:
            bits.append(tx("passed"))
        if i in left:
            bits.append(tx("left"))
        seats.append(SeatLine(str(name), "  ".join(bits), message.get("to_move") == i))
    top = view.get("top")
    field = " ".join(card_text(c) for c in top) if top else tx("empty_field")
    tags = []
    if view.get("phase") == "exchange":
        tags.append(tx("card_passing"))
    if view.get("revolution"):
        tags.append(tx("revolution"))
    if view.get("eleven_back"):
        tags.append(tx("eleven_back"))
    if view.get("suit_lock"):
        tags.append(tx("suit_lock") + " " + "".join(SUITS.get(s, s) for s in view["suit_lock"]))
    if view.get("number_lock"):
        tags.append(tx("number_lock"))
    last_action = message.get("last") or {}
    tags.extend(str(e) for e in last_action.get("events") or ())  # 8切り！ 都落ち！ as banners
    plays = [
        f"{names[s]}: {' '.join(card_text(c) for c in cards)}"
        for s, cards in (view.get("trick") or ())[-3:]
        if isinstance(s, int) and s < len(names)
    ]
    last = "   ".join(plays) or _last(message, names, language)
    return PublicTable(label, tuple(seats), field, tuple(tags), last)


def _schwimmen(
    message: Mapping[str, Any],
    view: Mapping[str, Any],
    names: Sequence[str],
    label: str,
    language: str,
) -> PublicTable:
    tx = texts(language)
    coins = view.get("coins") or ()
    out = view.get("out") or ()
    seats = []
    for i, name in enumerate(names):
        bits = [tx("coins", n=max(0, coins[i])) if i < len(coins) else ""]
        if i < len(out) and out[i]:
            bits.append(tx("out"))
        elif i < len(coins) and coins[i] == -1:  # the Schwimmen engine's is_swimming
            bits.append(tx("swimming"))
        if view.get("dealer") == i:
            bits.append(tx("dealer"))
        if view.get("knocker") == i:
            bits.append(tx("knocked"))
        seats.append(
            SeatLine(str(name), "  ".join(b for b in bits if b), message.get("to_move") == i)
        )
    field = (
        tx("table_cards") + ": " + (" ".join(card_text(c) for c in view.get("table") or ()) or "—")
    )
    tags = []
    if isinstance(view.get("round_number"), int):
        tags.append(tx("round", n=view["round_number"]))
    if isinstance(view.get("stock_count"), int):
        tags.append(tx("stock", n=view["stock_count"]))
    return PublicTable(label, tuple(seats), field, tuple(tags), _last(message, names, language))


def results_lines(message: Mapping[str, Any], language: str) -> list[str]:
    """A `results` message as lines: place, name and (Daifugō) the chips won and held."""
    tx = texts(language)
    names = message.get("names") or ()
    places = message.get("places") or ()
    money = message.get("money")
    balances = message.get("balances")
    order = sorted(range(len(names)), key=lambda i: places[i] if places[i] else 99)
    lines = [tx("results", n=message.get("game_no", 0))]
    for i in order:
        line = f"{tx('place', n=places[i]) if places[i] else '—'}  {names[i]}"
        if money is not None:
            line += f"  {money[i]:+,}"
        if balances is not None:
            line += f"  ({balances[i]:,})"
        lines.append(line)
    return lines


_SUMMARIES = {"daifugo": _daifugo, "schwimmen": _schwimmen}  # the table message's "game"
