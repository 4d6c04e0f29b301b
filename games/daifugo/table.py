"""The Daifugō table without Qt: games in a row, people and CPUs at any seats, the CPUs'
moves, refusals in the table's language and the chips (games.common.table.TableProtocol).

A Qt window (games.daifugo.qt.window), a web server and a test drive it the same way: `act`
for the seat to move (a person's action, an action's text, or a CPU's choice), `step_cpu`
when a CPU is due, `view` to paint. What a person's selection of cards may do (the play
button, the joker's readings, the prompt) is decided in games.daifugo.selection, which the
table's `selection_*` methods and `prompt` answer.

Money, as the seed's rooms: every seat pays its title's fee when a game starts (a seat that
cannot pay the largest fee is topped up first), the winner takes the prize when it ends, and
a person leaving mid-game pays the room's penalty on top; a CPU plays their seat out.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from eventkit.errors import UserError
from eventkit.i18n import Texts
from games.common.cards import AnyCard
from games.common.generic import GameTable
from games.common.protocol import GameInfo, IllegalMove
from games.common.table import (
    Refused,
    Results,
    cpu_levels_by_seat,
    refused,
)
from games.daifugo import selection
from games.daifugo.ai import CPU, LEVELS
from games.daifugo.chips import ROOMS, ChipBank, Room, Settlement, fee, leave_penalty, settle
from games.daifugo.events import Applied, Gift
from games.daifugo.game import Game
from games.daifugo.match import Match
from games.daifugo.plays import Action, IllegalDaifugoMove, Pass, Play
from games.daifugo.ruleset import Rules, Title, ranks_from_places
from games.daifugo.settings import DaifugoSettings
from games.daifugo.state import ExchangeStep, Observation, Phase
from games.daifugo.texts import (
    ILLEGAL_EN,
    ILLEGAL_JA,
    TEXTS,
    exchange_note,
    explain,
    rules_panel,
)

__all__ = ["Gift", "Start", "TableSession", "TableView", "TrickLine"]


@dataclass(frozen=True)
class TrickLine:
    """One action of the trick so far (場): who, the cards played (none for a pass), and what
    it set off (games.daifugo.events.EVENTS codes: 8切り, 革命, 11バック, しばり, 都落ち, 反則あがり)."""

    seat: int
    cards: tuple[str, ...]  # the play's codes as the observation writes them; () for a pass
    events: tuple[str, ...] = ()

    @property
    def passed(self) -> bool:
        return not self.cards


@dataclass(frozen=True)
class Start:
    """What starting a game did to the people's chips: seat -> balance after a top-up."""

    topped_up: Mapping[int, int]


@dataclass(frozen=True)
class TableView:
    """What one seat (or, with ``seat`` None, a spectator) may see of the table now.

    ``observation``: the engine's observation of that seat; for the public view the same
    with no hand and nothing known (``seat`` -1). ``gifts``: this game's card passing that
    the seat took part in (none for the public). ``balances``: each seat's chips."""

    seat: int | None
    names: tuple[str, ...]
    people: tuple[int, ...]
    to_move: int | None
    titles: tuple[Title, ...]
    passed: tuple[int, ...]
    announcements: tuple[str, ...]
    gifts: tuple[Gift, ...]
    balances: tuple[int, ...]
    observation: Observation | None
    # the seats that went out on a forbidden play (反則あがり: last place), in that order
    fouls: tuple[int, ...] = ()
    # the seat's legal plays (their text) that would go out on a forbidden play now: a
    # phone asks before it sends one
    foul_plays: tuple[str, ...] = ()
    # the trick so far, in order: each play and pass since the field was last cleared, with
    # what it set off; once an action clears the field (8切り, everyone passed) its trick
    # stays until the next action begins a new one, and `trick_cleared` says so
    history: tuple[TrickLine, ...] = ()
    trick_cleared: bool = False
    # card passing: the seats choosing their gift now, at the same time (`choosers`), and
    # this seat's own gift to choose while it is one of them (None otherwise)
    choosers: tuple[int, ...] = ()
    giving: ExchangeStep | None = None


def _rules_of(rules: object, settings: DaifugoSettings) -> Rules:
    """A table's `rules`: a `Rules` as given, a preset by its config.toml name ("1".."4"),
    None: the settings' rule_set."""
    if isinstance(rules, Rules):
        return rules
    if rules is None:
        return Rules.preset(settings.rule_set)
    if rules not in ("1", "2", "3", "4"):
        raise ValueError(f"rules {rules!r}: use a preset's name, 1, 2, 3 or 4, or a Rules")
    return Rules.preset(int(rules))


class TableSession(GameTable[Action, Applied]):
    """A table of games for people and CPUs: the generic table (games.common.generic) with
    Daifugō's own steps: the match (titles carried from game to game), CPUs that play on from
    game to game, the passes and card passing of a game, fees, prizes and leaving."""

    info: GameInfo = Game.info
    level_names = LEVELS
    cpus_per_game = False  # the table's CPUs play on from game to game
    game: Game | None
    rules: Rules
    settings: DaifugoSettings
    _cpus: dict[int, CPU]  # type: ignore[assignment]

    def __init__(
        self,
        *,
        players: int | None = None,
        people: frozenset[int] | set[int] = frozenset({0}),
        seed: int | None = None,
        language: str = "ja",
        cpu_levels: Sequence[str] | None = None,
        rules: Rules | str | None = None,
        settings: DaifugoSettings | None = None,
        names: Sequence[str] | None = None,
        room: Room | None = None,
        bank: ChipBank | None = None,
        strong_samples: int | None = None,
        delay_ms: int | None = None,
    ) -> None:
        """The common vocabulary (games.common.registry.TableSettings): `players` (None: one
        per name, else the settings'), `people`, `seed`, `language`, `cpu_levels` per seat
        (one value: every seat; None: the settings' list, CPU 1 first), `rules` (a preset's
        name "1".."4", or a `Rules` such as the start dialog's own; None: the settings'
        rule_set), `settings` (the [daifugo] section; None: its defaults). Daifugō's own:
        `names`, `room` (None: the settings'), `bank`, `strong_samples` and `delay_ms` (None:
        the settings')."""
        config = settings or DaifugoSettings()
        if names is not None and players is not None and len(names) != players:
            raise ValueError(f"{len(names)} names for {players} players: give one per seat")
        self.t = Texts(TEXTS, language)
        super().__init__(
            players=players,
            people=people,
            seed=seed,
            language=language,
            cpu_levels=cpu_levels,
            rules=rules,
            settings=config,
            names=names or (),
        )
        if names is None:  # the seats' names at the start stay theirs
            self._renamed = dict(enumerate(self.names))
        self.room = room or ROOMS[config.room]
        # CPU pacing: a view waits this long before step_cpu()
        self.delay_ms = config.cpu_delay_ms if delay_ms is None else delay_ms
        samples = config.strong_samples if strong_samples is None else strong_samples
        self.match = Match(self.num_players, self.rules, seed)
        # every seat has a CPU ready (a person who leaves hands theirs over); seat s's CPU
        # plays at cpu_levels[s], each seeded from the table's seed, so a table replays
        base = seed if seed is not None else 0
        self._cpus = {
            s: CPU(
                self.cpu_levels[s],
                seed=None if seed is None else base * 31 + s - 1,
                samples=samples,
            )
            for s in range(self.num_players)
        }
        self.bank = bank or ChipBank()
        # the chip bank's key of each seat (None: its name); the web hub keys its CPU seats
        # per room, so a "CPU 4" never shares a balance with another room's (set_accounts)
        self.accounts: list[str] | None = None
        self.titles_played: tuple[Title, ...] = ()
        self.settlement: Settlement | None = None
        self.left: set[int] = set()  # seats whose person left this game (no prize for them)
        self.penalties: dict[int, int] = {}  # seat -> what leaving this game cost
        self.passed: set[int] = set()  # seats whose last action on this field was a pass
        self.gifts: list[Gift] = []  # this game's card passing so far
        self.save_error: str | None = None  # why the chips could not be saved (kept for later)
        self.open_game: str | None = None  # the bank's id of the game whose fees are in
        # the last action's announcements (games.daifugo.events) and, when it cleared the
        # field, the field as it was with that play on top, so a view can show it first
        self.events: tuple[str, ...] = ()
        self.event_seat: int | None = None
        self.cleared_trick: tuple[tuple[int, Play], ...] = ()
        self.history: list[TrickLine] = []  # the trick so far (TableView.history)
        self.trick_cleared = False  # the last action cleared the field
        # the legal actions of the position they were listed for (`_legal_now`)
        self._legal_kept: tuple[tuple[object, ...], list[Action]] | None = None

    def __getstate__(self) -> dict[str, object]:
        """Pickled (the journal's snapshot, a CPU worker's copy) without the kept legal
        actions: they are listed again when asked for."""
        state = self.__dict__.copy()
        state["_legal_kept"] = None
        return state

    # ------------------------------------------------------------ the generic table's hooks

    def default_settings(self) -> DaifugoSettings:
        return DaifugoSettings()

    def default_players(self, names: Sequence[str]) -> int:
        """One per name, else the settings'."""
        return len(names) if names else self.settings.players

    def check_players(self, players: int) -> None:
        if not Game.info.min_players <= players <= Game.info.max_players:
            raise UserError(f"Daifugō needs 2-5 players, not {players}: choose 2, 3, 4 or 5")

    def default_cpu_levels(self) -> tuple[str, ...]:
        """The settings' levels, listed per CPU (CPU 1 first), per seat."""
        return cpu_levels_by_seat(self.settings.cpu_levels, self._people, self._players)

    def rules_of(self, rules: object) -> Rules:
        return _rules_of(rules, self.settings)

    def seat_name(self, seat: int) -> str:
        """You (one person) or Player n, and CPU n."""
        if seat not in self._people:
            return str(self.t["cpu"].format(n=seat))
        one = len(self._people) == 1
        return str(self.t["you"] if one else self.t["player"].format(n=seat + 1))

    # ------------------------------------------------------------ seats

    def rename(self, seat: int, name: str) -> None:
        """Between games, someone else takes `seat` (a person sits where a CPU or another
        person was): their chips are their name's, and as the seed says they play their first
        game at this table as 平民 (the others keep their titles)."""
        if self.in_game:
            raise UserError("a seat changes hands between games: wait for this one to end")
        if name != self.names[seat]:
            super().rename(seat, name)
            ranks = list(self.match.ranks)
            ranks[seat] = Title.HEIMIN
            self.match.ranks = tuple(ranks)

    def set_accounts(self, accounts: Sequence[str] | None) -> None:
        """Between games: the chip bank's key of each seat (None: the seats' names)."""
        if accounts is not None and len(accounts) != self.num_players:
            raise ValueError(f"{len(accounts)} accounts for {self.num_players} seats")
        self.accounts = list(accounts) if accounts is not None else None

    def account(self, seat: int) -> str:
        """Whose chips `seat` plays with: its account, or else its name."""
        return self.accounts[seat] if self.accounts else self.names[seat]

    def set_cpu_level(self, level: str) -> None:
        """Every CPU plays at `level` from the next move on (a room's choice between games);
        each new CPU is seeded from the one it replaces, so a seeded table still replays."""
        if all(cpu.level == level for cpu in self._cpus.values()):
            return
        self._cpus = {
            s: CPU(level, seed=cpu.rng.randrange(2**32), samples=cpu.samples)
            for s, cpu in self._cpus.items()
        }
        self.cpu_levels = (level,) * len(self._cpus)

    def set_rules(self, rules: Rules | str | None) -> None:
        """The rule set from the next game on (a room's choice between games): a preset's
        name "1".."4", a `Rules`, None: the settings' rule_set. The titles carry on."""
        if self.in_game:
            raise UserError("the rules change between games: wait for this one to end")
        self.rules = _rules_of(rules, self.settings)
        self.match.rules = self.rules

    def rules_lines(self) -> list[str]:
        """The 「ルール」 panel: this table's rules, order, card passing and fees, one line each
        in the table's language."""
        return rules_panel(self.rules, self.room, self.language)

    @property
    def cpus(self) -> list[CPU | None]:
        """Per seat: the CPU that plays it, None for a person's seat."""
        return [None if s in self._people else self._cpus[s] for s in range(self.num_players)]

    @property
    def out(self) -> frozenset[int]:
        """The seats no longer in this game (gone out, fallen): they may watch other hands."""
        g = self.game
        return frozenset(g.out) if g is not None and self.in_game else frozenset()

    def new_game(self, seed: int | None) -> Game:
        """The match's next deal (its own seeded order; titles from the last game)."""
        self.settlement = None
        return self.match.new_game()

    def new_cpu(self, level: str, seed: int | None) -> CPU:
        return CPU(level, seed=seed)

    def _cpu_for(self, seat: int) -> CPU:
        return self._cpus[seat]

    def on_game(self, game: object) -> None:
        """A new deal, or a set position for tests: this game's titles, nobody left yet."""
        assert isinstance(game, Game)
        self.titles_played = game.ranks
        self.left = set()
        self.penalties = {}
        self.passed.clear()
        self.gifts = []
        self.history = []
        self.trick_cleared = False

    def started(self, game: object) -> Start:
        """Collect the fees (a seat that cannot pay the largest is topped up first)."""
        topped: dict[int, int] = {}
        largest = fee(self.room, Title.DAIFUGO)
        for seat in range(self.num_players):
            if self.bank.top_up(self.account(seat), largest) and seat in self._people:
                topped[seat] = self.bank.balance(self.account(seat))
        # the fees and the game in progress in one save: a crash before its end is refunded
        self._close_game(refund=False)  # one started over unfinished stays paid, as before
        self.open_game = self.bank.open_game(self._fees())
        self._save_chips()
        return Start(topped)

    def start_game(self) -> Start:
        """Deal the next game of the match and collect the fees."""
        started = super().start_game()
        assert isinstance(started, Start)
        return started

    def _fees(self) -> dict[str, int]:
        """Each player's fee for this game (by account), by the title they play it with."""
        return {
            self.account(seat): fee(self.room, title)
            for seat, title in enumerate(self.titles_played)
        }

    def _unreadable(self, text: str) -> IllegalMove:
        return IllegalDaifugoMove("not_an_action", action=text)

    def _refuse(self, error: IllegalMove | str) -> Refused:
        templates = ILLEGAL_JA if self.language == "ja" else ILLEGAL_EN
        if isinstance(error, IllegalMove):
            return Refused(error.code, error.params, explain(error, self.language))
        return refused(error, templates, self.language)

    def after_take(self, seat: int, action: Action, event: Applied) -> None:
        """The announcements, the card passing and who passed on this field."""
        g = self.game
        assert g is not None
        self.events, self.event_seat = event.announcements, seat
        self.cleared_trick = event.cleared_trick
        if event.gift is not None:
            self.gifts.append(event.gift)
        else:
            self._record(seat, action, event)
        if isinstance(action, Pass):
            self.passed.add(seat)
        elif isinstance(action, Play):
            self.passed.discard(seat)
        if g.top is None:  # the field was cleared
            self.passed.clear()

    def _record(self, seat: int, action: Action, event: Applied) -> None:
        """The trick's history: a new trick begins with the first action after a clear."""
        g = self.game
        assert g is not None
        if self.trick_cleared:
            self.history = []
        cards = action.codes if isinstance(action, Play) else ()
        self.history.append(TrickLine(seat, tuple(cards), tuple(event.announcements)))
        self.trick_cleared = g.top is None

    def finish(self, game: object) -> Results:
        """The prize to the winner, the chips saved, the match's titles for the next game."""
        assert isinstance(game, Game)
        self.settlement = settle(self.room, self.titles_played, game.finish_order, self.left)
        self.bank.add(self.account(self.settlement.winner), self.settlement.prize)
        self._close_game(refund=False)
        self._save_chips()
        self.match.record(game)
        money = tuple(d - self.penalties.get(s, 0) for s, d in enumerate(self.settlement.deltas))
        return Results(
            returns=game.returns(),
            places=game.places(),
            money=money,
            balances=self._balances(),
            extra={
                "fouls": tuple(game.fouls),
                "fell": tuple(s for s in game.bottom if s not in game.fouls),
                # the money's parts (money = the prize to `winner` - fee - penalty)
                "titles": ranks_from_places(game.finish_order),  # for the next game
                "titles_played": self.titles_played,  # the fees were by these
                "fees": self.settlement.fees,
                "pot": self.settlement.pot,
                "play_fee": self.settlement.play_fee,
                "prize": self.settlement.prize,
                "winner": self.settlement.winner,
            },
        )

    def _balances(self) -> tuple[int, ...]:
        return tuple(self.bank.balance(self.account(s)) for s in range(self.num_players))

    # ------------------------------------------------------------ what a seat sees

    def view(self, seat: int | None) -> TableView:
        return self.view_shared(seat, None)

    def view_shared(self, seat: int | None, shared: dict[str, object] | None) -> TableView:
        """`view(seat)`; `shared`: a dict the caller keeps while the table does not change
        (the phones' hub: one step's views of every seat), where the parts every seat's view
        has in common are made once, the same objects in each view."""
        g = self.game
        observation = None
        if g is not None:
            if seat is None:
                observation = g.public_observation(shared)
            else:
                observation = g.observation(seat, shared)
        public = None if shared is None else shared.get("view")
        if not isinstance(public, dict):
            public = {
                "names": tuple(self.names),
                "people": tuple(sorted(self._people)),
                "to_move": self.to_move,
                "titles": self.titles_played,
                "passed": tuple(sorted(self.passed)),
                "announcements": self.events,
                "balances": self._balances(),
                "fouls": tuple(g.fouls) if g is not None else (),
                "history": tuple(getattr(self, "history", ())),
                "trick_cleared": getattr(self, "trick_cleared", False),
                "choosers": self.choosers if g is not None and g.phase == Phase.EXCHANGE else (),
            }
            if shared is not None:
                shared["view"] = public
        return TableView(
            seat=seat,
            gifts=tuple(
                x for x in self.gifts if seat is not None and seat in (x.giver, x.receiver)
            ),
            observation=observation,
            foul_plays=self.foul_plays(seat) if seat is not None else (),
            giving=self.giving(seat) if seat is not None else None,
            **public,
        )

    def forced_action(self, seat: int) -> Action | None:
        """A person's card passing that leaves no choice (the one strongest card of a 貧民 or
        大貧民, as the seed's table of ranks says): the phones' hub takes it at once. None
        when `seat` has a choice, or is not giving now."""
        step = self.giving(seat)
        if step is None or not step.strongest_only:
            return None
        legal = self.legal_actions(seat)
        return legal[0] if len(legal) == 1 else None

    # ------------------------------------------------------------ choosing at once

    @property
    def choosers(self) -> tuple[int, ...]:
        """The seats that may act now: during card passing every giver the seed's table of
        ranks lets choose at the same time (the engine's `Game.choosers`: the 大富豪 and the
        富豪 at once), else the seat to move. `to_move` stays the engine's one current player
        (the Qt window and `step_cpu` pass cards one by one, as before); the phones' hub asks
        this and lets each chooser give in any order."""
        g, seat = self.game, self.to_move
        if g is None or seat is None:
            return ()
        return g.choosers() if g.phase == Phase.EXCHANGE else (seat,)

    def giving(self, seat: int) -> ExchangeStep | None:
        """`seat`'s own card passing while it may choose it now (None otherwise)."""
        g = self.game
        if g is None or seat not in self.choosers:
            return None
        return next((step for step in g.exchanges if step.giver == seat), None)

    @contextmanager
    def _turn_of(self, seat: int) -> Iterator[None]:
        """While in the block, `seat` (a chooser not to move) is the engine's current player;
        after it, the engine is as before. Anything else: no change."""
        g = self.game
        if g is None or seat == self.to_move or seat not in self.choosers:
            yield
            return
        exchanges, turn = list(g.exchanges), g.turn
        g.take_turn(seat)
        try:
            yield
        finally:
            g.exchanges, g.turn = exchanges, turn

    def checked(self, seat: int, action: object) -> Action:
        """As every table checks (`CheckedTable`), with any chooser of card passing as the
        seat to move."""
        with self._turn_of(seat):
            return super().checked(seat, action)

    def legal_actions(self, seat: int) -> list[Action]:
        g = self.game
        if g is not None and g.phase == Phase.PLAY and seat == self.to_move:
            return list(self._legal_now(g))
        with self._turn_of(seat):
            return super().legal_actions(seat)

    def _legal_now(self, g: Game) -> list[Action]:
        """The engine's legal actions while it plays (not passing cards), kept while what
        decides them stays the same (games.daifugo.state.Position: the rules, the hand to
        move, the field's top and locks, the order): one step's view (`foul_plays`) and the
        phones' list of legal actions ask for them once. Read-only: callers copy."""
        f = g.field
        key = (g.phase, g.rules, tuple(g.hands[g.turn]), f.top, f.suit_lock, f.number_lock,
               g.revolution, g.eleven_back)  # fmt: skip
        kept: tuple[tuple[object, ...], list[Action]] | None = getattr(self, "_legal_kept", None)
        if kept is not None and kept[0] == key:  # getattr: a table pickled before it had one
            return kept[1]
        actions = g.legal_actions()
        self._legal_kept = (key, actions)
        return actions

    def cpu_choice_at(self, seat: int) -> Action:
        """What `seat`'s CPU would take now (any chooser of card passing), changing nothing."""
        with self._turn_of(seat):
            return super().cpu_choice_at(seat)

    def _take(self, seat: int, action: Action) -> Applied:
        """A checked action; a chooser of card passing not to move gives now (its gift
        shares no seat with the steps before it: `Game.take_turn`)."""
        g = self.game
        if g is not None and seat != self.to_move and seat in self.choosers:
            g.take_turn(seat)
        return super()._take(seat, action)

    def foul_plays(self, seat: int) -> tuple[str, ...]:
        """The text of each legal play of `seat` (to move now) that would be a forbidden
        finish (反則あがり): it plays the last cards of the hand on a forbidden play."""
        g = self.game
        if g is None or not self.in_game or g.current_player != seat or g.phase != Phase.PLAY:
            return ()
        left = len(g.hands[seat])
        plays = (a for a in self._legal_now(g) if isinstance(a, Play))  # g.legal_plays()
        return tuple(str(p) for p in plays if len(p.cards) == left and g.would_foul(p))

    def gifts_of(self, seat: int) -> tuple[list[Gift], list[Gift]]:
        """The card passing that involved `seat`: (what it received, what it gave)."""
        received = [gift for gift in self.gifts if gift.receiver == seat]
        given = [gift for gift in self.gifts if gift.giver == seat]
        return received, given

    def exchange_note(self, seat: int) -> str:
        """What `seat` received and gave in this game's card passing, in words ("" if none)."""
        received, given = self.gifts_of(seat)
        return exchange_note(received, given, self.names, self.language)

    def is_out(self, seat: int) -> bool:
        """`seat` has gone out (or fallen) and only watches the rest of this game."""
        return seat in self.out

    def fee_of(self, seat: int) -> int:
        """The fee `seat` paid for this game (it stays in the pot if they leave)."""
        return self._fees()[self.account(seat)] if self.in_game else 0

    @property
    def prize(self) -> int:
        """This game's prize: the pot less the play fee."""
        return settle(self.room, self.titles_played, list(range(self.num_players))).prize

    def is_leading(self, seat: int) -> bool:
        """`seat` went out first and would take the prize when the game ends."""
        g = self.game
        return self.in_game and g is not None and bool(g.finished) and g.finished[0] == seat

    def status_of(self, seat: int) -> str:
        """反則 / 都落ち / n位 next to a seat's name ("" while it plays)."""
        g = self.game
        if g is None:
            return ""
        if seat in g.fouls:
            return str(self.t["fouled"])
        if seat in g.bottom:
            return str(self.t["fell"])
        if seat in g.finished:
            return str(self.t["out"].format(n=g.finished.index(seat) + 1))
        return ""

    # ------------------------------------------------------------ a person's selection

    def selection_refusal(self, seat: int, codes: Sequence[str]) -> str | None:
        """None when `seat` may play (or give) these cards now, else why not in the table's
        language ("" when there is nothing to say, e.g. nothing selected)."""
        if self.game is None or self.to_move != seat or seat not in self._people:
            return ""
        return selection.refusal(self.game, codes, self.language)

    def joker_readings(self, seat: int, codes: Sequence[str]) -> list[tuple[str, ...]]:
        """The legal plays of exactly these cards, one per card the joker may stand for."""
        if self.game is None or self.to_move != seat:
            return []
        return selection.joker_readings(self.game, codes)

    def legal_cards(self, seat: int) -> set[AnyCard]:
        """`seat`'s cards that take part in some legal play (or may be given) now."""
        if self.game is None or self.to_move != seat or seat not in self._people:
            return set()
        return selection.legal_cards(self.game)

    def can_pass(self, seat: int) -> bool:
        g = self.game
        return g is not None and self.to_move == seat and seat in self._people and g.can_pass()

    def selection_action(self, seat: int, codes: Sequence[str]) -> str:
        """The text of the action these selected cards make: a gift during card passing."""
        g = self.game
        giving = g is not None and g.exchange_step is not None and g.exchange_step.giver == seat
        return " ".join(["give", *codes] if giving else codes)

    def prompt(self, seat: int, codes: Sequence[str]) -> str:
        """The line under the field for `seat`: whose turn, what to do, or why the selection
        is refused."""
        if self.game is None:
            return ""
        return selection.prompt(self.game, seat, codes, self.names, self.t)

    # ------------------------------------------------------------ leaving

    def leave_cost(self, seat: int) -> int:
        """What leaving now would cost `seat` on top of the fee: the room's penalty mid-game,
        nothing between games or once the seat has gone out (its game is over)."""
        if not self.in_game or self.is_out(seat):
            return 0
        return leave_penalty(self.room)

    def leave(self, seat: int) -> int:
        """The person at `seat` leaves this game. Mid-game: the penalty on top of the fee
        (saved with the game's end). After going out: nothing more; the fee stays in the pot.
        Either way a normal CPU plays the seat from now on (`play_out` at once, or the CPU
        moves one by one), and as the seed says the prize goes to the next place when the
        winner has left before receiving it. Returns the penalty paid."""
        g = self.game
        if not self.in_game or g is None or seat in self.left or seat not in self._people:
            return 0  # between games, or a seat that has left already or is a CPU's
        penalty = self.leave_cost(seat)
        if penalty:
            self.bank.add(self.account(seat), -penalty)
            self.penalties[seat] = self.penalties.get(seat, 0) + penalty
        self.left.add(seat)
        self._cpus[seat] = CPU("normal", seed=len(g.history))
        self.seat_people(self._people - {seat})
        return penalty

    def play_out(self) -> None:
        """The CPUs finish the game at once (a window closing after its person left)."""
        g = self.game
        while g is not None and self.in_game and not g.is_over and self.cpu_due:
            self.step_cpu()
        if g is not None and g.is_over and self._results is None and not self._dropped:
            self.drop()  # a set position already over: nothing to play out, just save
            self._close_game(refund=False)
            self._save_chips()

    def interrupt(self) -> bool:
        """The program is stopped mid-game (Ctrl+C, a shutdown): nobody chose to leave and
        nobody was asked, so nobody pays. The game is dropped and the fees collected at its
        start go back, so the chips are as they were before it. True when a game was
        interrupted."""
        if not self.in_game:
            return False
        self.drop()
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
