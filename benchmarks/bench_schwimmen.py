"""Schwimmen CPU strength and speed: one CPU in seat 0 against three easy CPUs.

Prints the win rate (last one standing) of strong and of normal against three easy players,
and the strong player's decision time. Targets from issue 6: strong >= 40 %, normal >= 32 %
(parity is 25 %), strong decides in <= 200 ms.

    python benchmarks/bench_schwimmen.py --games 2000
    python benchmarks/bench_schwimmen.py --games 200 --levels normal   # a quicker look
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.schwimmen.ai import CpuPlayer  # noqa: E402
from games.schwimmen.rules import Game, Phase, Rules  # noqa: E402


def play(level: str, seed: int, rules: Rules, timings: list[float] | None) -> bool:
    """One four-player game; True when seat 0 (`level`) is the last one standing."""
    game = Game.new(players=4, seed=seed, rules=rules)
    players = [CpuPlayer(level, seed * 10 + 1)] + [
        CpuPlayer("easy", seed * 10 + k) for k in (2, 3, 4)
    ]
    while game.phase is not Phase.GAME_OVER:
        if game.phase is Phase.ROUND_OVER:
            game.next_round()
            continue
        seat = game.current
        legal = game.legal_actions()
        obs = game.observation(seat)
        if seat == 0 and timings is not None:
            start = time.perf_counter()
            action = players[seat].choose(obs, legal)
            timings.append(time.perf_counter() - start)
        else:
            action = players[seat].choose(obs, legal)
        game.apply(action)
    return game.winners == (0,)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per level (default 2000)")
    parser.add_argument("--levels", default="strong,normal", help="comma list of levels to test")
    parser.add_argument("--house", action="store_true", help="play the seed's house rules")
    parser.add_argument("--seed", type=int, default=1, help="first game seed")
    args = parser.parse_args(argv)
    # the game ends when seat 0 is out: seat 0 cannot win after that, and it saves time
    rules = Rules.house(human_seat=0) if args.house else Rules(human_seat=0)
    targets = {"strong": 0.40, "normal": 0.32, "easy": 0.25}
    print(
        f"Schwimmen benchmark: {args.games} four-player games per level, "
        f"{'house' if args.house else 'standard'} rules, seat 0 vs three easy CPUs"
    )
    for level in [s.strip() for s in args.levels.split(",") if s.strip()]:
        timings: list[float] = []
        start = time.perf_counter()
        wins = sum(
            play(level, args.seed + g, rules, timings if level == "strong" else None)
            for g in range(args.games)
        )
        elapsed = time.perf_counter() - start
        rate = wins / args.games
        half = 1.96 * math.sqrt(rate * (1 - rate) / args.games)
        target = targets.get(level, 0.25)
        verdict = "OK" if rate >= target else "BELOW TARGET"
        print(
            f"{level:>6} vs 3 easy: {wins}/{args.games} wins = {rate:.1%} "
            f"(95% CI +-{half:.1%}; target >= {target:.0%}: {verdict}; {elapsed:.0f} s)"
        )
        if timings:
            timings.sort()
            p99 = timings[min(len(timings) - 1, int(len(timings) * 0.99))]
            print(
                f"        strong decision time over {len(timings)} decisions: "
                f"mean {statistics.mean(timings) * 1000:.1f} ms, "
                f"median {statistics.median(timings) * 1000:.1f} ms, "
                f"p99 {p99 * 1000:.1f} ms, max {timings[-1] * 1000:.1f} ms "
                f"(target <= 200 ms: {'OK' if p99 <= 0.2 else 'SLOW'}; "
                f"{sum(t > 0.2 for t in timings)} decisions over 200 ms)"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
