"""The show's hidden overlays (card check, help, claims, winners), made when first asked for.

A part of DisplayWindow (a mixin, as display_keys and the others): each overlay is a property
that makes it the first time something asks for it, synchronously.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from bingo.ui.cardview import CardCheckView
    from bingo.ui.claims import ClaimsOverlay
    from bingo.ui.help import HelpOverlay
    from bingo.ui.winners import WinnersBoard

# The hidden overlays, bottom to top: each is made the first time something asks for it (a key,
# a button, the operator window, a claim's check; synchronously, so the key that asks opens it),
# not before the show's first frame: their modules and the card registry's cost ~35 ms of CPU
# at the start. Made, each sits where it sat when all four were made with the window: above
# the notices and the flash and the overlays below it, under what the window made after them.
OVERLAYS = ("card_view", "help", "claims_view", "winners_board")
# The overlays that cover the whole window (the layout sizes them with it, once made).
WHOLE_WINDOW = ("card_view", "help")


class LazyOverlays:
    """The overlays of a DisplayWindow (which sets `_overlays`, `_when_made` and
    `_card_registry` before anything asks)."""

    @property
    def card_view(self) -> CardCheckView:
        """The card check (C), made when first asked for."""
        return self._overlay("card_view")

    @property
    def help(self) -> HelpOverlay:
        """The keys' help (H), made when first asked for."""
        return self._overlay("help")

    @property
    def claims_view(self) -> ClaimsOverlay:
        """The phones' claims on the projector (its desk: weblink), made when first asked for."""
        return self._overlay("claims_view")

    @property
    def winners_board(self) -> WinnersBoard:
        """The winners' board (W), made when first asked for."""
        return self._overlay("winners_board")

    @property
    def card_registry(self) -> dict | None:
        """The card check's registry (None without one), read without making the card check."""
        view = self._overlays.get("card_view")
        return view.registry if view is not None else self._card_registry

    def made(self, name: str) -> QWidget | None:
        """The overlay `name` if it is made (one not made yet is not open), else None."""
        return self._overlays.get(name)

    def made_overlays(self) -> list[QWidget]:
        """The overlays made so far, bottom to top (one not made yet is not open)."""
        return [self._overlays[name] for name in OVERLAYS if name in self._overlays]

    def when_made(self, name: str, work: Callable[[QWidget], None]) -> None:
        """`work(overlay)` now if the overlay `name` is made, else as soon as it is."""
        if name in self._overlays:
            work(self._overlays[name])
        else:
            self._when_made.setdefault(name, []).append(work)

    def _overlay(self, name: str) -> QWidget:
        view = self._overlays.get(name)
        if view is None:
            view = self._make_overlay(name)
        return view

    def _make_overlay(self, name: str) -> QWidget:
        highlight = self.config.display.slot_frame_color
        view: QWidget
        if name == "card_view":
            from bingo.ui.cardview import CardCheckView

            card = CardCheckView(
                self.art, self.strings, highlight, lambda: list(self.controller.revealed), self
            )
            card.registry = self._card_registry
            card.winner_ball = self.controller.winner_of
            card.winner_requested.connect(self._confirm_winner)
            view = card
        elif name == "help":
            from bingo.ui.help import HelpOverlay

            help_ = HelpOverlay(self.strings, highlight, self)
            help_.art = self.art  # the winning shape beside the keys
            view = help_
        elif name == "claims_view":
            from bingo.ui.claims import ClaimsOverlay

            view = ClaimsOverlay(self.strings, highlight, self)
        elif name == "winners_board":
            from bingo.ui.winners import WinnersBoard

            prizes = self.config.event.prizes
            view = WinnersBoard(self.strings, highlight, prizes, self.controller, self)
        else:
            raise KeyError(name)
        if name in WHOLE_WINDOW:
            view.setGeometry(self.rect())
        lower = [self._overlays[n] for n in OVERLAYS[: OVERLAYS.index(name)] if n in self._overlays]
        below = [self.flash, *lower]
        self._place_above(view, max(below, key=self._stack_index))
        self._overlays[name] = view
        view.closed.connect(self.setFocus)
        for work in self._when_made.pop(name, []):
            work(view)
        return view

    def _stack_index(self, widget: QWidget) -> int:
        return self.children().index(widget)  # a widget's children are in stacking order

    def _place_above(self, view: QWidget, widget: QWidget) -> None:
        """`view` just above `widget`, under every sibling that was above `widget`."""
        siblings = [w for w in self.children() if isinstance(w, QWidget) and w is not view]
        above = siblings[siblings.index(widget) + 1 :]
        if above:
            view.stackUnder(above[0])
        else:
            view.raise_()
