"""`games schwimmen [--config PATH] [options]`: open the Schwimmen table."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import replace

from eventkit.tomlconf import load_section, mistake
from games.common.options import CONFIG_HELP
from games.schwimmen.ai import LEVELS
from games.schwimmen.rules import MAX_PLAYERS, MIN_PLAYERS
from games.schwimmen.settings import RULE_SETS, TEXTS, SchwimmenSettings, parse_settings


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="games schwimmen", description="Schwimmen (シュビメン): you against CPU players"
    )
    parser.add_argument(
        "--config",
        metavar="PATH",
        help=CONFIG_HELP,
    )
    parser.add_argument("--rules", choices=RULE_SETS, help="rule set (default from config)")
    parser.add_argument("--level", choices=LEVELS, help="CPU level (default from config)")
    parser.add_argument(
        "--players",
        type=int,
        metavar="N",
        help=f"players including you, {MIN_PLAYERS}-{MAX_PLAYERS}",
    )
    parser.add_argument("--seed", type=int, help="deal the same games again (rehearsal)")
    parser.add_argument("--no-dialog", action="store_true", help="skip the start dialog")
    parser.add_argument("--fast", action="store_true", help="no pauses or animations")
    parser.add_argument("--language", choices=("ja", "en"), help="screen language")
    parser.add_argument(
        "--window", action="store_true", help="open in a window, not full screen (F11 toggles)"
    )
    return parser


def load_settings(args: argparse.Namespace) -> tuple[SchwimmenSettings, str]:
    """Settings from the config file, then the command-line options on top."""
    loaded = load_section(args.config, "schwimmen")
    settings = parse_settings(loaded.table)
    if args.players is not None:
        if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
            raise mistake(
                TEXTS, "players_option", players=args.players, low=MIN_PLAYERS, high=MAX_PLAYERS
            )
        settings = replace(settings, players=args.players)
    if args.fast:
        settings = replace(settings, cpu_delay_ms=0, animation_ms=0)
    return settings, args.language or loaded.language


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    settings, language = load_settings(args)
    from eventkit.qtruntime import make_app
    from eventkit.screen import open_on_screen
    from games.schwimmen.qt.window import SchwimmenWindow

    app = make_app("games schwimmen")
    window = SchwimmenWindow(
        settings,
        language,
        seed=args.seed,
        rules=args.rules,
        cpu_levels=(args.level,) if args.level else None,
        ask=False if args.no_dialog else None,
    )
    open_on_screen(window, full_screen=not args.window)
    window.start()
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())
