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
writes the journal (fsync) before anything it tells, changes the room and calls ``send`` of
every connection that must hear of it before it returns. CPU moves and the turn timer run as
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
import shutil
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from eventkit.errors import UserError
from eventkit.web.limits import address_key
from games.common import registry
from games.common.table import Refused
from games.web import messages, newnames, tables
from games.web.bank import evening_money
from games.web.board import Boards
from games.web.cpu_pool import CpuPool
from games.web.journal import FILE_NAME, Journal
from games.web.newnames import NameLimits
from games.web.restore import player_record, restore
from games.web.rooms import LEVELS, Room, Work
from games.web.seats import Player, Players
from games.web.tables import RoomSpec
from games.web.texts import refusal, texts

__all__ = [
    "Connection",
    "Hub",
    "Player",
    "Refused",
    "RoomSpec",
    "default_rooms",
    "refused_message",
]

log = logging.getLogger(__name__)
FULL_SAY_EVERY = 10.0  # seconds between the terminal's lines about a full disk
RESUME_FREE = 16 * 1024  # free bytes on the journal's disk for play to go on after a pause
Message = dict[str, Any]
Send = Callable[[Message], None]


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


def refused_message(error: Refused) -> Message:
    """The ``refused`` message for a refusal raised by a hub call."""
    return {"type": "refused", "code": error.code, "params": error.params, "text": error.text}


class Hub:
    """Players, rooms and their tables, the timer, the CPU pool, chips and the journal."""

    def __init__(
        self,
        data_dir: Path,
        *,
        rooms: Sequence[RoomSpec] | None = None,
        language: str = "ja",
        turn_seconds: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
        cpu_workers: int = 1,
        chips_path: Path | None = None,
        seed: int | None = None,
        cpu_delay: float = 0.8,
        advance_pause: float = 2.0,
        hold_seconds: float = 120.0,
        peek: str = "live",
        wall: Callable[[], float] = time.time,
        name_hours: float = 6.0,
        names_per_address: int = 20,
        names_per_network: int = 300,
    ) -> None:
        """``data_dir`` holds the journal (games_web.journal, its lock) and, unless
        ``chips_path`` says otherwise, the chips (the file of the registered game with money:
        games.web.bank.evening_money, games.common.money).
        ``turn_seconds``: how long a person's turn waits before a CPU moves for them (0: never).
        ``clock``: seconds, monotonic (tests inject one). ``cpu_workers``: worker processes
        for CPU choices (0: in this process). ``seed``: seeds every room's games (tests,
        benchmarks); None: fresh ones. ``cpu_delay``: a CPU's move is shown no sooner than
        this after the one before (the phones can follow); ``advance_pause``: how long a
        finished round stays on the phones before the next (Schwimmen). ``hold_seconds``: how
        long a seated person's seat stays theirs between games once no phone of theirs is
        connected (then it is freed; games.web.messages says how). ``peek``: who may look at
        another seat's hand: "live" (spectators, and players out of the game), "finished"
        (only players out of this game) or "off" (nobody). ``wall``: the date (time.time;
        tests inject one) names are made at; a name that never played expires
        ``name_hours`` after (0: never); ``names_per_address`` / ``names_per_network``: new
        names an hour from one address / one /24 (games.web.newnames)."""
        self.data_dir = Path(data_dir)
        self.specs = tuple(rooms if rooms is not None else default_rooms())
        for spec in self.specs:
            spec.check()
        if len({s.id for s in self.specs}) != len(self.specs):
            raise ValueError("two rooms have the same id: give each room its own")
        self.language = language
        self.turn_seconds = turn_seconds
        self.clock = clock
        self.cpu_workers = cpu_workers
        self.money = evening_money()
        chips_file = self.money.file_name if self.money is not None else "chips.json"
        self.chips_path = Path(chips_path or self.data_dir / chips_file)
        self.seed = seed
        self.cpu_delay = cpu_delay
        self.advance_pause = advance_pause
        self.hold_seconds = hold_seconds
        if peek not in messages.PEEK_MODES:
            raise ValueError(f"peek {peek!r}: use one of {', '.join(messages.PEEK_MODES)}")
        self.peek_mode = peek
        self.wall = wall
        self.name_hours = name_hours
        self.name_limits = NameLimits(names_per_address, names_per_network, clock)
        self._names_swept = float("-inf")  # when expired names were last looked for (clock)
        self.players = Players(language)
        self.boards = Boards(spec.game for spec in self.specs)  # the evening's best scores
        self.rooms: dict[str, Room] = {}
        self.where: dict[str, str] = {}  # player name -> the room they sit or watch in
        self.connections: set[Connection] = set()
        self.addresses: dict[str, set[str]] = {}  # player name -> address keys it connected from
        self.devices: dict[str, set[str]] = {}  # player name -> the browsers (device ids) it used
        self.journal = Journal(self.data_dir / FILE_NAME)
        self.journal.on_full = self._disk_full
        self.disk_full = False  # the journal's disk is full: play pauses until space is back
        self._space = asyncio.Event()  # set while there is space (the rooms' tasks wait on it)
        self._space.set()
        self._full_said = -FULL_SAY_EVERY  # when the terminal was last told (time.monotonic)
        self._full_tries = 0  # writes refused since the terminal was last told
        self.pool: CpuPool | None = None
        self.restored = 0  # games in progress the last open brought back
        self._wake: dict[str, asyncio.Event] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._closing = False
        self.on_update: Callable[[str], None] | None = None  # the laptop's window, per room

    # -- life -----------------------------------------------------------------------------

    async def open(self) -> None:
        """Take the journal's lock (a second server on the same data folder is refused with a
        UserError naming the folder), restore every room, hand and balance from the journal,
        and start the CPU and timer tasks."""
        self.load()
        self.pool = CpuPool(self.cpu_workers)
        # the workers start while the phones come back (the first CPU move may wait for them)
        self._tasks.append(asyncio.create_task(self.pool.warm_up()))
        for room_id in self.rooms:
            self._wake[room_id] = asyncio.Event()
            self._tasks.append(asyncio.create_task(self._drive(room_id)))
            self._wake[room_id].set()
        self._tasks.append(asyncio.create_task(self._timer()))

    def load(self) -> None:
        """`open` without the tasks: the lock, the journal's rooms (tests drive the CPUs with
        `run_cpus` and the timer with `tick`)."""
        records = self.journal.open()
        try:
            self.restored = restore(self, records)
        except BaseException:
            self.journal.close()
            raise
        now = self.clock()
        for room in self.rooms.values():
            room.peek_mode = self.peek_mode
            if room.finished():  # the journal had the game's last action, not its end
                self._finish(room)
            room.arm_timer(now, self.turn_seconds)
            for name in room.seated_names():  # no phone is back yet: each gets the full hold
                room.hold(name, now + self.hold_seconds)

    async def close(self) -> None:
        """Stop the tasks and the CPU pool, let go of the journal's lock. Games in progress
        stay in the journal and are restored by the next `open`."""
        self._closing = True
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks.clear()
        self.shutdown()

    def shutdown(self) -> None:
        """`close` without a loop."""
        if self.pool is not None:
            self.pool.close()
            self.pool = None
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
        self.players.check_new(name)  # a refused name costs no share
        if address and (wait := self.name_limits.take(address)) is not None:
            raise refusal(self.language, "too_many_names", minutes=wait)
        player = self.players.new(name, since=self.wall())
        try:
            self._keep_player(player)
        except BaseException:  # not on disk (a full disk): not made
            self.players.forget(player.name)
            if address:
                self.name_limits.give_back(address)
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
        for conn in [c for c in self.connections if c.name == player.name]:
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
        self.connections.add(conn)
        if player is not None and address:
            self.addresses.setdefault(player.name, set()).add(address_key(address))
        if player is not None and device:
            self.devices.setdefault(player.name, set()).add(device)
        came_back = None
        if player is not None:
            room = self._room_of(player.name)
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
        if player is not None and (room := self._room_of(player.name)) is not None:
            self._send(conn, self._room_message(room, player.name))
            views = messages.Views(room)
            self._send(conn, self._table_message(room, views, player.name))
            if room.results is not None:
                self._send(conn, room.results)
        if came_back is not None and player is not None:
            self._roles_changed(came_back, but=player.name)
        if self.disk_full:  # a phone that comes during the pause is told too
            self._send(conn, {"type": "disk", "full": True})
        return conn

    def disconnect(self, connection: Connection) -> None:
        """The socket closed: no more messages to it. The seat stays; the turn timer plays for
        it while no phone of its player is connected, and a seat with no phone for a whole
        game is freed at the game's end. Between games the seat is held `hold_seconds`, then
        freed by `tick`; the host role passes to a seated person with a phone."""
        self.connections.discard(connection)
        name = connection.name
        if name is None:
            return
        room = self._room_of(name)
        if room is not None and not self._conns_of(name) and room.seat_of(name) is not None:
            room.hold(name, self.clock() + self.hold_seconds)
            self._roles_changed(room, but=name)
        self._broadcast_lobby()

    # -- rooms ----------------------------------------------------------------------------

    def lobby(self) -> Message:
        """The ``lobby`` message: every room, its seats and state (public)."""
        message = messages.lobby(
            list(self.rooms.values()), self._connected(), self._labels(), self.clock()
        )
        message["boards"] = self.boards.message(self.language)
        return message

    def sit(self, token: str, room_id: str, seat: int | None = None) -> int:
        """Take a free seat (the first free one when `seat` is None) in a room waiting for its
        next game. Its seat. Refused ``unknown_room``, ``room_playing`` (watch it instead),
        ``seat_taken``, ``room_full``, ``no_such_seat``, ``elsewhere`` (the player sits in
        another room: leave it first)."""
        name = self.players.by_token(token).name
        room = self._room(room_id)
        self._not_seated_elsewhere(name, room_id)
        before = self._room_of(name)
        taken = room.sit(name, seat)
        room.peeks.pop(name, None)
        self.journal.write({"k": "sit", "room": room_id, "name": name, "seat": taken})
        if before is not None and before is not room:
            before.spectators.discard(name)
        self.where[name] = room_id
        self._room_changed(room, name)
        return taken

    def watch(self, token: str, room_id: str) -> None:
        """Watch a room (観戦): the public table, and a seat's hand after `peek`."""
        name = self.players.by_token(token).name
        room = self._room(room_id)
        self._not_seated_elsewhere(name, None)
        before = self._room_of(name)
        if before is not None:
            before.spectators.discard(name)
            before.peeks.pop(name, None)
        self.journal.write({"k": "watch", "room": room_id, "name": name})
        room.spectators.add(name)
        self.where[name] = room_id
        self._room_changed(room, name)

    def watch_public(self, connection: Connection, room_id: str | None) -> None:
        """The laptop's screen (a token-None connection) follows a room's public table: its
        ``table`` messages carry view(None) only (None: follow no room)."""
        if room_id is not None:
            room = self._room(room_id)
            connection.follows = room_id
            self._send(connection, self._table_message(room, messages.Views(room), None))
        else:
            connection.follows = None

    def start(self, token: str | None, room_id: str) -> None:
        """Start the room's next game: CPUs of the room's level fill the empty seats. Only the
        room's host (its first seated player) or the laptop (token None) may; refused
        ``not_host``, ``room_playing``, ``nobody_seated``."""
        name = self.players.by_token(token).name if token is not None else None
        room = self._room(room_id)
        room.check_start(name)
        for seated in room.seated_names():  # a name that has played never expires
            if (played := self.players.mark_played(seated)) is not None:
                self._keep_player(played)
        room.start(self._connected())
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
        room = self._room_of(name)
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
        room = self._room_of(name)
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
        self.where.pop(name, None)
        for conn in self._conns_of(name):
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
        room = self._room_of(name)
        if room is None:
            raise refusal(self.language, "not_seated")
        if seat is None:
            room.peeks.pop(name, None)
        else:
            if not isinstance(seat, int) or not 0 <= seat < room.spec.seats:
                raise refusal(self.language, "no_such_seat", seat=seat, last=room.spec.seats - 1)
            if not messages.may_peek(room, name):
                raise refusal(self.language, messages.peek_refusal(room, name))
            if self._same_phone_plays(room, name):
                raise refusal(self.language, "same_phone")
            room.peeks[name] = seat
        views = messages.Views(room)
        for conn in self._conns_of(name):
            self._send(conn, self._table_message(room, views, name))

    def set_cpu_level(self, token: str | None, room_id: str, level: str) -> None:
        """The host (or the laptop) chooses the room's CPU level between games. Refused
        ``not_host``, ``room_playing``, ``bad_level``."""
        name = self.players.by_token(token).name if token is not None else None
        room = self._room(room_id)
        if level not in LEVELS:
            raise refusal(self.language, "bad_level")
        if room.in_game:
            raise refusal(self.language, "room_playing")
        if name is not None and room.host not in (None, name):
            raise refusal(self.language, "not_host", host=room.host or "")
        self.journal.write({"k": "level", "room": room_id, "level": level})
        room.cpu_level = level
        self._broadcast_lobby()

    def balance(self, name: str) -> int:
        """A name's chips now, as persisted (with a penalty of the game in play)."""
        for room in self.rooms.values():  # a game in play holds its penalties until its end
            if room.bank is not None and room.in_game and name in room.table.names:
                return room.bank.balance(name)
        if self.money is None:
            return 0
        try:
            balances = self.money.saved_balances(self.chips_path)
        except (OSError, ValueError):
            balances = {}
        return balances.get(name, self.money.start)

    # -- CPUs and the timer ---------------------------------------------------------------

    def tick(self) -> int:
        """The turn timer: a person whose turn ran out has a CPU move for them (now with
        `run_cpus`, or by the room's task). How many turns ran out."""
        now = self.clock()
        expired = 0
        for room_id, room in self.rooms.items():
            if room.expire(now):
                expired += 1
                self._wake_room(room_id)
            for name in room.holds_over(now):
                self._free_seat(room, name)
        if now - self._names_swept >= 60.0:
            self._names_swept = now
            self.forget_expired()
        return expired

    def forget_expired(self) -> list[str]:
        """Names that never played, made over `name_hours` ago and unused now are forgotten
        (the name free again, its token and code void). Which were."""
        busy = self._connected() | set(self.where)
        gone = newnames.expired(self.players, self.wall(), self.name_hours, busy)
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
                self._carry_out(room, work, tables.cpu_choice_for(room.table, work.seat)
                         if work.seat is not None else None)  # fmt: skip
                taken += 1
                progressed = True
        return taken

    async def _drive(self, room_id: str) -> None:
        """The room's task: CPU moves (in the pool), timed-out turns, the table's own steps."""
        room = self.rooms[room_id]
        wake = self._wake[room_id]
        while not self._closing:
            await wake.wait()
            wake.clear()
            while not self._closing and (work := room.work()) is not None:
                try:
                    await self._work(room, work)
                except Exception:  # a bug or a full disk: said, and the room tries again
                    if self.disk_full:  # said by _disk_full: the room waits for space
                        await self._space.wait()
                        continue
                    log.exception("room %s: %s at step %d failed", room_id, work.kind, work.step)
                    await asyncio.sleep(1.0)

    async def _work(self, room: Room, work: Work) -> None:
        if work.kind == "advance":
            await asyncio.sleep(self.advance_pause)
            if room.work() == work:
                self._carry_out(room, work, None)
            return
        assert self.pool is not None and work.seat is not None
        loop = asyncio.get_running_loop()
        started = loop.time()
        try:
            text = await self.pool.choose(room.table, work.seat)
        except Exception:  # the pool could not: choose here rather than stall the table
            log.exception("CPU worker failed in room %s", room.spec.id)
            text = tables.cpu_choice_for(room.table, work.seat)
        wait = self.cpu_delay - (loop.time() - started)
        if wait > 0 and work.kind == "cpu":  # the phones can follow the CPUs' moves
            await asyncio.sleep(wait)
        if room.work() == work:  # nobody acted, left or came back meanwhile
            self._carry_out(room, work, text)

    async def _timer(self) -> None:
        tries = 0
        while not self._closing:
            await asyncio.sleep(0.25)
            if self.disk_full:  # paused: no turn runs out; every second, is there space?
                tries += 1
                if tries % 4 == 0:
                    self.try_resume()
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
        wake = self._wake.get(room_id)
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
        room.apply(seat, action, value)
        self._changed(room)

    def _changed(self, room: Room) -> None:
        """After any change at a room's table: the game's end, the timer, every socket."""
        if room.finished():
            self._finish(room)
        room.arm_timer(self.clock(), self.turn_seconds)
        self._broadcast_table(room)
        self._wake_room(room.spec.id)
        if self.on_update is not None:
            self.on_update(room.spec.id)

    def _finish(self, room: Room) -> None:
        """A game ended: results to the room, chips to each person, absent seats freed.

        The results go out before the journal records the end, so a crash in between sends
        them again after the restart; the end keeps them, so a crash after it (the message
        still in a socket's queue) sends them to a phone that comes back (a phone may see them
        twice, never not at all)."""
        balances = {}
        for seat, name in enumerate(room.table.names):
            if room.bank is not None and (room.seats[seat] is not None or seat in room.left):
                balances[name] = self.balance(name)
        room.ended = True
        room.results = messages.results_message(room, balances)
        for conn in self._room_conns(room):
            self._send(conn, room.results)
        for name in balances:
            self._send_chips(name, room)
        # the results too: sent above, they may still be in a socket's queue at a crash; a phone
        # coming back after the restart is sent them again (restore puts them back on the room)
        end: Message = {"k": "end", "room": room.spec.id, "game": room.game_no,
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
        room.rehold(self.clock() + self.hold_seconds)  # the hold counts between games
        self._broadcast_lobby()

    def _free_seat(self, room: Room, name: str, *, tell: bool = True) -> None:
        """`name` had no phone for a whole game, or for the hold: the seat is free."""
        self.journal.write({"k": "stand", "room": room.spec.id, "name": name})
        room.stand(name)
        self.where.pop(name, None)
        for conn in self._conns_of(name):
            self._send(conn, self._room_message(None, name))
        if tell:
            self._roles_changed(room, but=name)
            self._broadcast_table(room)
            self._broadcast_lobby()
            if self.on_update is not None:
                self.on_update(room.spec.id)

    def _roles_changed(self, room: Room, *, but: str | None = None) -> None:
        """A hold began or ended: each person in the room hears whether they host now."""
        people = {*room.seated_names(), *room.spectators} - {but}
        for conn in self.connections:
            if conn.name in people:
                self._send(conn, self._room_message(room, conn.name))

    # -- a full disk ----------------------------------------------------------------------

    def _disk_full(self, exc: OSError) -> Exception:
        """The journal could not be written (its disk is full): nothing is taken that is not on
        disk, so play pauses; every phone is told (in its language, by the page), the terminal
        gets one line per FULL_SAY_EVERY seconds. What the journal write raises: a refusal."""
        if not self.disk_full:
            self.disk_full = True
            self._space.clear()
            for conn in list(self.connections):
                self._send(conn, {"type": "disk", "full": True})
        self._full_tries += 1
        now = time.monotonic()
        if now - self._full_said >= FULL_SAY_EVERY:
            more = f" ({self._full_tries} writes refused)" if self._full_tries > 1 else ""
            print(
                f"games serve: the disk of {self.journal.path.parent} is full "
                f"({exc.strerror or exc}): play is paused until there is space again{more}",
                file=sys.stderr,
                flush=True,
            )
            self._full_said, self._full_tries = now, 0
        return refusal(self.language, "disk_full")

    def try_resume(self) -> bool:
        """While paused: a record written means space is back; play goes on (True)."""
        if not self.disk_full:
            return True
        try:  # room for more than the next record, or play would stop again at once
            if shutil.disk_usage(self.journal.path.parent).free < RESUME_FREE:
                return False
            self.journal.write({"k": "space"})  # no room: the restore passes over it
        except (OSError, Refused, UserError):
            return False
        self.disk_full = False
        self._space.set()
        now = self.clock()
        for room_id, room in self.rooms.items():  # the pause does not count against a turn
            room.deadline_key = None
            room.arm_timer(now, self.turn_seconds)
            self._wake_room(room_id)
        for conn in list(self.connections):
            self._send(conn, {"type": "disk", "full": False})
        print("games serve: there is disk space again: play goes on", file=sys.stderr, flush=True)
        self._full_said = -FULL_SAY_EVERY
        return True

    # -- sending --------------------------------------------------------------------------

    def _send(self, conn: Connection, message: Message) -> None:
        try:
            conn.send(message)
        except Exception:  # one broken socket never stops the others
            log.exception("sending to a connection failed")

    def _broadcast_table(self, room: Room) -> None:
        views = messages.Views(room)
        for conn in self._room_conns(room):
            self._send(conn, self._table_message(room, views, conn.name))

    def _broadcast_lobby(self) -> None:
        if not self.connections:
            return
        message = self.lobby()
        for conn in list(self.connections):
            self._send(conn, message)

    def _send_chips(self, name: str, room: Room, *, topped: int | None = None) -> None:
        """The ``chips`` message; `topped`: the deal topped the balance up to this (the
        message says how much and why)."""
        if room.bank is None:
            return
        balance = self.balance(name)
        message: Message = {"type": "chips", "name": name, "balance": balance}
        if topped is not None:
            largest = registry.entry(room.spec.game).largest_fee(room.spec.stake)
            message["topped_up"] = True
            message["text"] = texts(self.language)(
                "topped_up", n=topped, fee=largest, balance=balance
            )
        for conn in self._conns_of(name):
            self._send(conn, message)

    def _room_changed(self, room: Room, name: str) -> None:
        for conn in self._conns_of(name):
            self._send(conn, self._room_message(room, name))
        self._broadcast_table(room)
        self._broadcast_lobby()

    def _table_message(self, room: Room, views: messages.Views, name: str | None) -> Message:
        if name is not None and self._room_of(name) is not room:
            name = None
        allowed = name is not None and not self._same_phone_plays(room, name)
        return messages.table_message(
            room, views, name, room.seconds_left(self.clock()), peek_allowed=allowed
        )

    def _same_phone_plays(self, room: Room, name: str) -> bool:
        """Whether a person still in `room`'s game (not `name`) used the browser `name` uses
        (both sent device ids), or else connected from an address `name` connected from:
        that may be one phone under two names, so no peeking."""
        if not room.in_game:
            return False
        out = room.out()
        return any(
            self._same_phone(name, other)
            for seat, other in enumerate(room.seats)
            if other is not None and other != name and seat not in out
        )

    def _same_phone(self, name: str, other: str) -> bool:
        mine, theirs = self.devices.get(name), self.devices.get(other)
        if mine and theirs:
            return bool(mine & theirs)
        return bool(self.addresses.get(name, set()) & self.addresses.get(other, set()))

    def _room_message(self, room: Room | None, name: str) -> Message:
        chips = self.balance(name) if room is None or room.bank is not None else None
        return messages.room_message(room, name, self.turn_seconds, chips)

    # -- lookups --------------------------------------------------------------------------

    def _room(self, room_id: object) -> Room:
        room = self.rooms.get(room_id) if isinstance(room_id, str) else None
        if room is None:
            raise refusal(self.language, "unknown_room", room=room_id)
        return room

    def _room_of(self, name: str) -> Room | None:
        room_id = self.where.get(name)
        return self.rooms.get(room_id) if room_id is not None else None

    def _not_seated_elsewhere(self, name: str, room_id: str | None) -> None:
        current = self._room_of(name)
        if current is not None and current.spec.id != room_id and current.seat_of(name) is not None:
            raise refusal(self.language, "elsewhere", room=self._labels()[current.spec.id])

    def _conns_of(self, name: str) -> list[Connection]:
        return [c for c in self.connections if c.name == name]

    def _room_conns(self, room: Room) -> list[Connection]:
        """Every socket that follows `room`: its seated players, spectators, public screens."""
        room_id = room.spec.id
        return [
            c
            for c in self.connections
            if (c.name is not None and self.where.get(c.name) == room_id)
            or (c.name is None and c.follows == room_id)
        ]

    def _connected(self) -> set[str]:
        return {c.name for c in self.connections if c.name is not None}

    def _labels(self) -> dict[str, str]:
        labels = {}
        counts: dict[str, int] = {}
        for spec in self.specs:
            counts[spec.game] = counts.get(spec.game, 0) + 1
            game = registry.entry(spec.game)
            labels[spec.id] = game.room_label(spec.stake, counts[spec.game], self.language)
        return labels


def _b64(data: bytes) -> str:
    import base64

    return base64.b64encode(data).decode("ascii")
