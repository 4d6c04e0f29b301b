"""Our Daifugō CPUs over the UECda protocol vs in process: the same win rates?

    python benchmarks/bench_uecda.py --games 40 --matches 5 --hero normal --field easy
    python benchmarks/bench_uecda.py --games 10 --matches 5 --hero strong --field normal
    python benchmarks/bench_uecda.py --games 40 --matches 5 --hero strong --outside ./client

Each match is `--games` games at one table with Rules.uecda() (ranks and card exchange carry
over from game to game), run twice from the same seed: in process (games/daifugo/uecda/arena.py
inprocess_match) and over TCP on 127.0.0.1 (our LocalServer and five Client threads, protocol
20070). The hero sits at player `match % 5`, the four others are `--field`. Printed: the hero's
first-place share and mean place both ways, how many games ended in exactly the same places,
and the seconds each way. Parity is 20% first places, mean place 3.00.

With ``--outside CMD`` the four others are copies of an outside UECda client program instead
(started as ``CMD -h 127.0.0.1 -p PORT -n NAME``, the standard client's options); the hero plays
through our client with the contest's sequence rule on. Printed: the hero's first-place share
and mean place, plays our server refused from each side, and refused leads it replaced.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.daifugo.uecda.arena import (
    external_match,
    inprocess_match,
    protocol_match,
)


def summary(results: list[tuple[int, list[list[int]]]]) -> tuple[int, int, float]:
    games = wins = 0
    places = []
    for hero, match in results:
        for order in match:
            games += 1
            wins += order[0] == hero
            places.append(order.index(hero) + 1)
    return games, wins, statistics.fmean(places)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per match")
    parser.add_argument("--matches", type=int, default=5, help="matches (hero seat rotates)")
    parser.add_argument("--hero", default="normal", choices=("easy", "normal", "strong"))
    parser.add_argument("--field", default="easy", choices=("easy", "normal", "strong"))
    parser.add_argument("--samples", type=int, default=None, help="strong CPU samples")
    parser.add_argument("--seed", type=int, default=0, help="first match's seed")
    parser.add_argument(
        "--strict", action="store_true", help="clients veto plays the contest server refuses"
    )
    parser.add_argument("--outside", metavar="CMD", help="an outside client program for the field")
    args = parser.parse_args(argv)
    if args.outside:
        return outside(args)
    here: list[tuple[int, list[list[int]]]] = []
    there: list[tuple[int, list[list[int]]]] = []
    same = vetoed = 0
    t_here = t_there = 0.0
    for m in range(args.matches):
        hero = m % 5
        levels = [args.hero if s == hero else args.field for s in range(5)]
        seed = args.seed + m
        t0 = time.perf_counter()
        a = inprocess_match(levels, args.games, seed, args.samples)
        t1 = time.perf_counter()
        b = protocol_match(levels, args.games, seed, args.samples, strict=args.strict)
        t2 = time.perf_counter()
        t_here += t1 - t0
        t_there += t2 - t1
        here.append((hero, a.places))
        there.append((hero, b.places))
        same += sum(x == y for x, y in zip(a.places, b.places, strict=True))
        vetoed += sum(log.vetoed for log in b.clients or [])
        n, w1, p1 = summary(here)
        _, w2, p2 = summary(there)
        print(
            f"match {m + 1}/{args.matches} (hero = player {hero}): so far in process {w1}/{n} "
            f"first, protocol {w2}/{n}, same places {same}/{n}",
            file=sys.stderr,
        )
    n, w1, p1 = summary(here)
    _, w2, p2 = summary(there)
    print(f"{args.hero} vs 4x {args.field}, Rules.uecda(), {args.matches} matches x {args.games}")
    print(f"  in process : {w1}/{n} first = {w1 / n:6.1%}, mean place {p1:.2f}, {t_here:7.1f} s")
    print(f"  protocol   : {w2}/{n} first = {w2 / n:6.1%}, mean place {p2:.2f}, {t_there:7.1f} s")
    print(f"  same places in {same}/{n} games; {vetoed} plays vetoed by the contest rule")
    return 0


def outside(args: argparse.Namespace) -> int:
    results: list[tuple[int, list[list[int]]]] = []
    refused_out = refused_hero = forced = vetoed = decisions = 0
    think_max = think_total = 0.0
    start = time.perf_counter()
    for m in range(args.matches):
        hero = m % 5
        r = external_match(
            args.hero, args.outside.split(), args.games, args.seed + m, hero, args.samples
        )
        results.append((hero, r.places))
        assert r.server is not None
        refused_hero += r.server.refused[hero]
        refused_out += sum(r.server.refused) - r.server.refused[hero]
        forced += sum(r.server.forced)
        vetoed += sum(log.vetoed for log in r.clients or [])
        think_max = max([think_max, *(log.think_max for log in r.clients or [])])
        think_total += sum(log.think_total for log in r.clients or [])
        decisions += sum(log.decisions for log in r.clients or [])
        n, wins, mean = summary(results)
        print(
            f"match {m + 1}/{args.matches} (hero = player {hero}): so far {wins}/{n} first, "
            f"mean place {mean:.2f}, {time.perf_counter() - start:.0f} s",
            file=sys.stderr,
        )
    n, wins, mean = summary(results)
    print(f"{args.hero} vs 4x {args.outside}, Rules.uecda(), {args.matches} matches x {args.games}")
    print(f"  hero: {wins}/{n} first = {wins / n:6.1%}, mean place {mean:.2f} (parity 20%, 3.00)")
    print(
        f"  refused plays: hero {refused_hero}, outside clients {refused_out} "
        f"({forced} refused leads replaced); hero vetoed {vetoed}; "
        f"{time.perf_counter() - start:.1f} s"
    )
    print(
        f"  hero's thinking: longest decision {think_max:.2f} s, mean "
        f"{think_total / max(decisions, 1):.3f} s over {decisions} turns (wall clock, loaded machine)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
