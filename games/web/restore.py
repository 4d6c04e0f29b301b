"""Opening the hub: every room, hand and balance back from the journal, then a compacted journal.

Records (one JSON object a line, ``k`` says which): ``server`` (the rooms and their chip owner
ids), ``player`` (a name, its token and code; again when it moves or plays), ``forget`` (an
expired name), ``sit`` / ``stand`` / ``watch`` / ``level`` / ``rules`` (the host's rule set
for the next games), ``start`` (a game dealt: the
table pickled after the deal, without its chip bank, and the bank's id of the game), ``act``
and ``advance`` (written before they are taken), ``leave`` (a person left mid-game, written
before), ``end``, ``void`` (a game whose chips another program gave back while the server was
down: dropped), ``room`` (where everybody is, at the end of a compacted journal).

A room's last game is replayed from its snapshot on the room's real bank when the game is still
open on the chips file (its end was not saved: the replay saves it exactly once) and on a
scratch bank otherwise (its chips are settled). See games.web.bank for why nothing is lost or
doubled.
"""

from __future__ import annotations

import base64
import logging
import sys
from collections.abc import Iterator
from typing import Protocol, cast

from games.common import registry
from games.common.money import Bank
from games.common.table import Refused
from games.web import bank as room_bank_files
from games.web import tables
from games.web.bank import Chips
from games.web.board import Boards
from games.web.journal import Journal, Record
from games.web.messages import Results
from games.web.options import HubOptions
from games.web.rooms import Room, Rooms
from games.web.seats import Player, Players, new_code
from games.web.tables import RoomSpec

log = logging.getLogger(__name__)
VERSION = 1


class RestoringHub(Protocol):
    """What a restore fills in (the hub: games.web.hub.Hub; this module never imports it):
    its rooms part (the rooms, `specs`, `where`), players, journal, chips and boards."""

    rooms: Rooms
    journal: Journal
    language: str
    options: HubOptions
    chips: Chips
    boards: Boards

    @property
    def players(self) -> Players: ...


def player_record(player: Player) -> Record:
    """A name's ``player`` record: token, code, when it was made, whether it played."""
    return {"k": "player", "name": player.name, "token": player.token, "code": player.code,
            "since": player.since, "played": player.played}  # fmt: skip


def player_of(record: Record) -> Player:
    """A ``player`` record's name (one from before codes gets a code now; one from before
    names expired counts as played: it never expires)."""
    code = record.get("code") or new_code()
    since, played = float(record.get("since", 0.0)), bool(record.get("played", True))
    return Player(record["name"], record["token"], code, since, played)


def state_records(rooms: dict[str, Room]) -> list[Record]:
    """Where everybody is now, as the records a compacted journal ends with."""
    return [
        {
            "k": "room",
            "room": room_id,
            "seats": list(room.seats),
            "sat_order": list(room.sat_order),
            "spectators": sorted(room.spectators),
            "level": room.cpu_level,
            "rules": room.rules,
            "game_no": room.game_no,
        }
        for room_id, room in rooms.items()
    ]


def restore(hub: RestoringHub, records: list[Record]) -> int:
    """Build `hub`'s rooms from `records` (empty: a fresh evening) and compact the journal.
    How many games in progress came back."""
    owners, same = _owners_and_same_rooms(hub, records)
    last = _last_games(records, same, {spec.id: tables.code_version(spec.game)
                                        for spec in hub.rooms.specs})  # fmt: skip
    _rebuild_chips(hub, records)
    live = _hold_live_games(hub, {spec.id: spec for spec in hub.rooms.specs}, owners, last)
    _open_rooms(hub, owners, last, live)
    replay = _Replay(hub, last, live)
    for record in records:
        replay.record(record, same)
    replay.finish()
    if hub.journal.damaged:
        print(f"games serve: {damage_line(hub, replay)}", file=sys.stderr, flush=True)
    hub.journal.compact(_compacted(hub, owners, records, last, replay.pending))
    return replay.restored


def _owners_and_same_rooms(
    hub: RestoringHub, records: list[Record]
) -> tuple[dict[str, str], set[str]]:
    """Each room's chip owner id (the journal's, or a new one for a room that is new or whose
    configuration changed since the journal: it starts afresh) and the rooms configured as the
    journal's ``server`` record says."""
    server = next((r for r in records if r.get("k") == "server"), None)
    owners = dict(server.get("owners", {})) if server else {}
    known_specs = {s["id"]: s for s in server.get("rooms", [])} if server else {}
    same = {spec.id for spec in hub.rooms.specs if known_specs.get(spec.id) == spec.as_record()}
    for spec in hub.rooms.specs:
        if spec.id not in same or spec.id not in owners:
            owners[spec.id] = room_bank_files.new_owner()
    return owners, same


def _open_rooms(
    hub: RestoringHub,
    owners: dict[str, str],
    last: dict[str, tuple[int, str | None]],
    live: dict[str, int],
) -> None:
    """Every configured room, fresh, on its bank; the banks' notices printed once; fees of
    games no room will replay given back."""
    for index, spec in enumerate(hub.rooms.specs):
        hub.rooms[spec.id] = _fresh_room(hub, spec, index, owners[spec.id], live.get(spec.id))
    for notice in dict.fromkeys(r.bank.notice for r in hub.rooms.values() if r.bank is not None):
        if notice:  # the chips file came back from its good copy, or fees went back: one line
            print(f"games serve: {notice}", file=sys.stderr, flush=True)
    for rid, room in hub.rooms.items():
        if room.bank is not None:
            known = {last[rid][1]} if rid in live else set()
            room_bank_files.give_back_unknown(room.bank, owners[rid], {g for g in known if g})


def damage_line(hub: RestoringHub, replay: _Replay) -> str:
    """The one line a journal with damaged lines gets: where, what came back, the kept copy."""
    journal = hub.journal
    numbers = journal.damaged
    where = f"line {numbers[0]}" if len(numbers) == 1 else "lines " + ", ".join(map(str, numbers))
    kept = journal.kept_as.name if journal.kept_as else "?"
    head = f"the games journal {journal.path}: {where} of {journal.total_lines} damaged and skipped"
    if not replay.cut:
        return f"{head}; every other record was restored (the journal as it was: {kept})"
    rooms = ", ".join(
        f"{rid} from line {journal.lines[index]} (back at step {hub.rooms[rid].step})"
        for rid, index in sorted(replay.cut.items())
    )
    return (
        f"{head}; every other record was restored except the game of room {rooms}, which does "
        f"not follow on without it: those lines are kept in {kept}"
    )


def _rebuild_chips(hub: RestoringHub, records: list[Record]) -> None:
    """The chips file and its good copy both damaged: rebuilt from the chips the latest game's
    ``end`` record keeps (its games in progress are replayed on a scratch bank, so their fees
    are not charged twice). Nothing to rebuild from: the bank refuses to open, with its line."""
    money = hub.chips.money
    if (
        money is None
        or not any(registry.entry(spec.game).money for spec in hub.rooms.specs)
        or not money.needs_rebuild(hub.chips.path)
    ):
        return
    ends = [r for r in records if r.get("k") == "end" and isinstance(r.get("chips"), dict)]
    if not ends:
        return
    latest = max(ends, key=lambda r: float(r.get("at", 0)))
    try:
        line = money.rebuild(hub.chips.path, dict(latest["chips"]))
    except ValueError as exc:  # the record's chips are not chips: the bank says what to do
        log.warning("the chips in the games journal cannot be used: %s", exc)
        return
    print(f"games serve: {line}", file=sys.stderr, flush=True)


def _last_games(
    records: list[Record], rooms: set[str], code: dict[str, str]
) -> dict[str, tuple[int, str | None]]:
    """room -> (index of its last ``start`` record, the bank's id of that game), for the rooms
    whose last game was dealt by the code running now (another's pickle is not restored: that
    game is dropped, its fees given back by the bank)."""
    last: dict[str, tuple[int, str | None]] = {}
    for i, record in enumerate(records):
        if record.get("k") == "start" and record.get("room") in rooms:
            last[record["room"]] = (i, record.get("open"))
    return {rid: found for rid, found in last.items() if records[found[0]].get("code") == code[rid]}


def _hold_live_games(
    hub: RestoringHub,
    specs: dict[str, RoomSpec],
    owners: dict[str, str],
    last: dict[str, tuple[int, str | None]],
) -> dict[str, int]:
    """Hold the owner lock of every room whose last game is still open on the chips file,
    before any bank reads it (so no bank gives its fees back). room -> the lock's fd."""
    money = hub.chips.money
    if money is None:
        return {}
    on_file = money.open_on_file(hub.chips.path)
    live: dict[str, int] = {}
    for rid, (_, game) in last.items():
        if (
            not registry.entry(specs[rid].game).money
            or not game
            or on_file.get(game) != owners[rid]
        ):
            continue
        fd = money.hold_owner(hub.chips.path, owners[rid])
        if fd is not None:
            live[rid] = fd
    return live


def _fresh_room(
    hub: RestoringHub, spec: RoomSpec, index: int, owner: str, held: int | None
) -> Room:
    room_bank = None
    if registry.entry(spec.game).money and hub.chips.money is not None:
        room_bank = hub.chips.money.bank(hub.chips.path, owner, held)
    seed = None if hub.options.seed is None else hub.options.seed * 1000 + index
    room = Room(spec, None, hub.language, owner=owner, bank=room_bank)  # type: ignore[arg-type]
    room.cpu_level = spec.cpu_level
    room.rules = spec.rules
    room.table = tables.new_table(spec, names=room.names(), seed=seed, language=hub.language,
                                  cpu_level=spec.cpu_level, bank=room_bank)  # fmt: skip
    return room


class _Replay:
    """The records in order, applied to the rooms (the last game of each on its bank)."""

    def __init__(
        self, hub: RestoringHub, last: dict[str, tuple[int, str | None]], live: dict[str, int]
    ):
        self.hub = hub
        self.last = last
        self.live = live
        self.index = -1
        self.replaying: dict[str, bool] = {}  # room -> its records are its last game's
        self.scratch: dict[str, room_bank_files.ScratchBank] = {}
        self.ended: set[str] = set()
        self.pending: list[Record] = []  # records the restore itself adds (a void game)
        self.broken: set[str] = set()  # rooms whose last game failed to replay
        self.cut: dict[str, int] = {}  # room -> its first record that did not follow on
        self.restored = 0

    def record(self, record: Record, rooms: set[str]) -> None:
        self.index += 1
        kind = record.get("k")
        if isinstance(record.get("board"), dict):  # an end's (or a compacted journal's) boards
            self.hub.boards.load(record["board"])
        if kind == "player":
            self.hub.players.add(player_of(record))
            return
        if kind == "forget":
            self.hub.players.forget(record["name"])
            return
        room = self.hub.rooms.get(record.get("room", "")) if record.get("room") in rooms else None
        if room is None:
            return
        handler = getattr(self, f"_{kind}", None)
        if handler is None or room.spec.id in self.broken:
            return
        try:
            handler(room, record)
        except (Refused, KeyError, ValueError, TypeError, IndexError) as exc:
            log.warning("journal record %d (%s) not replayed: %s", self.index, kind, exc)
        except Exception:  # a snapshot that does not load or replay: the game is dropped
            log.exception("room %s: its game in the journal cannot be restored", room.spec.id)
            self.broken.add(room.spec.id)

    def _sit(self, room: Room, record: Record) -> None:
        name = record["name"]
        self._away(name, room)
        room.seats = [None if n == name else n for n in room.seats]
        room.seats[record["seat"]] = name
        room.spectators.discard(name)
        if name not in room.sat_order:
            room.sat_order.append(name)
        self.hub.rooms.where[name] = room.spec.id

    def _watch(self, room: Room, record: Record) -> None:
        name = record["name"]
        self._away(name, room)
        room.spectators.add(name)
        self.hub.rooms.where[name] = room.spec.id

    def _stand(self, room: Room, record: Record) -> None:
        room.stand(record["name"])
        if self.hub.rooms.where.get(record["name"]) == room.spec.id:
            self.hub.rooms.where.pop(record["name"])

    def _away(self, name: str, room: Room) -> None:
        """`name` is no longer in the room it was in (a sit or watch elsewhere)."""
        before = self.hub.rooms.where.get(name)
        if before is not None and before != room.spec.id:
            self.hub.rooms[before].stand(name)

    def _level(self, room: Room, record: Record) -> None:
        room.cpu_level = record["level"]

    def _rules(self, room: Room, record: Record) -> None:
        self._set_rules(room, record["rules"])

    def _set_rules(self, room: Room, rules: str | None) -> None:
        """The host's rule set: the table's from its next game (a game restored mid-way was
        dealt with it already: the choice is made between games only)."""
        if room.in_game:
            room.rules = rules
        else:
            room.set_rules(rules)

    def _room(self, room: Room, record: Record) -> None:
        room.seats = list(record["seats"])
        room.sat_order = list(record["sat_order"])
        room.spectators = set(record["spectators"])
        room.cpu_level = record["level"]
        if "rules" in record:  # absent in older journals: the configured rules
            self._set_rules(room, record["rules"])
        room.game_no = record["game_no"]
        for name in room.seated_names() + sorted(room.spectators):
            self.hub.rooms.where[name] = room.spec.id

    def _start(self, room: Room, record: Record) -> None:
        rid = room.spec.id
        is_last = self.last.get(rid, (-1, None))[0] == self.index
        self.replaying[rid] = is_last
        room.seats = list(record.get("seats", room.seats))
        room.played_names = room.names()
        if not is_last:
            room.game_no = record["game"]
            return
        data = base64.b64decode(record["table"])
        bank: Bank | None = room.bank if rid in self.live else None
        if room.bank is not None and bank is None and self.hub.chips.money is not None:
            self.scratch[rid] = room_bank_files.ScratchBank(self.hub.chips.money)
            bank = self.scratch[rid].bank
        room.table = tables.from_bytes(data, bank)
        room.game_no = record["game"]
        room.step = 0
        room.left = {}
        room.results = None
        room.last = None
        room.seen = set()

    def _in_game(self, room: Room, record: Record) -> bool:
        """`record` is of the room's last game, replayed, and follows on from the one before.
        After a damaged line (the journal names it) a record whose step is not the table's
        means a lost record: that game stops there (its later lines stay in the kept copy)."""
        rid = room.spec.id
        if not self.replaying.get(rid) or record["game"] != room.game_no or rid in self.cut:
            return False
        step = record.get("step")
        if self.hub.journal.damaged and step is not None and step != room.step:
            self.cut[rid] = self.index
            return False
        return True

    def _act(self, room: Room, record: Record) -> None:
        if self._in_game(room, record):
            room.apply(record["seat"], record["action"], by=str(record.get("by", "person")))

    def _advance(self, room: Room, record: Record) -> None:
        if self._in_game(room, record):
            room.advance()

    def _leave(self, room: Room, record: Record) -> None:
        if self._in_game(room, record):
            room.leave_game(record["seat"])
        self._stand(room, record)

    def _end(self, room: Room, record: Record) -> None:
        if self._in_game(room, record):
            self.ended.add(room.spec.id)
            results = record.get("results")  # absent in older journals
            if isinstance(results, dict) and results.get("game_no") == room.game_no:
                # a phone coming back is sent them (they may not have left): the hub's own
                # results message, as its journal kept it
                room.results = cast("Results", results)

    def _void(self, room: Room, record: Record) -> None:
        if self._in_game(room, record):
            self.ended.add(room.spec.id)

    def finish(self) -> None:
        """Each room's table on its real bank; a game that ended in the replay (its ``end``
        not yet recorded) gets its end now; a game whose chips were given back is dropped."""
        for rid in self.broken:
            self._drop(rid)
        for rid, room in self.hub.rooms.items():
            if rid in self.scratch:
                if room.in_game:  # settled elsewhere while the server was down
                    tables.interrupt(room.table)
                    if not room.in_game:
                        self.pending.append({"k": "void", "room": rid, "game": room.game_no})
                        self.ended.add(rid)
                tables.set_bank(room.table, room.bank)
                self.scratch.pop(rid).close()
            if room.in_game:
                self.restored += 1
            room.ended = rid in self.ended or not self.replaying.get(rid)
        self.hub.rooms.where = {
            name: rid
            for rid, room in self.hub.rooms.items()
            for name in [*room.seated_names(), *sorted(room.spectators)]
        }

    def _drop(self, rid: str) -> None:
        """A room whose game cannot be restored: a fresh table, its game's fees given back."""
        room = self.hub.rooms[rid]
        game = self.last.get(rid, (0, None))[1]
        if rid in self.live and room.bank is not None and game:
            room.bank.close_game(game, refund=True)
            room.bank.save()
        scratch = self.scratch.pop(rid, None)
        if scratch is not None:
            scratch.close()
        index = [spec.id for spec in self.hub.rooms.specs].index(rid)
        fresh = _fresh_room(self.hub, room.spec, index, room.owner, None)
        room.table = fresh.table
        tables.set_bank(room.table, room.bank)
        if room.rules != room.spec.rules:  # the host's choice stays
            room.set_rules(room.rules)
        if fresh.bank is not None:
            fresh.bank.close()
        room.left, room.last, room.results = {}, None, None
        self.replaying[rid] = False
        self.pending.append({"k": "void", "room": rid, "game": room.game_no})


def _compacted(
    hub: RestoringHub,
    owners: dict[str, str],
    records: list[Record],
    last: dict[str, tuple[int, str | None]],
    pending: list[Record],
) -> Iterator[Record]:
    """The records a restore needs: the server, the players, each room's last game and where
    everybody is now."""
    yield {
        "k": "server",
        "version": VERSION,
        "owners": owners,
        "rooms": [spec.as_record() for spec in hub.rooms.specs],
    }
    for player in hub.players:  # each name's token and code now (a moved name's last)
        yield player_record(player)
    yield {"k": "board", "board": hub.boards.state()}  # the evening's best scores
    for rid, (start, _) in last.items():
        yield from (r for r in records[start:] if r.get("room") == rid and r.get("k") in GAME_KINDS)
    yield from pending
    yield from state_records(hub.rooms)


GAME_KINDS = ("start", "act", "advance", "leave", "end", "void")
