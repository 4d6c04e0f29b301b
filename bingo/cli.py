"""The `bingo` command: draw, cards, prob, plan, serve, check-config, init.

Each subcommand lives in its own module exposing `HELP`, `add_arguments(parser)` and
`run(args) -> int`; this file only wires them up and turns user errors into one-line messages.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

# The config's and texts' modules are imported where they are used, after `main` has held the
# collector for `bingo draw` (HOLD_COLLECTOR): importing them at the top ran 13 of its passes.

if TYPE_CHECKING:
    from bingo.checkconfig import Report
    from bingo.config import Config
    from cards.model import BingoCard

SUBCOMMANDS = {
    "draw": "bingo.ui.command",
    "cards": "cards.command",
    "prob": "bingo.probability.command",
    "plan": "bingo.probability.plan_command",
    "serve": "bingo.web.command",
}

# Commands that start without Python's cyclic collector until their first frame: `bingo draw`
# makes ~40,000 objects that live as long as the show and frees almost none, and the
# collector's ~75 passes over them cost ~30 ms of CPU before the projector's first frame
# (bingo.ui.first_frame.hold_collector; the show lets it go once its first frame is out).
HOLD_COLLECTOR = ("draw",)


def _check_config(args: argparse.Namespace) -> int:
    from bingo.builtin import config_path
    from bingo.checkconfig import check_file
    from eventkit.tomlconf import speaking

    path = config_path(args.config)
    report = check_file(path)
    with speaking(report.language):  # every line in the file's language
        return _report(path, report)


def _report(path: Path, report: Report) -> int:
    from bingo.config import summary
    from bingo.config_texts import say
    from eventkit.tomlconf import said

    if report.config is not None and report.config.event.prizes:
        report.problems += _prize_problems(report.config.event.prizes)
    label = said("label")
    for problem in report.problems:
        print(f"{label}: {problem}", file=sys.stderr)
    if report.problems or report.config is None:
        print(say("problems", count=len(report.problems), path=path), file=sys.stderr)
        return 1
    print(summary(report.config))
    print(_odds_line(report.config))
    prepared = _prepare_odds(report.config)
    if prepared:
        print(prepared)
    for warning in report.warnings:
        print(f"{say('warning')}: {warning}")
    print(say("ok"))
    return 0


def _prize_problems(prizes: tuple[str, ...]) -> list[str]:
    """Prizes too long to show whole on the winners' board at 1024x768 (measured with Qt)."""
    from bingo.ui.winners import prize_problems

    return prize_problems(prizes)


def _prepare_odds(config: Config) -> str | None:
    """Build this board's odds tables now and keep them in the cache, so the show's first odds
    do not wait for them (10x10: seconds; they showed 計算中… for ~20 s after a board change)."""
    import time

    from bingo.config_texts import say
    from bingo.probability import _tables_or_none
    from bingo.probability._model import SUPPORTED_THRESHOLD
    from bingo.probability._tables import _cache_path

    b = config.board
    if b.threshold > SUPPORTED_THRESHOLD[b.size]:
        return None
    cache = _cache_path(b.size, b.threshold)
    if cache is not None and cache.exists():
        return say("odds_kept")
    start = time.perf_counter()
    _tables_or_none(b.size, b.threshold)
    return say("odds_built", took=time.perf_counter() - start)


def _odds_line(config: Config) -> str:
    """Whether the live odds can be computed exactly for this board (shown, not an error)."""
    from bingo.config_texts import say
    from bingo.probability._model import SUPPORTED_THRESHOLD

    b = config.board
    limit = SUPPORTED_THRESHOLD[b.size]
    if b.threshold <= limit:
        return say("odds_exact", limit=limit, size=b.size)
    return say("odds_none", threshold=b.threshold, limit=limit, size=b.size)


def _load_registry(config: Config, path: str) -> dict[int, BingoCard]:
    """A card registry checked against the board, read by the cards package (for subcommands in
    bingo's core, which never imports cards: `bingo prob --registry`)."""
    from cards.check import load_registry_for

    return load_registry_for(config, path)


def chosen_command(argv: Sequence[str]) -> str | None:
    """The subcommand `argv` runs when it is its first word (nothing before it is parsed: the
    only option before a command is -h), else None."""
    if argv and argv[0] in SUBCOMMANDS:
        return argv[0]
    return None


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; with `only` (a name of SUBCOMMANDS, the command chosen), the
    other subcommands are left out: their modules are neither imported nor their parsers
    built (`bingo draw` starts ~0.2 s sooner without the PDF module and every parser; each
    parser left out, even with no option, is ~0.5 ms of argparse and gettext). Every text the
    chosen command can print is the same (the commands' list is COMMAND in the usage line):
    the others' help shows only in `bingo --help`."""
    parser = argparse.ArgumentParser(
        prog="bingo", description="Puyo-style bingo for community events."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, module_name in SUBCOMMANDS.items():
        if only is not None and name != only:
            continue  # never parsed: argv's first word is `only`
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if not module_name.startswith(exc.name or "\0"):
                raise
            p = sub.add_parser(name, help="(not yet available)")
            p.add_argument("rest", nargs=argparse.REMAINDER)
            p.set_defaults(run=lambda args, name=name: _not_available(name, args))
        else:
            p = sub.add_parser(name, help=module.HELP, description=module.HELP)
            module.add_arguments(p)
            p.set_defaults(run=module.run, load_registry=_load_registry)
        _add_config_option(p)
    if only is not None:
        return parser
    p = sub.add_parser(
        "check-config",
        help="validate config.toml and print a summary",
        description="Validate config.toml and print a summary; exit 1 with the problem if any.",
    )
    _add_config_option(p)
    p.set_defaults(run=_check_config)
    p = sub.add_parser(
        "init",
        help="write an editable config.toml and the sample images (img/samples/) into a folder",
        description="Write the built-in config.toml and the sample images (img/samples/, shown "
        "only while img/ holds no picture of its own) into DIR (default: this folder) to edit "
        "for an event; never overwrites. It reads no config: it speaks the language of a "
        "config.toml already in DIR (event.language), else Japanese, the default.",
    )
    p.add_argument("dir", nargs="?", default=".", metavar="DIR")
    p.set_defaults(run=_init)
    return parser


def _init(args: argparse.Namespace) -> int:
    from bingo.builtin import init_folder, init_language
    from bingo.config_texts import say
    from eventkit.images import SAMPLES_FOLDER
    from eventkit.tomlconf import speaking

    with speaking(init_language(args.dir)):  # a config.toml there: its language; else Japanese
        written = init_folder(args.dir)
        for path in written:
            print(say("init_wrote", path=path))
        if not any(path.name == SAMPLES_FOLDER for path in written):
            images = Path(args.dir) / "img"
            print(say("init_kept_images", images=images))
        print(say("init_next"))
    return 0


def _add_config_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--config",
        default=None,
        metavar="PATH",
        help="the event's config.toml (default: ./config.toml when there is one, else the "
        "built-in settings; `bingo init` writes an editable copy)",
    )


def _not_available(name: str, args: argparse.Namespace) -> int:
    from bingo.builtin import file_language
    from bingo.config_texts import say
    from eventkit.tomlconf import speaking

    with speaking(file_language(getattr(args, "config", None))):
        print(say("not_available", name=name), file=sys.stderr)
    return 2


def _given_config(argv: Sequence[str]) -> str | None:
    """The --config a command line gives (before it is parsed), or None."""
    for i, word in enumerate(argv):
        if word == "--config" and i + 1 < len(argv):
            return argv[i + 1]
        if word.startswith("--config="):
            return word.removeprefix("--config=")
    return None


# options whose value is a comma list that may start with "-" (argparse would take it for an option)
DASH_VALUE_OPTIONS = ("--drawn",)


def glue_dash_values(argv: Sequence[str]) -> list[str]:
    """`--drawn -1,0,0,0` -> `--drawn=-1,0,0,0`, so a negative entry reaches the option's own
    check (which names it) instead of argparse's "expected one argument"."""
    out = list(argv)
    i = 0
    while i < len(out) - 1:
        value = out[i + 1]
        if out[i] in DASH_VALUE_OPTIONS and value[:1] == "-" and value[1:2] in "0123456789,.":
            out[i : i + 2] = [f"{out[i]}={value}"]
        i += 1
    return out


def _quiet_stdout() -> None:
    """Point stdout at the null device, so Python's flush at exit raises no second error."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # stdout is not a real file (tests): nothing is flushed to a pipe at exit


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    only = chosen_command(argv)
    if only in HOLD_COLLECTOR:
        from bingo.ui.first_frame import hold_collector, release_collector

        hold_collector()
        try:
            return _main(argv, only)
        finally:
            release_collector()  # a show that ended (or failed) before its first frame
    return _main(argv, only)


def _main(argv: Sequence[str], only: str | None) -> int:
    from bingo.config_texts import say
    from eventkit.errors import UserError
    from eventkit.tomlconf import speaking

    try:
        parser = build_parser() if only is None else build_parser(only)
        args = parser.parse_args(glue_dash_values(argv))
    except KeyboardInterrupt:  # Ctrl+C while the commands load, before any of them has begun
        from bingo.builtin import file_language

        with speaking(file_language(_given_config(argv))):  # the config it would have read
            print(say("stopped_loading"), file=sys.stderr)
        return 130
    try:
        return int(args.run(args) or 0)
    except BrokenPipeError:  # piped into `head`, which stopped reading: the work itself is done
        _quiet_stdout()
        return 0
    except UserError as exc:  # said in the event's language, with its label (設定エラー, エラー)
        print(f"{exc.label}: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
