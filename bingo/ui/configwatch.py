"""config.toml and the pictures, tweaked during the evening: the show's small watcher.

What changed and when it applies is bingo.config_changes's (no Qt); this is the Qt side: a
stat poll on a QTimer (editors save by renaming a new file over the old one, so the folder's
files are compared, not a watch on one inode), the live changes put on the projector at once,
the next game's held for it (the session starts the next game with them), and one line for
the host for each save: what was applied, what waits for the next game or a new start, or the
mistake in the file with its line and fix, while the show runs on its settings as they were.
The room never sees any of it but the change itself. The phones' server watches the same files
with the same rules (bingo.web.server).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from bingo.config import Config
from bingo.config_changes import (
    NEXT,
    NOW,
    Comparison,
    Watched,
    apply_live,
    apply_next_game,
    compare,
    describe,
    read_saved,
    text,
)

WATCH_MS = 500  # a save is on the projector within this and the repaint (well under 2 s)


class ConfigWatcher(QObject):
    """Watches `config_path` and the picture folder for a DisplayWindow."""

    applied = Signal(object)  # a Comparison put on the projector
    held = Signal(object)  # the settings the next game will start with (a Config)
    refused = Signal(str)  # the mistake of a save, in one line

    def __init__(self, window, config: Config, *, poll_ms: int = WATCH_MS) -> None:
        super().__init__(window)
        self.window = window
        self.base = config  # the file's settings as last read well
        self.language = config.event.language
        assert config.path is not None
        self.path = Path(config.path)
        self.watched = Watched(self.path, config.board.image_dir)
        self.pending: Config | None = None  # the next game's settings, when they differ
        self._problem_said: str | None = None
        self._unread: str | None = None  # a save that did not read, not said yet
        session = window.controller.session
        self._session_new_game = session.new_game
        session.new_game = self._new_game  # the next game starts with the held settings
        window.controller.game_reset.connect(self._after_new_game)
        self._timer = QTimer(self)
        self._timer.timeout.connect(self.check)
        self._timer.start(poll_ms)

    def stop(self) -> None:
        self._timer.stop()

    def check(self) -> None:
        """One look at the files; act on a change."""
        config_changed, pictures = self.watched.changed()
        if not config_changed and not pictures:
            if self._unread is not None:  # the file stayed so: a mistake, not a save under way
                self._refuse(self._unread)
                self._unread = None
            return
        self._unread = None
        saved = self.base
        if config_changed:
            read, problem = read_saved(self.path, self.language)
            if read is None:
                self._unread = problem  # said at the next look unless the file changes again
                if not pictures:
                    return
            else:
                self._problem_said = None
                saved = read
        comparison = compare(self.base, saved, pictures=pictures)
        if saved.board.image_dir != self.base.board.image_dir:
            self.watched.follow(saved.board.image_dir)
        self.base = saved
        for line in describe(comparison, self.language, saved.board.image_dir):
            self.window.warn(line)
        if comparison.of(NEXT):
            self.pending = saved
            self.held.emit(saved)
        elif self.pending is not None:
            self.pending = saved  # (the next game's changes taken back or still there)
        if comparison.live:  # (the next game's changes wait: the board and odds stay)
            now = Comparison(tuple(comparison.of(NOW)), comparison.pictures)
            put_on_screen(self.window, apply_live(self.window.config, saved), now)
            self.applied.emit(now)

    def _refuse(self, problem: str) -> None:
        """A mistake saved: the running settings stay; the host reads it once."""
        if problem != self._problem_said:
            self._problem_said = problem
            message = text(self.language)["mistake"].format(problem=problem)
            self.window.warn(message)
            self.refused.emit(message)

    # ---------------------------------------------------------------- the next game

    def _new_game(self) -> None:
        """DrawSession.new_game with the held settings: the new journal is for their board."""
        session = self.window.controller.session
        pending = self.pending
        if pending is None:
            self._session_new_game()
            return
        was = session.config
        session.config = apply_next_game(was, pending)
        try:
            self._session_new_game()
        except BaseException:
            session.config = was  # the current game goes on as it was
            raise

    def _after_new_game(self) -> None:
        pending, self.pending = self.pending, None
        if pending is None:
            return
        from bingo.ui.display import with_registry_count

        registry = self.window.card_view.registry
        config = with_registry_count(apply_next_game(self.window.config, pending), registry)
        comparison = compare(self.window.config, config)
        put_on_screen(self.window, config, comparison)
        keys = ", ".join(c.key for c in comparison.changes if c.when == NEXT)
        if keys:
            self.window.warn(text(self.language)["next_game_applied"].format(keys=keys))


def put_on_screen(window, config: Config, comparison: Comparison | None = None) -> None:
    """The window (and what it draws from) on `config`: pictures, colours, title, prizes, voice,
    sound, spin; with the next game's settings also the board and the odds."""
    window.config = config
    art = window.art
    art.config = config
    for cache in ("_images", "_cells", "_letters"):
        getattr(art, cache, {}).clear()
    window.setWindowTitle(config.event.title)
    window.winners_board.prizes = tuple(config.event.prizes)
    window.winners_board.update()
    window.odds_panel.config = config
    window.card_view.update()
    changed = {c.key for c in comparison.changes} if comparison is not None else set()
    if "display.spin_seconds" in changed:
        window.controller.spin_seconds = config.display.spin_seconds
        window.reel.spin_seconds = config.display.spin_seconds
    voice = window.voice  # (the host's S key turns it on and off too: only a change here)
    if "display.voice" in changed and voice.on != config.display.voice:
        voice.toggle()
    if "display.voice_rate" in changed:
        voice.set_rate(config.display.voice_rate)
    if "display.sound" in changed:
        from bingo.ui.sound import Sound

        window.sound = Sound(config.display.sound, window.warn, language=config.event.language)
    board_changed = comparison is not None and any(c.when == NEXT for c in comparison.changes)
    if board_changed:
        _new_board(window, config)
    window.board._cache = None
    window.board.update()
    window._update_background()  # the title, the background, the reel
    window.odds_panel.update()
    window.update()


def _new_board(window, config: Config) -> None:
    """The next game's board: the numbers' board laid out for it, the odds worked out anew."""
    import math

    from bingo.ui.board import MAX_PER_LINE

    board, b = window.board, config.board
    board.lines_per_column = math.ceil(b.numbers_per_column / MAX_PER_LINE)
    board.per_line = math.ceil(b.numbers_per_column / board.lines_per_column)
    board.lines = b.size * board.lines_per_column
    old = window.odds
    registry = old.registry_cards
    old.shutdown()
    cards = dict(enumerate(registry)) if registry else None
    window._build_odds(config, cards, old.module_name, old.mode)
    odds = window.odds
    odds.state_changed.connect(window._on_odds_state)
    odds.result_ready.connect(window._on_odds_result)
    odds.curve_ready.connect(window.odds_panel.set_curve)
    odds.warning.connect(window.warn)
    odds.start()
    odds.request(window.controller.revealed)
