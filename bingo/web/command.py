"""`bingo serve`: the phones' web server for the event's journal (`bingo draw --serve` starts it)."""

from __future__ import annotations

import argparse
import asyncio
import errno
import ipaddress
import signal
import sys
from dataclasses import replace
from pathlib import Path

from eventkit.errors import UserError

HELP = "serve the live board and each player's card to phones (follows the draw's journal)"
PORT_IN_USE = 3  # exit status: `bingo draw --serve` then leaves the earlier server serving


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--journal", metavar="PATH", help="the draw's journal (default: the event's, as bingo draw)"
    )
    parser.add_argument(
        "--seed",
        type=int,
        metavar="N",
        help="follow the rehearsal journal of `bingo draw --seed N` (default: event.seed)",
    )
    parser.add_argument(
        "--registry", metavar="CSV", help="card registry written by `bingo cards` (cards' numbers)"
    )
    parser.add_argument("--port", type=int, metavar="N", help="port (default: web.port)")
    parser.add_argument(
        "--bind", metavar="ADDRESS", help="address to listen on (default: web.bind)"
    )


def journal_for(config, journal: str | None, seed: int | None) -> Path:
    from bingo.session import default_journal_path

    if journal:
        return Path(journal)
    seed = config.event.seed if seed is None else seed
    return default_journal_path(config, rehearsal=seed is not None)


def build_server(args: argparse.Namespace):
    from bingo.cardcode import key_path, load_key
    from bingo.config import load_config
    from bingo.web.server import WebServer
    from bingo.web.settings import web_settings

    config = load_config(args.config)
    settings = web_settings(config)
    if args.port is not None:
        if not 1024 <= args.port <= 65535:
            raise UserError(f"--port {args.port} is out of range: use 1024..65535")
        settings = replace(settings, port=args.port)
    if args.bind is not None:
        try:
            ipaddress.ip_address(args.bind)
        except ValueError:
            raise UserError(f"--bind {args.bind!r} is not an IP address of this computer") from None
        settings = replace(settings, bind=args.bind)
    registry = None
    if args.registry:
        from cards.check import load_registry_for

        registry = load_registry_for(config, Path(args.registry))
    key = load_key(config.event.title)
    notes = []
    if key is None:
        notes.append(
            f"no card key at {key_path(config.event.title)}: printed codes cannot be checked "
            "(print the cards on this computer, or copy the key file here)"
        )
    if registry is None:
        notes.append("no --registry: the board works, card pages answer 404")
    journal = journal_for(config, args.journal, args.seed)
    server = WebServer(config, journal, settings, registry=registry, card_key=key)
    return server, settings, notes


def run(args: argparse.Namespace) -> int:
    from bingo.web.server import serve
    from bingo.web.settings import join_url

    server, settings, notes = build_server(args)
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    print(f"serving {join_url(settings)} (journal {server.journal})", flush=True)

    async def main() -> None:
        task = asyncio.current_task()
        loop = asyncio.get_running_loop()
        if task is not None and sys.platform != "win32":
            loop.add_signal_handler(signal.SIGTERM, task.cancel)
        await serve(server, settings.bind, settings.port)

    try:
        asyncio.run(main())
    except OSError as exc:
        if exc.errno in (errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", -1)):
            print(
                f"error: port {settings.port} is already in use (an earlier `bingo serve` still "
                "running goes on serving): stop it, or choose another port with web.port in "
                "config.toml (or --port)",
                file=sys.stderr,
            )
            return PORT_IN_USE
        if exc.errno == errno.EADDRNOTAVAIL:
            raise UserError(
                f"address {settings.bind} is not one of this computer's: fix web.bind"
            ) from None
        raise
    except asyncio.CancelledError:
        pass
    return 0
