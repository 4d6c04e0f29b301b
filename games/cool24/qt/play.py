"""The board while a game runs (and under the summary): the top bar, the stock, the field with
this lap's trail, the progress panel, the hand and the line at the bottom.

Everything comes from the table's view (`TableView`: the seat's observation, which slots are
lit, the bottom line, the trail, the stock, the bonuses; `tally` its points); the moving parts (cards sliding in, the card flying
to the field, the score counting up, the hint's mark, a refusal) from the widget's `Scene`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen

from games.cool24.cards import parse_card
from games.cool24.qt.canvas import Canvas
from games.cool24.qt.style import CANVAS_H, CANVAS_W, FIELD, LEFT, RIGHT, slot_rect
from games.cool24.settings import BONUS_KINDS, CARDS_PER_LAP
from games.cool24.table import HAND_SIZE, TableView, Tally

FLY_SECONDS = 0.25
SLIDE_SECONDS = 0.35  # a drawn card slides in from the stock


@dataclass(frozen=True)
class Scene:
    """The widget's moving parts at the moment of one paint."""

    now: float
    shown_score: float  # counts up to the real score
    arrived: Mapping[int, float]  # slot -> when its card started to slide in
    flying: tuple[int, int, float] | None  # card, from slot, start time
    hint_slot: int | None
    toast: tuple[str, float] | None  # a refusal's text and when it came


def paint_board(p: QPainter, canvas: Canvas, view: TableView, points: Tally, scene: Scene) -> None:
    """The board of the seat's `view` (a game is dealt: its observation is there)."""
    seen = view.observation
    assert seen is not None
    _top_bar(p, canvas, seen.lap, scene.shown_score)
    _stock(p, canvas, view.stock_count)
    _field(p, canvas, view, scene.flying is not None)
    _progress(p, canvas, view, points, QRectF(1120, 110, 460, 318))
    playable = set(view.playable)
    for slot in range(1, HAND_SIZE + 1):
        code = seen.hand[slot - 1]
        card = None if code is None else _card(canvas, code)
        _hand_slot(p, canvas, card, slot, slot in playable, scene)
    if scene.flying is not None:
        _flying(p, canvas, scene.flying, scene.now)
    _bottom_line(p, canvas, view.prompt, scene.toast)


def _card(canvas: Canvas, code: str) -> int:
    """A card's id from its code in a view (the painter draws ids)."""
    return parse_card(code, canvas.settings.suits)


def _top_bar(p: QPainter, canvas: Canvas, lap: int, shown_score: float) -> None:
    t = canvas.t
    canvas.logo(p, QRectF(30, 14, 420, 80), 62)
    pill = QRectF(700, 26, 200, 56)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor("#ff8c1a") if lap == 2 else QColor("#3d7bff"))
    p.drawRoundedRect(pill, 28, 28)
    canvas.text(p, pill, t["lap"].format(lap=lap), 32, "#ffffff")
    score = f"{round(shown_score):,}"
    score_w = QFontMetricsF(canvas.font(80)).horizontalAdvance(score)
    # the label sits just left of the number, however many digits it has
    label_right = 1570 - score_w - 18
    canvas.text(p, QRectF(label_right - 200, 40, 200, 40), t["score"], 26, "#c9c2ff", RIGHT)
    canvas.text(p, QRectF(1100, 8, 470, 90), score, 80, "#ffd23f", RIGHT)


def _stock(p: QPainter, canvas: Canvas, n: int) -> None:
    t = canvas.t
    canvas.text(p, QRectF(60, 104, 220, 40), t["stock"], 28, "#e8e4ff")
    for i in range(min(n, 8)):
        canvas.cards.back(p, QRectF(95 + i * 3, 180 - i * 3, 150, 210))
    if n == 0:
        p.setPen(QPen(QColor(255, 255, 255, 80), 3, Qt.PenStyle.DashLine))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(QRectF(95, 180, 150, 210), 12, 12)
    canvas.text(p, QRectF(60, 398, 220, 44), t["stock_count"].format(n=n), 30, "#ffffff")


def _field(p: QPainter, canvas: Canvas, view: TableView, flying: bool) -> None:
    """The last card and the trail of this lap's cards (the last card waits while one flies)."""
    trail = [_card(canvas, code) for code in view.lap_cards[-6:-1]]
    for i, card in enumerate(trail):
        k = len(trail) - i
        r = QRectF(
            FIELD.x() - 34 * k, FIELD.y() + 10 * k, FIELD.width() * 0.8, FIELD.height() * 0.8
        )
        canvas.cards.paint(p, r, card)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(10, 6, 30, 120))
        p.drawRoundedRect(r, 14, 14)
    if flying:
        pass  # the card is on its way; drawn on top of the hand
    elif view.last is not None:
        canvas.cards.paint(p, FIELD, _card(canvas, view.last))
    else:
        p.setPen(QPen(QColor(255, 255, 255, 110), 4, Qt.PenStyle.DashLine))
        p.setBrush(QColor(255, 255, 255, 18))
        p.drawRoundedRect(FIELD, 18, 18)
        canvas.text(p, FIELD, canvas.t["field_empty"], 34, "#ffffff")
    canvas.text(
        p,
        QRectF(FIELD.right() + 14, FIELD.y() + 4, 200, 36),
        canvas.t["field"],
        24,
        "#c9c2ff",
        LEFT,
    )


def _hand_slot(
    p: QPainter, canvas: Canvas, card: int | None, slot: int, lit: bool, scene: Scene
) -> None:
    """One hand slot: its card (lifted and glowing when playable, dimmed when not, sliding in
    when just drawn), the hint's mark, the key under it."""
    rect = slot_rect(slot)
    label_rect = QRectF(rect.x(), rect.bottom() + 8, rect.width(), 36)
    if card is None:
        p.setPen(QPen(QColor(255, 255, 255, 60), 3, Qt.PenStyle.DashLine))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(rect, 18, 18)
        _key_badge(p, canvas, label_rect, slot, False)
        return
    age = scene.now - scene.arrived.get(slot, 0.0)
    if age < 0:
        return
    lift = -26.0 if lit else 0.0
    if age < SLIDE_SECONDS:  # slide in from the stock
        f = 1 - (1 - age / SLIDE_SECONDS) ** 3
        lift -= (1 - f) * 180
        rect = rect.translated((1 - f) * (170 - rect.x()), 0)
    rect = rect.translated(0, lift)
    if lit:
        glow = QColor("#ffd23f") if slot != scene.hint_slot else QColor("#3cf0ff")
        for w, a in ((26, 40), (16, 70), (8, 120)):
            glow.setAlpha(a)
            p.setPen(QPen(glow, w))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(rect, 20, 20)
    canvas.cards.paint(p, rect, card)
    if not lit:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(12, 8, 30, 150))
        p.drawRoundedRect(rect, 18, 18)
    if slot == scene.hint_slot:
        badge = QRectF(rect.center().x() - 60, rect.y() - 19, 120, 38)  # clear of the field
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#3cf0ff"))
        p.drawRoundedRect(badge, 20, 20)
        canvas.text(p, badge, canvas.t["hint"], 24, "#06202a", shadow=False)
    _key_badge(p, canvas, label_rect, slot, lit)


def _flying(p: QPainter, canvas: Canvas, flying: tuple[int, int, float], now: float) -> None:
    """The card just played on its way from its slot to the field."""
    card, slot, started = flying
    f = min(1.0, max(0.0, (now - started) / FLY_SECONDS))
    f = 1 - (1 - f) ** 2
    src = slot_rect(slot)
    r = QRectF(
        src.x() + (FIELD.x() - src.x()) * f,
        src.y() + (FIELD.y() - src.y()) * f,
        src.width() + (FIELD.width() - src.width()) * f,
        src.height() + (FIELD.height() - src.height()) * f,
    )
    canvas.cards.paint(p, r, card)


def _bottom_line(p: QPainter, canvas: Canvas, prompt: str, toast: tuple[str, float] | None) -> None:
    """ "Stuck" once the game ended that way, else a refusal while it shows, else the keys."""
    t = canvas.t
    if prompt == "stuck":
        canvas.pill(p, t["stuck"], QColor(90, 60, 200, 230))
    elif toast is None:
        line = QRectF(0, CANVAS_H - 46, CANVAS_W, 42)  # 2.6 % of the height or more, not grey
        canvas.text(p, line, t[prompt], 30, "#e8e4ff", bold=False)
    else:
        canvas.pill(p, toast[0], QColor(200, 30, 60, 220))


def _key_badge(p: QPainter, canvas: Canvas, rect: QRectF, slot: int, on: bool) -> None:
    circle = QRectF(rect.center().x() - 18, rect.y(), 36, 36)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor("#ffd23f") if on else QColor(255, 255, 255, 50))
    p.drawEllipse(circle)
    canvas.text(p, circle, str(slot), 24, "#1b1240" if on else "#bdb6e6", shadow=False)


def _progress(p: QPainter, canvas: Canvas, view: TableView, points: Tally, r: QRectF) -> None:
    """The side panel: cards played, base points, multiplier, a bar over 48, the bonuses."""
    t = canvas.t
    seen = view.observation
    assert seen is not None
    bonuses = view.bonuses or {}
    p.setPen(QPen(QColor(255, 255, 255, 40), 2))
    p.setBrush(QColor(255, 255, 255, 20))
    p.drawRoundedRect(r, 20, 20)
    x, w = r.x() + 24, r.width() - 48
    y = r.y() + 16
    rows = [
        (t["played"], f"{seen.total_played} / {2 * CARDS_PER_LAP}"),
        (t["base"], t["points"].format(p=f"{points.base:,}")),
        (t["multiplier"], f"×{points.multiplier}"),
    ]
    # a row's name and value side by side, never over each other
    name_w = w * 0.55
    for name, value in rows:
        canvas.text(p, QRectF(x, y, name_w, 34), name, 22, "#c9c2ff", LEFT, bold=False)
        canvas.text(p, QRectF(x + name_w, y, w - name_w, 34), value, 26, "#ffffff", RIGHT)
        y += 38
    # progress bar over 48 cards, lap 1 blue, lap 2 orange
    bar = QRectF(x, y + 4, w, 14)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(255, 255, 255, 30))
    p.drawRoundedRect(bar, 7, 7)
    done = QRectF(bar.x(), bar.y(), bar.width() * seen.total_played / 48, bar.height())
    p.setBrush(QColor("#ff8c1a") if seen.lap == 2 else QColor("#3d7bff"))
    p.drawRoundedRect(done, 7, 7)
    p.setBrush(QColor("#ffffff"))
    p.drawRect(QRectF(bar.center().x() - 1, bar.y() - 3, 2, bar.height() + 6))
    y += 32
    canvas.text(p, QRectF(x, y, w, 30), t["bonus"], 22, "#c9c2ff", LEFT, bold=False)
    y += 34
    for k, kind in enumerate(BONUS_KINDS):
        count = bonuses.get(kind, 0)
        pts = canvas.settings.hand_win_table[k]
        colour = "#ffd23f" if count else "#8e87b8"
        kind_w = w * 0.75  # "ストレートフラッシュ" beside a short "50×0"
        label = QRectF(x + 6, y, kind_w - 6, 30)
        canvas.text(p, label, t[kind], 22, colour, LEFT, bold=bool(count))
        value = QRectF(x + kind_w, y, w - kind_w, 30)
        canvas.text(p, value, f"{pts}×{count}", 22, colour, RIGHT)
        y += 32
