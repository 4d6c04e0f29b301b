"""The JSON messages the hub sends: this docstring is their reference (server and phones).

Each connection gets its own ``table`` message: a seat's view for a seated player, the public
view for a spectator and the laptop's screen; another seat's view only under ``peek``, only
for a spectator or a player who is out of the game (`may_peek`; games_web.peek: "live" as
said, "finished" only a player out of this game, "off" nobody), and never to a connection
from the address of a person still in that game (the hub's same-phone check).

``send(message)`` is called by the hub synchronously in the loop and must not block (a
socket's bounded queue; a writer task dumps the JSON). Every message is an object, ``type``
first:

- ``hello`` (on connect with a player's token):
  ``{"type":"hello","name":"さくら","token":"…","code":"K7M3QP","chips":10000,"language":"ja",
  "room":null|"daifugo-beginner"}`` (``code``: the name's code, for its owner only; the
  server's ``joined`` answer to a ``join`` op carries name, token and code too).

Names come back to their owner, to nobody else (games.web.seats): the phone keeps the token;
the person keeps the name's code, which the phone shows after joining (6 characters, no 0 O 1
I). On another phone or browser (private tab, new phone after a dead battery) the person
joins with the name and the code (``{"op":"join","name":"さくら","code":"K7M3QP"}``): the name,
its seat and its chips move there, and the old phone gets ``bye``. Typing a name in use
without its code is refused ``name_taken``; ten wrong codes from one address lock that address
out of the name, a thousand from all lock the name (``code_tries``): a stranger cannot lock it.
A person who lost the code asks the host: the laptop window's 「名前を戻す」 gives the name a
new code, shown on the window for the person to type (every old token and code void). Names
are compared as people read them (games.web.names: NFKC, case folded; look-alikes refused).
- ``lobby`` (on connect, after any seat/state change in any room):
  ``{"type":"lobby","rooms":[{"id":"daifugo-beginner","game":"daifugo","label":"初級ルーム",
  "stake":100,"seats":[{"seat":0,"name":"さくら"|null,"cpu":false,"connected":true,
  "held":84.5|null}, …],"state":"waiting"|"playing","host":"さくら"|null,"cpu_level":"normal",
  "spectators":2,"game_no":3}],"boards":[{"game":"cool24","label":"COOL 24+24","top":[{"name":
  "さくら","score":412}, …]}]}`` (``name`` null and ``cpu`` true: a CPU will play or plays the
  seat; ``boards``: the evening's best scores of each game with a ``high_score`` hook, added
  by the hub, games.web.board). ``held``: between games, the seconds this seat stays its person's while no phone of
  theirs is connected (counted from the message; then the seat is free); null: not held.

Seats held (games_web.hold_seconds, 120 by default): a seated person whose last phone
disconnects keeps the seat that long between games; during a game a CPU plays for them (the
turn timer) and the hold starts again at the game's end; after a restart of `games serve` every
seated person gets the full hold again. The ``host`` (who may start and choose the CPU level)
is the person who sat first among those with a phone connected, so the role passes on when
the host's phone goes; the laptop can always start.
- ``room`` (to a player when they sit, watch, leave or their role changes):
  ``{"type":"room","room":"daifugo-beginner"|null,"role":"seated"|"spectator"|null,
  "seat":2|null,"host":true,"turn_seconds":30,"rules":{"game":"daifugo","lines":["…"]},
  "chips":9900}`` (``rules.lines``: the 「ルール」 panel's lines in the hub's language).
- ``table`` (to every seat, spectator and public screen of a room after every change; each
  receives ITS OWN view only):
  ``{"type":"table","room":"…","game_no":3,"step":41,"seat":2|null,
  "view":{…to_json(table.view(seat)); view(None) for spectators and the screen; null before
  the room's first game…},"names":["さくら","CPU 1",…],"people":[0,2],"to_move":1|null,
  "your_turn":false,"legal":["pass","3S 3H",…] (only when your_turn: the texts act() takes),
  "deadline":27.5|null (seconds left on the turn timer of the seat to move),
  "last":{"seat":1,"action":"3S 3H"|null,"events":["8切り！"]} (null action: a move others
  may not see; ``events``: what it set off, in the Qt window's banner words, often []),
  "out":[4] (seats out of this game),"peek":{"seat":0,"name":"…","view":{…}}|null}``
- ``results`` (to everyone in the room at a game's end; after a crash the same room and
  game_no may arrive twice, never not at all):
  ``{"type":"results","room":"…","game_no":3,"names":[…],"places":[1,3,2,5,4],
  "returns":[…],"money":[…]|null,"balances":[…]|null,"left":[2],"penalties":{"2":100},
  "chips":{"さくら":10196,…}}`` (``chips``: each person's balance now, Daifugō).
- ``bye`` (to a phone whose name was moved to another phone or given back by the host: it
  hears nothing more; ``{"type":"bye"}``).
- ``chips`` (to a player whenever their balance changes):
  ``{"type":"chips","name":"…","balance":9800}``; when the deal topped the balance up (it
  could not pay the room's largest fee, the 大富豪's: games.daifugo.chips) it adds
  ``"topped_up":true,"text":"…"`` (the phone shows the text: how much and why).
- ``refused`` (only as the answer to the socket whose call was refused,
  `games.web.hub.refused_message`): ``{"type":"refused","code":"…","params":{…},"text":"…"}``;
  ``text`` is in the hub's language, the Qt window's text for a game's refusal. The hub's own
  codes (games.web.texts): name_length, name_control, name_cpu, name_mixed, name_lookalike,
  name_taken, bad_code, code_tries, unknown_name, unknown_token, unknown_room, room_playing,
  seat_taken, room_full, elsewhere, not_host, nobody_seated, not_seated, still_playing,
  same_phone, bad_level, no_such_seat; the tables add theirs (not_your_turn, the rules').
  A call may also raise eventkit.errors.UserError when the journal cannot be written (a full
  disk): show its text as a refusal's; nothing was taken.
"""

from __future__ import annotations

from typing import Any

from games.common import registry
from games.common.protocol import to_json
from games.web.options import PEEK_MODES as PEEK_MODES  # games_web.peek (settings names it)
from games.web.rooms import Room

Message = dict[str, Any]


class Views:
    """One room's views at one moment, each turned into JSON once for every socket."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self._cache: dict[int | None, Any] = {}

    def __call__(self, seat: int | None) -> Any:
        if seat not in self._cache:
            # no view before a room's first game (a table may have nothing to show yet)
            table = self.room.table
            shown = self.room.game_no > 0
            self._cache[seat] = to_json(table.view(seat)) if shown else None
        return self._cache[seat]


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
    rooms: list[Room], connected: set[str], labels: dict[str, str], now: float = 0.0
) -> Message:
    return {"type": "lobby", "rooms": [room_summary(r, connected, labels, now) for r in rooms]}


def room_summary(
    room: Room, connected: set[str], labels: dict[str, str], now: float = 0.0
) -> Message:
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
        "spectators": len(room.spectators),
        "game_no": room.game_no,
    }


def room_message(room: Room | None, name: str, turn_seconds: float, chips: int | None) -> Message:
    if room is None:
        return {"type": "room", "room": None, "role": None, "seat": None, "host": False,
                "turn_seconds": turn_seconds, "rules": None, "chips": chips}  # fmt: skip
    seat = room.seat_of(name)
    return {
        "type": "room",
        "room": room.spec.id,
        "role": "seated" if seat is not None else "spectator",
        "seat": seat,
        "host": room.host == name,
        "turn_seconds": turn_seconds,
        "rules": {
            "game": room.spec.game,
            "lines": [str(line) for line in room.table.rules_lines()],
        },
        "chips": chips,
    }


def table_message(
    room: Room,
    views: Views,
    name: str | None,
    seconds_left: float | None,
    *,
    peek_allowed: bool = True,
) -> Message:
    """The ``table`` message for `name` (None: the laptop's public screen). `peek_allowed`
    False: no ``peek`` whatever `name` asked for (the hub's same-phone check)."""
    seat = room.seat_of(name) if name is not None else None
    to_move = room.to_move()
    your_turn = seat is not None and seat == room.person_to_move()
    message: Message = {
        "type": "table",
        "room": room.spec.id,
        "game": room.spec.game,
        "game_no": room.game_no,
        "step": room.step,
        "seat": seat,
        "view": views(seat),
        "names": room.names() if room.game_no == 0 else room.played_names,
        "people": sorted(room.table.people),
        "to_move": to_move,
        "your_turn": your_turn,
        "legal": [str(a) for a in room.table.legal_actions(seat)]
        if seat is not None and your_turn
        else [],
        "deadline": seconds_left,
        "last": room.last,
        "out": sorted(room.out()),
        "peek": None,
    }
    peeked = room.peeks.get(name) if name is not None else None
    if peek_allowed and peeked is not None and peeked != seat and may_peek(room, name or ""):
        message["peek"] = {"seat": peeked, "name": room.played_names[peeked], "view": views(peeked)}
    return message


def results_message(room: Room, balances: dict[str, int]) -> Message:
    results = room.table.results()
    names = list(room.played_names)
    message: Message = {
        "type": "results",
        "room": room.spec.id,
        "game": room.spec.game,
        "game_no": room.game_no,
        "names": names,
        "places": None,
        "returns": None,
        "money": None,
        "balances": None,
        "left": sorted(room.left),
        "penalties": {str(s): paid for s, (_, paid) in room.left.items()},
        "chips": balances,
    }
    if results is not None:
        message.update(
            places=list(results.places),
            returns=list(results.returns),
            money=None if results.money is None else list(results.money),
            balances=None if results.balances is None else list(results.balances),
        )
    return message
