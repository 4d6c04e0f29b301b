"""Phones on loopback: 300 phones load their card page and follow 75 landings; prints figures.

  python benchmarks/bench_web.py [--quick] [--clients 300] [--draws 75] [--files N] [--display]

A real `bingo serve` process follows a journal written here (as the show writes it: the record
first, the `.shown` line when the reel lands). Each client is a phone with its own loopback
address: it loads its card page as a browser does (the page, then its style and script, then
the 25 cell images, over up to 6 kept-alive connections: about 6 connections a phone), then
opens its card's feed. With --files the server runs at that file limit (soft = hard, e.g. 1024
as on many desktops). Measured:
  * the page loads, all phones at once: how many loaded (target: all), median and slowest, and
    the server's CPU seconds for them (the rest of the wall time is this machine's clients)
  * landing -> every client has the draw: the slowest client's delay per draw (target <= 500 ms)
  * the server's resident memory (VmRSS) over the draws (target: flat)
  * the server killed with SIGKILL mid-game and started again: every client reconnects by
    itself (the same loop as the page's script) and has the same numbers as before
  * with --display: the reel's frame times (benchmarks/bench_display.py --quick) alone, then
    again while the server and the 300 clients are busy on the same two cores (pessimistic:
    at an event the clients are phones, not the laptop)
Only 127/8 is used; the run is bounded in clients, draws and time. The attacks on the server
(idle sockets, slow and junk requests, guessed codes) are measured by bench_web_attacks.py.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from math import nan
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from served import reserved_port  # noqa: E402

from bingo import cardcode  # noqa: E402
from bingo.config import load_config  # noqa: E402
from bingo.session import DrawSession  # noqa: E402
from bingo.showlink import ShownWriter  # noqa: E402
from cards.generate import iter_cards  # noqa: E402
from cards.registry import write_registry  # noqa: E402

CONFIG = """
[event]
title = "bench web"
[board]
size = 5
numbers_per_column = 20
image_dir = "{img}"
[columns]
names = ["P", "L", "B", "4", "Y"]
[web]
port = {port}
bind = "127.0.0.1"
"""


DISPLAY_BENCH = [sys.executable, str(ROOT / "benchmarks" / "bench_display.py"), "--quick"]


def frame_lines(output: str) -> str:
    keep = ("spin:", "reel paint", "longest UI-thread stall during spins", "machine:")
    return "\n".join("  " + x for x in output.splitlines() if x.startswith(keep))


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def fetch(session: aiohttp.ClientSession, url: str, ok=(200,)) -> None:
    """GET as a browser does: a kept-alive connection closed under it is retried once."""
    for attempt in (1, 2):
        try:
            async with session.get(url) as answer:
                await answer.read()
                if answer.status not in ok:
                    raise aiohttp.ClientResponseError(answer.request_info, (), status=answer.status)
                return
        except (aiohttp.ServerDisconnectedError, aiohttp.ClientOSError):
            if attempt == 2:
                raise


def browser(local: str) -> aiohttp.ClientSession:
    """A phone's browser: at most 6 connections to the server, kept alive, from its address."""
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=6, local_addr=(local, 0)))


MISSING_IMAGES = [0]  # cell images that failed in pages that loaded (the page drops them)


async def load_page(base: str, code: str, numbers: list[int], local: str, timeout: float) -> float:
    """Load the card page as a browser does; the seconds it took.

    Raises when the page, its style or its script failed; a cell image that failed is counted
    in MISSING_IMAGES (the page draws the cell without it, as a browser shows a page whose
    image failed).
    """
    t = time.perf_counter()
    async with browser(local) as session, asyncio.timeout(timeout):
        await fetch(session, f"{base}/card/{code}")
        await asyncio.gather(
            fetch(session, f"{base}/static/app.css"), fetch(session, f"{base}/static/app.js")
        )
        images = await asyncio.gather(
            *(fetch(session, f"{base}/img/{n}", ok=(200, 404)) for n in numbers),
            return_exceptions=True,
        )
    MISSING_IMAGES[0] += sum(isinstance(x, aiohttp.ClientError | OSError) for x in images)
    return time.perf_counter() - t


def raise_own_file_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def phone_address(i: int) -> str:
    return f"127.0.{100 + i // 250}.{1 + i % 250}"


class Phone:
    """One phone: loads its card page, then follows the feed and reconnects like the page's script."""

    def __init__(self, base: str, code: str, numbers: list[int], local: str) -> None:
        self.base, self.code, self.numbers, self.local = base, code, numbers, local
        self.url = base.replace("http:", "ws:") + f"/ws/card/{code}"
        self.count = -1
        self.drawn: list[int] = []
        self.connects = 0
        self.seen: dict[int, float] = {}  # draw count -> when this client had it
        self.load_seconds: float | None = None
        self.load_error: str | None = None
        self.stop = False

    async def run(self) -> None:
        try:
            self.load_seconds = await load_page(self.base, self.code, self.numbers, self.local, 60)
        except (aiohttp.ClientError, OSError, TimeoutError) as exc:
            self.load_error = type(exc).__name__  # counted as not loaded; the feed is followed
        async with browser(self.local) as session:
            await self.follow(session)

    async def follow(self, session: aiohttp.ClientSession) -> None:
        delay = 0.5
        while not self.stop:
            try:
                async with session.ws_connect(self.url, heartbeat=30) as ws:
                    self.connects += 1
                    delay = 0.5
                    async for message in ws:
                        if message.type != aiohttp.WSMsgType.TEXT:
                            break
                        board = json.loads(message.data)["board"]
                        self.count = board["count"]
                        self.drawn = board["drawn"]
                        self.seen.setdefault(self.count, time.perf_counter())
            except (aiohttp.ClientError, OSError):
                pass
            if self.stop:
                return
            await asyncio.sleep(delay)
            delay = min(delay * 2, 5.0)


def start_server(
    config_path: Path,
    journal: Path,
    registry: Path,
    env: dict,
    files: int | None = None,
    out=subprocess.DEVNULL,
) -> subprocess.Popen:
    def limit() -> None:
        if files is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "bingo",
            "serve",
            "--config",
            str(config_path),
            "--journal",
            str(journal),
            "--registry",
            str(registry),
        ],
        cwd=ROOT,
        env=env,
        stdout=out,
        stderr=subprocess.STDOUT,
        preexec_fn=limit,
    )
    STARTED.append(server)
    return server


STARTED: list[subprocess.Popen] = []  # every server started, stopped at the end whatever happens


def stop_servers() -> None:
    for server in STARTED:
        if server.poll() is None:
            server.kill()
            server.wait()


async def wait_until(condition, timeout: float) -> bool:
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        if condition():
            return True
        await asyncio.sleep(0.005)
    return condition()


class Event:
    """An event in a folder: config (port, images), registry, key, journal and the show's writer."""

    def __init__(self, folder: Path, cards: int, config_text: str = CONFIG) -> None:
        # the server killed mid-run comes back on the same address (the phones reconnect to it):
        # one port, held by this process for the whole run (tests/served.py), so no other
        # program takes it between the kill and the restart
        self._held = contextlib.ExitStack()
        self.port = self._held.enter_context(reserved_port())
        self.config_path = folder / "config.toml"
        self.config_path.write_text(
            config_text.format(img=(ROOT / "img").as_posix(), port=self.port)
        )
        data = str(folder / "data")
        self.env = dict(os.environ, PUYO_EVENT_DATA_DIR=data, PYTHONPATH=str(ROOT))
        os.environ["PUYO_EVENT_DATA_DIR"] = data
        config = load_config(self.config_path)
        self.cards = list(iter_cards(config.board, cards, seed=1))
        self.registry = folder / "cards.csv"
        write_registry(self.registry, self.cards)
        key = cardcode.load_key(config.event.title, create=True)  # copied beside the registry
        self.codes = [cardcode.card_code(key, c.serial) for c in self.cards]
        self.numbers = [[n for row in c.rows for n in row if n is not None] for c in self.cards]
        self.journal = folder / "show.jsonl"
        self.show = DrawSession.open(config, self.journal, seed=5)
        self.shown = ShownWriter(self.journal)
        self.shown.write([])
        self.base = f"http://127.0.0.1:{self.port}"

    def start_server(self, files: int | None = None, out=subprocess.DEVNULL) -> subprocess.Popen:
        return start_server(self.config_path, self.journal, self.registry, self.env, files, out)


async def main_async(args: argparse.Namespace, folder: Path) -> None:
    event = Event(folder, args.clients)
    show, shown, base = event.show, event.shown, event.base
    server = event.start_server(args.files)
    phones = [
        Phone(base, event.codes[i], event.numbers[i], phone_address(i))
        for i in range(len(event.cards))
    ]
    async with aiohttp.ClientSession() as session:
        for _ in range(200):
            try:
                async with session.get(base + "/api/board") as answer:
                    if answer.status == 200:
                        break
            except aiohttp.ClientError:
                await asyncio.sleep(0.05)
        cpu_before = cpu_seconds(server.pid)
        tasks = [asyncio.create_task(p.run()) for p in phones]
        display = None
        if args.display:
            display = await asyncio.create_subprocess_exec(
                *DISPLAY_BENCH, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT
            )
        t = time.perf_counter()
        await wait_until(lambda: all(p.count == 0 for p in phones), 120)
        loads = sorted(p.load_seconds for p in phones if p.load_seconds is not None) or [nan]
        print(
            f"{len(loads)}/{len(phones)} phones loaded the card page as browsers do, all at once "
            f"(about 6 kept-alive connections each; target: all: "
            f"{'OK' if len(loads) == len(phones) else 'MISSED'}): median "
            f"{statistics.median(loads):.2f} s, slowest {loads[-1]:.2f} s, the server's CPU "
            f"{cpu_seconds(server.pid) - cpu_before:.1f} s; {sum(p.count == 0 for p in phones)} "
            f"follow the draw {time.perf_counter() - t:.1f} s after the start"
            + (f" (server at a {args.files}-file limit)" if args.files else "")
        )
        errors = sorted({p.load_error for p in phones if p.load_error})
        if errors:
            print(f"  pages that did not load: {', '.join(errors)}")
        print(
            f"  cell images that failed in the pages that loaded: {MISSING_IMAGES[0]} of "
            f"{sum(len(p.numbers) for p in phones)}"
        )
        delays: list[float] = []
        memory = [rss_kb(server.pid)]
        kill_at = args.draws // 2
        for n in range(1, args.draws + 1):
            if n == kill_at:
                before = [list(p.drawn) for p in phones]
                server.send_signal(signal.SIGKILL)
                server.wait()
                t = time.perf_counter()
                server = event.start_server(args.files)
                ok = await wait_until(lambda: all(p.connects >= 2 for p in phones), 60)
                back = time.perf_counter() - t
                same = all(p.drawn == b for p, b in zip(phones, before, strict=True))
                print(
                    f"server killed (SIGKILL) after draw {n - 1} and started again: "
                    f"{sum(p.connects >= 2 for p in phones)}/{len(phones)} clients reconnected "
                    f"by themselves in {back:.2f} s; same numbers on every client: {same and ok}"
                )
                first_half, memory = memory, [rss_kb(server.pid)]
            show.draw()  # the record is written before the reel spins: nobody may have it yet
            await asyncio.sleep(0.05)
            early = sum(p.count == n for p in phones)
            landed = time.perf_counter()
            shown.write(show.history)  # the reel lands
            ok = await wait_until(lambda n=n: all(p.count >= n for p in phones), 10)
            if not ok:
                print(f"draw {n}: only {sum(p.count >= n for p in phones)} clients had it in 10 s")
            delays.append(max(p.seen.get(n, time.perf_counter()) for p in phones) - landed)
            if early:
                print(f"draw {n}: {early} clients had it before the landing (a spoiled reel)")
            memory.append(rss_kb(server.pid))
            await asyncio.sleep(args.gap)
        if display is not None:
            output = (await display.communicate())[0].decode()
            print("reel frames while the server and the clients run:")
            print(frame_lines(output))
        for p in phones:
            p.stop = True
        server.send_signal(signal.SIGTERM)
        await asyncio.gather(*tasks, return_exceptions=True)
    server.wait()
    show.close()
    ms = sorted(d * 1000 for d in delays)
    print(
        f"landing -> all {len(phones)} clients have the draw, over {len(ms)} draws: "
        f"median {statistics.median(ms):.0f} ms, 95th {ms[int(len(ms) * 0.95) - 1]:.0f} ms, "
        f"worst {ms[-1]:.0f} ms (target <= 500 ms)"
    )
    for name, values in (("before the kill", first_half), ("after the restart", memory)):
        print(
            f"server memory (VmRSS) {name}, {len(values) - 1} draws: "
            f"{values[0] / 1024:.1f} MB at the start, {values[1] / 1024:.1f} MB after one draw, "
            f"{values[-1] / 1024:.1f} MB at the end, {max(values) / 1024:.1f} MB at most"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=300)
    parser.add_argument("--draws", type=int, default=75)
    parser.add_argument("--gap", type=float, default=0.1, help="seconds between draws")
    parser.add_argument(
        "--display", action="store_true", help="also compare the reel's frame times"
    )
    parser.add_argument("--files", type=int, help="the server's file limit (soft = hard)")
    parser.add_argument("--quick", action="store_true", help="100 clients, 20 draws")
    args = parser.parse_args()
    if args.quick:
        args.clients, args.draws = 100, 20
    raise_own_file_limit()
    args.clients = max(1, min(args.clients, 2000))
    args.draws = max(2, min(args.draws, 100))
    if args.display:
        alone = subprocess.run(DISPLAY_BENCH, capture_output=True, text=True, check=False)
        print("reel frames alone:")
        print(frame_lines(alone.stdout + alone.stderr))
        args.gap = max(args.gap, 0.3)  # the draws last as long as the display's run
    with tempfile.TemporaryDirectory() as folder:
        try:
            asyncio.run(main_async(args, Path(folder)))
        finally:
            stop_servers()


if __name__ == "__main__":
    main()
