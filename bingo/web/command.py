"""`bingo serve`: the phones' web server for the event's journal (`bingo draw --serve` starts it)."""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import errno
import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from bingo.config import Config
from bingo.serve_lock import serve_lock_path
from bingo.web.settings import WebSettings
from bingo.web.texts import texts
from eventkit.web.config import with_address_options
from eventkit.web.refusals import line, refusal, said
from eventkit.web.refusals import texts as refusal_texts

if TYPE_CHECKING:  # not a cycle: aiohttp (0.5 s) is imported only to serve; bingo/ui reads
    from bingo.serve_lock import ServeLock  # this module's exit codes at the draw's start
    from bingo.web.server import WebServer

HELP = "serve the live board and each player's card to phones (follows the draw's journal)"
PORT_IN_USE = 3  # exit status: another program has the port (`bingo draw --serve` says so)
ALREADY_SERVED = 4  # exit status: another `bingo serve` serves this journal (the show adopts it)
ALIVE_EVERY = 1.0  # seconds between two touches of <journal>.serve by a running server
HUNG_SECONDS = 5.0  # untouched this long: the server is hung (the show kills and restarts it)


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
    parser.add_argument(
        "--port",
        type=int,
        metavar="N",
        help="port (default: web.port); 0: any free port, said in the 'serving' line and "
        "<journal>.serve",
    )
    parser.add_argument(
        "--bind", metavar="ADDRESS", help="address to listen on (default: web.bind)"
    )
    parser.add_argument(
        "--tables",
        action="store_true",
        help="also the card tables at /tables/ (the show runs them: bingo draw --serve --tables; "
        "config: event.tables)",
    )


def journal_for(config: Config, journal: str | None, seed: int | None) -> Path:
    from bingo.session import default_journal_path

    if journal:
        return Path(journal)
    seed = config.event.seed if seed is None else seed
    return default_journal_path(config, rehearsal=seed is not None)


def build_server(args: argparse.Namespace) -> tuple[WebServer, WebSettings, list[str]]:
    from bingo.config import load_config
    from bingo.web.server import WebServer
    from bingo.web.settings import web_settings

    config = load_config(args.config, refuse_twins=False)  # the show refuses them, not the phones
    settings = web_settings(config)
    settings = with_address_options(settings, args.port, args.bind, config.event.language)
    registry = key = None
    notes: list[str] = []
    if args.registry:  # verified: rows and key (cards/cardset.py); the key is the set's cards.key
        from cards.cardset import open_card_set

        card_set = open_card_set(config, Path(args.registry), note=notes.append)
        registry, key = card_set.cards, card_set.key
    if registry is None:
        notes.append(texts(config.event.language)("no_registry"))
    from eventkit.web.reach import public_url_problem

    language = config.event.language
    unreachable = public_url_problem(
        settings.public_url,
        settings.port,
        settings.bind,
        section="web",
        what=refusal_texts(language)("what_cards_qr"),
        language=language,
    )
    if unreachable:  # the cards' QR codes hold this address: the host must hear it now
        notes.append(unreachable)
    journal = journal_for(config, args.journal, args.seed)
    if not journal.name or journal.name == ".." or journal.is_dir():
        raise said(texts(config.event.language), "journal_is_folder", journal=journal)
    tables = bool(getattr(args, "tables", False)) or config.event.tables
    server = WebServer(config, journal, settings, registry=registry, card_key=key, tables=tables)
    return server, settings, notes


def run(args: argparse.Namespace) -> int:
    from bingo.serve_lock import ServeBusy, ServeLock

    server, settings, notes = build_server(args)
    strings = texts(server.config.event.language)
    try:  # one server per journal: a show restarted after a crash finds (and adopts) this one
        served = ServeLock(server.journal).acquire(settings.port, settings.bind)
    except ServeBusy as exc:
        info = exc.info
        print(
            line(
                said(
                    strings,
                    "serve_busy",
                    journal=server.journal,
                    pid=info.pid or "?",
                    port=info.port or "?",
                )
            ),
            file=sys.stderr,
        )
        return ALREADY_SERVED
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else None
        raise said(
            strings, "serve_file", journal=server.journal, reason=reason or strings("not_a_name")
        ) from None
    try:
        return _serve(server, settings, notes, served)
    finally:
        served.release()


async def alive(path: Path) -> None:
    """Touch `path` (the journal's `.serve`) every ALIVE_EVERY seconds from the serving loop,
    until cancelled: the show's supervisor (bingo.ui.webserver) replaces a server whose file
    has not been touched for HUNG_SECONDS (stopped, or its loop stuck), whatever the phones'
    traffic (a probe over HTTP would wait behind a flood the guard holds back)."""
    while True:
        try:
            os.utime(path)
        except OSError:
            pass  # the supervisor will see it and say so; the phones are still served
        await asyncio.sleep(ALIVE_EVERY)


def _serve(server: WebServer, settings: WebSettings, notes: list[str], served: ServeLock) -> int:
    """Serve until SIGTERM or Ctrl+C. Once it listens, it says so on stdout in one line,
    `serving http://<address>:<port>/ (journal <path>)`, and writes the port into
    `<journal>.serve`: the port it got, when asked for port 0 (any free port)."""
    from bingo.web.server import start
    from bingo.web.settings import join_url
    from eventkit.web.serving import run as run_loop  # on uvloop where it is installed

    label = texts(server.config.event.language)("note")
    for note in notes:
        print(f"{label}: {note}", file=sys.stderr)

    async def main() -> None:
        task = asyncio.current_task()
        loop = asyncio.get_running_loop()
        if task is not None and sys.platform != "win32":
            loop.add_signal_handler(signal.SIGTERM, task.cancel)
        runner = await start(server, settings.bind, settings.port)
        served.listening(runner.port)
        url = join_url(dataclasses.replace(settings, port=runner.port))
        print(f"serving {url} (journal {server.journal})", flush=True)
        try:
            await alive(serve_lock_path(server.journal))  # until cancelled (Ctrl+C or SIGTERM)
        finally:
            await runner.cleanup()

    try:
        run_loop(main())
    except OSError as exc:
        where = {"bind": settings.bind, "port": settings.port, "section": "web"}
        language = server.config.event.language
        if exc.errno in (errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", -1)):
            print(line(refusal(language, "port_in_use", **where)), file=sys.stderr)
            return PORT_IN_USE
        if exc.errno == errno.EADDRNOTAVAIL:
            raise refusal(language, "address_not_here", **where) from None
        if settings.bind.lower().startswith("fe80:") and "%" not in settings.bind:
            raise refusal(language, "link_local", **where) from None
        raise refusal(language, "cannot_listen", reason=exc.strerror or exc, **where) from None
    except asyncio.CancelledError:
        pass
    return 0
