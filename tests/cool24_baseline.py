"""A behaviour baseline of COOL 24+24: seeded games through the engine and through the table.

Recorded once on the code before the issue-25 refactor (``python -m tests.cool24_baseline
record``) into ``tests/data/cool24_baseline.json``; ``tests/test_cool24_baseline.py`` replays
the same games on today's code and compares, step by step: each action's text, a digest of the
observation and of what the play did (card, refill, bonuses, lap change, end) and, at the end,
the score, cards played and bonuses.

The games: the engine with random legal actions (a private random stream), with the three
players of `policies` (random and best drawing from the game's own stream, greedy none), with
the bias off and a changed payout table; the table (`TableSession`), four games in a row from
one seed, playing the least connected card and pressing one unplayable slot per step (the
refusal's text in Japanese and English is digested); the hint's choice (`hint_slot`, the
time budget lifted so the answer depends on the playouts alone) and the pure-Python `hint`
at fixed positions.

Observation digests are over a normalised form (``_normal``) so that a renamed field keeps
its digest: the mapping from today's field names to the recorded ones is in ``RENAMED``.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from games.common.protocol import to_json
from games.cool24 import sim
from games.cool24.policies import greedy_slot, hint, policy_function
from games.cool24.rules import Game, PlaySlot, legal_slots
from games.cool24.settings import Cool24Settings

DATA = Path(__file__).parent / "data" / "cool24_baseline.json"
# the observation's fields as recorded (today's name -> recorded name)
RENAMED: dict[str, str] = {}
RECORDED = ("hand", "last", "lap", "played", "total_played", "stock", "score", "over")
# seeds whose greedy game reaches lap 2 or earns a bonus (found by a scan of seeds 0..99)
LONG_SEEDS = (22, 24, 32, 33, 38, 44, 55, 59, 78, 86)
SETTINGS = {
    "default": Cool24Settings(),
    "no_bias": Cool24Settings(bias=False),
    "tables": Cool24Settings(hand_win_table=(7, 30, 3), hand_win_multi=2, bias_step=0.25),
}


def _sha(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    return hashlib.sha1(text.encode()).hexdigest()[:8]


def _normal(obs: Any) -> dict[str, Any]:
    data = to_json(obs)
    data = {RENAMED.get(k, k): v for k, v in data.items()}
    return {k: data[k] for k in RECORDED}


def _event(result: Any) -> list[Any]:
    """What one play did, as recorded (the bonuses as kind, points, lap, cards played)."""
    bonuses = [[b.kind, b.points, b.lap, b.total_played] for b in result.bonuses]
    return [result.slot, result.card, result.refill, bonuses, result.lap_started, result.over]


def _end(game: Game) -> dict[str, Any]:
    return {
        "score": game.score,
        "total_played": game.total_played,
        "bonuses": [[b.kind, b.points, b.lap, b.total_played] for b in game.bonuses],
        "history": game.history,
    }


def _step(game: Game, action: PlaySlot) -> list[str]:
    result = game.apply(action)
    return [str(action), _sha([_normal(game.observation(0)), _event(result)])]


# ---------------------------------------------------------------- the engine


def engine_games() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, settings in SETTINGS.items():
        for seed in range(12 if name == "default" else 4):
            game = Game.new(seed=seed, rules=settings)
            rng = random.Random(1000 + seed)
            steps = [_sha(_normal(game.observation(0)))]
            while not game.is_over:
                steps.append(_step(game, rng.choice(game.legal_actions())))
            out[f"legal-{name}-{seed}"] = {"steps": steps, "end": _end(game)}
        for policy in ("random", "greedy", "best"):
            for seed in range(3 if policy == "best" else 6):
                game = Game.new(seed=100 + seed, rules=settings)
                choose = policy_function(policy, 4)  # best: 4 greedy rollouts per card
                steps = [_sha(_normal(game.observation(0)))]
                while not game.is_over:
                    steps.append(_step(game, PlaySlot(choose(game, game.rng))))
                out[f"{policy}-{name}-{seed}"] = {"steps": steps, "end": _end(game)}
    for seed in LONG_SEEDS:  # greedy play reaches lap 2 or a bonus from these
        game = Game.new(seed=seed)
        steps = [_sha(_normal(game.observation(0)))]
        while not game.is_over:
            steps.append(_step(game, PlaySlot(greedy_slot(game))))
        out[f"long-{seed}"] = {"steps": steps, "end": _end(game)}
    return out


# ---------------------------------------------------------------- the table


# The table's vocabulary changed in issue 25 (start -> start_game, play(slot) -> act(0, action),
# the refusal's text now on the table's `Refused`): these four adapt, the records are the same.


def _table(seed: int, settings: Cool24Settings) -> Any:
    from games.cool24.table import TableSession

    return TableSession(settings=settings, seed=seed, language=settings.language)


def _table_start(table: Any) -> Game:
    return table.start_game()


def _table_play(table: Any, slot: int) -> Any:
    return table.act(0, PlaySlot(slot))


def _table_refusal(table: Any, slot: int, language: str) -> str:
    from games.common.table import Refused

    table.language = language
    try:
        table.act(0, PlaySlot(slot))
    except Refused as exc:
        return exc.text
    finally:
        table.language = table.settings.language
    raise AssertionError(f"slot {slot} was played")


def table_games() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for seed in range(6):
        settings = SETTINGS["default" if seed % 2 == 0 else "tables"]
        table = _table(seed, settings)
        games = []
        for _ in range(4):
            game = _table_start(table)
            steps = [_sha(_normal(game.observation(0)))]
            while game is not None and not game.is_over:
                row = []
                blocked = next((s for s in range(1, 6) if s not in legal_slots(game)), None)
                if blocked is not None:
                    row.append(
                        _sha([_table_refusal(table, blocked, lang) for lang in ("ja", "en")])
                    )
                slot = greedy_slot(game)
                result = _table_play(table, slot)
                steps.append([f"slot {slot}", _sha([_normal(game.observation(0)), _event(result)])])
                steps[-1] += row
            games.append({"steps": steps, "end": _end(game)})
        out[f"table-{seed}"] = games
    return out


# ---------------------------------------------------------------- the hints


def _positions() -> list[tuple[str, Game]]:
    """Positions of seeded games after some greedy plays, each with a choice to make."""
    found = []
    for seed in range(40):
        game = Game.new(seed=500 + seed)
        for _ in range(seed % 12):
            if game.is_over:
                break
            game.apply(PlaySlot(greedy_slot(game)))
        if not game.is_over and len(game.legal_actions()) > 1:
            found.append((f"hint-{seed}", game))
    return found[:8]


def hints() -> dict[str, Any]:
    budget = sim.HINT_SECONDS
    sim.HINT_SECONDS = float("inf")  # the answer from the playouts alone, not the clock
    try:
        out: dict[str, Any] = {}
        for name, game in _positions():
            out[name] = {
                "playable": legal_slots(game),
                "hint_slot": sim.hint_slot(game, seed=game.total_played),
                "python_hint": hint(game, rollouts=12, seed=7),
                "means": [round(float(v), 6) for v in sim.rollout_scores(game, 50, 3).mean(1)],
            }
        return out
    finally:
        sim.HINT_SECONDS = budget


def record_all() -> dict[str, Any]:
    return {"engine": engine_games(), "table": table_games(), "hints": hints()}


def main(argv: list[str]) -> int:
    if argv[:1] != ["record"]:
        print("usage: python -m tests.cool24_baseline record", file=sys.stderr)
        return 2
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps(record_all(), separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{DATA}: {DATA.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
