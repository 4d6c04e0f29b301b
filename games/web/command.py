"""`games serve`: the tables people sit at from their phones, and the laptop's room screen.

One command: the hub (rooms, seats, CPUs, chips, the journal) and the phones' web server run in
one asyncio loop; the laptop's window (games.web.screen, Qt) shows the rooms, the join QR code
and address, and the public table of a game in progress. `--no-window` serves without it (a
terminal-only laptop, the tests). [games_web] in config.toml sets the port, bind address,
public_url, the turn timer, the CPUs' pace and the rooms (games.web.settings).
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import gc
import logging
import signal
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from types import FrameType

from eventkit.errors import UserError
from eventkit.i18n import Texts
from eventkit.tomlconf import load_section
from eventkit.web.config import with_address_options
from eventkit.web.network import join_url
from eventkit.web.reach import public_url_problem
from eventkit.web.refusals import line, refusal, said
from eventkit.web.refusals import texts as refusal_texts
from eventkit.web.serving import run as run_loop
from games.web.hub import Hub, HubOptions
from games.web.server import GamesServer, start
from games.web.settings import (
    SECTION,
    GamesWebSettings,
    parse_rules,
    parse_settings,
    rooms,
    rules_sections,
)
from games.web.texts import TABLES

PORT_IN_USE = 3  # exit status: another program has the port
HELP = "serve the card games' tables to the phones in the room"


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="games serve", description=HELP)
    p.add_argument("--config", metavar="PATH", help="config.toml to read (default: ./config.toml)")
    p.add_argument(
        "--port",
        type=int,
        metavar="N",
        help="port (default: games_web.port); 0: any free port, said in the 'serving' line",
    )
    p.add_argument("--bind", metavar="ADDRESS", help="address to listen on (games_web.bind)")
    p.add_argument(
        "--data-dir",
        metavar="DIR",
        help="where the journal and chips are kept (games_web.data_dir)",
    )
    p.add_argument(
        "--turn-seconds", type=int, metavar="N", help="a turn's time (games_web.turn_seconds)"
    )
    p.add_argument("--seed", type=int, metavar="N", help="seed every room's deals (a rehearsal)")
    p.add_argument("--no-window", action="store_true", help="serve without the laptop's window")
    return p


@dataclass(frozen=True)
class Plan:
    """What `games serve` will run: the settings after the options, and what to tell the host."""

    settings: GamesWebSettings
    rules: Mapping[str, object]  # game -> its own section: the rules its rooms play, as the Qt game
    language: str
    data_dir: Path
    url: str
    notes: tuple[str, ...]
    seed: int | None
    window: bool

    def listening(self, port: int) -> Plan:
        """The plan once the server listens on `port`: the join address with the port it got
        (games_web.port = 0: any free port; public_url, when set, stays as configured)."""
        s = self.settings
        return replace(self, url=join_url(s.bind, port, s.public_url))


def plan(argv: Sequence[str]) -> Plan:
    """The options and [games_web] read and checked; a UserError names what is wrong."""
    args = build_parser().parse_args(list(argv))
    loaded = load_section(args.config, SECTION)
    settings = parse_settings(loaded.table, loaded.base_dir)
    rules = {
        game: parse_rules(game, load_section(args.config, section).table)
        for game, section in rules_sections().items()
    }
    settings = with_address_options(settings, args.port, args.bind, loaded.language)
    if args.turn_seconds is not None:
        if not 0 <= args.turn_seconds <= 600:
            raise said(Texts(TABLES, loaded.language), "turn_seconds", value=args.turn_seconds)
        settings = replace(settings, turn_seconds=args.turn_seconds)
    if args.data_dir:
        data_dir = Path(args.data_dir)
    elif settings.data_dir is not None:
        data_dir = settings.data_dir
    else:
        from eventkit.paths import user_data_dir

        data_dir = user_data_dir() / "games_web"
    notes = []
    problem = public_url_problem(
        settings.public_url,
        settings.port,
        settings.bind,
        section=SECTION,
        what=refusal_texts(loaded.language)("what_join_qr"),
        language=loaded.language,
    )
    if problem:
        notes.append(problem)
    url = join_url(settings.bind, settings.port, settings.public_url)
    return Plan(
        settings,
        rules,
        loaded.language,
        data_dir,
        url,
        tuple(notes),
        args.seed,
        not args.no_window,
    )


def make_hub(p: Plan) -> Hub:
    try:
        p.data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise said(
            Texts(TABLES, p.language), "data_dir", folder=p.data_dir, reason=exc.strerror or exc
        ) from None
    options = HubOptions(
        cpu_workers=p.settings.cpu_workers,
        turn_seconds=float(p.settings.turn_seconds),
        hold_seconds=float(p.settings.hold_seconds),
        cpu_delay=p.settings.cpu_delay_ms / 1000,
        advance_pause=p.settings.advance_pause_ms / 1000,
        peek=p.settings.peek,
        name_hours=float(p.settings.names_expire_hours),
        names_per_address=p.settings.new_names_per_address,
        names_per_network=p.settings.new_names_per_network,
        seed=p.seed,
    )
    return Hub(p.data_dir, rooms=rooms(p.settings, p.rules), language=p.language, options=options)


def make_server(p: Plan, hub: Hub) -> GamesServer:
    return GamesServer(
        hub,
        language=p.language,
        join_url=p.url,
        connections_per_address=p.settings.connections_per_address,
    )


class Serve:
    """The hub and the server in one asyncio loop, in this thread (`run`) or another (`thread`).

    `call(fn, *args)` runs `fn` in that loop from any thread (the Qt window's buttons).
    """

    def __init__(self, p: Plan) -> None:
        self.plan = p
        self.hub = make_hub(p)
        self.server = make_server(p, self.hub)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.port: int | None = None
        self.ready = threading.Event()
        self.error: BaseException | None = None
        self._stop: asyncio.Event | None = None

    async def main(self, on_ready: Callable[[], None] | None = None) -> None:
        self.loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        await self.hub.open()
        try:
            serving = await start(self.server, self.plan.settings.bind, self.plan.settings.port)
        except BaseException:
            await self.hub.close()
            raise
        self.port = serving.port
        # start-up's objects (the games' modules, numba's, aiohttp's) kept out of the
        # collector's sight: a full collection of them held every room's messages for
        # 0.2-0.3 s (benchmarks/bench_web_tables.py); what the evening makes is still collected
        gc.freeze()
        self.plan = self.plan.listening(serving.port)
        self.server.set_join_url(self.plan.url)
        try:
            self.ready.set()
            if on_ready is not None:
                on_ready()
            await self._stop.wait()
        finally:
            await serving.cleanup()
            await self.hub.close()

    def call(self, fn: Callable[..., object], *args: object) -> None:
        if self.loop is not None:
            self.loop.call_soon_threadsafe(fn, *args)

    def stop(self) -> None:
        if self.loop is not None and self._stop is not None:
            self.loop.call_soon_threadsafe(self._stop.set)

    def thread(self) -> threading.Thread:
        """Start the loop in a thread of its own; `ready` is set once phones can connect."""

        def run() -> None:
            try:
                run_loop(self.main())  # on uvloop where it is installed, as bingo serve
            except BaseException as exc:  # told to the window's thread, which says it
                self.error = exc
                self.ready.set()

        worker = threading.Thread(target=run, name="games serve", daemon=True)
        worker.start()
        return worker


def listen_problem(
    exc: OSError, settings: GamesWebSettings, language: str = "ja"
) -> UserError | None:
    """The host's sentence for a failure to listen, in the event's language (None: the port is
    taken, said apart)."""
    where = {"bind": settings.bind, "port": settings.port, "section": SECTION}
    if exc.errno in (errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", -1)):
        return None
    if exc.errno == errno.EADDRNOTAVAIL:
        return refusal(language, "address_not_here", **where)
    return refusal(language, "cannot_listen", reason=exc.strerror or exc, **where)


def port_in_use(settings: GamesWebSettings, language: str = "ja") -> int:
    taken = refusal(language, "port_in_use", port=settings.port, section=SECTION)
    print(line(taken), file=sys.stderr)
    return PORT_IN_USE


# what signal.signal returns: a handler, SIG_DFL / SIG_IGN, or None (not set from Python)
_Handler = Callable[[int, FrameType | None], object] | int | signal.Handlers | None


class EarlyStop:
    """A stop (SIGTERM, SIGHUP; Ctrl+C is KeyboardInterrupt until then) that comes before the
    serving loop or the window has its own handler: kept, and acted on once they start. Put
    in place first thing, so `games serve` handles a SIGTERM from its first moment (it died
    of one that came while the window was starting)."""

    def __init__(self) -> None:
        self.received: list[int] = []
        self._old: dict[int, _Handler] = {}

    def install(self) -> EarlyStop:
        if sys.platform == "win32":
            return self
        for sig in (signal.SIGTERM, signal.SIGHUP):
            try:
                self._old[sig] = signal.signal(sig, self._keep)
            except (ValueError, OSError):  # not the main thread (a test calling main)
                pass
        return self

    def _keep(self, number: int, frame: object) -> None:
        self.received.append(number)

    def restore(self) -> None:
        for sig, old in self._old.items():
            try:
                signal.signal(sig, old)
            except (ValueError, OSError, TypeError):
                pass
        self._old.clear()


# Loggers every line of which is for the host as it is (`games serve: <line>` on stderr, never
# throttled): the full disk's pause and its end (games.web.pause). The hub's other log records
# go through the serving loop's throttled one-line log (eventkit.web.guard.quiet_logs).
HOST_LOGGERS = ("games.web.pause",)


class _HostLines(logging.Handler):
    """A record as one line on the terminal (stderr as it is now), prefixed ``games serve:``."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            print(f"games serve: {record.getMessage()}", file=sys.stderr, flush=True)
        except (OSError, ValueError):  # a closed terminal must not stop the server
            pass


def show_host_lines() -> None:
    """The host's lines (HOST_LOGGERS) on stderr from now on, INFO and up, once however often
    `games serve` runs in one process (the tests)."""
    for name in HOST_LOGGERS:
        logger = logging.getLogger(name)
        logger.setLevel(logging.INFO)
        logger.propagate = False  # not also through the throttled log of the serving loop
        if not any(isinstance(h, _HostLines) for h in logger.handlers):
            logger.addHandler(_HostLines())


def main(argv: Sequence[str]) -> int:
    early = EarlyStop().install()
    try:
        return _main(argv, early)
    finally:
        early.restore()


def _main(argv: Sequence[str], early: EarlyStop) -> int:
    p = plan(argv)
    show_host_lines()
    for note in p.notes:
        print(f"{Texts(TABLES, p.language)('note')}: {note}", file=sys.stderr)
    serve = Serve(p)
    try:
        if p.window:
            return _with_window(serve, early)
        return _headless(serve, early)
    except OSError as exc:
        problem = listen_problem(exc, p.settings, p.language)
        if problem is None:
            return port_in_use(p.settings, p.language)
        raise problem from None


def _headless(serve: Serve, early: EarlyStop) -> int:
    def announce() -> None:
        print(f"serving {serve.plan.url} (data {serve.plan.data_dir})", flush=True)

    async def run() -> None:
        task = asyncio.current_task()
        if task is not None and sys.platform != "win32":
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGTERM, signal.SIGHUP):
                loop.add_signal_handler(sig, task.cancel)
        if early.received:  # stopped before the loop ran: start nothing
            return
        await serve.main(announce)

    try:
        run_loop(run())  # on uvloop where it is installed, as bingo serve
    except (KeyboardInterrupt, asyncio.CancelledError):
        pass
    return 0


def _with_window(serve: Serve, early: EarlyStop) -> int:
    from eventkit.qtruntime import make_app
    from games.web.screen import run_screen

    make_app("games serve")  # the window's stop handlers (SIGTERM, SIGINT, SIGHUP) from now on
    worker = serve.thread()
    serve.ready.wait()
    if serve.error is not None:
        worker.join()
        raise serve.error
    if early.received:  # stopped while starting: the server stops, no window opens
        serve.stop()
        worker.join(30)
        return 0
    print(f"serving {serve.plan.url} (data {serve.plan.data_dir})", flush=True)
    try:
        return run_screen(serve)
    finally:
        serve.stop()
        worker.join(30)
        worker.join(timeout=10)
