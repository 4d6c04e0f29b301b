"""The reel's frames while the phones load at once: the phones' server at the show's priority and
below it (issue 44.3), in turns in one run.

  python benchmarks/bench_evening_frames.py [--phones 1000] [--spread 1.0] [--runs 2] [--nice 5]

The show is the real display (1920x1080, offscreen) in this process; a real `bingo serve`
follows its journal in its own process, as `bingo draw --serve` starts it. For each spin, the
phones arrive over --spread seconds as the reel starts: each, from its own loopback address,
loads the landing page as a browser does (the page, its style and script, the board as JSON)
and opens the board's live feed, held until the spin is over. The phones are asyncio clients
in --clients processes at niceness 19, so they take what the show and the server leave (at an
event they are the guests' phones, not the laptop).

Each run spins twice: once with the server at the show's niceness, once with it raised by
--nice (what the show's supervisor does: bingo.ui.webserver.SERVER_NICE), in turns. Printed per
spin: the frames the reel's animation gave, the gaps between them over 34 ms (two frames at
60 Hz) and the longest gap, the phones that had their page and feed within the spin, and the
server's CPU seconds. Linux only (loopback 127/8, /proc).
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LATE = 0.034  # a gap between two animation frames longer than this: a frame (or more) missed


def phones_client(port: int, first: int, count: int, spread: float, start_at: float, q) -> None:
    """Runs in a process of its own: `count` phones, phone i at start_at + i/total x spread."""
    os.nice(19)
    import aiohttp

    async def phone(i: int, total: int) -> bool:
        local = f"127.{1 + i // 65000}.{(i // 250) % 250 + 1}.{i % 250 + 1}"
        await asyncio.sleep(max(0.0, start_at + (first + i) / total * spread - time.time()))
        connector = aiohttp.TCPConnector(local_addr=(local, 0), limit=6)
        timeout = aiohttp.ClientTimeout(total=30)
        base = f"http://127.0.0.1:{port}"
        try:
            async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
                async with session.get(base + "/") as answer:
                    await answer.read()
                await asyncio.gather(
                    *(
                        _get(session, base + path)
                        for path in ("/static/app.css", "/static/app.js", "/api/board")
                    )
                )
                async with session.ws_connect(base + "/ws") as ws:
                    await ws.receive(timeout=30)
                    q.put(("in", 1))
                    await asyncio.sleep(max(0.0, start_at + spread + 4.0 - time.time()))
            return True
        except (aiohttp.ClientError, OSError, TimeoutError):
            q.put(("failed", 1))
            return False

    async def main() -> None:
        total = int(os.environ.get("BENCH_PHONES_TOTAL", count))
        await asyncio.gather(*(phone(first + i, total) for i in range(count)))

    asyncio.run(main())


async def _get(session, url: str) -> None:
    async with session.get(url) as answer:
        await answer.read()


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=1000)
    parser.add_argument("--spread", type=float, default=1.0)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--nice", type=int, default=5)
    parser.add_argument("--clients", type=int, default=2)
    args = parser.parse_args()

    from PySide6.QtWidgets import QApplication

    from bingo.config import load_config
    from bingo.serve_lock import running_server
    from bingo.session import DrawSession
    from bingo.ui.display import DisplayWindow

    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        config_path = folder / "config.toml"
        config_path.write_text(
            f'[board]\nimage_dir = "{(ROOT / "img").as_posix()}"\n[display]\nsound = false\n'
            '[web]\nport = 0\nbind = "127.0.0.1"\nconnections_per_address = 64\n',
            encoding="utf-8",
        )
        base = load_config(config_path)
        config = dataclasses.replace(base, display=dataclasses.replace(base.display, sound=False))
        journal = folder / "show.jsonl"
        session = DrawSession.open(config, journal, seed=1)
        window = DisplayWindow(session, config, warn=lambda m: None)
        window.resize(1920, 1080)
        window.show()

        def pump_until(cond, timeout: float = 60.0) -> None:
            end = time.perf_counter() + timeout
            while not cond() and time.perf_counter() < end:
                app.processEvents()
                time.sleep(0.0005)

        pump_until(lambda: False, 1.0)  # first frame, pictures rendered
        server = subprocess.Popen(
            [sys.executable, "-m", "bingo", "serve", "--config", str(config_path)]
            + ["--journal", str(journal)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
        )
        try:
            pump_until(lambda: (running_server(journal) or _NONE).listening, 60)
            info = running_server(journal)
            assert info is not None and info.port, "bingo serve did not start"
            show_nice = os.getpriority(os.PRIO_PROCESS, 0)
            print(
                f"{args.phones} phones over {args.spread:g} s per spin, {args.clients} client "
                f"processes at niceness 19; the show at niceness {show_nice}; "
                f"{os.cpu_count()} CPUs"
            )
            values: list[float] = []
            window.reel.animation.valueChanged.connect(
                lambda _v: values.append(time.perf_counter())
            )
            rows: dict[str, list[tuple[int, float, int, int, float]]] = {}
            quiet = argparse.Namespace(**{**vars(args), "phones": 0})  # the machine's own floor
            for run in range(args.runs):
                order = (0, args.nice) if run % 2 == 0 else (args.nice, 0)
                arms = [("no phones", 0, quiet)]
                arms += [(f"server at +{nice}", nice, args) for nice in order]
                for name, nice, how in arms:
                    os.setpriority(os.PRIO_PROCESS, server.pid, show_nice + nice)
                    r = _spin(window, pump_until, values, info.port, server.pid, how)
                    rows.setdefault(name, []).append(r)
                    print(
                        f"run {run + 1}, {name}: {r[0]} frames, {r[2]} gaps over "
                        f"{LATE * 1000:.0f} ms, longest {r[1] * 1000:.1f} ms; phones in "
                        f"{r[3]}/{how.phones}; server CPU {r[4]:.2f} s"
                    )
            for name, spins in rows.items():
                late = [s[2] for s in spins]
                worst = max(s[1] for s in spins)
                print(
                    f"{name}: late frames per spin {statistics.mean(late):.1f} "
                    f"(max {max(late)}), longest gap {worst * 1000:.1f} ms  (target: no gap over "
                    f"{LATE * 1000:.0f} ms: {'OK' if worst <= LATE else 'MISSED'})"
                )
        finally:
            server.terminate()
            server.wait(10)
            session.close()


class _NONE:
    listening = False


def _spin(window, pump_until, values, port, pid, args):
    """One spin while the phones arrive; (frames, longest gap, gaps over LATE, phones in, CPU)."""
    queue = multiprocessing.Queue()
    start_at = time.time() + 0.3
    per = -(-args.phones // args.clients) if args.phones else 0
    env_total = {"BENCH_PHONES_TOTAL": str(args.phones)}
    os.environ.update(env_total)
    clients = [
        multiprocessing.Process(
            target=phones_client,
            args=(port, k * per, min(per, args.phones - k * per), args.spread, start_at, queue),
        )
        for k in range(args.clients if args.phones else 0)
    ]
    for client in clients:
        client.start()
    cpu = cpu_seconds(pid)
    pump_until(lambda: time.time() >= start_at, 10)
    values.clear()
    window.controller.draw()
    pump_until(lambda: not window.controller.spinning)
    frames = list(values)
    gaps = [b - a for a, b in zip(frames, frames[1:], strict=False)]
    pump_until(lambda: all(not c.is_alive() for c in clients), 60)
    for client in clients:
        client.join(5)
    counts = {"in": 0, "failed": 0}
    while not queue.empty():
        kind, n = queue.get()
        counts[kind] += n
    return (
        len(frames),
        max(gaps) if gaps else 0.0,
        sum(g > LATE for g in gaps),
        counts["in"],
        cpu_seconds(pid) - cpu,
    )


if __name__ == "__main__":
    main()
