"""On the wire: every message each seat's phone receives over 200 seeded games holds no card
of another seat still in the game.

Phones sit at random seats of Daifugō tables (3-5 seats) and Schwimmen tables (2-9), CPUs
fill the rest, a spectator taps random players, a phone sometimes leaves mid-game. Each message
is checked the moment the hub sends it, against the hands as they are then: a card code of
another seat still in the game may appear only if everyone may know it (it is in the public
view at that moment, e.g. Schwimmen's cards taken from the table) or the phone's seat gave it
(Daifugō's card passing: the giver knows what it gave). A phone whose seat is out of the game
(it may tap players, as the seed says) and the spectator's ``peek`` are not held to it; the
spectator's own view is (it is the public table).
"""

from __future__ import annotations

import json
import random
import re
import tempfile
from pathlib import Path

import pytest
from tiers import sample

from games.common.protocol import to_json
from games.common.table import Refused
from games.web import room_messages
from games.web.hub import Hub, HubOptions, RoomSpec
from games.web.phones import Phone

# a card's code; "JK=6D" is the joker standing for a 6D, not the 6D itself
CARD_AS_READ = re.compile(
    r"(?<![0-9A-Za-z=])(?:10|[2-9JQKA])[SHDC](?![0-9A-Za-z])|(?<![A-Za-z])JK(?![A-Za-z])"
)
# the same codes (test_the_quick_card_pattern_finds_what_the_plain_one_finds), found about four
# times faster: a card's first character starts the pattern, so the regex engine skips to it
# instead of trying the look-behind at every character of every message
CARD = re.compile(
    r"[1-9JQKA](?:(?<![0-9A-Za-z=]1)(?<=1)0[SHDC](?![0-9A-Za-z])"
    r"|(?<![0-9A-Za-z=][2-9JQKA])(?<=[2-9JQKA])[SHDC](?![0-9A-Za-z])"
    r"|(?<![A-Za-z]J)(?<=J)K(?![A-Za-z]))"
)
# 200 seeded games in the whole run, in PARTS parts of their own seeds that xdist's workers
# share; the fast tier (--fast) plays the first 20 games of the first part
GAMES = sample(200, 20)
PARTS = sample(4, 1)
ROOMS = [
    RoomSpec("d3", "daifugo", 3, stake="beginner", cpu_level="easy"),
    RoomSpec("d4", "daifugo", 4, stake="intermediate", cpu_level="easy"),
    RoomSpec("d5", "daifugo", 5, stake="advanced", cpu_level="easy"),
    RoomSpec("s3", "schwimmen", 3, cpu_level="easy"),
    RoomSpec("s6", "schwimmen", 6, cpu_level="easy"),
]


def cards_in(value: object) -> set[str]:
    return set(CARD.findall(json.dumps(value, ensure_ascii=False)))


class Wire:
    """The check, run inside the hub's send for every message."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.gave: dict[tuple[str, str], set[str]] = {}  # (room, name) -> cards it gave
        self.checked = 0
        self.leaks: list[tuple] = []  # asserting inside send would be caught by the hub
        self._public: dict[tuple[str, int, int], set[str]] = {}
        self._hidden: dict[tuple[str, int, int, int | None], set[str]] = {}
        self._hands: tuple[tuple[str, int, int] | None, list[frozenset[str]]] = (None, [])
        self._views_step: tuple[str, int, int] | None = None
        self._views: dict[int, tuple[object, set[str]]] = {}
        # each room's views of the hub's last broadcast, and the step they were made at
        self.broadcast: dict[str, tuple[tuple[int, int], room_messages.Views]] = {}

    def step_of(self, room_id: str) -> tuple[str, int, int]:
        room = self.hub.rooms[room_id]
        step = (room_id, room.game_no, room.step)
        if self._views_step != step:
            self._views_step, self._views = step, {}
        return step

    def cards_of_view(self, room_id: str, part: object) -> set[str]:
        """The card codes in a view: the hub's shared object of this step, read once (kept
        referenced, so no other object takes its id meanwhile)."""
        self.step_of(room_id)
        if id(part) not in self._views:
            self._views[id(part)] = (part, cards_in(part))
        return self._views[id(part)][1]

    def cards_of(self, room_id: str, message: dict) -> set[str]:
        """The card codes in `message` (its views read once a step: cards_of_view)."""
        found: set[str] = set()
        rest = dict(message)
        for part in (rest.pop("view", None), (rest.pop("peek", None) or {}).get("view")):
            if part is not None:
                found |= self.cards_of_view(room_id, part)
        return found | cards_in(rest) | cards_in((message.get("peek") or {}).get("seat"))

    def public(self, room_id: str) -> set[str]:
        """The cards of the public view now: the one the hub's broadcast of this step made
        for the spectator (made once, shared with its message), else made here."""
        key = self.step_of(room_id)
        if key not in self._public:
            made_at, views = self.broadcast.get(room_id, ((-1, -1), None))
            if views is not None and made_at == key[1:]:
                view = views(None)
            else:
                view = to_json(self.hub.rooms[room_id].table.view(None))
            self._public = {key: self.cards_of_view(room_id, view)}
        return self._public[key]

    def hidden_from(self, room_id: str, seat: int | None) -> set[str]:
        """Cards of the seats other than `seat` still in the game, that `seat` may not know."""
        room = self.hub.rooms[room_id]
        key = (room_id, room.game_no, room.step, seat)
        if key not in self._hidden:
            self._hidden = {k: v for k, v in self._hidden.items() if k[:3] == key[:3]}
            self._hidden[key] = self._hidden_now(room_id, seat)
        return self._hidden[key]

    def _hidden_now(self, room_id: str, seat: int | None) -> set[str]:
        room = self.hub.rooms[room_id]
        game = room.table.game  # type: ignore[attr-defined]
        if not room.in_game or game is None:
            return set()
        out = room.out()
        hands = self.hands(room_id, game)
        hidden: set[str] = set()
        for other, hand in enumerate(hands):
            if other != seat and other not in out:
                hidden |= hand
        if seat is not None:
            hidden -= hands[seat]
        return hidden - self.public(room_id)

    def hands(self, room_id: str, game) -> list[frozenset[str]]:
        """Each seat's hand now as card codes (read once a step, for every seat's check)."""
        key = self.step_of(room_id)
        if self._hands[0] != key:
            self._hands = (key, [frozenset(map(str, hand)) for hand in game.hands])
        return self._hands[1]

    def __call__(self, phone: Phone, message: dict) -> None:
        if message.get("type") not in ("table", "results"):
            return
        room_id = message.get("room")
        room = self.hub.rooms.get(room_id)
        if room is None:
            return
        seat = room.seat_of(phone.name)
        if seat is not None and seat in room.out():
            return  # out of the game: it watches, and may tap players
        sent = dict(message)
        if seat is None:
            sent.pop("peek", None)  # a spectator's tap shows a hand, as the seed says
        hidden = self.hidden_from(room_id, seat) - self.gave.get((room_id, phone.name), set())
        for gift in getattr(room.table, "gifts", ()):  # a pass with no choice, taken by the hub
            if gift.giver == seat:  # (the one strongest card): its giver knows what it gave
                hidden -= {str(c) for c in gift.cards}
        leaked = self.cards_of(room_id, sent) & hidden
        if leaked:
            self.leaks.append((phone.name, seat, sorted(leaked), message))
        self.checked += 1


def play_games(folder: Path, games: int, seed: int) -> Wire:
    hub = Hub(
        folder,
        rooms=ROOMS,
        options=HubOptions(cpu_workers=0, seed=seed, cpu_delay=0, advance_pause=0, turn_seconds=0),
    )
    hub.load()
    wire = Wire(hub)
    made = room_messages.Views

    class Seen(made):  # type: ignore[misc,valid-type]
        """The hub's views of a broadcast, noted for the check's public view (Wire.public)."""

        def __init__(self, room) -> None:
            super().__init__(room)
            wire.broadcast[room.spec.id] = ((room.game_no, room.step), self)

    room_messages.Views = Seen  # type: ignore[misc]
    try:
        play_rounds(hub, wire, games, seed)
    finally:
        room_messages.Views = made  # type: ignore[misc]
    hub.shutdown()
    return wire


def play_rounds(hub: Hub, wire: Wire, games: int, seed: int) -> None:
    rng = random.Random(seed)
    phones: dict[str, list[Phone]] = {}
    for spec in ROOMS:
        phones[spec.id] = [
            Phone(hub, f"{spec.id}-{n}", keep=0, on_message=wire) for n in range(spec.seats + 1)
        ]
    played = 0
    while played < games:
        for spec in ROOMS:
            play_one(hub, wire, spec, phones[spec.id], rng)
            played += 1


def play_one(hub: Hub, wire: Wire, spec: RoomSpec, phones: list[Phone], rng: random.Random):
    for phone in phones:
        hub.leave(phone.token)
    seated = rng.sample(phones, rng.randint(1, spec.seats))
    for phone in seated:
        hub.sit(phone.token, spec.id, rng.choice(
            [s for s, n in enumerate(hub.rooms[spec.id].seats) if n is None]))  # fmt: skip
    watcher = next(p for p in phones if p not in seated)
    hub.watch(watcher.token, spec.id)
    hub.start(None, spec.id)
    room = hub.rooms[spec.id]
    leaver = rng.choice(seated) if rng.random() < 0.2 else None
    for _ in range(5000):
        hub.run_cpus()
        if not room.in_game:
            break
        if rng.random() < 0.1:
            hub.peek(watcher.token, rng.randrange(spec.seats))
        if leaver is not None and rng.random() < 0.05:
            hub.leave(leaver.token)
            leaver = None
            continue
        turn = next(p for p in seated if p.my_turn() and room.seat_of(p.name) is not None)
        action = turn.random_action(rng)
        if action.startswith("give"):
            wire.gave.setdefault((spec.id, turn.name), set()).update(action.split()[1:])
        hub.act(turn.token, action)
    else:
        pytest.fail(f"{spec.id}: the game did not end")
    wire.gave = {k: v for k, v in wire.gave.items() if k[0] != spec.id}


@pytest.mark.timeout(300)
@pytest.mark.parametrize(
    "part",
    [pytest.param(k, marks=[pytest.mark.slow] if k else []) for k in range(PARTS)],
)
def test_no_seat_receives_another_seats_cards_over_hundreds_of_seeded_games(part):
    """One part of the 200 games (each room as many), seeded 26, 27, ...: the parts run on both
    workers at once (the whole run's 200 games in one test took 97 s on one of them)."""
    games = GAMES // PARTS
    shm = Path("/dev/shm")  # the journal's fsyncs cost nothing there; the same code runs
    with tempfile.TemporaryDirectory(dir=shm if shm.is_dir() else None) as folder:
        wire = play_games(Path(folder), games, seed=26 + part)
    assert not wire.leaks, wire.leaks[:3]
    assert wire.checked > games * 20


def test_the_quick_card_pattern_finds_what_the_plain_one_finds():
    """CARD, the pattern the wire is read with, finds exactly CARD_AS_READ's codes: in texts
    made of the characters around card codes (and a card's code at either end of one)."""
    rng = random.Random(7)
    letters = '0123456789JQKASHDCxz=" ,[]{}:-'
    texts = ["10H", "JK", "JK=6D", "x10S", "=7C", "7CK", "AS,JK", "KJK", "1JK", "10"]
    texts += ["".join(rng.choices(letters, k=rng.randint(1, 14))) for _ in range(40_000)]
    found = 0
    for text in texts:
        assert CARD.findall(text) == CARD_AS_READ.findall(text), text
        found += bool(CARD.findall(text))
    assert found > 1000  # most texts hold no card: enough hold some


@pytest.mark.parametrize("mode", ["live", "finished", "off"])
def test_games_web_peek_decides_who_sees_a_hand_on_the_wire(tmp_path, mode):
    """games_web.peek: "live" a spectator and a player out of the game see a tapped hand,
    "finished" only the player out of the game, "off" nobody; the refused get their own code
    and no message to anyone carries a hand under ``peek`` that its mode does not allow."""
    spec = RoomSpec("d", "daifugo", 3, stake="beginner", cpu_level="easy")
    hub = Hub(
        tmp_path,
        rooms=[spec],
        options=HubOptions(
            cpu_workers=0, seed=4, cpu_delay=0, advance_pause=0, turn_seconds=0, peek=mode
        ),
    )
    hub.load()
    a, b, s = Phone(hub, "A", device="pa"), Phone(hub, "B", device="pb"), Phone(hub, "S")
    hub.sit(a.token, "d")
    hub.sit(b.token, "d")
    hub.watch(s.token, "d")
    hub.start(a.token, "d")
    room, rng = hub.rooms["d"], random.Random(2)
    while room.in_game and not any(room.seat_of(p.name) in room.out() for p in (a, b)):
        hub.run_cpus()
        turn = [p for p in (a, b) if p.my_turn()]
        if turn:
            turn[0].play(rng)
    assert room.in_game, "the seed plays a person out before the game's end"
    out, playing = (a, b) if room.seat_of("A") in room.out() else (b, a)
    target = room.seat_of(playing.name)
    allowed = {"live": {"S", out.name}, "finished": {out.name}, "off": set()}[mode]
    codes = {"live": None, "finished": "peek_players_only", "off": "peek_off"}
    for phone in (s, out):
        if phone.name in allowed:
            hub.peek(phone.token, target)
            peeked = phone.table["peek"]
            assert peeked["seat"] == target and peeked["view"]["observation"]["hand"]
        else:
            with pytest.raises(Refused) as info:
                hub.peek(phone.token, target)
            assert info.value.code == (codes[mode] if phone is s else "peek_off")
    with pytest.raises(Refused) as info:  # a player still in the game never peeks
        hub.peek(playing.token, room.seat_of(out.name))
    assert info.value.code in ("still_playing", "peek_off")
    for phone in (a, b, s):
        carried = [m for m in phone.received if m.get("type") == "table" and m.get("peek")]
        assert bool(carried) == (phone.name in allowed), (mode, phone.name)
    hub.shutdown()
