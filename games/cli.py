"""The `games` command: a small Qt menu, `games <game> [options]` (every registered game with a
window: schwimmen, cool24, daifugo), or `games serve [options]` (the tables people join from
their phones: games.web.command).

Each game's registry entry names its `app` module, with `main(argv) -> int` that parses its own
options (every game takes `--config PATH`).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

from eventkit.errors import UserError
from games.common import registry


def game_names() -> tuple[str, ...]:
    """The games `games <name>` opens, in the menu's order (the registered games with an app)."""
    return tuple(e.name for e in registry.menu_entries() if e.app)


def usage() -> str:
    names = "|".join((*game_names(), "serve"))
    return f"usage: games [{names}] [options]   (no argument: open the menu)"


def run_game(name: str, argv: Sequence[str]) -> int:
    app = registry.entry(name).app
    assert app is not None
    try:
        module = importlib.import_module(app)
    except ModuleNotFoundError as exc:
        if not app.startswith(exc.name or "\0"):
            raise
        print(f"games {name}: not yet available in this version", file=sys.stderr)
        return 2
    try:
        return int(module.main(list(argv)) or 0)
    except UserError as exc:  # a config mistake says its label in the event's language (設定エラー)
        print(f"{exc.label}: {exc}", file=sys.stderr)
        return 1


def run_serve(argv: Sequence[str]) -> int:
    from games.web.command import main as serve

    try:
        return serve(argv)
    except UserError as exc:  # said in the event's language (eventkit.web.refusals)
        print(f"{exc.label}: {exc}", file=sys.stderr)
        return 1


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0].startswith("--config"):
        from games.menu import run_menu

        return run_menu(argv)
    if argv[0] in ("-h", "--help"):
        print(usage())
        return 0
    name = argv[0]
    if name == "serve":
        return run_serve(argv[1:])
    try:
        names = game_names()
    except UserError as exc:  # a registered game that cannot load: one line naming it
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if name not in names:
        choices = ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else "".join(names)
        print(f"games: unknown game '{name}': choose {choices} (or serve)", file=sys.stderr)
        return 2
    return run_game(name, argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
