"""A small UECda server for tests and benchmarks: five clients, protocol 20070, our rules
engine as referee (``Rules.uecda()`` by default, ranks carried over by ``Match``).

The message flow follows the standard server (tndhms 0.29): profile -> player number; per game
the exchange tables (the rich see their hand after the poor's strongest cards arrived, the poor
see theirs before), the 大富豪's 2 and the 富豪's 1 card back; then per turn a hand table to
everyone ([5][2] = 1 for the player to move), that player's play, the accept sign (9 accepted,
8 refused = a pass), the field table to everyone and the end-of-turn flag (0, 1, 2).
Unlike tndhms the referee is our engine: its field clears once all others passed, seats stay
fixed, and the first player is the engine's (see games/daifugo/uecda/__init__.py). A refused
play is a pass, as in tndhms; a refused lead (tndhms lets the leader pass, our engine cannot)
plays the leader's weakest single instead, counted in ``ServerLog.forced``.
"""

from __future__ import annotations

import socket
from dataclasses import dataclass, field

from games.daifugo.game import Game
from games.daifugo.match import Match
from games.daifugo.plays import Give, Pass
from games.daifugo.ruleset import Rules, Title
from games.daifugo.state import Phase
from games.daifugo.uecda.protocol import (
    ACCEPTED,
    CONTINUE,
    GAME_OVER,
    MATCH_OVER,
    PROTOCOL_VERSION,
    REFUSED,
    ProtocolError,
    Table,
    cards_from_table,
    empty_table,
    freeze,
    play_from_table,
    profile_name,
    table_from_hand,
    table_from_play,
)
from games.daifugo.uecda.wire import Wire

PLAYERS = 5
_GIVE = {Title.DAIFUGO: 2, Title.FUGO: 1, Title.HEIMIN: 0, Title.HINMIN: -1, Title.DAIHINMIN: -2}


@dataclass
class ServerLog:
    names: list[str] = field(default_factory=list)
    places: list[list[int]] = field(default_factory=list)
    refused: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    forced: list[int] = field(default_factory=lambda: [0] * PLAYERS)  # refused leads replaced


class LocalServer:
    """Listens on host:port (port 0 = any free port, see `.port`); `serve()` runs one match."""

    def __init__(
        self,
        games: int,
        seed: int | None = None,
        rules: Rules | None = None,
        host: str = "127.0.0.1",
        port: int = 0,
        timeout: float | None = 120.0,
    ) -> None:
        if games < 1:
            raise ValueError("a match has at least one game")
        self.games = games
        self.match = Match(PLAYERS, rules or Rules.uecda(), seed)
        self.listener = socket.create_server((host, port))
        self.port = self.listener.getsockname()[1]
        self.timeout = timeout
        self.wires: list[Wire] = []
        self.log = ServerLog()

    def serve(self) -> ServerLog:
        try:
            self._accept()
            for number in range(1, self.games + 1):
                self._game(number == self.games)
        finally:
            for w in self.wires:
                w.close()
            self.listener.close()
        return self.log

    def _accept(self) -> None:
        self.listener.settimeout(self.timeout)
        for player in range(PLAYERS):
            sock, _ = self.listener.accept()
            sock.settimeout(self.timeout)
            wire = Wire(sock, f"client {player}")
            profile = wire.read_table("the profile table")
            if profile[0][0] != PROTOCOL_VERSION:
                raise ProtocolError(
                    f"client {player} speaks protocol {profile[0][0]}, this server {PROTOCOL_VERSION}"
                )
            self.log.names.append(profile_name(profile))
            wire.send_int(player)
            self.wires.append(wire)

    # ------------------------------------------------------------------ one game

    def _status(self, game: Game, no_ranks: bool) -> list[list[int]]:
        t = empty_table()
        turn = game.current_player
        t[5][3] = turn if turn is not None else 0
        t[5][4] = int(game.top is None)
        t[5][5] = int(game.eleven_back)
        t[5][6] = int(game.revolution)
        t[5][7] = int(game.suit_lock is not None)
        for p in range(PLAYERS):
            t[6][p] = len(game.hands[p])
            t[6][5 + p] = 0 if no_ranks else game.ranks[p].value
            t[6][10 + p] = p
        return t

    @staticmethod
    def _merge(cards: Table, status: list[list[int]]) -> Table:
        return freeze([list(cards[r]) for r in range(5)] + status[5:8])

    def _game(self, last: bool) -> None:
        game = self.match.new_game()
        no_ranks = not self.match.results
        dealt = [list(h) for h in game.hands]
        while game.phase == Phase.EXCHANGE and game.exchange_step.strongest_only:  # type: ignore[union-attr]
            game.apply(game.legal_actions()[0])  # the server takes the poor's strongest cards
        status = self._status(game, no_ranks)
        status[5][0] = 1
        status[5][3] = 6
        for p, wire in enumerate(self.wires):
            rich = game.ranks[p] in (Title.DAIFUGO, Title.FUGO, Title.HEIMIN)
            hand = game.hands[p] if rich or no_ranks else dealt[p]
            status[5][1] = 0 if no_ranks else _GIVE[game.ranks[p]]
            wire.send_table(self._merge(table_from_hand(hand), status))
        while game.phase == Phase.EXCHANGE:
            step = game.exchange_step
            assert step is not None
            table = self.wires[step.giver].read_table("the cards to give")
            gift = Give(tuple(cards_from_table(table)))
            if game.why_illegal(gift) is not None:  # as tndhms: give the strongest instead
                gift = game.legal_actions()[0]  # type: ignore[assignment]
            game.apply(gift)
        while not game.is_over:
            self._turn(game, no_ranks)
            flag = CONTINUE if not game.is_over else (MATCH_OVER if last else GAME_OVER)
            for wire in self.wires:
                wire.send_int(flag)
        self.match.record(game)
        self.log.places.append(list(game.finish_order))

    def _turn(self, game: Game, no_ranks: bool) -> None:
        turn = game.turn
        status = self._status(game, no_ranks)
        for p, wire in enumerate(self.wires):
            status[5][2] = int(p == turn)
            wire.send_table(self._merge(table_from_hand(game.hands[p]), status))
        status[5][2] = 0
        before = table_from_play(game.top)
        table = self.wires[turn].read_table("a play")
        try:
            play = play_from_table(table)
        except ProtocolError:
            play, error = None, True
        else:
            error = False
        action = Pass() if play is None else play
        if error or game.why_illegal(action) is not None:
            self.log.refused[turn] += 1
            answer = REFUSED
            if game.can_pass():
                action, play = Pass(), None
            else:  # tndhms lets the leader pass; our engine cannot: the weakest card goes out
                play = min(
                    game.legal_plays(), key=lambda p: (p.size, -p.hi if game.reversed else p.lo)
                )
                action = play
                self.log.forced[turn] += 1
        else:
            answer = ACCEPTED
        game.apply(action)
        self.wires[turn].send_int(answer)
        shown = table_from_play(play) if play is not None else before
        field_status = self._status(game, no_ranks)
        field_status[5][3] = turn
        field_status[5][4] = int(all(v == 0 for r in shown[:5] for v in r))
        field_table = self._merge(shown, field_status)
        for wire in self.wires:
            wire.send_table(field_table)
