"""Seeded games of every game through the phone hub, recording every message each phone receives
(issue 42's proof that behaviour for players does not change while the games are reorganised).

`record(game)` plays a fixed script: a hub seeded 42, a room of the game, two people (one for
COOL 24+24) sitting, a spectator watching, CPUs in the other seats; each person's action is
drawn from the last ``table`` message by a seeded `random.Random`; the spectator taps a seat now
and then; two games (COOL 24+24: four) are played to their results. The messages are written as canonical JSON, one
a line, each phone's in the order it got them, with the secrets (tokens, name codes, owner ids) replaced by placeholders in the order
they first appear. tests/test_games_wire_recording.py compares them with the stored
tests/data/games_wire_<game>.jsonl.gz; `python tests/games_wire_recording.py` writes those files
(only when a change on the wire is intended).

The hub's CPUs choose as `games serve`'s CPU workers do, on a copy (the table's `cpu_choice_at`;
the recording was made that way, tests/test_games_cpu_choice.py checks the two agree).

COOL 24+24's hint stops its playouts on a time budget; the recording lifts the budget (the hint
plays its most playouts), so the hint's slot depends on the seed alone.
"""

from __future__ import annotations

import gzip
import json
import random
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
GAMES = ("daifugo", "schwimmen", "cool24")
SEED = 42
ROUNDS = {"daifugo": 2, "schwimmen": 2, "cool24": 4}  # games played to the results


class _Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def path_of(game: str) -> Path:
    return DATA / f"games_wire_{game}.jsonl.gz"


def stored(game: str) -> list[str]:
    """The recording kept in tests/data (gzip: the text compresses about twentyfold)."""
    return gzip.decompress(path_of(game).read_bytes()).decode("utf-8").splitlines()


def store(game: str, lines: list[str]) -> None:
    text = "".join(line + "\n" for line in lines).encode("utf-8")
    path_of(game).write_bytes(gzip.compress(text, mtime=0))


def _room(game: str) -> Any:
    from games.web.hub import RoomSpec

    seats = {"daifugo": 4, "schwimmen": 4, "cool24": 1}[game]
    stake = "beginner" if game == "daifugo" else None
    return RoomSpec("r", game, seats, stake=stake, cpu_level="normal")


def record(game: str) -> list[str]:
    """The messages (canonical JSON lines) the phones receive in the scripted games of `game`."""
    import games.cool24.sim as sim
    from games.common.table import Refused
    from games.web.hub import Hub, HubOptions
    from games.web.phones import Phone

    spec = _room(game)
    lines: list[str] = []
    budget = sim.HINT_SECONDS
    sim.HINT_SECONDS = float("inf")  # the hint's answer from the seed alone (see the docstring)
    try:
        with tempfile.TemporaryDirectory(prefix="games-wire-") as folder:
            hub = Hub(
                Path(folder),
                rooms=[spec],
                clock=_Clock(1000.0),
                wall=_Clock(1_800_000_000.0),
                options=HubOptions(
                    cpu_workers=0, seed=SEED, cpu_delay=0, advance_pause=0, turn_seconds=0
                ),
            )
            hub.load()
            try:
                lines = _play(hub, spec, Phone, Refused)
            finally:
                hub.shutdown()
    finally:
        sim.HINT_SECONDS = budget
    return lines


def _play(hub: Any, spec: Any, phone_class: Any, refused: Any) -> list[str]:
    log: list[tuple[str, dict[str, Any]]] = []

    def keep(phone: Any, message: dict[str, Any]) -> None:
        log.append((phone.name, json.loads(json.dumps(message, ensure_ascii=False))))

    rng = random.Random(SEED)
    joined = [phone_class(hub, name, on_message=keep, keep=1) for name in ("あおい", "Ben")]
    people = joined[: min(2, spec.seats)]
    watcher = phone_class(hub, "みる", on_message=keep, keep=1)
    for n, phone in enumerate(people):
        hub.sit(phone.token, spec.id, n * 2 % spec.seats)
    hub.watch(watcher.token, spec.id)
    room = hub.rooms[spec.id]
    for _ in range(ROUNDS.get(spec.game, 2)):
        hub.start(people[0].token, spec.id)
        for _ in range(20_000):
            hub.run_cpus()
            if not room.in_game:
                break
            if rng.random() < 0.05:
                try:
                    hub.peek(watcher.token, rng.randrange(spec.seats))
                except refused:
                    pass
            turn = [p for p in people if p.my_turn()]
            if turn:
                turn[0].play(rng)
        else:
            raise AssertionError(f"{spec.game}: the game did not end")
    secrets = _secrets(hub)
    # each phone's messages in the order it got them (the hub's order among phones is a set's)
    order = [p.name for p in (*joined, watcher)]
    log.sort(key=lambda sent: order.index(sent[0]))
    return [_line(name, message, secrets) for name, message in log]


def _secrets(hub: Any) -> list[str]:
    """Every token and name code the hub made (their text is random: replaced on the wire)."""
    out: list[str] = []
    for player in hub.players:
        out += [player.token, player.code]
    return [s for s in out if s]


def _line(name: str, message: dict[str, Any], secrets: list[str]) -> str:
    text = json.dumps({"to": name, "message": message}, ensure_ascii=False, sort_keys=True)
    for n, secret in enumerate(secrets):
        text = text.replace(secret, f"<secret {n}>")
    return re.sub(r'"owner": "[0-9a-f]{16}"', '"owner": "<owner>"', text)


def main() -> None:
    sys.path.insert(0, str(ROOT))
    for game in sys.argv[1:] or GAMES:
        lines = record(game)
        store(game, lines)
        print(f"{path_of(game)}: {len(lines)} messages")


if __name__ == "__main__":
    main()
