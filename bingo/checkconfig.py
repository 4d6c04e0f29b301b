"""`bingo check-config`: every section of config.toml checked in one run, every problem on a line.

bingo's own sections are parsed as every command parses them; the other sections (the games')
are checked by the checkers their packages declare (eventkit.tomlconf's registry); then what
the draw will need from the file system: a usable journal folder and a title that fits in a
file name. Every line is said in the file's event.language (Japanese by default; Japanese too
when the file does not read at all).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bingo.config import Config, parse_config
from bingo.config_texts import say
from eventkit.paths import folder_problem
from eventkit.tomlconf import (
    ConfigError,
    check_sections,
    collecting_problems,
    config_language,
    guarded,
    lenient_language,
    read_toml,
    section_checkers,
    speaking,
)

NAME_MAX_BYTES = 255  # longest file name on Linux, macOS and Windows file systems
SET_ASIDE_RESERVE = 25  # "-20261130-203000-2" and ".torn" added when a journal is set aside


@dataclass
class Report:
    config: Config | None = None
    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    language: str = "ja"  # the file's event.language: every line of the report is said in it


def check_file(path: str | Path) -> Report:
    """Check everything; a file that cannot be read at all is the one problem reported."""
    path = Path(path)
    report = Report(language=config_language())
    try:
        data = read_toml(path)
    except ConfigError as exc:
        report.problems.append(str(exc))
        return report
    report.language = lenient_language(data)
    with speaking(report.language):
        _check(data, path, report)
    return report


def _check(data: dict[str, Any], path: Path, report: Report) -> None:
    with collecting_problems() as problems:
        config = guarded(lambda: parse_config(data, base_dir=path.parent, path=path))
    report.problems += problems
    report.problems += check_sections(data, path.parent, section_checkers())
    if config is None:  # bingo's sections could not be read far enough to go on
        return
    # With problems, `config` holds defaults in their place: good enough for the checks below.
    report.problems += _journal_problems(config)
    if not report.problems:  # what `bingo cards` would refuse, the same line (cards/validate.py)
        from cards.validate import card_problem, press_warning

        cards = card_problem(config)
        if cards:
            report.problems.append(cards)
        elif warning := press_warning(config):
            report.warnings.append(warning)
    if report.problems:
        return
    report.config = config
    if config.display.sound and not _qt_multimedia_installed():
        report.warnings.append(say("no_sound"))
    voice = voice_problem(config)
    if voice:
        report.warnings.append(voice)
    if config.event.seed is not None:
        report.warnings.append(say("seed_warning", seed=config.event.seed))


def _journal_problems(config: Config) -> list[str]:
    from bingo.session import default_journal_path

    problems = []
    path = default_journal_path(config, rehearsal=True)
    where = "display.journal_dir" if config.display.journal_dir else say("journal_folder_default")
    problem = folder_problem(path.parent)
    if problem:
        problems.append(say("journal_folder", where=where, problem=problem))
    size = len(path.name.encode("utf-8")) + SET_ASIDE_RESERVE
    if size > NAME_MAX_BYTES:
        problems.append(say("journal_name", name=path.name, size=size, most=NAME_MAX_BYTES))
    return problems


def voice_problem(config: Config) -> str | None:
    """display.voice = true on a machine that cannot say the calls: what to install."""
    if not config.display.voice:
        return None
    from bingo.ui.voice import VoiceUnavailable, open_engine

    try:
        open_engine(config.event.language)
    except VoiceUnavailable as exc:
        return say("no_voice", reason=exc)
    return None


def _qt_multimedia_installed() -> bool:
    """Looked up, not imported: loading QtMultimedia probes the audio system noisily."""
    import importlib.util

    return importlib.util.find_spec("PySide6.QtMultimedia") is not None
