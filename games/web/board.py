"""The evening's high-score boards: the best scores, with names, of each game whose registry
entry has a ``high_score`` hook (COOL 24+24), for the phones' lobby and the room screen.

Built from the games' results messages: the hub adds each game's results at its end and the
journal's ``end`` record keeps the boards' state (a compacted journal a ``board`` record), so a
restart loads the newest state again. A seat whose person left mid-game (a CPU played it out) does not count.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.common import registry
from games.web.messages import JSON, Board, JSONValue, Results

TOP = 5  # scores per board


class Boards:
    """Each game's best `TOP` scores; `state()` / `load()` carry them through the journal."""

    def __init__(self, games: Iterable[str]) -> None:
        self._games = tuple(g for g in dict.fromkeys(games) if registry.entry(g).high_score)
        self._scores: dict[str, list[tuple[int, str, int]]] = {g: [] for g in self._games}
        self._games_added = 0  # games counted this evening: the newest state has the most

    def add(self, results: Results) -> bool:
        """A finished game's results message (each game once); whether a board took it."""
        game = results["game"]
        returns = results["returns"]
        if game not in self._scores or not returns:
            return False
        hook = registry.entry(game).high_score
        assert hook is not None
        self._games_added += 1
        left = set(results["left"])
        names = results["names"]
        board = self._scores[game]
        for seat, score in enumerate(hook(returns)):
            if seat not in left and seat < len(names):
                board.append((int(score), str(names[seat]), self._games_added))
        board.sort(key=lambda entry: (-entry[0], entry[2]))  # ties: the earlier game first
        del board[TOP:]
        return True

    def state(self) -> dict[str, JSONValue]:
        """The boards as a journal record's JSON."""
        return {
            "games": self._games_added,
            "scores": {g: [list(e) for e in board] for g, board in self._scores.items()},
        }

    def load(self, state: JSON) -> None:
        """A journal's board state, unless this one is as new (a compacted journal keeps each
        room's last game only: its records may come in any order)."""
        games = state.get("games")
        scores = state.get("scores")
        if not isinstance(games, int) or games <= self._games_added or not isinstance(scores, dict):
            return
        self._games_added = games
        for game in self._scores:
            rows = scores.get(game) or []
            self._scores[game] = [(int(s), str(n), int(o)) for s, n, o in rows][:TOP]

    def message(self, language: str) -> list[Board]:
        """The boards as the lobby message carries them (games in room order)."""
        return [
            {
                "game": game,
                "label": registry.entry(game).label(language),
                "top": [{"name": name, "score": score} for score, name, _ in self._scores[game]],
            }
            for game in self._games
        ]


def board_lines(boards: Iterable[Board], title: str) -> list[tuple[str, bool]]:
    """The boards as plain lines (the room screen's labels), each with whether it is a
    heading: "title: game", then "1. name  score" per place. Boards without scores: none."""
    lines: list[tuple[str, bool]] = []
    for board in boards:
        top = board["top"]
        if not top:
            continue
        lines.append((f"{title}: {board['label']}", True))
        lines += [(f"{i}. {e['name']}  {e['score']:,}", False) for i, e in enumerate(top, 1)]
    return lines
