"""What the laptop's room screen says, from the hub's public messages (no Qt).

The screen receives `lobby` and, for the room it follows, the public `table` (view(None)) and
`results` messages: nothing secret is in them, and nothing here adds anything (no hand is ever
shown on the projector). games.web.screen paints these lines; each game's own lines are its
registry entry's ``screen_summary``, made of games.common.screen's pieces.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from eventkit.i18n import Texts
from games.common.screen import (  # noqa: F401 (the room screen's pieces, also read from here)
    SUITS,
    PublicTable,
    SeatLine,
    card_text,
    cards_in_words,
    last_line,
)
from games.common.screen import texts as common_texts
from games.web.messages import JSONValue, LobbyRoom, LobbySeat, Results, Table

TABLES: Mapping[str, Mapping[str, str]] = {  # over games.common.screen.WORDS
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
        "turn": "▶",
        "results": "結果（ゲーム {n}）",
        "board": "今夜のハイスコア",
        "no_table": "ゲーム中のルームを選ぶと、場がここに出ます",
        "start": "開始",
        "show": "表示",
        "rule_set_line": "{name}：{summary}",
        "choose_rules": "ルール（次のゲームから）",
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
        "turn": "▶",
        "results": "Results (game {n})",
        "board": "Tonight's high scores",
        "no_table": "Choose a room with a game on to show its table here",
        "start": "Start",
        "show": "Show",
        "rule_set_line": "{name}: {summary}",
        "choose_rules": "Rule set (from the next game)",
        "held": "{name} (away, held {t})",
        "release": "Give a name back",
        "release_hint": "name of someone who lost their code",
        "released": "New code of '{name}': {code}\n\nAsk them to join on their phone with the name and this code. The old code and the old phone no longer work.",
    },
}


def texts(language: str, own: Mapping[str, Mapping[str, str]] | None = None) -> Texts:
    """The screen's words in `language` (games.common.screen's shared words and `TABLES`);
    `own`: a game's words too."""
    return common_texts(language, TABLES, own)


def held_clock(seconds: float) -> str:
    """Seconds left on a held seat as m:ss (rounded up: 0:00 only once it is over)."""
    left = max(0, int(-(-seconds // 1)))
    return f"{left // 60}:{left % 60:02d}"


def seat_text(seat: LobbySeat, state: str | None, language: str, elapsed: float) -> str:
    """A lobby seat: the name (with the hold's time left when its person is away), or free."""
    tx = texts(language)
    name = seat.get("name")
    if not name:
        return str(tx("cpu") if state == "playing" else tx("free"))
    held = seat.get("held")
    if isinstance(held, (int, float)):
        return str(tx("held", name=name, t=held_clock(held - elapsed)))
    return str(name)


def room_lines(room: LobbyRoom, language: str, elapsed: float = 0.0) -> tuple[str, str]:
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


def rule_set_line(room: LobbyRoom, language: str) -> str:
    """The room's rule set and its rules ("ルール2：革命・禁止あがり・…"), "" for a game that
    does not name its rules."""
    named = room.get("rule_set")
    if not named:
        return ""
    return str(texts(language)("rule_set_line", name=named["name"], summary=named["summary"]))


def rule_set_names(game: str, choices: Sequence[str], language: str) -> list[str]:
    """The names of a game's rule sets the host chooses between ("ルール1", ...)."""
    from games.common import registry

    entry = registry.entry(game)
    return [(entry.rules_label(c, language) or (c, ""))[0] for c in choices]


def public_table(message: Table, label: str, language: str) -> PublicTable:
    """A `table` message of view(None) as the screen's lines (the game's own summary: its
    registry entry's ``screen_summary``, from this module's pieces)."""
    shown = message.get("view")
    outer: Mapping[str, JSONValue] = shown if isinstance(shown, Mapping) else {}
    inner = outer.get("observation")  # the engine's public observation inside the table's
    view = inner if isinstance(inner, Mapping) and inner else outer
    names: Sequence[str] = message.get("names") or ()
    if "titles" in outer and "ranks" not in view:
        view = {**view, "ranks": outer["titles"]}
    from games.common import registry

    summary = registry.entry(str(message.get("game"))).screen_summary
    assert summary is not None, "every game on the phones has a room-screen summary"
    result: PublicTable = summary(message, view, names, label, language)
    return result


def _scores(message: Results) -> Sequence[int] | None:
    """The seats' scores of a game whose registry entry has a ``high_score`` hook, else None."""
    from games.common import registry

    game, returns = str(message.get("game")), message.get("returns")
    hook = registry.entry(game).high_score if game in registry.names() else None
    return None if hook is None or not returns else hook(returns)


def results_lines(message: Results, language: str) -> list[str]:
    """A `results` message as lines: place, name, the chips won and held (a game with money),
    the score (a game with a high-score board)."""
    tx = texts(language)
    names = message.get("names") or ()
    places = message.get("places") or ()
    money = message.get("money")
    balances = message.get("balances")
    scores = _scores(message)
    order = sorted(range(len(names)), key=lambda i: places[i] or 99)
    lines = [tx("results", n=message.get("game_no", 0))]
    for i in order:
        line = f"{tx('place', n=places[i]) if places[i] else '—'}  {names[i]}"
        if money is not None:
            line += f"  {money[i]:+,}"
        if balances is not None:
            line += f"  ({balances[i]:,})"
        if scores is not None and i < len(scores):  # a game with a high-score board: its score
            line += f"  {scores[i]:,}"
        lines.append(line)
    return lines
