"""The odds on the projector window: the window's side of the OddsService (asking for the drawn
numbers' odds, showing a result once it is the one on screen, the engine's state and warnings)
and the flash when registered cards newly have a bingo.

`OddsFeed` is a part of `bingo.ui.display.DisplayWindow` (a mixin; the panels themselves are
bingo.ui.odds_panel's).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from bingo.config import Config
from bingo.ui.odds import READY, OddsService


class OddsFeed:
    """The OddsService's results to the odds panel, and the bingo flash."""

    def _build_odds(
        self, config: Config, registry: dict | None, probability_module: str, odds_mode: str
    ) -> None:
        """The odds engine's service (its worker starts after the first frame)."""
        self._held_for_landing: list[Callable[[], None]] = []
        self.odds = OddsService(
            config,
            registry.values() if registry else None,
            probability_module,
            mode=odds_mode,
            parent=self,
        )

    def after_spin(self, action: Callable[[], None]) -> None:
        """Run `action` now, or at the landing while the reel spins: the engine's state, its
        curve and the start screen's figures repaint panels (an odds panel and its curve took
        12 ms of a spin's frame when the warm-up ended mid-spin)."""
        if self.controller.spinning:
            self._held_for_landing.append(action)
        else:
            action()

    def _run_held(self) -> None:
        held, self._held_for_landing = self._held_for_landing, []
        for action in held:
            action()

    def _show_odds_for_revealed(self) -> None:
        revealed = self.controller.revealed
        self.odds_panel.set_draw_count(len(revealed))
        cached = self.odds.cache.get(frozenset(revealed))
        self.odds_panel.set_result(cached)
        if cached is not None:
            self._odds_on_screen(cached)
        else:
            self.odds.request(revealed)

    def _on_odds_state(self, state: str) -> None:
        self.odds_panel.set_state(state)
        if state == READY:
            self.odds.request(self.controller.revealed)
        elif self.odds.reason:
            self.warn(self.odds.reason)

    def _on_odds_result(self, result) -> None:
        if result.drawn == frozenset(self.controller.revealed):
            self.odds_panel.set_result(result)
            self._odds_on_screen(result)
            if result.error:
                self.warn(result.error)

    def _odds_on_screen(self, result) -> None:
        self.odds_shown_at = time.perf_counter()
        self.odds_shown.emit(result)
        if result.registry is not None:
            new = self.bingo_watch.update(result.drawn, result.registry.bingo_serials)
            if new:
                self.bingo_alert.emit(new, len(result.drawn))
                if self.config.display.bingo_alert:
                    self.flash.flash(self.strings("bingo_flash", n=len(new)))
