"""The Daifugō table without Qt: games in a row, whose turn, the CPUs' moves and the chips.

`DaifugoTable` (games.daifugo.qt.window) only paints this and forwards the person's input; its timer
asks `cpu_to_move` and calls `step_cpu()` after `delay_ms`. Seat 0 is the person.

Money, as the seed's rooms: every seat pays its title's fee when a game starts (a seat that
cannot pay the largest fee is topped up first), the winner takes the prize when it ends, and
leaving mid-game costs the room's penalty on top.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from eventkit.errors import UserError
from games.common.cards import AnyCard, parse_card
from games.daifugo.ai import CPU
from games.daifugo.chips import ROOMS, ChipBank, Room, Settlement, fee, leave_penalty, settle
from games.daifugo.events import Before, events_of
from games.daifugo.rules import Action, Game, Give, Match, Pass, Play, Rules, Title

HUMAN = 0


@dataclass(frozen=True)
class Start:
    """What starting a game did to the person's chips."""

    topped_up_to: int | None  # the person's balance after a top-up, None if none was needed


@dataclass(frozen=True)
class Gift:
    """One card passing before a game: who gave which cards to whom."""

    giver: int
    receiver: int
    cards: tuple[AnyCard, ...]


class TableSession:
    """A table of games for one person and CPUs: flow, turns, CPU moves, fees and prizes."""

    def __init__(
        self,
        *,
        names: Sequence[str],
        rules: Rules | None = None,
        room: Room | None = None,
        cpu_levels: Sequence[str] = ("normal",),
        seed: int | None = None,
        bank: ChipBank | None = None,
        strong_samples: int = 24,
        delay_ms: int = 800,
    ) -> None:
        players = len(names)
        self.names = list(names)
        self.rules = rules or Rules.preset(1)
        self.room = room or ROOMS["beginner"]
        self.delay_ms = delay_ms  # CPU pacing: the view waits this long before step_cpu()
        self.match = Match(players, self.rules, seed)
        base = seed if seed is not None else 0
        # each CPU gets its own seed derived from the table's, so a seeded table replays
        self.cpus: list[CPU | None] = [None] + [
            CPU(
                cpu_levels[min(i, len(cpu_levels) - 1)],
                seed=None if seed is None else base * 31 + i,
                samples=strong_samples,
            )
            for i in range(players - 1)
        ]
        self.bank = bank or ChipBank()
        self.game: Game | None = None
        self.titles_played: tuple[Title, ...] = ()
        self.settlement: Settlement | None = None
        self.in_game = False
        self.left: set[int] = set()  # seats whose player left this game (no prize for them)
        self.passed: set[int] = set()  # seats whose last action on this field was a pass
        self.gifts: list[Gift] = []  # this game's card passing so far
        self.save_error: str | None = None  # why the chips could not be saved (kept for later)
        self.open_game: str | None = None  # the bank's id of the game whose fees are in
        # the last action's announcements (games.daifugo.events) and, when it cleared the
        # field, the field as it was with that play on top, so a view can show it first
        self.events: tuple[str, ...] = ()
        self.event_seat: int | None = None
        self.cleared_trick: tuple[tuple[int, Play], ...] = ()

    @property
    def players(self) -> int:
        return len(self.names)

    # ------------------------------------------------------------ flow

    def start_game(self) -> Start:
        """Deal the next game of the match and collect the fees."""
        self.settlement = None
        self.passed.clear()
        self.load(self.match.new_game())
        topped = None
        largest = fee(self.room, Title.DAIFUGO)
        for name in self.names:
            if self.bank.top_up(name, largest) and name == self.names[HUMAN]:
                topped = self.bank.balance(name)
        # the fees and the game in progress in one save: a crash before its end is refunded
        self._close_game(refund=False)  # one started over unfinished stays paid, as before
        self.open_game = self.bank.open_game(self._fees())
        self._save_chips()
        return Start(topped)

    def _fees(self) -> dict[str, int]:
        """Each player's fee for this game, by the title they play it with."""
        return {
            name: fee(self.room, title)
            for name, title in zip(self.names, self.titles_played, strict=True)
        }

    def load(self, game: Game) -> None:
        """Play `game` at this table now (a new deal, or a set position for tests)."""
        self.game = game
        self.titles_played = game.ranks
        self.in_game = True
        self.left = set()
        self.passed.clear()
        self.gifts = []

    @property
    def human_to_move(self) -> bool:
        g = self.game
        return g is not None and not g.is_over and g.current_player == HUMAN

    @property
    def cpu_to_move(self) -> bool:
        g = self.game
        return g is not None and not g.is_over and g.current_player != HUMAN

    def step_cpu(self) -> Action | None:
        """The CPU whose turn it is moves; None when it is no CPU's turn."""
        g = self.game
        if g is None or not self.cpu_to_move:
            return None
        seat = g.turn
        cpu = self.cpus[seat]
        assert cpu is not None
        action = cpu.choose(g.observation(seat))
        self._take(seat, action)
        return action

    def play(self, codes: Sequence[str]) -> Play:
        """The person plays these cards ("JK=5S" for the joker); IllegalMove if not allowed."""
        g = self._human_game()
        play = g.resolve(codes)
        self._take(HUMAN, play)
        return play

    def give(self, codes: Sequence[str]) -> None:
        """The person hands these cards over during card passing; IllegalMove if not allowed."""
        self._human_game()
        self._take(HUMAN, Give(tuple(parse_card(c) for c in codes)))

    def pass_turn(self) -> None:
        self._human_game()
        self._take(HUMAN, Pass())

    def _human_game(self) -> Game:
        if self.game is None or not self.human_to_move:
            raise UserError("it is not your turn")
        return self.game

    def _take(self, seat: int, action: Action) -> None:
        g = self.game
        assert g is not None
        step = g.exchange_step
        before = Before.of(g)
        trick = g.trick
        g.apply(action)
        self.events, self.event_seat, self.cleared_trick = (), seat, ()
        if isinstance(action, Play):
            self.events = events_of(before, g, action)
            if not g.trick:
                self.cleared_trick = (*trick, (seat, action))
        if isinstance(action, Give) and step is not None:
            self.gifts.append(Gift(step.giver, step.receiver, action.cards))
        if isinstance(action, Pass):
            self.passed.add(seat)
        elif isinstance(action, Play):
            self.passed.discard(seat)
        if g.top is None:  # the field was cleared
            self.passed.clear()
        if g.is_over:
            self._finish()

    def _finish(self) -> None:
        g = self.game
        if not self.in_game or g is None:
            return
        self.in_game = False
        self.settlement = settle(self.room, self.titles_played, g.finish_order, self.left)
        self.bank.add(self.names[self.settlement.winner], self.settlement.prize)
        self._close_game(refund=False)
        self._save_chips()
        self.match.record(g)

    def human_gifts(self) -> tuple[list[Gift], list[Gift]]:
        """The card passing that involved the person: (what they received, what they gave)."""
        received = [gift for gift in self.gifts if gift.receiver == HUMAN]
        given = [gift for gift in self.gifts if gift.giver == HUMAN]
        return received, given

    @property
    def human_out(self) -> bool:
        """The person has gone out (or fallen) and only watches the rest of this game."""
        return self.in_game and self.game is not None and HUMAN in self.game.out

    @property
    def human_fee(self) -> int:
        """The fee the person paid for this game (it stays in the pot if they leave)."""
        return self._fees()[self.names[HUMAN]] if self.in_game else 0

    @property
    def prize(self) -> int:
        """This game's prize: the pot less the play fee."""
        return settle(self.room, self.titles_played, list(range(self.players))).prize

    @property
    def human_is_leading(self) -> bool:
        """The person went out first and would take the prize when the game ends."""
        g = self.game
        return self.in_game and g is not None and bool(g.finished) and g.finished[0] == HUMAN

    @property
    def leave_cost(self) -> int:
        """What leaving now would cost on top of the fee: the room's penalty mid-game, nothing
        between games or once the person has gone out (their game is over)."""
        if not self.in_game or self.human_out:
            return 0
        return leave_penalty(self.room)

    def leave(self) -> int:
        """The person leaves this game. Mid-game: the penalty on top of the fee. After going
        out: nothing more; their fee stays in the pot. Either way a CPU plays the seat out,
        and as the seed says the prize goes to the next place when the winner has left before
        receiving it. Returns the penalty paid."""
        if not self.in_game:
            return 0
        penalty = self.leave_cost
        if penalty:
            self.bank.add(self.names[HUMAN], -penalty)
        self.left.add(HUMAN)
        self._play_out()
        if self.in_game:  # nothing to play out (a position loaded by hand): just save
            self.in_game = False
            self._close_game(refund=False)
            self._save_chips()
        return penalty

    def _play_out(self) -> None:
        """The CPUs finish the game, a normal CPU standing in for the seat that left."""
        g = self.game
        if g is None:
            return
        stand_in = CPU("normal", seed=len(g.history))
        while self.in_game and not g.is_over:
            seat = g.current_player
            assert seat is not None
            cpu = self.cpus[seat] or stand_in
            self._take(seat, cpu.choose(g.observation(seat)))

    def interrupt(self) -> bool:
        """The program is stopped mid-game (Ctrl+C, a shutdown): nobody chose to leave and
        nobody was asked, so nobody pays. The game is dropped and the fees collected at its
        start go back, so the chips are as they were before it. True when a game was
        interrupted."""
        if not self.in_game:
            return False
        self.in_game = False
        self._close_game(refund=True)
        self._save_chips()
        return True

    def _close_game(self, *, refund: bool) -> None:
        game, self.open_game = self.open_game, None
        if game is not None:
            self.bank.close_game(game, refund=refund)
        elif refund:  # a game set with load() alone: its fees were collected by hand
            for name, paid in self._fees().items():
                self.bank.add(name, paid)

    def _save_chips(self) -> None:
        """A failed save loses nothing (the bank keeps the changes for the next one)."""
        try:
            self.bank.save()
            self.save_error = None
        except UserError as exc:
            self.save_error = str(exc)
