"""A behaviour baseline of Schwimmen: seeded games through the engine and through the table.

Recorded once on the code before the issue-25 refactor (``python tests/schwimmen_baseline.py
record``) into ``tests/data/schwimmen_baseline.json``; ``tests/test_schwimmen_baseline.py``
replays the same games on today's code and compares them round by round: a digest over every
step of the round (the seat, the action's text and every seat's observation after it) and the
round's result (losers, coins, who is out), and at the end each seat's place and the winners.

The games: every player count (2-9) under four rule sets (standard, house, and each with the
suit tie-break and fewer coins), with random legal actions, once with the person's seat rule
on (seat 0: the game ends when it is out) and once playing to the last; CPU games of easy and
normal seats for every count, and a few with a strong seat (its first decisions only: a strong
decision takes a tenth of a second); tables of 2-9 players, two games in a row, the person at
seat 0 playing random legal actions against CPUs of every level.

Observation digests are over a normalised form (``_normal``) so that a renamed field keeps its
digest: the mapping from today's field names to the recorded ones is written there, and the
rule of who the people are (``Rules.human_seat`` when recorded) is left out of the rules'
digest because it moves; its effect on play is in the recorded actions.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from games.common.protocol import to_json
from games.common.table import cpu_levels_by_seat
from games.schwimmen.ai import CpuPlayer
from games.schwimmen.rules import Game, NextRound, Phase, Rules
from games.schwimmen.settings import SchwimmenSettings
from games.schwimmen.table import TableSession

DATA = Path(__file__).parent / "data" / "schwimmen_baseline.json"
LEVELS = ("easy", "normal", "strong")
PLAYERS = range(2, 10)
# the observation's fields as recorded (today's name -> recorded name)
RENAMED = {"num_players": "players"}
STRONG_STEPS = 24  # a strong CPU's game is followed this many steps


def rule_set(k: int, person: bool) -> Rules:
    """The four rule sets: standard, house, standard + tie-break + 1 coin, house + 0 coins."""
    seats = frozenset({0}) if person else frozenset()
    return (
        Rules.standard(people=seats),
        Rules.house(people=seats),
        Rules.standard(people=seats, suit_tiebreak=True, start_coins=1),
        Rules.house(people=seats, suit_tiebreak=True, start_coins=0),
    )[k]


def _normal(obs: Any, log: bool) -> dict[str, Any]:
    """`obs` as JSON with the recorded field names; the log (public, the same for every seat)
    only when `log`, to keep the replay quick."""
    if not log:
        obs = replace(obs, log=())
    data = {RENAMED.get(k, k): v for k, v in to_json(obs).items()}
    rules = dict(data["rules"])
    rules.pop("human_seat", None)
    rules.pop("people", None)
    data["rules"] = rules
    return data


def _digest(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()[:16]


class Recorder:
    """Collects a game's steps into round digests and results."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.steps: list[str] = []
        self.rounds: list[dict[str, Any]] = []
        self.count = 0

    def step(self, seat: int | None, action: object) -> None:
        game = self.game
        seats = [_normal(game.observation(s), log=s == 0) for s in range(game.num_players)]
        self.steps.append(json.dumps([seat, str(action), seats], sort_keys=True))
        self.count += 1
        if game.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            self.close_round()

    def close_round(self) -> None:
        game = self.game
        entry: dict[str, Any] = {"steps": len(self.steps), "digest": _digest("\n".join(self.steps))}
        if game.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):  # not a cut-off strong game
            result = game.round_results[-1]
            entry["result"] = _digest(json.dumps(to_json(result), sort_keys=True))
            entry["losers"] = list(result.losers)
            entry["coins"] = list(result.coins)
        self.rounds.append(entry)
        self.steps = []

    def finish(self) -> dict[str, Any]:
        if self.steps:
            self.close_round()
        game = self.game
        return {
            "steps": self.count,
            "rounds": self.rounds,
            "over": game.is_over,
            "places": list(game.places()),
            "winners": list(game.winners),
            "coins": list(game.coins),
        }


def _apply(game: Game, action: object) -> None:
    game.apply(action)  # type: ignore[arg-type]


# ------------------------------------------------------------------ engine games


def random_game(players: int, k: int, person: bool) -> dict[str, Any]:
    seed = 1000 * players + 10 * k + person
    game = Game.new(seed=seed, rules=rule_set(k, person), players=players)
    rng = random.Random(seed)
    rec = Recorder(game)
    while not game.is_over:
        seat = game.current_player
        action = rng.choice(game.legal_actions())
        _apply(game, action)
        rec.step(seat, action)
    return rec.finish()


def cpu_levels(players: int, strong: bool) -> list[str]:
    if strong:
        return ["strong"] + ["easy"] * (players - 1)
    return [("easy", "normal")[(s + players) % 2] for s in range(players)]


def cpu_game(players: int, k: int, strong: bool) -> dict[str, Any]:
    seed = 5000 + 100 * players + k
    game = Game.new(seed=seed, rules=rule_set(k, person=False), players=players)
    levels = cpu_levels(players, strong)
    cpus = {s: CpuPlayer(levels[s], seed * 7 + s) for s in range(players)}
    rec = Recorder(game)
    while not game.is_over and not (strong and rec.count >= STRONG_STEPS):
        seat = game.current_player
        assert seat is not None
        if game.phase is Phase.ROUND_OVER:
            action: object = NextRound()
        else:
            action = cpus[seat].choose(game.observation(seat), game.legal_actions())
        _apply(game, action)
        rec.step(seat, action)
    return rec.finish()


# ------------------------------------------------------------------ table games


def table_games(players: int) -> list[dict[str, Any]]:
    """Two games in a row at a table: the person at seat 0 plays random legal actions."""
    settings = SchwimmenSettings(players=players, start_coins=1 + players % 2)
    levels = [LEVELS[(s + players) % 2] for s in range(1, players)]  # easy and normal
    rules_name = ("standard", "house")[players % 2]
    table = TableSession(
        settings=settings,
        seed=players * 13,
        rules=rules_name,
        cpu_levels=cpu_levels_by_seat(levels, {0}, players),
    )
    rng = random.Random(players)
    out = []
    for _ in range(2):
        game = table.start_game()
        rec = Recorder(game)
        while not game.is_over:
            if table.advance():
                rec.step(None, "next round")
                continue
            choice = table.cpu_choice()
            if choice is not None:
                seat, action = choice
            else:
                seat, action = 0, rng.choice(table.legal_actions(0))
            table.act(seat, action)
            rec.step(seat, action)
        entry = rec.finish()
        entry["levels"] = [table.cpus[s].level for s in sorted(table.cpus)]
        out.append(entry)
    return out


# ------------------------------------------------------------------ all of it


def engine_keys() -> list[str]:
    keys = [f"{n}-{k}-random-{(n + k) % 2}" for n in PLAYERS for k in range(4)]
    keys += [f"{n}-{n % 4}-cpu-0" for n in PLAYERS]
    keys += [f"{n}-{n % 2}-strong-0" for n in (2, 4, 9)]
    return keys


def engine_game(key: str) -> dict[str, Any]:
    players, k, mode, person = key.split("-")
    if mode == "random":
        return random_game(int(players), int(k), person == "1")
    return cpu_game(int(players), int(k), strong=mode == "strong")


def record() -> dict[str, Any]:
    return {
        "engine": {key: engine_game(key) for key in engine_keys()},
        "table": {str(n): table_games(n) for n in PLAYERS},
    }


if __name__ == "__main__":
    if sys.argv[1:] != ["record"]:
        raise SystemExit("usage: python tests/schwimmen_baseline.py record")
    DATA.write_text(json.dumps(record(), indent=None, separators=(",", ":")) + "\n")
    print(f"wrote {DATA} ({DATA.stat().st_size} bytes)")
