"""The games' web hub: players, rooms, seats, the turn timer and the journal, without Qt or aiohttp.

The server (games.web.server) owns the sockets; the hub owns everything else. One `Hub` runs in
the server's asyncio loop:

    hub = Hub(data_dir, rooms=default_rooms(), language="ja")
    await hub.open()                          # takes the journal's lock, restores every room
    player = hub.join("さくら")               # or hub.rejoin(token) from the phone's storage
    conn = hub.connect(player.token, send)    # send(message: dict) must not block
    hub.sit(player.token, "daifugo-beginner")
    hub.start(player.token, "daifugo-beginner")
    hub.act(player.token, "3S 3H")            # a refusal raises Refused(code, params, text)
    hub.disconnect(conn)
    await hub.close()

Every method that changes something is synchronous and quick: it checks the player's token,
writes the journal before anything it tells, changes the room and tells every connection that
must hear of it. Under `open` (a loop) the journal commits in groups: what the method tells is
held in the `outbox` (games.web.journal.Outbox) until its record is durable, then each
connection's ``send`` is called in order; without a loop (`load`) every write syncs and
``send`` is called before the method returns. The server's own replies go through `tell`, so a
phone's messages keep their order. CPU moves and the turn timer run as
the hub's own asyncio tasks (CPU choices in a worker process pool, so one table's strong CPU
never delays another table's messages); without a loop (tests) `run_cpus` and `tick` do their
work. A refused call raises `Refused` (games.common.table) with the text in the hub's language;
the server turns it into a ``{"type": "refused", ...}`` message with `refused_message`.

The messages each connection receives are described in games.web.messages (its docstring);
each seat only ever receives its own view of a table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from eventkit.web.limits import address_key
from games.common import registry
from games.common.table import Refused
from games.web import room_messages, tables
from games.web.bank import Chips
from games.web.board import Boards
from games.web.cpu_pool import CpuPool
from games.web.journal import FILE_NAME, Journal, Outbox, Record
from games.web.messages import Lobby, Message, RoomMessage, Table, refused_message
from games.web.newnames import Names
from games.web.options import HubOptions
from games.web.pause import DiskPause
from games.web.restore import player_record, restore
from games.web.rooms import LEVELS, Room, Rooms, Work
from games.web.seats import Player, Players
from games.web.tables import RoomSpec
from games.web.texts import refusal, texts
from games.web.timer import Timer

__all__ = [
    "Connection",
    "Hub",
    "HubOptions",
    "Player",
    "Refused",
    "RoomSpec",
    "default_rooms",
    "refused_message",
]

log = logging.getLogger(__name__)
Send = Callable[[Message], None]  # a socket's: must not block


def default_rooms() -> tuple[RoomSpec, ...]:
    """An evening's rooms as an empty [games_web] opens them (games.web.settings)."""
    from games.web.settings import GamesWebSettings, rooms

    return rooms(GamesWebSettings())


@dataclass(eq=False)
class Connection:
    """One open socket: the player whose token opened it (None: the laptop's screen or a
    page that has not joined yet, which receive only public messages) and its `send`."""

    token: str | None
    send: Send
    address: str = ""
    name: str | None = None
    follows: str | None = field(default=None)  # the room a public screen follows


class Sockets:
    """The hub's connections part: every open socket, and the addresses and browsers (device
    ids) each name connected from (against peeking from a second name on one phone)."""

    def __init__(self) -> None:
        self.open: set[Connection] = set()
        self.addresses: dict[str, set[str]] = {}  # player name -> address keys it came from
        self.devices: dict[str, set[str]] = {}  # player name -> the browsers (device ids) it used

    def __contains__(self, conn: object) -> bool:
        return conn in self.open

    def add(self, conn: Connection, device: str) -> None:
        self.open.add(conn)
        if conn.name is not None and conn.address:
            self.addresses.setdefault(conn.name, set()).add(address_key(conn.address))
        if conn.name is not None and device:
            self.devices.setdefault(conn.name, set()).add(device)

    def of(self, name: str) -> list[Connection]:
        return [c for c in self.open if c.name == name]

    def following(self, room_id: str, where: dict[str, str]) -> list[Connection]:
        """Every socket that follows the room: its seated players, spectators, public screens."""
        return [
            c
            for c in self.open
            if (c.name is not None and where.get(c.name) == room_id)
            or (c.name is None and c.follows == room_id)
        ]

    def names(self) -> set[str]:
        """The names with a socket open."""
        return {c.name for c in self.open if c.name is not None}

    def same_phone(self, name: str, other: str) -> bool:
        """Both names used one browser (both sent device ids), or else came from one address."""
        mine, theirs = self.devices.get(name), self.devices.get(other)
        if mine and theirs:
            return bool(mine & theirs)
        return bool(self.addresses.get(name, set()) & self.addresses.get(other, set()))


@dataclass
class _Tasks:
    """The hub's asyncio side: the CPU pool, each room's task and its wake-up, the timer's."""

    pool: CpuPool | None = None
    wake: dict[str, asyncio.Event] = field(default_factory=dict)
    running: list[asyncio.Task[None]] = field(default_factory=list)
    closing: bool = False


class Hub:
    """Players, rooms and their tables, the timer, the CPU pool, chips and the journal.

    Made of named parts: `rooms` (games.web.rooms.Rooms: the rooms, where everybody is),
    `names` (games.web.newnames.Names: the players, new names' limits, expiry), `chips`
    (games.web.bank.Chips: the money, balances in memory), `journal` and its `pause`
    (games.web.pause.DiskPause: a full disk), `timer` (games.web.timer.Timer), `sockets` (the
    connections) and `boards` (the evening's best scores)."""

    def __init__(
        self,
        data_dir: Path | str,
        *,
        rooms: Sequence[RoomSpec] | None = None,
        language: str = "ja",
        options: HubOptions | None = None,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
        chips_path: Path | None = None,
    ) -> None:
        """``data_dir`` holds the journal (games_web.journal, its lock) and, unless
        ``chips_path`` says otherwise, the chips (the file of the registered game with money:
        games.web.bank.evening_money, games.common.money). ``options``: the timer's, the
        CPUs', peeking's and names' knobs (games.web.options; None: the defaults).
        ``clock``: seconds, monotonic; ``wall``: the date names are made at (time.time);
        tests inject both."""
        self.options = options if options is not None else HubOptions()
        self.language = language
        self.rooms = Rooms(rooms if rooms is not None else default_rooms(), language)
        self.names = Names(language, clock=clock, wall=wall, hours=self.options.name_hours,
                           per_address=self.options.names_per_address,
                           per_network=self.options.names_per_network)  # fmt: skip
        self.chips = Chips(Path(data_dir), chips_path)
        self.journal = Journal(Path(data_dir) / FILE_NAME)
        self.pause = DiskPause(self.journal, language, self._tell_disk)
        self.outbox = Outbox(self.journal)  # told once durable (group commit under `open`)
        self.timer = Timer(clock, self.options)
        self.sockets = Sockets()
        self.boards = Boards(spec.game for spec in self.rooms.specs)  # the evening's best scores
        self.tasks = _Tasks()
        self.restored = 0  # games in progress the last open brought back
        self.on_update: Callable[[str], None] | None = None  # the laptop's window, per room

    @property
    def players(self) -> Players:
        """Every player of the evening (the names part's)."""
        return self.names.players

    @property
    def cpu_delay(self) -> float:
        """`options.cpu_delay`, which a test may change on a running hub (`games serve`'s)."""
        return self.options.cpu_delay

    @cpu_delay.setter
    def cpu_delay(self, seconds: float) -> None:
        self.options.cpu_delay = seconds

    @property
    def advance_pause(self) -> float:
        """`options.advance_pause`, which a test may change on a running hub."""
        return self.options.advance_pause

    @advance_pause.setter
    def advance_pause(self, seconds: float) -> None:
        self.options.advance_pause = seconds

    # -- life -----------------------------------------------------------------------------

    async def open(self) -> None:
        """Take the journal's lock (a second server on the same data folder is refused with a
        UserError naming the folder), restore every room, hand and balance from the journal,
        and start the CPU and timer tasks."""
        self.load()
        self.journal.group(asyncio.get_running_loop())
        tasks = self.tasks
        tasks.pool = CpuPool(self.options.cpu_workers)
        # the workers start while the phones come back (the first CPU move may wait for them)
        tasks.running.append(asyncio.create_task(tasks.pool.warm_up()))
        for room_id in self.rooms:
            tasks.wake[room_id] = asyncio.Event()
            tasks.running.append(asyncio.create_task(self._drive(room_id)))
            tasks.wake[room_id].set()
        tasks.running.append(asyncio.create_task(self._timer()))

    def load(self) -> None:
        """`open` without the tasks: the lock, the journal's rooms, the chips as saved (tests
        drive the CPUs with `run_cpus` and the timer with `tick`)."""
        records = self.journal.open()
        try:
            self.restored = restore(self, records)
        except BaseException:
            self.journal.close()
            raise
        self.chips.read()  # once: from now on balances are kept in memory
        for room in self.rooms.values():
            room.peek_mode = self.options.peek
            if room.finished():  # the journal had the game's last action, not its end
                self._finish(room)
            self.timer.arm(room)
            for name in room.seated_names():  # no phone is back yet: each gets the full hold
                self.timer.hold(room, name)

    async def close(self) -> None:
        """Stop the tasks and the CPU pool, let go of the journal's lock. Games in progress
        stay in the journal and are restored by the next `open`."""
        tasks = self.tasks
        tasks.closing = True
        for task in tasks.running:
            task.cancel()
        for task in tasks.running:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        tasks.running.clear()
        self.shutdown()

    def shutdown(self) -> None:
        """`close` without a loop."""
        if self.tasks.pool is not None:
            self.tasks.pool.close()
            self.tasks.pool = None
        for room in self.rooms.values():
            if room.bank is not None:
                room.bank.close()
        self.journal.close()

    # -- players and connections ----------------------------------------------------------

    def join(self, name: str, *, address: str = "") -> Player:
        """A new phone with a name: its player, a fresh token and the name's code. Refused
        with the name's reason (games.web.names: ``name_length``, ``name_control``,
        ``name_cpu``, ``name_mixed``, ``name_lookalike``) or ``name_taken`` (the name is in
        use, as people read it; its owner brings it back with `move`), or
        ``too_many_names`` (`address` made its share of new names this hour)."""
        player = self.names.new(name, address)
        try:
            self._keep_player(player)
        except BaseException:  # not on disk (a full disk): not made
            self.names.unmake(player, address)
            raise
        return player

    def move(self, name: str, code: object, address: str | None = None) -> Player:
        """The owner of `name` brings it (seat, chips) to this phone (at `address`) with the
        name's code: a new token; the name's other phones are told ``bye`` and hear nothing
        more. Refused ``unknown_name``, ``bad_code``, ``code_tries`` (see games.web.seats)."""
        player = self.players.move(name, code, address)
        self._keep_player(player)
        return player

    def release(self, name: str) -> str:
        """The laptop gives `name` back to its owner, who lost the code: a new code (the
        window shows it; the owner types it with the name on their phone), every token and
        the old code void. Refused ``unknown_name``."""
        player = self.players.release(name)
        self._keep_player(player)
        return player.code

    def _keep_player(self, player: Player) -> None:
        """Journal the name's token and code; phones on an older token of it are let go."""
        self.journal.write(player_record(player))
        for conn in self.sockets.of(player.name):
            if conn.token != player.token:
                self._send(conn, {"type": "bye"})
                self.disconnect(conn)

    def rejoin(self, token: str) -> Player:
        """The phone's stored token: the same player, seat and hand. Refused ``unknown_token``
        (the phone then joins afresh with its name)."""
        return self.players.by_token(token)

    def connect(
        self, token: str | None, send: Send, *, address: str = "", device: str = ""
    ) -> Connection:
        """Subscribe a socket: it receives ``hello`` (when token is a player's), ``lobby``
        and, for a player in a room, ``room`` and ``table`` at once, then every update that
        concerns it. Refused ``unknown_token``. `address`: the socket's remote address;
        `device`: the browser's own id (the phone page keeps one in localStorage, which every
        tab of that browser shares), used against peeking from a second name."""
        player = self.players.by_token(token) if token is not None else None
        conn = Connection(token, send, address, player.name if player else None)
        self.sockets.add(conn, device)
        came_back = None
        if player is not None:
            room = self.rooms.of(player.name)
            if room is not None and room.back(player.name):
                came_back = room
            self._send(conn, {"type": "hello", "name": player.name, "token": player.token,
                              "code": player.code, "chips": self.balance(player.name),
                              "language": self.language,
                              "room": room.spec.id if room else None})  # fmt: skip
            if room is not None:
                seat = room.seat_of(player.name)
                if seat is not None and room.in_game:
                    room.seen.add(seat)
        self._broadcast_lobby()
        if player is not None and (room := self.rooms.of(player.name)) is not None:
            self._send(conn, self._room_message(room, player.name))
            views = room_messages.Views(room)
            self._send(conn, self._table_message(room, views, player.name))
            if room.results is not None:
                self._send(conn, room.results)
        if came_back is not None and player is not None:
            self._roles_changed(came_back, but=player.name)
        if self.pause.full:  # a phone that comes during the pause is told too, at once
            self._send_now(conn, {"type": "disk", "full": True})
        return conn

    def disconnect(self, connection: Connection) -> None:
        """The socket closed: no more messages to it. The seat stays; the turn timer plays for
        it while no phone of its player is connected, and a seat with no phone for a whole
        game is freed at the game's end. Between games the seat is held `hold_seconds`, then
        freed by `tick`; the host role passes to a seated person with a phone."""
        self.sockets.open.discard(connection)
        name = connection.name
        if name is None:
            return
        room = self.rooms.of(name)
        if room is not None and not self.sockets.of(name) and room.seat_of(name) is not None:
            self.timer.hold(room, name)
            self._roles_changed(room, but=name)
        self._broadcast_lobby()

    # -- rooms ----------------------------------------------------------------------------

    def lobby(self) -> Lobby:
        """The ``lobby`` message: every room, its seats and state (public), the boards."""
        rooms, names, labels = list(self.rooms.values()), self.sockets.names(), self.rooms.labels()
        boards = self.boards.message(self.language)
        return room_messages.lobby(rooms, names, labels, self.timer.clock(), boards)

    def sit(self, token: str, room_id: str, seat: int | None = None) -> int:
        """Take a free seat (the first free one when `seat` is None) in a room waiting for its
        next game. Its seat. Refused ``unknown_room``, ``room_playing`` (watch it instead),
        ``seat_taken``, ``room_full``, ``no_such_seat``, ``elsewhere`` (the player sits in
        another room: leave it first)."""
        name = self.players.by_token(token).name
        room = self.rooms.find(room_id)
        self.rooms.not_seated_elsewhere(name, room_id)
        before = self.rooms.of(name)
        taken = room.sit(name, seat)
        room.peeks.pop(name, None)
        self.journal.write({"k": "sit", "room": room_id, "name": name, "seat": taken})
        if before is not None and before is not room:
            before.spectators.discard(name)
        self.rooms.where[name] = room_id
        self._room_changed(room, name)
        return taken

    def watch(self, token: str, room_id: str) -> None:
        """Watch a room (観戦): the public table, and a seat's hand after `peek`."""
        name = self.players.by_token(token).name
        room = self.rooms.find(room_id)
        self.rooms.not_seated_elsewhere(name, None)
        before = self.rooms.of(name)
        if before is not None:
            before.spectators.discard(name)
            before.peeks.pop(name, None)
        self.journal.write({"k": "watch", "room": room_id, "name": name})
        room.spectators.add(name)
        self.rooms.where[name] = room_id
        self._room_changed(room, name)

    def watch_public(self, connection: Connection, room_id: str | None) -> None:
        """The laptop's screen (a token-None connection) follows a room's public table: its
        ``table`` messages carry view(None) only (None: follow no room)."""
        if room_id is not None:
            room = self.rooms.find(room_id)
            connection.follows = room_id
            self._send(connection, self._table_message(room, room_messages.Views(room), None))
        else:
            connection.follows = None

    def start(self, token: str | None, room_id: str) -> None:
        """Start the room's next game: CPUs of the room's level fill the empty seats. Only the
        room's host (its first seated player) or the laptop (token None) may; refused
        ``not_host``, ``room_playing``, ``nobody_seated``."""
        name = self.players.by_token(token).name if token is not None else None
        room = self.rooms.find(room_id)
        room.check_start(name)
        for seated in room.seated_names():  # a name that has played never expires
            if (played := self.players.mark_played(seated)) is not None:
                self._keep_player(played)
        room.start(self.sockets.names())
        if room.bank is not None:  # the fees (and top-ups) are saved: written through
            self.chips.kept(room.bank, room.accounts())
        self.journal.write(
            {
                "k": "start",
                "room": room_id,
                "game": room.game_no,
                "open": tables.open_game_of(room.table),
                "code": tables.code_version(room.spec.game),
                "table": _b64(tables.to_bytes(room.table)),
                "seats": list(room.seats),
            }
        )
        for seated in room.seated_names():
            seat = room.seat_of(seated)
            self._send_chips(
                seated, room, topped=room.topped_up.get(seat) if seat is not None else None
            )
        self._changed(room)
        self._broadcast_lobby()

    def act(self, token: str, action: str) -> None:
        """The player's seat takes `action` (an action's text, as ``legal`` lists them).
        Refused with the table's own code and text (the Qt window's), or ``not_seated``."""
        name = self.players.by_token(token).name
        room = self.rooms.of(name)
        seat = room.seat_of(name) if room is not None else None
        if room is None or seat is None:
            raise refusal(self.language, "not_seated")
        if not isinstance(action, str):
            action = str(action)
        if room.in_game:
            room.seen.add(seat)
        self._take(room, seat, action, "person")

    def leave(self, token: str) -> int:
        """Leave the room (seat or watching). Between games, or once the player is out of
        the game: free. Mid-game: the room's penalty (Daifugō: the stake, charged once) and a
        CPU plays the seat out; a winner who leaves passes the prize to the next place.
        Returns the penalty charged."""
        name = self.players.by_token(token).name
        room = self.rooms.of(name)
        if room is None:
            return 0
        seat = room.seat_of(name)
        penalty = 0
        if seat is not None and room.in_game:
            self.journal.write({"k": "leave", "room": room.spec.id, "game": room.game_no,
                                "seat": seat, "name": name})  # fmt: skip
            penalty = room.leave_game(seat)
        else:
            self.journal.write({"k": "stand", "room": room.spec.id, "name": name})
        room.stand(name)
        self.rooms.where.pop(name, None)
        for conn in self.sockets.of(name):
            self._send(conn, self._room_message(None, name))
        self._roles_changed(room, but=name)  # the host may have left
        if penalty:
            self._send_chips(name, room)
        self._changed(room)
        self._broadcast_lobby()
        return penalty

    def peek(self, token: str, seat: int | None) -> None:
        """A spectator (or a player who is out of the game) taps a player's face: from now on
        its ``table`` messages carry that seat's view under ``peek`` (None: stop). Refused
        ``still_playing`` for a player still in the game, ``not_seated`` outside a room.

        Against a second tab under a second name: refused ``same_phone`` (and no ``peek`` is
        ever sent) while a person still in this game used the same browser (the page's device
        id, shared by its tabs) or, for a client that sends no device id, connected from an
        address of this player (`eventkit.web.limits.address_key`: an IPv4 address or an IPv6
        /64). Two separate phones (or browsers) of one cheat cannot be told apart."""
        name = self.players.by_token(token).name
        room = self.rooms.of(name)
        if room is None:
            raise refusal(self.language, "not_seated")
        if seat is None:
            room.peeks.pop(name, None)
        else:
            if not isinstance(seat, int) or not 0 <= seat < room.spec.seats:
                raise refusal(self.language, "no_such_seat", seat=seat, last=room.spec.seats - 1)
            if not room_messages.may_peek(room, name):
                raise refusal(self.language, room_messages.peek_refusal(room, name))
            if self._same_phone_plays(room, name):
                raise refusal(self.language, "same_phone")
            room.peeks[name] = seat
        views = room_messages.Views(room)
        for conn in self.sockets.of(name):
            self._send(conn, self._table_message(room, views, name))

    def set_cpu_level(self, token: str | None, room_id: str, level: str) -> None:
        """The host (or the laptop) chooses the room's CPU level between games. Refused
        ``not_host``, ``room_playing``, ``bad_level``."""
        name = self.players.by_token(token).name if token is not None else None
        room = self.rooms.find(room_id)
        if level not in LEVELS:
            raise refusal(self.language, "bad_level")
        if room.in_game:
            raise refusal(self.language, "room_playing")
        if name is not None and room.host not in (None, name):
            raise refusal(self.language, "not_host", host=room.host or "")
        self.journal.write({"k": "level", "room": room_id, "level": level})
        room.cpu_level = level
        self._broadcast_lobby()

    def set_rules(self, token: str | None, room_id: str, rules: str) -> None:
        """The host (or the laptop) chooses the room's rule set between games (its game's
        ``rule_sets``: Daifugō's ルール1..4), journalled as the CPU level is. Refused
        ``one_rule_set``, ``bad_rules``, ``room_playing``, ``not_host``."""
        name = self.players.by_token(token).name if token is not None else None
        room = self.rooms.find(room_id)
        choices = registry.entry(room.spec.game).rule_sets
        if not choices:
            raise refusal(self.language, "one_rule_set")
        if rules not in choices:
            raise refusal(self.language, "bad_rules", choices=" / ".join(choices))
        if room.in_game:
            raise refusal(self.language, "room_playing")
        if name is not None and room.host not in (None, name):
            raise refusal(self.language, "not_host", host=room.host or "")
        self.journal.write({"k": "rules", "room": room_id, "rules": rules})
        room.set_rules(rules)
        self._roles_changed(room)  # everyone in the room: the rules panel's lines
        self._broadcast_lobby()

    def balance(self, name: str) -> int:
        """A name's chips now, as saved (with a penalty of the game in play), from memory."""
        playing = (  # a game in play holds its penalties until its end
            room.bank
            for room in self.rooms.values()
            if room.bank is not None and room.in_game and name in room.table.names
        )
        return self.chips.balance(name, playing)

    # -- CPUs and the timer ---------------------------------------------------------------

    def tick(self) -> int:
        """The turn timer: a person whose turn ran out has a CPU move for them (now with
        `run_cpus`, or by the room's task). How many turns ran out."""
        expired = 0
        for room_id, room in self.rooms.items():
            ran_out, holds_over = self.timer.due(room)
            if ran_out:
                expired += 1
                self._wake_room(room_id)
            for name in holds_over:
                self._free_seat(room, name)
        if self.names.sweep_due():
            self.forget_expired()
        return expired

    def forget_expired(self) -> list[str]:
        """Names that never played, made over `name_hours` ago and unused now are forgotten
        (the name free again, its token and code void). Which were."""
        gone = self.names.expired(self.sockets.names() | set(self.rooms.where))
        for name in gone:
            self.journal.write({"k": "forget", "name": name})
            self.players.forget(name)
        return gone

    def run_cpus(self, limit: int = 100_000) -> int:
        """Without a loop: every CPU move, timed-out turn and table step due now, in this
        process, until only people are awaited. How many were taken."""
        taken = 0
        progressed = True
        while progressed and taken < limit:
            progressed = False
            for room in self.rooms.values():
                work = room.work()
                if work is None:
                    continue
                self._carry_out(room, work, self._choice_of(room, work))
                taken += 1
                progressed = True
        return taken

    async def _drive(self, room_id: str) -> None:
        """The room's task: CPU moves (in the pool), timed-out turns, the table's own steps."""
        room = self.rooms[room_id]
        wake = self.tasks.wake[room_id]
        while not self.tasks.closing:
            await wake.wait()
            wake.clear()
            while not self.tasks.closing and (work := room.work()) is not None:
                try:
                    await self._work(room, work)
                except Exception:  # a bug or a full disk: said, and the room tries again
                    if self.pause.full:  # said by the pause: the room waits for space
                        await self.pause.space.wait()
                        continue
                    log.exception("room %s: %s at step %d failed", room_id, work.kind, work.step)
                    await asyncio.sleep(1.0)

    def _choice_of(self, room: Room, work: Work) -> str | None:
        """The action of a step without a person, chosen in this process: a person's step
        with no choice, or the CPU's choice (None for the table's own step)."""
        if work.seat is None:
            return None
        if work.kind == "forced":
            return tables.forced_action(room.table, work.seat)
        return tables.cpu_choice_for(room.table, work.seat)

    async def _work(self, room: Room, work: Work) -> None:
        if work.kind == "forced":  # no choice to make: at once, no CPU asked
            self._carry_out(room, work, self._choice_of(room, work))
            return
        if work.kind == "advance":
            await asyncio.sleep(self.options.advance_pause)
            if room.work() == work:
                self._carry_out(room, work, None)
            return
        assert self.tasks.pool is not None and work.seat is not None
        loop = asyncio.get_running_loop()
        started = loop.time()
        try:
            text = await self.tasks.pool.choose(room.table, work.seat)
        except Exception:  # the pool could not: choose here rather than stall the table
            log.exception("CPU worker failed in room %s", room.spec.id)
            text = tables.cpu_choice_for(room.table, work.seat)
        wait = self.options.cpu_delay - (loop.time() - started)
        if wait > 0 and work.kind == "cpu":  # the phones can follow the CPUs' moves
            await asyncio.sleep(wait)
        if room.work() == work:  # nobody acted, left or came back meanwhile
            self._carry_out(room, work, text)

    async def _timer(self) -> None:
        tries = 0
        while not self.tasks.closing:
            await asyncio.sleep(0.25)
            tries += 1
            if self.pause.full:  # paused: no turn runs out; every second, is there space?
                if tries % 4 == 0:
                    self.try_resume()
                continue
            if self.journal.failed is not None:  # a failed sync, not a full disk: no turn
                if tries % 4 == 0:  # runs out; every second, can its records be written?
                    with contextlib.suppress(OSError):
                        self.journal.repair()
                continue
            try:
                self.tick()
            except Exception:
                log.exception("the turn timer failed")

    def _carry_out(self, room: Room, work: Work, text: str | None) -> None:
        """Do the room's next step without a person: the table's pause ends, or a CPU's (or a
        timed-out person's) action `text` is taken."""
        if work.kind == "advance":
            self.journal.write({"k": "advance", "room": room.spec.id, "game": room.game_no,
                                "step": room.step})  # fmt: skip
            room.advance()
            self._changed(room)
        else:
            assert work.seat is not None and text is not None
            self._take(room, work.seat, text, work.kind)

    def _wake_room(self, room_id: str) -> None:
        """Wake the room's CPU task (asyncio serve): it looks at the room's next step now."""
        wake = self.tasks.wake.get(room_id)
        if wake is not None:
            wake.set()

    # -- taking an action -----------------------------------------------------------------

    def _take(self, room: Room, seat: int, action: str, by: str) -> None:
        """Check, journal, take, tell: the one path of every action at a table."""
        if not room.in_game:
            raise room.table.refusal(seat, action) or refusal(self.language, "room_playing")
        value = room.table.checked(seat, action)  # a CPU's seat too: its worker's choice
        self.journal.write({"k": "act", "room": room.spec.id, "game": room.game_no,
                            "step": room.step, "seat": seat, "action": action, "by": by})  # fmt: skip
        room.apply(seat, action, value, by)
        self._changed(room)

    def _changed(self, room: Room) -> None:
        """After any change at a room's table: the game's end, the timer, every socket."""
        if room.finished():
            self._finish(room)
        self.timer.arm(room)
        self._broadcast_table(room)
        self._wake_room(room.spec.id)
        self._update(room.spec.id)

    def _finish(self, room: Room) -> None:
        """A game ended: results to the room, chips to each person, absent seats freed.

        The results go out before the journal records the end, so a crash in between sends
        them again after the restart; the end keeps them, so a crash after it (the message
        still in a socket's queue) sends them to a phone that comes back (a phone may see them
        twice, never not at all)."""
        people = [
            name
            for seat, name in enumerate(room.table.names)
            if room.seats[seat] is not None or seat in room.left
        ]
        balances = {}
        if room.bank is not None:  # its end is saved: every account's balance written through
            self.chips.kept(room.bank, [*people, *room.accounts()])
            balances = {name: self.balance(name) for name in people}
        room.ended = True
        room.results = room_messages.results_message(room, balances)
        for conn in self._following(room):
            self._send(conn, room.results)
        for name in balances:
            self._send_chips(name, room)
        # the results too: sent above, they may still be in a socket's queue at a crash; a phone
        # coming back after the restart is sent them again (restore puts them back on the room)
        end: Record = {"k": "end", "room": room.spec.id, "game": room.game_no,
                        "results": room.results}  # fmt: skip
        if self.boards.add(room.results):  # the evening's best scores, kept through a restart
            end["board"] = self.boards.state()
        if room.bank is not None:  # the chips as saved: rebuilds a chips file lost with its copy
            end.update(chips=dict(room.bank.balances), at=time.time())
        self.journal.write(end)
        for seat in room.absent_seats():
            absent = room.seats[seat]
            assert absent is not None
            self._free_seat(room, absent, tell=False)
        self.timer.rehold(room)  # the hold counts between games
        self._broadcast_lobby()

    def _free_seat(self, room: Room, name: str, *, tell: bool = True) -> None:
        """`name` had no phone for a whole game, or for the hold: the seat is free."""
        self.journal.write({"k": "stand", "room": room.spec.id, "name": name})
        room.stand(name)
        self.rooms.where.pop(name, None)
        for conn in self.sockets.of(name):
            self._send(conn, self._room_message(None, name))
        if tell:
            self._roles_changed(room, but=name)
            self._broadcast_table(room)
            self._broadcast_lobby()
            self._update(room.spec.id)

    def _roles_changed(self, room: Room, *, but: str | None = None) -> None:
        """A hold began or ended: each person in the room hears whether they host now."""
        people = {*room.seated_names(), *room.spectators} - {but}
        for conn in self.sockets.open:
            if conn.name in people:
                self._send(conn, self._room_message(room, conn.name))

    # -- a full disk ----------------------------------------------------------------------

    def _tell_disk(self, full: bool) -> None:
        """Every phone hears that play pauses for a full disk, or goes on (the pause's `tell`):
        at once, ahead of what waits for the disk."""
        for conn in list(self.sockets.open):
            self._send_now(conn, {"type": "disk", "full": full})

    def try_resume(self) -> bool:
        """While paused for a full disk: a record written means space is back; play goes on
        (True), every turn afresh (the pause does not count against it)."""
        if not self.pause.full:
            return True
        if not self.pause.try_resume():
            return False
        for room_id, room in self.rooms.items():
            self.timer.rearm(room)
            self._wake_room(room_id)
        return True

    # -- sending --------------------------------------------------------------------------

    def tell(self, send: Send, message: Message) -> None:
        """The server's own reply to a phone (a refusal, ``joined``, ``left``): after what the
        hub told it before, once that is durable. While a failed sync holds everything, a
        refusal (the full disk's) goes at once: the phone hears why its tap was not taken."""
        if self.journal.failed is not None and message["type"] == "refused":
            send(message)
        else:
            self.outbox.tell(lambda: send(message))

    def _send(self, conn: Connection, message: Message) -> None:
        journal = self.journal
        if journal.durable >= journal.written and not self.outbox.held:
            self._send_now(conn, message)  # nothing waits for the disk: at once
        else:
            self.outbox.tell(lambda: self._send_now(conn, message))

    def _send_now(self, conn: Connection, message: Message) -> None:
        try:
            conn.send(message)
        except Exception:  # one broken socket never stops the others
            log.exception("sending to a connection failed")

    def _update(self, room_id: str) -> None:
        """The laptop's window hears of the room's change, once it is durable."""
        on_update = self.on_update
        if on_update is not None:
            self.outbox.tell(lambda: on_update(room_id))

    def _broadcast_table(self, room: Room) -> None:
        views = room_messages.Views(room)
        for conn in self._following(room):
            self._send(conn, self._table_message(room, views, conn.name))

    def _broadcast_lobby(self) -> None:
        if not self.sockets.open:
            return
        message = self.lobby()
        for conn in list(self.sockets.open):
            self._send(conn, message)

    def _send_chips(self, name: str, room: Room, *, topped: int | None = None) -> None:
        """The ``chips`` message; `topped`: the deal topped the balance up to this (the
        message says how much and why)."""
        if room.bank is None:
            return
        balance = self.balance(name)
        told = None
        if topped is not None:
            largest = registry.entry(room.spec.game).largest_fee(room.spec.stake)
            told = texts(self.language)("topped_up", n=topped, fee=largest, balance=balance)
        message = room_messages.chips_message(name, balance, told)
        for conn in self.sockets.of(name):
            self._send(conn, message)

    def _room_changed(self, room: Room, name: str) -> None:
        for conn in self.sockets.of(name):
            self._send(conn, self._room_message(room, name))
        self._broadcast_table(room)
        self._broadcast_lobby()

    def _table_message(self, room: Room, views: room_messages.Views, name: str | None) -> Table:
        if name is not None and self.rooms.of(name) is not room:
            name = None
        allowed = name is not None and not self._same_phone_plays(room, name, views.step().out)
        seat = room.seat_of(name) if name is not None else None
        left = self.timer.seconds_left(room, seat, views.step().choosing)
        return room_messages.table_message(room, views, name, left, peek_allowed=allowed)

    def _same_phone_plays(self, room: Room, name: str, out: frozenset[int] | None = None) -> bool:
        """Whether a person still in `room`'s game (not `name`) used the browser `name` uses
        (both sent device ids), or else connected from an address `name` connected from:
        that may be one phone under two names, so no peeking. `out`: the room's seats out of
        the game, when the caller has them."""
        if not room.in_game:
            return False
        if out is None:
            out = room.out()
        return any(
            self.sockets.same_phone(name, other)
            for seat, other in enumerate(room.seats)
            if other is not None and other != name and seat not in out
        )

    def _room_message(self, room: Room | None, name: str) -> RoomMessage:
        chips = self.balance(name) if room is None or room.bank is not None else None
        return room_messages.room_message(room, name, self.options.turn_seconds, chips)

    def _following(self, room: Room) -> list[Connection]:
        """Every socket that follows `room`: its seated players, spectators, public screens."""
        return self.sockets.following(room.spec.id, self.rooms.where)


def _b64(data: bytes) -> str:
    import base64

    return base64.b64encode(data).decode("ascii")
