"""`games daifugo [--config PATH] [options]`: open the Daifugō table."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from eventkit.errors import UserError
from eventkit.tomlconf import load_section, refused
from games.common.options import CONFIG_HELP
from games.daifugo.chips import ChipBank, room
from games.daifugo.ruleset import Rules
from games.daifugo.settings import TEXTS, DaifugoSettings, parse_settings


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="games daifugo", description="Daifugō (大富豪) table")
    parser.add_argument("--config", metavar="PATH", help=CONFIG_HELP)
    parser.add_argument("--players", type=int, choices=(2, 3, 4, 5), help="players (you + CPUs)")
    parser.add_argument("--rule-set", type=int, choices=(1, 2, 3, 4), help="rule set 1-4")
    parser.add_argument("--room", help="beginner, intermediate or advanced (初級/中級/上級)")
    parser.add_argument(
        "--cpu", help="CPU levels, comma separated (easy, normal, strong), e.g. normal,strong"
    )
    parser.add_argument("--delay-ms", type=int, help="pause before each CPU move (0 = none)")
    parser.add_argument("--seed", type=int, help="seed for a game that replays exactly")
    parser.add_argument(
        "--no-setup",
        action="store_true",
        help="skip the start dialog (players, CPU levels, rules, room)",
    )
    parser.add_argument("--language", choices=("ja", "en"), help="override event.language")
    parser.add_argument(
        "--window", action="store_true", help="open in a window, not full screen (F11 toggles)"
    )
    parser.add_argument(
        "--uecda",
        metavar="HOST[:PORT]",
        help="play a UECda contest server (protocol 20070, default port 42485) instead of the table",
    )
    parser.add_argument(
        "--level", choices=("easy", "normal", "strong"), default="strong", help="CPU for --uecda"
    )
    return parser


def resolve(argv: Sequence[str]) -> tuple[DaifugoSettings, str, argparse.Namespace]:
    """Settings from config.toml, overridden by the command-line options."""
    args = build_parser().parse_args(list(argv))
    loaded = load_section(args.config, "daifugo")
    s = parse_settings(loaded.table)
    changes = {}
    if args.players:
        changes["players"] = args.players
    if args.rule_set:
        changes["rule_set"] = args.rule_set
    if args.room:
        try:
            changes["room"] = room(args.room).key
        except UserError:
            raise refused(TEXTS, "room_option", value=args.room) from None
    if args.cpu is not None:
        levels = tuple(x.strip() for x in args.cpu.split(",") if x.strip())
        if not levels:
            raise refused(TEXTS, "cpu_none", value=args.cpu)
        for level in levels:
            if level not in ("easy", "normal", "strong"):
                raise refused(TEXTS, "cpu_level", level=level)
        changes["cpu_levels"] = levels
    if args.delay_ms is not None:
        if not 0 <= args.delay_ms <= 10_000:
            raise refused(TEXTS, "delay", value=args.delay_ms)
        changes["cpu_delay_ms"] = args.delay_ms
    if args.seed is not None:
        changes["seed"] = args.seed
    if args.no_setup:
        changes["choose_at_start"] = False
    from dataclasses import replace

    s = replace(s, **changes)
    language = args.language or loaded.language
    return s, language, args


def make_table(settings: DaifugoSettings, language: str, *, ask: bool | None = None):
    """The table widget (after the start dialog when settings ask for it; None = cancelled)."""
    from games.common.table import cpu_levels_by_seat
    from games.daifugo.qt.setup import SetupDialog
    from games.daifugo.qt.window import DaifugoTable

    players, rules, room_key = settings.players, Rules.preset(settings.rule_set), settings.room
    levels = tuple(settings.level_of(i) for i in range(players - 1))
    if settings.choose_at_start if ask is None else ask:
        dialog = SetupDialog(language, rules, room_key, players=players, cpu_levels=levels)
        if not dialog.exec():
            return None
        chosen = dialog.choice()
        players, levels, rules, room_key = (
            chosen.players,
            chosen.cpu_levels,
            chosen.rules,
            chosen.room_key,
        )
    return DaifugoTable(
        players=players,
        rules=rules,
        room=room(room_key),
        cpu_levels=cpu_levels_by_seat(levels, {DaifugoTable.seat}, players),
        delay_ms=settings.cpu_delay_ms,
        seed=settings.seed,
        language=language,
        bank=ChipBank(start=settings.starting_chips),
        player_name=settings.player_name,
        strong_samples=settings.strong_samples,
    )


def chips_notice(bank: ChipBank, language: str) -> str:
    """What the player is told before play when the chips file needed care, in their language."""
    from games.daifugo.texts import TEXTS

    t = TEXTS[language if language in TEXTS else "ja"]
    if bank.set_aside:
        return str(t["chips_damaged"]).format(kept=bank.set_aside)
    if bank.settled:
        return str(t["settled"]).format(n=bank.settled)
    return bank.notice


def main(argv: Sequence[str] | None = None) -> int:
    settings, language, args = resolve(sys.argv[1:] if argv is None else argv)
    if args.uecda is not None:
        from games.daifugo.uecda.client import run_cli

        return run_cli(args.uecda, args.level, seed=settings.seed)
    from eventkit.qtruntime import make_app
    from eventkit.screen import open_on_screen

    app = make_app("games daifugo")
    stop_asked = defer_stops()
    table = make_table(settings, language)
    if table is None:
        return 0
    open_on_screen(table, full_screen=not args.window)
    if table.bank.notice:  # a damaged chips file was set aside, or a stopped game's fees
        notice = chips_notice(table.bank, language)  # went back: say so before play starts
        print(f"warning: {table.bank.notice}", file=sys.stderr, flush=True)
        show_notice(table, notice)
    if stopped(table):  # a stop (Ctrl+C, SIGTERM, SIGHUP) closed the notice: no game
        return 0
    from PySide6.QtCore import QTimer

    # the first game starts inside the event loop, and only if no stop came meanwhile (a stop's
    # handler closes every window and quits: eventkit.qtruntime)
    QTimer.singleShot(0, lambda: None if stop_asked or stopped(table) else table.start_game())
    return int(app.exec())


def defer_stops() -> list[int]:
    """Run the stop handlers (eventkit.qtruntime's: close every window, quit) from the event
    loop, never in the middle of the Python code a signal lands in: a stop inside a chips save
    closed the table, whose interrupt saved again and waited for the file lock the interrupted
    save held, for ever. Returns the signals received so far (a start checks it is empty)."""
    import signal

    from PySide6.QtCore import QTimer

    received: list[int] = []
    hangup = getattr(signal, "SIGHUP", None)
    for sig in (signal.SIGINT, signal.SIGTERM, *([hangup] if hangup is not None else [])):
        handler = signal.getsignal(sig)
        if not callable(handler):
            continue

        def later(number: int, frame: object, handler: Callable[..., object] = handler) -> None:
            received.append(number)
            QTimer.singleShot(0, lambda: handler(number, None))

        try:
            signal.signal(sig, later)
        except (ValueError, OSError):  # not the main thread, or not on this platform
            pass
    return received


def show_notice(table, text: str) -> None:
    """The notice over the table until the player closes it, or until a stop closes the table
    (a stop that came just before the notice opened included: Qt's quit is spent by then, so
    the notice watches the table itself)."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QMessageBox

    if stopped(table):
        return
    box = QMessageBox(
        QMessageBox.Icon.Warning, table.windowTitle(), text, QMessageBox.StandardButton.Ok, table
    )
    watch = QTimer(box)
    watch.timeout.connect(lambda: box.reject() if stopped(table) else None)
    watch.start(100)
    box.exec()
    watch.stop()
    import shiboken6  # the box goes now, not with the table at the interpreter's exit (a crash)

    shiboken6.delete(box)


def stopped(table) -> bool:
    """The table's window was closed (a stop's handler closes every window) or is already
    deleted (closed with WA_DeleteOnClose before the event loop ran): start nothing."""
    import shiboken6

    return not shiboken6.isValid(table) or not table.isVisible()
