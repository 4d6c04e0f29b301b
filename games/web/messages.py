"""The JSON messages the hub sends and the ops phones send: this module is their reference.

Every message a phone receives is a TypedDict below (`Hello`, `Joined`, `Lobby`, `RoomMessage`,
`Table`, `Results`, `Bye`, `Chips`, `RefusedMessage`, `Disk`, `Left`: their union `Message`),
and so is every op a phone sends (`HelloOp` ... `LevelOp`: `Op`, read and cleaned by
`read_op`); mypy checks where they are made (games.web.hub, games.web.server). A game's own
view inside a ``table`` message is JSON of the game's shape (`JSONValue`, from
games.common.protocol.to_json). This docstring says what they mean.

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
  "rule_set":{"id":"2","name":"ルール2","summary":"革命・禁止あがり・…","choices":["1","2","3","4"]}|null,
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
  "seat":2|null,"host":true,"turn_seconds":30,"rules":{"game":"daifugo","lines":["…"],"name":"ルール2"},
  "chips":9900}`` (``rules.lines``: the 「ルール」 panel's lines in the hub's language;
  ``rules.name``: the rule set they are, for a game that names its sets: the panel's title).
- ``table`` (to every seat, spectator and public screen of a room after every change; each
  receives ITS OWN view only):
  ``{"type":"table","room":"…","game_no":3,"step":41,"seat":2|null,
  "view":{…to_json(table.view(seat)); view(None) for spectators and the screen; null before
  the room's first game…},"names":["さくら","CPU 1",…],"people":[0,2],"to_move":1|null,
  "your_turn":false,"legal":["pass","3S 3H",…] (only when your_turn: the texts act() takes),
  "deadline":27.5|null (seconds left on this seat's own turn timer while it chooses, else on
  the first person's choosing now),
  "choosing":[1,3] (only while several seats choose at the same time, each on its own timer:
  Daifugō's card passing, the 大富豪 and the 富豪; ``to_move`` is then the first of them and
  ``your_turn`` true for each person among them),
  "last":{"seat":1,"action":"3S 3H"|null,"events":["8切り！"],"by":"timer"} (null action: a
  move others may not see; ``events``: what it set off, in the Qt window's banner words, often
  []; ``by``: "person", "cpu", "timer" (a CPU's move for a person whose turn ran out) or
  "forced" (a person's step with no choice, taken at once)),
  "out":[4] (seats out of this game),"peek":{"seat":0,"name":"…","view":{…}}|null}``
- ``results`` (to everyone in the room at a game's end; after a crash the same room and
  game_no may arrive twice, never not at all):
  ``{"type":"results","room":"…","game_no":3,"names":[…],"places":[1,3,2,5,4],
  "returns":[…],"money":[…]|null,"balances":[…]|null,"left":[2],"penalties":{"2":100},
  "chips":{"さくら":10196,…},"extra":{…}}`` (``chips``: each person's balance now, Daifugō;
  ``extra``: the game's own results, e.g. Daifugō's ``fouls`` (反則あがり) and ``fell``
  (都落ち) seats, its money's parts per seat (``titles``: the title each place gives for the
  next game, as ``titles_played`` the titles this game's fees were by, indexes of 大富豪..大貧民;
  ``fees``, ``play_fee`` (the 2 % of the pot the winner pays), ``prize`` (the pot less it),
  ``winner`` (the seat that took it: the next place when the winner had left), ``pot``),
  Schwimmen's ``winners``).
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
  disk): show its text as a refusal's; nothing was taken. The server adds ``"op"``: the op
  refused (null for a message that was not one).
- ``disk`` (to every phone when play pauses for the laptop's full disk, and when it goes on:
  games.web.pause): ``{"type":"disk","full":true|false}``.
- ``joined`` (the server's answer to ``join``: ``{"type":"joined","name":…,"token":…,
  "code":…}``) and ``left`` (to ``leave``: ``{"type":"left","penalty":100}``).

The ops a phone sends (``{"op": …}``; anything else is refused ``bad_message``): ``hello``
(``token``: the stored token), ``join`` (``name``, and ``code`` to bring a name here),
``sit`` (``room``, ``seat`` or none: the first free one), ``watch`` / ``start`` (``room``),
``act`` (``action``: one of ``legal``), ``leave``, ``peek`` (``seat``, null: stop),
``level`` (``room``, ``level``: easy / normal / strong).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal, NotRequired, TypeAlias, TypedDict

from games.common.protocol import to_json
from games.common.table import Refused
from games.web.options import PEEK_MODES as PEEK_MODES  # games_web.peek (settings names it)

# -- JSON -----------------------------------------------------------------------------------

JSONValue: TypeAlias = (
    None | bool | int | float | str | Sequence["JSONValue"] | Mapping[str, "JSONValue"]
)
JSON: TypeAlias = Mapping[str, JSONValue]  # a JSON object: a game's view, a refusal's params

# -- what the hub (and the server) sends a phone ------------------------------------------


class Hello(TypedDict):
    type: Literal["hello"]
    name: str
    token: str
    code: str
    chips: int
    language: str
    room: str | None


class Joined(TypedDict):
    """The server's answer to a ``join`` op (the name's token and code, for its owner)."""

    type: Literal["joined"]
    name: str
    token: str
    code: str


class LobbySeat(TypedDict):
    seat: int
    name: str | None
    cpu: bool
    connected: bool
    held: float | None


class RuleSet(TypedDict):
    """A room's rule set (its game's ``rules_label``): config.toml's name for it ("2"), what
    people call it ("ルール2" / "Rule set 2") and its rules in a line; ``choices``: the sets
    the host may choose between games."""

    id: str
    name: str
    summary: str
    choices: list[str]


class LobbyRoom(TypedDict):
    id: str
    game: str
    money: bool
    label: str
    stake: int | None
    seats: list[LobbySeat]
    state: Literal["waiting", "playing"]
    host: str | None
    cpu_level: str
    rule_set: RuleSet | None  # None: the game does not name its rules
    spectators: int
    game_no: int


class BoardPlace(TypedDict):
    name: str
    score: int


class Board(TypedDict):
    """A game's high-score board (games.web.board)."""

    game: str
    label: str
    top: list[BoardPlace]


class Lobby(TypedDict):
    type: Literal["lobby"]
    rooms: list[LobbyRoom]
    boards: list[Board]


class Rules(TypedDict):
    game: str
    lines: list[str]
    name: NotRequired[str]  # the rule set the lines are ("ルール2"): the panel's title


class RoomMessage(TypedDict):
    type: Literal["room"]
    room: str | None
    role: Literal["seated", "spectator"] | None
    seat: int | None
    host: bool
    turn_seconds: float
    rules: Rules | None
    chips: int | None


class LastAction(TypedDict):
    """The last action at a table: its seat, its public text (None: a secret one), what it
    set off (the banner's words)."""

    seat: int
    action: str | None
    events: list[str]
    # who took it: "person", "cpu", "timer" (a person's turn ran out), "forced" (a person's
    # step with no choice, taken at once: Daifugō's one strongest card passed)
    by: NotRequired[str]


class Peek(TypedDict):
    seat: int
    name: str
    view: JSONValue


class Table(TypedDict):
    type: Literal["table"]
    room: str
    game: str
    game_no: int
    step: int
    seat: int | None
    view: JSONValue  # the game's own view: to_json(table.view(seat)), null before a game
    names: list[str]
    people: list[int]
    to_move: int | None
    your_turn: bool
    legal: list[str]
    deadline: float | None
    choosing: NotRequired[list[int]]  # several seats choose at once (Daifugō's card passing)
    last: LastAction | None
    out: list[int]
    peek: Peek | None


class Results(TypedDict):
    type: Literal["results"]
    room: str
    game: str
    game_no: int
    names: list[str]
    places: list[int | None] | None
    returns: list[float] | None
    money: list[int] | None
    balances: list[int] | None
    left: list[int]
    penalties: dict[str, int]
    chips: dict[str, int]
    extra: NotRequired[JSONValue]


class Bye(TypedDict):
    type: Literal["bye"]


class Chips(TypedDict):
    type: Literal["chips"]
    name: str
    balance: int
    topped_up: NotRequired[bool]
    text: NotRequired[str]


class RefusedMessage(TypedDict):
    type: Literal["refused"]
    code: str
    params: JSON
    text: str
    op: str | None


class Disk(TypedDict):
    type: Literal["disk"]
    full: bool


class Left(TypedDict):
    """The server's answer to a ``leave`` op: the penalty charged."""

    type: Literal["left"]
    penalty: int


Message: TypeAlias = (
    Hello
    | Joined
    | Lobby
    | RoomMessage
    | Table
    | Results
    | Bye
    | Chips
    | RefusedMessage
    | Disk
    | Left
)

# -- what a phone sends (the server's ops, read by `read_op`) -------------------------------

NAME_MAX = 40  # characters of a name looked at (the hub refuses long ones with its own text)
ACTION_MAX = 200
ROOM_MAX = 60


class HelloOp(TypedDict):
    op: Literal["hello"]
    token: str


class JoinOp(TypedDict):
    op: Literal["join"]
    name: str
    code: str | None  # None: a new name; else the name's code, bringing it to this phone


class SitOp(TypedDict):
    op: Literal["sit"]
    room: str
    seat: int | None  # None: the first free seat


class WatchOp(TypedDict):
    op: Literal["watch"]
    room: str


class StartOp(TypedDict):
    op: Literal["start"]
    room: str


class ActOp(TypedDict):
    op: Literal["act"]
    action: str


class LeaveOp(TypedDict):
    op: Literal["leave"]


class PeekOp(TypedDict):
    op: Literal["peek"]
    seat: int | None  # None: stop looking


class LevelOp(TypedDict):
    op: Literal["level"]
    room: str
    level: str


Op: TypeAlias = HelloOp | JoinOp | SitOp | WatchOp | StartOp | ActOp | LeaveOp | PeekOp | LevelOp
OPS = ("hello", "join", "sit", "watch", "start", "act", "leave", "peek", "level")


def read_op(message: JSON) -> Op | None:
    """A phone's message as its op, every field cleaned as the hub takes it (a text cut to its
    length, "" when it is not a text; a seat an int 0-99 or None); None: no such op."""
    op = message.get("op")
    if op == "hello":
        return {"op": "hello", "token": _text(message.get("token"), 100)}
    if op == "join":
        code = message.get("code")
        return {"op": "join", "name": _text(message.get("name"), NAME_MAX),
                "code": _text(code, 40) if code else None}  # fmt: skip
    if op == "sit":
        return {"op": "sit", "room": _text(message.get("room"), ROOM_MAX),
                "seat": _seat(message.get("seat"))}  # fmt: skip
    if op == "watch" or op == "start":
        room = _text(message.get("room"), ROOM_MAX)
        return {"op": "watch", "room": room} if op == "watch" else {"op": "start", "room": room}
    if op == "act":
        return {"op": "act", "action": _text(message.get("action"), ACTION_MAX)}
    if op == "leave":
        return {"op": "leave"}
    if op == "peek":
        return {"op": "peek", "seat": _seat(message.get("seat"))}
    if op == "level":
        return {"op": "level", "room": _text(message.get("room"), ROOM_MAX),
                "level": _text(message.get("level"), 20)}  # fmt: skip
    return None


def _text(value: object, limit: int) -> str:
    return value[:limit] if isinstance(value, str) else ""


def _seat(value: object) -> int | None:
    is_seat = isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 100
    return value if is_seat and isinstance(value, int) else None


def refused_message(error: Refused, op: str | None = None) -> RefusedMessage:
    """The ``refused`` message for a refusal raised by a hub call (its params as JSON data:
    they may hold the engine's values, cards)."""
    return {"type": "refused", "code": error.code, "params": to_json(error.params),
            "text": error.text, "op": op}  # fmt: skip
