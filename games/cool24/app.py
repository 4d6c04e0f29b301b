"""`games cool24`: the Qt game, or the payout simulator with `--simulate N`.

games cool24                                 open the game (Enter starts, keys 1-4 play)
games cool24 --simulate 100000 --policy best --seed 1 --plot payout.png
"""

from __future__ import annotations

import argparse
import secrets
import sys
import time
from collections.abc import Sequence

from eventkit.tomlconf import refused
from games.common.options import CONFIG_HELP
from games.cool24.policies import DEFAULT_ROLLOUTS, POLICIES
from games.cool24.settings import TEXTS, Cool24Settings, settings_from_file


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="games cool24",
        description="COOL 24+24: play the game, or simulate its payout with --simulate N.",
    )
    p.add_argument(
        "--config",
        metavar="PATH",
        help=CONFIG_HELP,
    )
    p.add_argument("--simulate", type=int, metavar="N", help="simulate N games and print stats")
    p.add_argument(
        "--policy",
        choices=POLICIES,
        default="greedy",
        help="player for --simulate: random, greedy or best (lookahead)",
    )
    p.add_argument(
        "--seed",
        type=int,
        metavar="S",
        help="random seed (simulation or game) so a run can be replayed",
    )
    p.add_argument(
        "--rollouts",
        type=int,
        default=DEFAULT_ROLLOUTS,
        metavar="R",
        help=f"rollouts per candidate for the best policy (default {DEFAULT_ROLLOUTS})",
    )
    p.add_argument("--plot", metavar="PNG", help="with --simulate: save a score histogram PNG")
    p.add_argument("--window", action="store_true", help="open in a window, not full screen")
    return p


def load_settings(path: str | None) -> Cool24Settings:
    """[cool24] of the config (the defaults without one: see `load_section`)."""
    return settings_from_file(path)


def run_simulation(args: argparse.Namespace, settings: Cool24Settings) -> int:
    from games.cool24.sim import MAX_GAMES, format_summary, simulate

    if args.simulate < 1:
        raise refused(TEXTS, "simulate_none", n=args.simulate)
    if args.simulate > MAX_GAMES:
        raise refused(TEXTS, "simulate_many", n=args.simulate, most=MAX_GAMES)
    if args.rollouts < 1:
        raise refused(TEXTS, "rollouts", n=args.rollouts)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**32)
    if not 0 <= seed < 2**32:
        raise refused(TEXTS, "seed", seed=seed, most=2**32 - 1)
    start = time.perf_counter()
    result = simulate(
        args.simulate, settings, policy=args.policy, seed=seed, rollouts=args.rollouts
    )
    seconds = time.perf_counter() - start
    print(format_summary(result, settings, args.policy))
    print(f"seed {seed}; {seconds:.2f} s (including numba compilation on the first run)")
    if args.plot:
        from games.cool24.plot import plot_histogram

        out = plot_histogram(
            result,
            args.plot,
            title=f"COOL 24+24 score distribution ({args.policy} player)",
        )
        print(f"histogram saved to {out}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    settings = load_settings(args.config)
    if args.plot and args.simulate is None:
        raise refused(TEXTS, "plot_alone")
    if args.simulate is not None:
        return run_simulation(args, settings)
    from games.cool24.qt.window import run_game

    return run_game(settings, seed=args.seed, fullscreen=not args.window)
