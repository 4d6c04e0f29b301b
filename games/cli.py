"""The `games` command: a small Qt menu, `games schwimmen|cool24|daifugo [options]`, or
`games serve [options]` (the tables people join from their phones: games.web.command).

Each game package has an `app` module with `main(argv) -> int` that parses its own options
(every game takes `--config PATH`).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

from eventkit.errors import UserError
from games import GAMES

CONFIG_HELP = (
    "config.toml to read (default: ./config.toml when present, else the built-in settings)"
)

USAGE = "usage: games [schwimmen|cool24|daifugo|serve] [options]   (no argument: open the menu)"


def run_game(name: str, argv: Sequence[str]) -> int:
    try:
        module = importlib.import_module(f"games.{name}.app")
    except ModuleNotFoundError as exc:
        if not f"games.{name}.app".startswith(exc.name or "\0"):
            raise
        print(f"games {name}: not yet available in this version", file=sys.stderr)
        return 2
    try:
        return int(module.main(list(argv)) or 0)
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


def run_serve(argv: Sequence[str]) -> int:
    from games.web.command import main as serve

    try:
        return serve(argv)
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0].startswith("--config"):
        from games.menu import run_menu

        return run_menu(argv)
    if argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0
    name = argv[0]
    if name == "serve":
        return run_serve(argv[1:])
    if name not in GAMES:
        print(
            f"games: unknown game '{name}': choose schwimmen, cool24 or daifugo (or serve)",
            file=sys.stderr,
        )
        return 2
    return run_game(name, argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
