"""`bingo draw`: the projector show (and `--verify-journal` to check a journal)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from eventkit.errors import UserError

HELP = "run the bingo draw on the projector: slot reel, board, live odds, card checks"


class DrawOptionError(UserError):
    """A bad `bingo draw` option."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--journal",
        metavar="PATH",
        help="journal file (default: one per event in the user's data folder)",
    )
    parser.add_argument(
        "--new", action="store_true", help="start a new game; the old journal is kept aside"
    )
    parser.add_argument(
        "--seed",
        type=int,
        metavar="N",
        help="seeded draw for a rehearsal, kept in its own journal (default: secure "
        "randomness, or event.seed from the config)",
    )
    parser.add_argument(
        "--auto",
        type=float,
        metavar="SECONDS",
        help="draw by itself: a ball every SECONDS, from one landing to the next, "
        "spin included (A toggles it)",
    )
    parser.add_argument(
        "--manual",
        action="store_true",
        help="numbers come from a physical ball cage (ガラガラ): type each one and press Enter "
        '(config: display.draw = "manual"; a game typed by hand resumes so)',
    )
    parser.add_argument(
        "--registry",
        metavar="CSV",
        help="card registry written by `bingo cards`, for card checks (C)",
    )
    parser.add_argument(
        "--operator",
        action="store_true",
        help="also open the operator window (controls and full statistics)",
    )
    parser.add_argument(
        "--windowed", action="store_true", help="start in a window instead of full screen"
    )
    parser.add_argument(
        "--serve",
        action="store_true",
        help="also serve the live board and each player's card to phones (config: web.enabled)",
    )
    parser.add_argument(
        "--tables",
        action="store_true",
        help="serve the phones and also the card tables (games serve, no window) at the same "
        "address under /tables/: one QR code for the evening (config: event.tables, when serving)",
    )
    parser.add_argument(
        "--verify-journal",
        metavar="FILE",
        help="check a journal's hash chain, print the result and exit (0 = ok)",
    )


def verify(path: str, config: str | None = None) -> int:
    """`bingo draw --verify-journal FILE`: the journal's check, said in the language of the
    config the command would read (`config`: --config, else ./config.toml; read leniently,
    never refused: a journal is checked whatever else the config says)."""
    from bingo.builtin import file_language
    from bingo.config_texts import JOURNAL_TABLES as TABLES
    from bingo.journal import verify_journal
    from eventkit.tomlconf import phrase, speaking

    with speaking(file_language(config)):
        if not path.strip():
            print(phrase(TABLES, "verify_needs_file"), file=sys.stderr)
            return 2
        result = verify_journal(path)
    print(result.message, file=sys.stdout if result.ok else sys.stderr)
    return 0 if result.ok else 1


def run(args: argparse.Namespace) -> int:
    if getattr(args, "verify_journal", None) is not None:
        return verify(args.verify_journal, getattr(args, "config", None))
    try:
        return _run_show(args)
    except UserError as exc:
        _error_dialog(str(exc))
        raise


def _run_show(args: argparse.Namespace) -> int:
    from bingo.config import load_config
    from bingo.journal import JournalError
    from bingo.journal_lock import JournalBusy
    from bingo.ui.texts import texts
    from eventkit.web.refusals import said

    config = load_config(args.config)
    strings = texts(config.event.language)
    if args.auto is not None and not 0.5 <= args.auto <= 3600:  # said in the show's language
        raise said(strings, "option_auto_range", DrawOptionError, seconds=f"{args.auto:g}")
    if args.auto is not None and getattr(args, "manual", False):
        raise said(strings, "option_auto_manual", DrawOptionError)
    registry = None
    if args.registry:
        from cards.check import load_registry_for

        registry = load_registry_for(config, Path(args.registry))
    try:
        session = open_session(config, args, strings)
    except JournalBusy as exc:  # a second copy: the terminal only, never a dialog over the
        # running show (on the projector it would wait there for a click)
        print(f"{strings('error')}: {strings.coded(exc)}", file=sys.stderr)
        return 1
    except JournalError as exc:  # said in the show's language, on stderr and in a dialog
        message = strings.coded(exc)
        print(f"{strings('error')}: {message}", file=sys.stderr)
        _error_dialog(message)
        return 1
    if session is None:
        return 1  # the host chose to quit at the recovery dialog
    try:
        return _exec(session, config, registry, args)
    finally:
        session.close()


CONTINUE = "continue"  # the host's answer: go on from the journal's last valid record


def open_session(config, args: argparse.Namespace, strings, ask=None):
    """Open the draw; when the journal cannot be resumed, let the host choose (no flags).

    `ask(problem, path[, draws]) ` answers "keep it aside and start a new game" (True),
    "quit" (False) or, when it is given `draws` (a damaged journal whose first records check
    out), CONTINUE from the last valid record (the damaged rest kept in a side file); by
    default a dialog in the show's language. Returns None when the host quits.
    """
    from bingo.journal import JournalUnusable, can_continue
    from bingo.session import DrawSession

    try:
        return DrawSession.open(
            config, args.journal, new=args.new, seed=args.seed, manual=_manual(args)
        )
    except JournalUnusable as exc:
        ask = ask or (
            lambda problem, path, draws=None: recovery_dialog(
                problem, path, strings, continue_draws=draws
            )
        )
        problem, path = strings.coded(exc), exc.params.get("path", "")
        if can_continue(exc):
            choice = ask(problem, path, int(exc.params.get("draws", 0)))
        else:
            choice = ask(problem, path)
        if choice == CONTINUE:
            return _continue_damaged(config, args, exc)
        if not choice:
            return None
    return DrawSession.open(config, args.journal, new=True, seed=args.seed, manual=_manual(args))


def _manual(args: argparse.Namespace) -> bool | None:
    """--manual asks for manual mode; without it display.draw decides (None)."""
    return True if getattr(args, "manual", False) else None


def _continue_damaged(config, args: argparse.Namespace, error):
    """Cut the journal back to its last valid record (the rest kept aside) and resume it."""
    from bingo.config_texts import JOURNAL_TABLES as TABLES
    from bingo.journal import JOURNAL_CONTINUED, JournalWarning, continue_from_valid
    from bingo.session import DrawSession
    from eventkit.tomlconf import phrase

    path = Path(error.params["path"])
    kept = continue_from_valid(path, error)
    session = DrawSession.open(config, path, seed=args.seed, manual=_manual(args))
    draws = len(session.history)
    text = phrase(TABLES, "warn_journal_continued", name=kept.name, n=draws)
    session.warnings.append(
        JournalWarning(JOURNAL_CONTINUED, {"name": kept.name, "n": draws}, text)
    )
    return session


def recovery_dialog(
    problem: str, path: str, strings, *, parent=None, continue_draws: int | None = None
):
    """Ask in the show's language: keep it aside and start a new game (True), quit (False),
    or, when `continue_draws` is given, go on from the last valid record (CONTINUE)."""
    from eventkit.qtruntime import make_app

    _KEEP.append(make_app("bingo draw"))  # the same application then runs the show
    box = recovery_box(problem, path, strings, parent=parent, continue_draws=continue_draws)
    box.exec()
    if box.continue_button is not None and box.clickedButton() is box.continue_button:
        return CONTINUE
    return box.clickedButton() is box.keep_button


_KEEP: list = []


def recovery_box(problem: str, path: str, strings, *, parent=None, continue_draws=None):
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(parent)
    box.setTextFormat(Qt.TextFormat.PlainText)  # a journal's path or text, never markup
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(strings("recover_title"))
    box.setText(strings("recover_title"))
    box.setInformativeText(strings("recover_text", problem=problem, path=path))
    from bingo.ui.operator import plain_text_labels

    plain_text_labels(box)  # the informative text too: it quotes the journal's path and text
    box.continue_button = None
    if continue_draws is not None:
        box.continue_button = box.addButton(
            strings("recover_continue", n=continue_draws), QMessageBox.ButtonRole.AcceptRole
        )
    box.keep_button = box.addButton(strings("recover_keep"), QMessageBox.ButtonRole.AcceptRole)
    box.quit_button = box.addButton(strings("recover_quit"), QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(box.quit_button)
    box.setEscapeButton(box.quit_button)
    return box


# The Qt-free modules the show loads before its first frame, imported before PySide6: once
# PySide6 is imported, its feature hook reads the source of every module an import statement
# names for the first time (looking for its own name), about a millisecond each, except those
# loaded before it (eventkit.qtruntime.skip_source_scans marks them as read).
# tests/test_show_first_frame.py checks that none of them imports Qt.
QT_FREE_FIRST = (
    "bingo.calls",
    "bingo.showlink",
    "bingo.web.settings",
    "bingo.ui.odds_jobs",
    "bingo.ui.phrases",
    "wave",
)


def _exec(session, config, registry, args: argparse.Namespace) -> int:
    import importlib

    for name in QT_FREE_FIRST:
        importlib.import_module(name)
    from eventkit.qtruntime import make_app, skip_source_scans

    skip_source_scans()  # PySide6 need not read the source of the modules loaded before it
    from bingo.ui.display import DisplayWindow
    from bingo.ui.first_frame import after_first_frame, release_collector
    from bingo.ui.manual import attach_operator

    app = make_app("bingo draw")
    window = DisplayWindow(session, config, registry=registry, auto_seconds=args.auto)
    if getattr(args, "registry", None):  # the check letters are keyed by the card set's key
        window.card_view.card_key = card_set_key(Path(args.registry))
    _install_excepthook(window)
    for message in start_warnings(config, args, window.strings):
        window.warn(message)
    server = _start_web(window, session, config, args)
    operator = show_windows(
        window,
        config,
        operator=args.operator or config.display.operator_window,
        full_screen=config.display.fullscreen and not args.windowed,
    )
    _attach_claims(window, operator)
    attach_operator(window, operator)  # manual mode: the digits typed, on the host's screen

    def first_frame_out() -> None:
        release_collector()  # held since the command's start (bingo.cli.HOLD_COLLECTOR)
        window.start_background_work()
        if config.path is not None:  # config.toml and the pictures, tweaked during the evening
            # watched from here on (its modules ~7 ms of CPU the first frame need not wait
            # for): a save between the config's reading and now is not seen, as one between
            # the reading and the window's making was not when the watch began with it
            from bingo.ui.configwatch import ConfigWatcher

            window.config_watch = ConfigWatcher(window, config)

    after_first_frame(window, first_frame_out)
    try:
        return app.exec()
    finally:
        window.odds.shutdown()
        if server is not None:
            server.stop()


def card_set_key(registry: Path):
    """Reads the key beside the registry (`cards.key`) for the card check, when asked."""
    from bingo import cardcode
    from cards.cardset import key_file

    return lambda: cardcode.read_key_file(key_file(registry))


def _start_web(window, session, config, args: argparse.Namespace):
    """The phones' side files (always) and, when asked, the web server in its own process."""
    from bingo.ui.weblink import ShowLink
    from bingo.web.settings import join_url, web_settings

    window.show_link = ShowLink(window.controller, window.warn, parent=window)
    settings = web_settings(config)
    asked = getattr(args, "tables", False)  # --tables serves too; event.tables when serving
    if not (getattr(args, "serve", False) or settings.enabled or asked):
        return None
    tables = asked or config.event.tables
    # only when serving: the server's process and its command line (asyncio and the web
    # command's module: ~0.1 s of the show's start otherwise)
    from bingo.ui.joinbadge import JoinBadge
    from bingo.ui.webserver import ServerProcess, serve_argv, tables_process

    argv = serve_argv(str(config.path), session.journal_path, args.registry, tables=tables)
    server = ServerProcess(
        argv,
        window.warn,
        parent=window,
        journal=session.journal_path,
        port=settings.port,
        bind=settings.bind,
        language=config.event.language,
    )
    # the join QR only while phones reach this show's server: never a taken port's program
    window.join_badge = JoinBadge(window, join_url(settings), serving=False)
    if settings.port == 0:  # any free port: the code holds the one the server got, once known
        server.serving_changed.connect(_served_port_shown(window.join_badge, server, settings))
    server.serving_changed.connect(window.join_badge.set_serving)
    server.start()
    if tables:  # the card tables: watched as the phones' server, stopped with it
        server.companions.append(tables_process(config, session.journal_path, window.warn, window))
    return server


def _served_port_shown(badge, server, settings):
    """web.port = 0: when the server serves, the join code takes the port it got (its
    `<journal>.serve`; a server started again may get another), before the code is shown."""
    import dataclasses

    from bingo.serve_lock import running_server
    from bingo.web.settings import join_url

    def follow(serving: bool) -> None:
        info = running_server(server.journal) if serving else None
        if info is not None and info.port:
            badge.set_url(join_url(dataclasses.replace(settings, port=info.port)))

    return follow


def _attach_claims(window, operator) -> None:
    """Claims from phones: a notice on the show, a list in the operator window, V checks one."""
    from bingo.ui.weblink import ClaimDesk, add_claims_panel

    window.claim_desk = ClaimDesk(window, window.show_link)
    if operator is not None:
        add_claims_panel(operator, window.claim_desk)


def start_warnings(config, args: argparse.Namespace, strings) -> list[str]:
    """What the host must know before the first draw (e.g. a seed left in config.toml)."""
    if args.seed is None and config.event.seed is not None:
        return [strings("rehearsal_config_seed", seed=config.event.seed)]
    return []


def show_windows(window, config, *, operator: bool, full_screen: bool):
    """Place the audience view (on the configured screen with an operator window) and show.

    With an operator window but only one screen (or a laptop mirrored to the projector, which
    reports two screens showing the same area), the operator window would be on the wall too:
    it says so and lets the host choose how to run; the audience view starts in a window.
    """
    from PySide6.QtGui import QGuiApplication

    op = None
    if operator:
        from bingo.ui.operator import OperatorWindow

        screens = QGuiApplication.screens()
        index = config.display.audience_screen
        primary = QGuiApplication.primaryScreen()
        if index < len(screens):
            target = screens[index]
        else:
            target = primary
        if index >= len(screens) > 1:  # with one screen only, the operator window says so
            window.warn(window.strings("audience_screen_missing", index=index, count=len(screens)))
        window.setScreen(target)
        window.move(target.geometry().topLeft())
        op = OperatorWindow(window)
        window.operator = op
        window.controller.confirm = op.confirm_overlay.ask  # ask on the laptop, not the wall
        others = [s for s in screens if s.geometry() != target.geometry()]
        if not others:
            window.resize(1280, 720)
            op.show()
            op.offer_single_screen_choice()
            op.activateWindow()
            return op
        op_screen = others[0]
        op.setScreen(op_screen)
        op.move(op_screen.geometry().topLeft())
    if full_screen:
        window.enter_full_screen()
    else:
        window.resize(1280, 720)
        window.show()
    if op is not None:
        op.show()
        op.activateWindow()
    return op


def _install_excepthook(window) -> None:
    """A bug in a slot must not end the show: report it and keep going."""

    def hook(kind, value, tb):
        import traceback

        traceback.print_exception(kind, value, tb, file=sys.stderr)
        try:
            window.warn(window.strings("internal_error", kind=kind.__name__, value=value))
        except Exception:
            pass

    sys.excepthook = hook


def _error_dialog(message: str) -> None:
    """Also show start-up errors in a dialog when started without a terminal (a shortcut)."""
    if os.environ.get("QT_QPA_PLATFORM") == "offscreen" or sys.stderr.isatty():
        return
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        return
    try:
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QMessageBox

        from eventkit.qtruntime import make_app

        app = make_app("bingo draw")  # the shipped font, so a Japanese message reads right
        box = QMessageBox(QMessageBox.Icon.Critical, "bingo draw", message)
        box.setTextFormat(Qt.TextFormat.PlainText)  # the message quotes paths and config text
        box.exec()
        del app
    except Exception:
        pass
