"""The UECda client: connect, send the profile, then let one of our CPUs play every game of the
match (exchange, plays, passes) until the server says the match is over.

It reconnects nothing and guesses nothing: a message it cannot read raises ProtocolError, whose
text names what was expected and what arrived; ``run_cli`` prints it as one line and exits 1.
"""

from __future__ import annotations

import socket
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from eventkit.tomlconf import config_language, phrase, refused, said
from games.common.cards import AnyCard, parse_card
from games.daifugo.game import Game
from games.daifugo.plays import Action, Give, Pass, Play
from games.daifugo.ruleset import Rules, Title
from games.daifugo.settings import TEXTS
from games.daifugo.state import ExchangeStep, Observation
from games.daifugo.uecda import contest
from games.daifugo.uecda.protocol import (
    ACCEPTED,
    CONTINUE,
    DEFAULT_PORT,
    GAME_OVER,
    MATCH_OVER,
    REFUSED,
    ProtocolError,
    Status,
    profile_table,
    show,
    table_from_cards,
    table_from_play,
)
from games.daifugo.uecda.view import GameView
from games.daifugo.uecda.wire import Wire

Chooser = Callable[[Observation, Sequence[Action]], object]  # a CPU's choose(obs, legal)


@dataclass
class MatchLog:
    """What the client saw: its player number, each game's places (players 1st..last)."""

    player: int = -1
    places: list[list[int]] = field(default_factory=list)
    refused: int = 0  # plays the server refused (each counted as a pass there)
    vetoed: int = 0  # CPU plays the contest rules forbid, replaced by a pass before sending
    decisions: int = 0
    think_max: float = 0.0  # seconds, the longest CPU decision (exchange or play)
    think_total: float = 0.0


def parse_address(text: str) -> tuple[str, int]:
    """HOST[:PORT] (default port 42485); IPv6 as [::1]:PORT."""
    text = text.strip()
    if not text:
        raise refused(TEXTS, "uecda_empty")
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port_text = rest[1:] if rest.startswith(":") else ""
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    else:
        host, port_text = text, ""
    if not port_text:
        return host, DEFAULT_PORT
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise refused(TEXTS, "uecda_port", text=text)
    return host, int(port_text)


def _as_play(move: object, obs: Observation) -> Play | None:
    """A CPU's answer (codes, None, Play, Pass) as a Play or None for a pass."""
    if move is None or isinstance(move, Pass):
        return None
    if isinstance(move, Play):
        return move
    codes = tuple(str(c) for c in move)  # type: ignore[attr-defined]
    hands: list[list[AnyCard]] = [[] for _ in range(obs.num_players)]
    hands[obs.seat] = [parse_card(c) for c in obs.hand]
    game = Game.from_observation(obs, hands)
    play = game.parse_action(" ".join(codes))
    error = game.why_illegal(play)
    if error is not None:
        raise error
    assert isinstance(play, Play)
    return play


def _as_gift(move: object) -> list[AnyCard]:
    if isinstance(move, Give):
        return list(move.cards)
    return [parse_card(c) for c in move]  # type: ignore[attr-defined]


class Client:
    """One seat at a UECda server, played by `choose` (a CPU's choose method)."""

    def __init__(
        self,
        wire: Wire,
        choose: Chooser,
        name: str = "eventkit",
        rules: Rules | None = None,
        strict: bool = True,
    ) -> None:
        self.wire = wire
        self.choose = choose
        self.name = name
        self.rules = rules or Rules.uecda()
        self.strict = strict
        self.log = MatchLog()

    @classmethod
    def connect(cls, host: str, port: int, choose: Chooser, **kwargs: object) -> Client:
        try:
            sock = socket.create_connection((host, port), timeout=30)
        except OSError as exc:
            raise refused(TEXTS, "uecda_connect", host=host, port=port, reason=exc) from None
        sock.settimeout(None)
        peer = phrase(TEXTS, "peer_server", host=host, port=port)
        return cls(Wire(sock, peer), choose, **kwargs)  # type: ignore[arg-type]

    def run(self) -> MatchLog:
        """Play until the server ends the match; returns what happened."""
        try:
            self.wire.send_table(profile_table(self.name))
            self.log.player = self.wire.read_int(phrase(TEXTS, "what_player"))
            if not 0 <= self.log.player <= 4:
                raise refused(TEXTS, "bad_player", ProtocolError, player=self.log.player)
            while self._game():
                pass
        finally:
            self.wire.close()
        return self.log

    def _game(self) -> bool:
        n = len(self.log.places) + 1
        first = self.wire.read_table(phrase(TEXTS, "what_first", n=n))
        status = Status.of(first)
        if not status.exchange:
            got, shown = first[5][0], show(first)
            raise refused(TEXTS, "not_exchange", ProtocolError, n=n, got=got, table=shown)
        view = GameView.start(self.log.player, first, status, self.rules)
        if status.give_count > 0:
            self._exchange(view, status.give_count)
        while True:
            table = self.wire.read_table(phrase(TEXTS, "what_hand"))
            status = Status.of(table)
            view.on_hand(table, status)
            if status.my_turn:
                self._turn(view)
            field_table = self.wire.read_table(phrase(TEXTS, "what_field"))
            view.on_field(field_table, Status.of(field_table))
            flag = self.wire.read_int(phrase(TEXTS, "what_flag"))
            if flag == CONTINUE:
                continue
            if flag not in (GAME_OVER, MATCH_OVER):
                raise refused(TEXTS, "bad_flag", ProtocolError, flag=flag)
            self.log.places.append(view.places())
            return flag == GAME_OVER

    def _exchange(self, view: GameView, count: int) -> None:
        partner = view.partner()
        if partner is None or count not in (1, 2):
            rank = view.ranks[view.me].label(config_language())
            raise refused(TEXTS, "bad_exchange", ProtocolError, count=count, rank=rank)
        step = ExchangeStep(view.seat(view.me), view.seat(partner), count, False)
        cards = _as_gift(self._think(view.observation(step)))
        if len(cards) != count or any(c not in view.hand for c in cards):
            raise RuntimeError(f"the CPU chose {cards} to give; it must give {count} of its cards")
        view.gave(cards)
        self.wire.send_table(table_from_cards(cards))

    def _think(self, obs: Observation) -> object:
        from games.daifugo.ai import legal_actions_of

        start = time.perf_counter()
        move = self.choose(obs, legal_actions_of(obs))
        spent = time.perf_counter() - start
        self.log.think_max = max(self.log.think_max, spent)
        self.log.think_total += spent
        return move

    def _turn(self, view: GameView) -> None:
        self.log.decisions += 1
        if view.top is not None and view.top_player == view.me:
            play = None  # everyone else passed on my play: passing clears the field, I lead
        else:
            obs = view.observation()
            play = _as_play(self._think(obs), obs)
            reversed_order = view.revolution != view.eleven_back
            if self.strict and (
                contest.refusal(play, view.top, reversed_order)
                or (play is not None and view.top is not None and play.size != view.field_size)
            ):
                self.log.vetoed += 1
                play = None
        if play is None and view.top is None:
            raise RuntimeError("the CPU passed while leading")
        self.wire.send_table(table_from_play(play))
        answer = self.wire.read_int(phrase(TEXTS, "what_accept"))
        if answer == REFUSED:
            self.log.refused += 1
        elif answer != ACCEPTED:
            raise refused(
                TEXTS,
                "bad_accept",
                ProtocolError,
                answer=answer,
                accepted=ACCEPTED,
                refused=REFUSED,
            )


def cpu_chooser(level: str, seed: int | None = None) -> Chooser:
    from games.daifugo.ai import CPU

    return CPU(level, seed=seed).choose


def run_cli(address: str, level: str, name: str | None = None, seed: int | None = None) -> int:
    """`games daifugo --uecda HOST[:PORT] --level LEVEL`: play the match, print a summary."""
    host, port = parse_address(address)
    client = Client.connect(host, port, cpu_chooser(level, seed), name=name or f"ek-{level}")
    try:
        log = client.run()
    except ProtocolError as exc:  # the host's refusal line, in the event's language
        print(
            f"{said('refusal_label')}: {phrase(TEXTS, 'uecda_stopped', reason=exc)}",
            file=sys.stderr,
        )
        return 1
    games = len(log.places)
    wins = sum(1 for p in log.places if p and p[0] == log.player)
    ranks = [p.index(log.player) + 1 for p in log.places if log.player in p]
    mean = sum(ranks) / len(ranks) if ranks else 0.0
    summary = phrase(
        TEXTS,
        "uecda_summary",
        player=log.player,
        level=level,
        games=games,
        wins=wins,
        rate=wins / games if games else 0,
        mean=mean,
        refused=log.refused,
        vetoed=log.vetoed,
        longest=log.think_max,
    )
    print(summary)
    return 0


__all__ = [
    "Client",
    "MatchLog",
    "ProtocolError",
    "Title",
    "cpu_chooser",
    "parse_address",
    "run_cli",
]
