"""Matches of five CPUs at one table, in process or over the protocol (our server, five clients
in threads), from the same seeds: the benchmark and the tests compare the two."""

from __future__ import annotations

import subprocess
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from games.daifugo.ai import CPU
from games.daifugo.match import Match
from games.daifugo.plays import Give, Pass
from games.daifugo.ruleset import Rules
from games.daifugo.state import Phase
from games.daifugo.uecda.client import Client, MatchLog
from games.daifugo.uecda.server import LocalServer, ServerLog


@dataclass
class Result:
    places: list[list[int]]  # per game: players 1st..last
    clients: list[MatchLog] | None = None
    server: ServerLog | None = None


def _cpu(level: str, seat: int, seed: int, samples: int | None) -> CPU:
    if samples is None:
        return CPU(level, seed=seed * 101 + seat)
    return CPU(level, seed=seed * 101 + seat, samples=samples)


def inprocess_match(
    levels: Sequence[str], games: int, seed: int, samples: int | None = None
) -> Result:
    """The match as LocalServer runs it, without sockets (the poor give their first strongest
    card, as the server takes it for them)."""
    match = Match(len(levels), Rules.uecda(), seed)
    cpus = [_cpu(level, s, seed, samples) for s, level in enumerate(levels)]
    for _ in range(games):
        game = match.new_game()
        while not game.is_over:
            step = game.exchange_step
            if game.phase == Phase.EXCHANGE and step is not None and step.strongest_only:
                game.apply(game.legal_actions()[0])
                continue
            move = cpus[game.turn].choose(game.observation(game.turn), game.legal_actions())
            if game.phase == Phase.EXCHANGE:
                game.apply(move if isinstance(move, Give) else Give(tuple(move)))  # type: ignore[arg-type]
            elif move is None or isinstance(move, Pass):
                game.apply(Pass())
            elif isinstance(move, tuple):
                game.apply(game.parse_action(" ".join(move)))
            else:
                game.apply(move)
        match.record(game)
    return Result(match.results)


def protocol_match(
    levels: Sequence[str],
    games: int,
    seed: int,
    samples: int | None = None,
    strict: bool = False,
) -> Result:
    """The same match over TCP on 127.0.0.1: LocalServer plus one Client thread per player.

    Client i connects i-th and so becomes player i. `strict` lets the clients veto plays the
    contest server would refuse (our server accepts them: off for a like-for-like comparison).
    """
    server = LocalServer(games, seed)
    logs: list[MatchLog | None] = [None] * len(levels)
    errors: list[BaseException] = []
    out: dict[str, ServerLog] = {}

    def serve() -> None:
        try:
            out["log"] = server.serve()
        except BaseException as exc:  # reported below
            errors.append(exc)

    serving = threading.Thread(target=serve, daemon=True)
    serving.start()
    threads = []
    for i, level in enumerate(levels):
        if not serving.is_alive():
            break
        client = Client.connect(
            "127.0.0.1",
            server.port,
            _cpu(level, i, seed, samples).choose,
            name=f"{level}{i}",
            strict=strict,
        )

        def play(c: Client = client, i: int = i) -> None:
            try:
                logs[i] = c.run()
            except BaseException as exc:
                errors.append(exc)

        t = threading.Thread(target=play, daemon=True)
        t.start()
        threads.append(t)
        # the server numbers clients in the order it accepts them: wait for this one
        while len(server.wires) <= i and serving.is_alive():
            serving.join(0.005)
    for t in threads:
        t.join()
    serving.join()
    if errors:
        raise errors[0]
    return Result(out["log"].places, [log for log in logs if log is not None], out["log"])


def external_match(
    hero: str,
    command: Sequence[str],
    games: int,
    seed: int,
    hero_seat: int = 0,
    samples: int | None = None,
    strict: bool = True,
) -> Result:
    """Our `hero` CPU against four copies of an outside client program over TCP.

    `command` starts one outside client; ``-h HOST -p PORT -n NAME`` are appended (the standard
    client's options). The hero is player `hero_seat` (clients are numbered as they connect).
    """
    server = LocalServer(games, seed)
    errors: list[BaseException] = []
    out: dict[str, ServerLog] = {}

    def serve() -> None:
        try:
            out["log"] = server.serve()
        except BaseException as exc:
            errors.append(exc)

    serving = threading.Thread(target=serve, daemon=True)
    serving.start()
    procs: list[subprocess.Popen[bytes]] = []
    logs: list[MatchLog] = []
    hero_thread = None
    try:
        for seat in range(5):
            if seat == hero_seat:
                client = Client.connect(
                    "127.0.0.1",
                    server.port,
                    _cpu(hero, seat, seed, samples).choose,
                    name=f"ek-{hero}",
                    strict=strict,
                )

                def play(c: Client = client) -> None:
                    try:
                        logs.append(c.run())
                    except BaseException as exc:
                        errors.append(exc)

                hero_thread = threading.Thread(target=play, daemon=True)
                hero_thread.start()
            else:
                args = [*command, "-h", "127.0.0.1", "-p", str(server.port), "-n", f"out{seat}"]
                procs.append(
                    subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                )
            while len(server.wires) <= seat and serving.is_alive():
                serving.join(0.005)
        serving.join()
        if hero_thread is not None:
            hero_thread.join(60)
    finally:
        for proc in procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
    if errors:
        raise errors[0]
    return Result(out["log"].places, logs, out["log"])
