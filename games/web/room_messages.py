"""The hub's messages made from a room: each socket's `table`, the lobby, a person's `room`,
the results, chips (their types and what they mean: games.web.messages).

Pure functions of a room (games.web.rooms) and what the hub passes in (who is connected, the
labels, the time): the hub (games.web.hub) sends what they make.
"""

from __future__ import annotations

from games.common import registry
from games.common.protocol import to_json, to_json_shared
from games.web.messages import (
    Board,
    Chips,
    JSONValue,
    Lobby,
    LobbyRoom,
    Peek,
    Results,
    RoomMessage,
    Rules,
    RuleSet,
    Table,
)
from games.web.rooms import Room


class Views:
    """One room's views at one moment, each turned into JSON once for every socket; the parts
    the seats' views share (the rules, the history: the same objects) turned once for all
    of them (to_json_shared), so a Views lives only while the room does not change."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self._cache: dict[int | None, JSONValue] = {}
        self._shared: dict[int, tuple[object, object]] = {}
        self._parts: dict[str, object] = {}  # a table's own parts of the step (view_shared)
        self._step: Step | None = None

    def step(self) -> Step:
        """What every socket's ``table`` message of this step has in common, made once."""
        if self._step is None:
            self._step = Step(self.room)
        return self._step

    def __call__(self, seat: int | None) -> JSONValue:
        if seat not in self._cache:
            # no view before a room's first game (a table may have nothing to show yet)
            self._cache[seat] = self._made(seat) if self.room.game_no > 0 else None
        return self._cache[seat]

    def _made(self, seat: int | None) -> JSONValue:
        """The seat's view as JSON data. A table with a ``view_shared(seat, parts)`` (Daifugō's)
        makes what every seat's view has in common once, the same objects in each view, so
        to_json_shared turns them into JSON once too."""
        table = self.room.table
        view_shared = getattr(table, "view_shared", None)
        view = view_shared(seat, self._parts) if callable(view_shared) else table.view(seat)
        data: JSONValue = to_json_shared(view, self._shared)
        return data


class Step:
    """The parts of a room's ``table`` messages that are the same for every socket at one step
    (a Views' `step`): who moves and chooses, who is out, the names, the people."""

    def __init__(self, room: Room) -> None:
        self.names = room.names() if room.game_no == 0 else room.played_names
        self.people = sorted(room.table.people)
        self.to_move = room.to_move()
        self.out = room.out()
        self.out_sorted = sorted(self.out)
        self.choosers = room.choosers()
        people = room.table.people
        self.choosing = tuple(seat for seat in self.choosers if seat in people)


def may_peek(room: Room, name: str) -> bool:
    """Whether `name` may look at another seat's hand, by the room's ``peek_mode``
    (games_web.peek): "live" (the seed's 観戦モード) a spectator at any time, a player once out
    of the game; "finished" only a player already out of this game; "off" nobody."""
    if room.peek_mode == "off":
        return False
    seat = room.seat_of(name)
    if seat is None:
        return room.peek_mode == "live" and name in room.spectators
    return not room.in_game or seat in room.out()


def peek_refusal(room: Room, name: str) -> str:
    """The code of the refusal for a `peek` that `may_peek` refuses."""
    if room.peek_mode == "off":
        return "peek_off"
    if room.seat_of(name) is None:
        return "peek_players_only"
    return "still_playing"


def lobby(
    rooms: list[Room],
    connected: set[str],
    labels: dict[str, str],
    now: float,
    boards: list[Board],
) -> Lobby:
    return {
        "type": "lobby",
        "rooms": [room_summary(r, connected, labels, now) for r in rooms],
        "boards": boards,
    }


def rule_set(room: Room, language: str) -> RuleSet | None:
    """The room's rule set as its game names it (None: a game with one set of rules)."""
    game = registry.entry(room.spec.game)
    named = game.rules_label(room.rules, language)
    if named is None:
        return None
    rules = room.rules or (game.rule_sets[0] if game.rule_sets else "")
    return {"id": rules, "name": named[0], "summary": named[1], "choices": list(game.rule_sets)}


def room_summary(
    room: Room, connected: set[str], labels: dict[str, str], now: float = 0.0
) -> LobbyRoom:
    stake = registry.entry(room.spec.game).stake_of(room.spec.stake)
    return {
        "id": room.spec.id,
        "game": room.spec.game,
        "money": registry.entry(room.spec.game).money,
        "label": labels.get(room.spec.id, room.spec.id),
        "stake": stake,
        "seats": [
            {
                "seat": s,
                "name": name,
                "cpu": name is None,
                "connected": name in connected,
                "held": None if room.in_game else room.hold_left(name, now),
            }
            for s, name in enumerate(room.seats)
        ],
        "state": "playing" if room.in_game else "waiting",
        "host": room.host,
        "cpu_level": room.cpu_level,
        "rule_set": rule_set(room, room.language),
        "spectators": len(room.spectators),
        "game_no": room.game_no,
    }


def room_message(
    room: Room | None, name: str, turn_seconds: float, chips: int | None
) -> RoomMessage:
    if room is None:
        return {"type": "room", "room": None, "role": None, "seat": None, "host": False,
                "turn_seconds": turn_seconds, "rules": None, "chips": chips}  # fmt: skip
    seat = room.seat_of(name)
    rules: Rules = {"game": room.spec.game, "lines": [str(x) for x in room.table.rules_lines()]}
    named = rule_set(room, room.language)
    if named is not None:
        rules["name"] = named["name"]
    return {
        "type": "room",
        "room": room.spec.id,
        "role": "seated" if seat is not None else "spectator",
        "seat": seat,
        "host": room.host == name,
        "turn_seconds": turn_seconds,
        "rules": rules,
        "chips": chips,
    }


def table_message(
    room: Room,
    views: Views,
    name: str | None,
    seconds_left: float | None,
    *,
    peek_allowed: bool = True,
) -> Table:
    """The ``table`` message for `name` (None: the laptop's public screen). `peek_allowed`
    False: no ``peek`` whatever `name` asked for (the hub's same-phone check)."""
    seat = room.seat_of(name) if name is not None else None
    step = views.step()
    your_turn = seat is not None and seat in step.choosing
    peeked = room.peeks.get(name) if name is not None else None
    peek: Peek | None = None
    if peek_allowed and peeked is not None and peeked != seat and may_peek(room, name or ""):
        peek = {"seat": peeked, "name": room.played_names[peeked], "view": views(peeked)}
    message: Table = {
        "type": "table",
        "room": room.spec.id,
        "game": room.spec.game,
        "game_no": room.game_no,
        "step": room.step,
        "seat": seat,
        "view": views(seat),
        "names": step.names,
        "people": list(step.people),
        "to_move": step.to_move,
        "your_turn": your_turn,
        "legal": [str(a) for a in room.table.legal_actions(seat)]
        if seat is not None and your_turn
        else [],
        "deadline": seconds_left,
        "last": room.last,
        "out": list(step.out_sorted),
        "peek": peek,
    }
    if len(step.choosers) > 1:
        message["choosing"] = list(step.choosers)
    return message


def results_message(room: Room, balances: dict[str, int]) -> Results:
    results = room.table.results()
    return {
        "type": "results",
        "room": room.spec.id,
        "game": room.spec.game,
        "game_no": room.game_no,
        "names": list(room.played_names),
        "places": None if results is None else list(results.places),
        "returns": None if results is None else list(results.returns),
        "money": None if results is None or results.money is None else list(results.money),
        "balances": None if results is None or results.balances is None else list(results.balances),
        "left": sorted(room.left),
        "penalties": {str(s): paid for s, (_, paid) in room.left.items()},
        "chips": balances,
        "extra": None if results is None else to_json(dict(results.extra)),
    }


def chips_message(name: str, balance: int, topped_text: str | None = None) -> Chips:
    """The ``chips`` message; `topped_text`: the deal topped the balance up (how much, why)."""
    if topped_text is None:
        return {"type": "chips", "name": name, "balance": balance}
    return {"type": "chips", "name": name, "balance": balance, "topped_up": True,
            "text": topped_text}  # fmt: skip
