"""A behaviour baseline of Daifugō: seeded games through the engine and through the table.

Recorded once on the code before the issue-25 refactor (``.venv/bin/python -m
tests.daifugo_baseline record``) into ``tests/data/daifugo_baseline.json``; ``tests/test_daifugo_baseline.py`` replays
the same games on today's code and compares, step by step: each action's text, a digest of every
seat's observation and, at the end, the places, fouls, the table's announcements, card passing,
settlement and chips.

The games: every player count (2-5) x rule preset (1-4), once with random legal actions
(card passing from random ranks) and once with CPUs of every level (easy, normal, strong) at
the seats; and tables of 2-5 players, three games in a row (so ranks carry over and cards are
passed), a person at a seat playing random legal actions, one of them leaving mid-game.

Observation digests are over a normalised form (``_normal``) so that a renamed field keeps
its digest: the mapping from today's field names to the recorded ones is written there.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from games.common.protocol import to_json
from games.common.table import cpu_levels_by_seat
from games.daifugo.ai import CPU
from games.daifugo.chips import ROOMS, ChipBank
from games.daifugo.game import Game
from games.daifugo.ruleset import Rules, ranks_from_places
from games.daifugo.table import TableSession

DATA = Path(__file__).parent / "data" / "daifugo_baseline.json"
LEVELS = ("easy", "normal", "strong")
STRONG_SAMPLES = 4  # the strong CPU's determinizations, kept low so the replay is quick
# the observation's fields as recorded (today's name -> recorded name)
RENAMED: dict[str, str] = {"num_players": "n_players"}


def _normal(obs: Any) -> dict[str, Any]:
    data = to_json(obs)
    # `known` listed its cards in a set's order (it varied with PYTHONHASHSEED): sorted here
    data["known"] = [[seat, sorted(cards)] for seat, cards in data["known"]]
    return {RENAMED.get(k, k): v for k, v in data.items()}


def _digest(game: Game) -> str:
    seats = [_normal(game.observation(s)) for s in range(game.num_players)]
    text = json.dumps(seats, sort_keys=True, ensure_ascii=False)
    return hashlib.sha1(text.encode()).hexdigest()[:8]


def _cpu(level: str, seed: int) -> CPU:
    return CPU(level, seed=seed, samples=STRONG_SAMPLES)


# ------------------------------------------------------------------ engine games


def engine_game(players: int, preset: int, cpus: bool) -> dict[str, Any]:
    seed = players * 100 + preset * 10 + cpus
    rng = random.Random(seed)
    ranks = ranks_from_places(rng.sample(range(players), players))
    game = Game.new(seed=seed, rules=Rules.preset(preset), players=players, ranks=ranks)
    seat_cpus = [_cpu(LEVELS[(s + preset) % 3], seed * 7 + s) for s in range(players)]
    steps = []
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        if cpus:
            action = seat_cpus[seat].choose(game.observation(seat), game.legal_actions())
        else:
            action = rng.choice(game.legal_actions())
        steps.append(f"{seat}:{action}:{len(game.legal_actions())}")
        game.apply(action)
        steps.append(_digest(game))
    return {
        "steps": steps,
        "places": list(game.places()),
        "finish_order": list(game.finish_order),
        "fouls": list(game.fouls),
    }


# ------------------------------------------------------------------ table games


def _table(players: int, seed: int, bank: ChipBank) -> TableSession:
    names = [f"p{s}" for s in range(players)]
    return TableSession(
        names=names,
        rules=Rules.preset(1 + seed % 4),
        room=ROOMS[("beginner", "intermediate", "advanced")[seed % 3]],
        cpu_levels=cpu_levels_by_seat(
            [LEVELS[(seed + i) % 3] for i in range(players - 1)], {0}, players
        ),
        seed=seed,
        bank=bank,
        strong_samples=STRONG_SAMPLES,
    )


def _person_acts(table: TableSession, rng: random.Random) -> str:
    """The person (seat 0) takes a random legal action, given as its text; the text."""
    text = str(rng.choice(table.legal_actions(0)))
    table.act(0, text)
    return text


def table_games(players: int, bank_dir: Path) -> list[dict[str, Any]]:
    seed = players
    rng = random.Random(1000 + players)
    bank = ChipBank(bank_dir / f"chips{players}.json")
    table = _table(players, seed, bank)
    out = []
    for number in range(3):
        start = table.start_game()
        game = table.game
        assert game is not None
        steps: list[str] = []
        leave_at = 6 if number == 1 else None
        while table.in_game:
            if table.cpu_due:
                chosen = table.step_cpu()
                assert chosen is not None
                text = f"c{chosen[0]}:{chosen[1]}"
            else:
                if leave_at is not None and len(steps) >= leave_at * 2:
                    penalty = table.leave(0)
                    table.play_out()
                    table.seat_people({0})  # the person is back for the next game
                    steps.append(f"leave:{penalty}")
                    steps.append(_digest(game))
                    break
                text = "h" + _person_acts(table, rng)
            # 都落ち is announced since issue 31.5 (after this was recorded): left out here
            said = [e for e in table.events if e != "miyako_ochi"]
            steps.append(f"{text}|{','.join(said)}|{sorted(table.passed)}")
            steps.append(_digest(game))
        settlement = table.settlement
        out.append(
            {
                "topped_up": start.topped_up.get(0),
                "steps": steps,
                "gifts": [[g.giver, g.receiver, [str(c) for c in g.cards]] for g in table.gifts],
                "finish_order": list(game.finish_order),
                "settlement": None if settlement is None else to_json(settlement),
                "balances": [bank.balance(n) for n in table.names],
            }
        )
    return out


# ------------------------------------------------------------------ all of it


def record_all() -> dict[str, Any]:
    engine = {
        f"{players}-{preset}-{'cpu' if cpus else 'random'}": engine_game(players, preset, cpus)
        for players in range(2, 6)
        for preset in range(1, 5)
        for cpus in (False, True)
    }
    with tempfile.TemporaryDirectory() as folder:
        tables = {str(players): table_games(players, Path(folder)) for players in range(2, 6)}
    return {"engine": engine, "table": tables}


def main(argv: list[str]) -> int:
    if argv[1:] != ["record"]:
        print("usage: python -m tests.daifugo_baseline record")
        return 2
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps(record_all(), separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {DATA} ({DATA.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
