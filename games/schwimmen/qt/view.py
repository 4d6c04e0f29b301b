"""The table widget: its layout, the slide animation, painting, and mouse clicks and drags.

It paints what the window's person's seat (`seat`) sees, `session.view(seat)` (the view the
phones get), and the window's `Marks` (selection, prompt, whose input counts); clicks and drags
go out as signals.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt, QVariantAnimation, Signal
from PySide6.QtGui import QMouseEvent, QPainter
from PySide6.QtWidgets import QSizePolicy, QWidget

from games.schwimmen.actions import DealerKeep, DealerSwap, SwapAll, SwapOne
from games.schwimmen.qt.layout import SeatParts, TableLayout
from games.schwimmen.qt.painting import Flight, Marks, TablePainter
from games.schwimmen.qt.style import use_window_floor
from games.schwimmen.table import Event, Observation, Outcome, SeatView, TableSession
from games.schwimmen.texts import Texts


class TableView(QWidget):
    """Felt, CPU seats, table cards, your cards; clicks, drags and the slide animation.

    `clicked(kind, index)`: a card of the table ("table") or of your hand ("hand") was
    clicked; `dragged(hand_index, table_index)`: one was dragged onto the other.
    """

    clicked = Signal(str, int)
    dragged = Signal(int, int)

    def __init__(
        self, session: TableSession, texts: Texts, seat: int, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.texts = texts
        self.seat = seat  # the window's person
        self.marks = Marks()
        self.setMinimumSize(640, 420)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMouseTracking(True)
        self.flights: list[Flight] = []
        self.hidden: set[tuple] = set()
        self.progress = 1.0
        self._press: tuple[str, int, QPointF] | None = None
        self.drag: tuple[str, int, QPointF] | None = None  # kind, index, cursor position
        self.bubbles: dict[int, str] = {}

    # ------------------------------------------------------------ geometry

    @property
    def seat_view(self) -> SeatView | None:
        """What the window's seat sees now (None before the first game)."""
        return self.session.view_now(self.seat)

    def cpu_seats(self) -> list[int]:
        """The other seats, painted as panels along the top."""
        view = self.seat_view
        n = view.observation.num_players if view is not None else 0
        return [s for s in range(n) if s != self.seat]

    def layout_now(self) -> TableLayout:
        return TableLayout(self.width(), self.height(), self.cpu_seats())

    def card_width(self) -> float:
        return self.layout_now().card_width()

    def table_rect(self, j: int) -> QRectF:
        return self.layout_now().table_rect(j)

    def hand_rect(self, i: int) -> QRectF:
        return self.layout_now().hand_rect(i)

    def stock_rect(self) -> QRectF:
        return self.layout_now().stock_rect()

    def discard_rect(self) -> QRectF:
        return self.layout_now().discard_rect()

    def seat_rect(self, seat: int) -> QRectF:
        return self.layout_now().seat_rect(seat)

    def seat_parts(self, seat: int) -> SeatParts:
        return self.layout_now().seat_parts(seat)

    def seat_card_rect(self, seat: int, i: int) -> QRectF:
        return self.layout_now().seat_card_rect(seat, i)

    def hit(self, pos: QPointF) -> tuple[str, int] | None:
        view = self.seat_view
        if view is None:
            return None
        for j in range(len(view.observation.table)):
            if self.table_rect(j).contains(pos):
                return ("table", j)
        for i in range(len(view.observation.hand)):
            if self.hand_rect(i).contains(pos):
                return ("hand", i)
        return None

    # ------------------------------------------------------------ animation

    def animate(
        self, flights: list[Flight], hidden: set[tuple], duration: int, done: Callable[[], None]
    ) -> None:
        if duration <= 0 or not flights:
            self.flights, self.hidden, self.progress = [], set(), 1.0
            self.update()
            done()
            return
        self.flights, self.hidden, self.progress = flights, hidden, 0.0
        anim = QVariantAnimation(self)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)
        anim.setDuration(duration)

        def step(value: float) -> None:
            self.progress = float(value)
            self.update()

        def finish() -> None:
            self.flights, self.hidden, self.progress = [], set(), 1.0
            self.update()
            done()

        anim.valueChanged.connect(step)
        anim.finished.connect(finish)
        self._anim = anim
        anim.start(QVariantAnimation.DeletionPolicy.DeleteWhenStopped)

    def flights_for(
        self, before: Observation, after: Observation, seat: int, outcome: Outcome
    ) -> tuple[list[Flight], set[tuple]]:
        """The cards that slide for what `seat` just did (`outcome`: its action and events),
        from the window's view before it and after, and the places left empty meanwhile. A
        card leaving a hand the view does not show (a CPU's, face down) leaves its middle."""
        flights: list[Flight] = []
        hidden: set[tuple] = set()
        action, events = outcome.action, outcome.events
        mine = events[0] if events and events[0].seat == seat else None
        if isinstance(action, SwapOne):
            j = before.table.index(action.table_card)
            shown = seat == before.seat and action.hand_card in before.hand
            i = before.hand.index(action.hand_card) if shown else 1
            flights = [
                Flight(action.hand_card, self.seat_card_rect(seat, i), self.table_rect(j)),
                Flight(action.table_card, self.table_rect(j), self.seat_card_rect(seat, i)),
            ]
            hidden = {("table", j), ("hand", seat, i)}
        elif isinstance(action, SwapAll) and mine is not None:
            for k in range(3):
                hand, table = self.seat_card_rect(seat, k), self.table_rect(k)
                flights.append(Flight(mine.gave[k], hand, table))
                flights.append(Flight(mine.took[k], table, hand))
                hidden |= {("table", k), ("hand", seat, k)}
        elif isinstance(action, DealerSwap | DealerKeep):
            swap = isinstance(action, DealerSwap)
            give = mine.gave if swap and mine is not None else after.table  # what lies there now
            for k in range(3):
                start = self.seat_card_rect(seat, k) if swap else self.stock_rect()
                flights.append(Flight(give[k], start, self.table_rect(k)))
                hidden.add(("table", k))
        return flights, hidden

    def refresh_flights(self, event: Event) -> tuple[list[Flight], set[tuple]]:
        """Everyone passed: the table cards go to the discards and three come from the stock."""
        flights = [
            Flight(c, self.table_rect(k), self.discard_rect()) for k, c in enumerate(event.gave)
        ]
        flights += [
            Flight(c, self.stock_rect(), self.table_rect(k)) for k, c in enumerate(event.took)
        ]
        return flights, {("table", k) for k in range(3)}

    # ------------------------------------------------------------ painting

    def paintEvent(self, event) -> None:
        use_window_floor(self)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        try:
            TablePainter(self, painter).paint()
        finally:
            painter.end()

    # ------------------------------------------------------------ mouse

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        target = self.hit(event.position())
        self._press = (target[0], target[1], event.position()) if target else None

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is None or not self.marks.can_swap:
            return
        kind, index, start = self._press
        pos = event.position()
        if self.drag is None and (pos - start).manhattanLength() < 10:
            return
        self.drag = (kind, index, pos)
        self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        press, drag = self._press, self.drag
        self._press, self.drag = None, None
        if press is None:
            return
        if drag is None:
            self.clicked.emit(press[0], press[1])
            return
        self.update()
        target = self.hit(event.position())
        if target is None or target[0] == press[0]:
            return
        hand_i = press[1] if press[0] == "hand" else target[1]
        table_j = press[1] if press[0] == "table" else target[1]
        self.dragged.emit(hand_i, table_j)
