"""A resumed show as the room last saw it: the number a crash cut off mid-spin (held back and
spun again once the screen is up), the board, the banner that says so, and the host's warnings.

`ResumedShow` is a part of `bingo.ui.display.DisplayWindow` (a mixin).
"""

from __future__ import annotations

from bingo.config import Config

RESPIN_DELAY_MS = 800  # after a restart, the cut-off spin starts once the screen is up


def interrupted_spin(session) -> int | None:
    """The number a crash cut off mid-spin: in the journal, but `<journal>.shown` (what the room
    saw, bingo/showlink.py) names one number less. None when the room saw every number, and
    when there is no `.shown` of this game (nothing to say the room missed it)."""
    from pathlib import Path

    from bingo.showlink import LineFollower, game_id, shown_path

    history = list(getattr(session, "history", []))
    journal = getattr(session, "journal_path", None)
    if not history or journal is None or not getattr(session, "resumed", False):
        return None
    game = game_id(Path(journal))
    lines = [
        line
        for line in LineFollower(shown_path(Path(journal))).read_new()
        if game is not None and line.get("game") == game
    ]
    if not lines:
        return None
    seen = lines[-1]
    before = history[-2] if len(history) > 1 else None
    if seen.get("count") == len(history) - 1 and seen.get("last") == before:
        return history[-1]
    return None


class ResumedShow:
    """The window's start from a resumed (or a finished previous) session."""

    def _restore(
        self,
        session,
        config: Config,
        registry: dict | None,
        configured_cards: int,
        auto_seconds: float | None,
    ) -> None:
        """A resumed show as the room last saw it: a spin cut short held back, the board, the
        banner and the host's warnings."""
        self.interrupted = interrupted_spin(session)  # a number journaled, never landed
        if self.interrupted is not None:
            self.controller.hold_back_last()
            if registry:  # the bingos the room already saw: only the landing's new ones flash
                from cards.check import registry_stats

                seen = registry_stats(
                    list(registry.values()), self.controller.revealed, config.board.threshold
                )
                self.bingo_watch.update(self.controller.revealed, seen.bingo_serials)
        history = list(self.controller.revealed)  # what the room has seen
        self.reel.show_number(history[-1] if history else None, len(history))
        self.board.set_drawn(history)
        self.odds_panel.set_draw_count(len(history))
        if session.resumed:
            self.show_banner(self.resume_text(session), 15000)
        elif getattr(session, "previous_finished", None):
            self.show_banner(self.strings("previous_finished"), 15000)
        for message in getattr(session, "warnings", []):
            self.warn(self.strings.coded(message, "warn_"))  # in the show's language
        if config.event.cards_in_play != configured_cards:
            self.warn(
                self.strings(
                    "cards_from_registry",
                    cards=config.event.cards_in_play,
                    configured=configured_cards,
                )
            )
        if auto_seconds:
            self.controller.set_auto(True)

    def resume_text(self, session) -> str:
        """The room hears of a dropped last line (a draw cut off by the crash); every other
        resume warning is for the host only (warn)."""
        from bingo.journal import TORN_LINE

        text = self.strings("resumed", n=len(session.history))
        codes = {getattr(w, "code", None) for w in getattr(session, "warnings", [])}
        if TORN_LINE in codes:
            text += " — " + self.strings("torn_line")
        return text
