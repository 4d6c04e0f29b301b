"""The card tables of the evening: `games serve --no-window` as `bingo draw --serve --tables` runs it.

`python -m bingo.web.tables_serve --config C --journal J` runs the games' own server
(games.web.command's `plan` and `Serve`: the hub, the rooms, the tables' journal and chips in
games_web.data_dir, exactly as `games serve --no-window --config C`) with what the show's
supervisor (bingo.ui.webserver.ServerProcess, the one that keeps `bingo serve` running) needs
and what one link needs:

- it listens on this computer's loopback only, at any free port: the guests never see it;
  `bingo serve` forwards `/tables/...` to it (bingo.web.tables), so phones reach the tables
  at the bingo server's address and port;
- `<journal>.tables` (bingo.serve_lock, as `bingo serve`'s `<journal>.serve`): locked while it
  runs, with its pid and the port it got once it listens, touched every second from its loop
  (a hung server is killed and started again by the show);
- the phone's own address, which the forwarder sends in `PHONE_HEADER` (trusted from a loopback
  peer only), is the address the hub and its limits see; the games' guard, which sees only the
  forwarder, takes as many connections from it as from everyone (the forwarder's own guard caps
  each phone's address);
- it runs at a lower priority than the show (the supervisor's SERVER_NICE, as `bingo serve`):
  the reel keeps its frames when the tables are busy;
- the host's table controls (give a name back, a room's CPU level and rule set: the laptop
  window's of `games serve`) are the show's operator window's (bingo.ui.tables_panel), over
  games.web.host_link's routes under `/host/` on this server's loopback port, for the key it
  writes at each start in `<journal>.tables-key` (0600, beside the journal: only the show reads
  it); a request that came through `bingo serve` (PHONE_HEADER) is refused there, and the
  forwarder never forwards that path (`attach_host`).

`games serve` on its own is unchanged and keeps its window, port and QR code.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from aiohttp import web

from bingo.serve_lock import ServeBusy, ServeLock, tables_lock_path, write_tables_key
from bingo.web.command import ALREADY_SERVED, alive
from bingo.web.tables import LOOPBACK, PHONE_HEADER
from eventkit.errors import UserError
from eventkit.web.app import Handler

NICE = 0  # added to its niceness by itself (the show's supervisor adds SERVER_NICE to it)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bingo.web.tables_serve", description=__doc__)
    p.add_argument("--config", metavar="PATH", help="config.toml (default: ./config.toml)")
    p.add_argument("--journal", metavar="PATH", required=True, help="the draw's journal")
    p.add_argument("--nice", type=int, default=NICE, metavar="N", help="niceness added")
    return p


def games_argv(config: str | None) -> list[str]:
    """`games serve`'s options for the tables behind the bingo server."""
    argv = ["--no-window", "--port", "0", "--bind", LOOPBACK]
    return argv + (["--config", config] if config else [])


@web.middleware
async def phone_address(request: web.Request, handler: Handler) -> web.StreamResponse:
    """The phone's address (PHONE_HEADER) as the request's, when the forwarder on this
    computer sent it; any other peer's header is ignored."""
    forwarded = request.headers.get(PHONE_HEADER)
    if forwarded and _loopback(request.remote):
        request = request.clone(remote=forwarded[:64])
    return await handler(request)


def _loopback(address: str | None) -> bool:
    try:
        return address is not None and ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def attach_host(app: web.Application, hub: Any, journal: Path) -> bool:
    """The host's table controls on `app` (games.web.host_link) for a new key written beside
    `journal`; False (said in one line) when the key cannot be written: the tables serve the
    phones without them."""
    from games.web.host_link import HostLink

    try:
        key = write_tables_key(journal)
    except (OSError, UserError) as exc:
        print(f"tables: the host's controls are off: {exc}", file=sys.stderr, flush=True)
        return False
    HostLink(hub, key, refused_headers=(PHONE_HEADER,)).attach(app)
    return True


def main(argv: Sequence[str] | None = None) -> int:
    from games.web.command import EarlyStop

    args = build_parser().parse_args(argv)
    early = EarlyStop().install()  # a stop from the show's first moment is kept
    try:
        return _main(args, early)
    except UserError as exc:  # said in the event's language, with its label
        print(f"{exc.label}: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    finally:
        early.restore()


def _main(args: argparse.Namespace, early: object) -> int:
    from games.web.command import Serve, plan, show_host_lines

    journal = Path(args.journal)
    lock_path = tables_lock_path(journal)
    if args.nice:
        with contextlib.suppress(OSError):
            os.nice(args.nice)  # (a process may always lower its own priority)
    p = plan(games_argv(args.config))
    show_host_lines()
    try:
        lock = ServeLock(journal, path=lock_path).acquire(0, LOOPBACK)
    except ServeBusy:
        print(f"tables: {lock_path} is held by another server", file=sys.stderr)
        return ALREADY_SERVED
    try:
        serve = Serve(p)
        serve.server.app.middlewares.append(phone_address)
        attach_host(serve.server.app, serve.hub, journal)

        keeper: list[asyncio.Task[None]] = []

        def ready() -> None:  # (in the loop, once it listens)
            assert serve.port is not None
            guard = serve.server.guard
            guard.per_address = guard.total  # one peer, the forwarder: it caps each phone
            lock.listening(serve.port)
            keeper.append(asyncio.get_running_loop().create_task(alive(lock_path)))
            print(f"tables serving {serve.plan.url} (data {p.data_dir})", flush=True)

        async def run() -> None:
            task = asyncio.current_task()
            if task is not None and sys.platform != "win32":
                loop = asyncio.get_running_loop()
                for sig in (signal.SIGTERM, signal.SIGHUP):
                    loop.add_signal_handler(sig, task.cancel)
            if getattr(early, "received", None):  # stopped before the loop ran
                return
            try:
                await serve.main(ready)
            finally:
                for task in keeper:
                    task.cancel()

        with contextlib.suppress(asyncio.CancelledError):
            asyncio.run(run())
        return 0
    finally:
        lock.release()


if __name__ == "__main__":
    sys.exit(main())
