"""Qt frontend of COOL 24+24: one widget painted on a 1600x900 canvas scaled to the screen.

Enter starts, keys 1-4 (or a click/tap on a card) play, H shows the lookahead player's hint,
Enter after the end plays again, Esc quits (asking first while a game is in progress), in
full screen too; F11 toggles full screen (eventkit.screen, so also without a window
manager). The widget only calls the table session (`TableSession.play`) and paints what it
exposes; popups for bonuses and lap 2 are timed overlays that never block input.
"""

from __future__ import annotations

import math
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QPointF, QRect, QRectF, Qt, QTimer
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QKeyEvent,
    QLinearGradient,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QPixmap,
    QRadialGradient,
)
from PySide6.QtWidgets import QWidget

from eventkit import fonts
from eventkit.i18n import Texts
from eventkit.images import ImageError, load_square, qimage_of
from eventkit.qtruntime import make_app
from eventkit.screen import show_full_screen, show_normal
from games.common.table import Refused
from games.common.textfit import MIN_TEXT, fitted_font
from games.cool24.rules import (
    HAND_SIZE,
    Game,
    PlayResult,
    PlaySlot,
    legal_slots,
    number_of,
    suit_of,
)
from games.cool24.settings import BONUS_KINDS, CARDS_PER_LAP, NUMBERS, Cool24Settings
from games.cool24.table import SEAT, Stage, TableSession
from games.cool24.texts import TEXTS

CANVAS_W, CANVAS_H = 1600, 900
CARD_W, CARD_H = 250, 375  # 2:3, the seed's 128 px suit image and 256 px picture scaled
HAND_W, HAND_H = 230, 345
HAND_Y = 462
HAND_GAP = 36
HAND_X0 = (1600 - 4 * HAND_W - 3 * HAND_GAP) / 2
FIELD = QRectF(800 - CARD_W * 0.39, 104, CARD_W * 0.78, CARD_H * 0.78)
POPUP_SECONDS = 1.8
SUMMARY_DELAY = 1.2  # seconds the final board stays visible before the summary
FLY_SECONDS = 0.25

FONT_FAMILY = fonts.FAMILY  # shipped with the package, the same on every machine


# The smallest text in canvas units: MIN_TEXT of the window's height, set by paintEvent from
# the window's size and the canvas scale (on a 4:3 screen the canvas is letterboxed, so its
# units are smaller and the floor in units higher).
_floor = 1.0


def _font(size: float, *, bold: bool = True) -> QFont:
    font = QFont(FONT_FAMILY)
    font.setPixelSize(max(1, math.ceil(max(size, _floor) - 0.01)))
    font.setBold(bold)
    return font


def _find_image(folder: Path, stem: str) -> Path | None:
    for ext in (".png", ".jpg", ".jpeg", ".PNG", ".JPG", ".JPEG"):
        candidate = folder / f"{stem}{ext}"
        if candidate.is_file():
            return candidate
    return None


IMAGE_SIDE = 512  # card pictures are drawn well below this even in full screen


class CardImages:
    """Card (`<suit><number>`) and suit (`<suit>`) images from the configured folder, cached."""

    def __init__(self, folder: Path, suits: tuple[str, ...]) -> None:
        self.folder = folder
        self.suits = suits
        self._cache: dict[str, QPixmap | None] = {}

    def _load(self, stem: str) -> QPixmap | None:
        if stem not in self._cache:
            path = _find_image(self.folder, stem) if self.folder.is_dir() else None
            self._cache[stem] = None
            if path is not None:
                try:  # the toolkit's one loader: scaled once, too large or damaged is named
                    picture = load_square(path, IMAGE_SIDE)
                    self._cache[stem] = QPixmap.fromImage(qimage_of(picture))
                except ImageError as exc:
                    print(f"warning: {exc}: that card is drawn instead", file=sys.stderr)
        return self._cache[stem]

    def card(self, card: int) -> QPixmap | None:
        return self._load(f"{self.suits[suit_of(card)]}{NUMBERS[number_of(card)]}")

    def suit(self, card: int) -> QPixmap | None:
        return self._load(self.suits[suit_of(card)])


@dataclass
class Popup:
    title: str
    subtitle: str
    colour: QColor
    started: float
    big: bool = False


class CardPainter:
    """Draws COOL cards: suit emblem top-left, number top-right, picture at the bottom."""

    def __init__(self, settings: Cool24Settings, images: CardImages) -> None:
        self.settings = settings
        self.images = images

    def colour(self, card: int) -> QColor:
        return QColor(self.settings.suit_colors[suit_of(card)])

    def paint(self, p: QPainter, rect: QRectF, card: int) -> None:
        s = rect.width() / CARD_W  # scale of this card relative to the full size
        colour = self.colour(card)
        radius = 18 * s
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        # drop shadow and body
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 90))
        p.drawRoundedRect(rect.translated(5 * s, 8 * s), radius, radius)
        body = QLinearGradient(rect.topLeft(), rect.bottomLeft())
        body.setColorAt(0, QColor("#ffffff"))
        body.setColorAt(1, QColor("#f1f0f6"))
        p.setBrush(QBrush(body))
        p.setPen(QPen(colour.darker(130), 3 * s))
        p.drawRoundedRect(rect, radius, radius)
        # top: suit emblem (128x128 image or a drawn puyo-like blob) and the number
        emblem = QRectF(rect.x() + 12 * s, rect.y() + 12 * s, 100 * s, 100 * s)
        pixmap = self.images.suit(card)
        if pixmap is not None:
            p.drawPixmap(emblem.toRect(), pixmap)
        else:
            self._blob(p, emblem, colour)
        number = NUMBERS[number_of(card)]
        p.setFont(_font((78 if len(number) == 1 else 64) * s))
        text_rect = QRectF(rect.x() + 112 * s, rect.y() + 10 * s, rect.width() - 124 * s, 104 * s)
        p.setPen(QPen(colour.darker(170)))
        p.drawText(text_rect.translated(3 * s, 3 * s), Qt.AlignmentFlag.AlignCenter, number)
        p.setPen(QPen(colour.darker(115)))
        p.drawText(text_rect, Qt.AlignmentFlag.AlignCenter, number)
        # bottom: the 256x256 picture (or a drawn panel)
        pic = QRectF(rect.x() + 10 * s, rect.bottom() - 240 * s, rect.width() - 20 * s, 230 * s)
        clip = QPainterPath()
        clip.addRoundedRect(pic, 12 * s, 12 * s)
        p.save()
        p.setClipPath(clip)
        pixmap = self.images.card(card)
        if pixmap is not None:
            side = min(pic.width(), pic.height())
            square = QRectF(pic.center().x() - side / 2, pic.center().y() - side / 2, side, side)
            p.fillRect(pic, colour.lighter(170))
            p.drawPixmap(square.toRect(), pixmap)
        else:
            self._panel(p, pic, card, colour, s)
        p.restore()
        p.restore()

    def _blob(self, p: QPainter, r: QRectF, colour: QColor) -> None:
        """A round, glossy blob with eyes: the suit mark when there is no suit image."""
        body = r.adjusted(r.width() * 0.06, r.height() * 0.1, -r.width() * 0.06, 0)
        grad = QRadialGradient(
            body.center() - QPointF(body.width() * 0.18, body.height() * 0.2), body.width() * 0.75
        )
        grad.setColorAt(0, colour.lighter(150))
        grad.setColorAt(0.6, colour)
        grad.setColorAt(1, colour.darker(140))
        p.setPen(QPen(colour.darker(180), max(1.0, r.width() * 0.035)))
        p.setBrush(QBrush(grad))
        p.drawEllipse(body)
        eye_w, eye_h = body.width() * 0.2, body.height() * 0.3
        for dx in (-0.19, 0.19):
            c = QPointF(
                body.center().x() + dx * body.width(), body.center().y() - body.height() * 0.02
            )
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor("#ffffff"))
            p.drawEllipse(c, eye_w / 2, eye_h / 2)
            p.setBrush(QColor("#1b1b2a"))
            p.drawEllipse(c + QPointF(dx * eye_w * 0.6, eye_h * 0.08), eye_w * 0.28, eye_h * 0.3)
        p.setBrush(QColor(255, 255, 255, 150))
        p.drawEllipse(
            QRectF(
                body.x() + body.width() * 0.16,
                body.y() + body.height() * 0.1,
                body.width() * 0.22,
                body.height() * 0.14,
            )
        )

    def _panel(self, p: QPainter, r: QRectF, card: int, colour: QColor, s: float) -> None:
        grad = QLinearGradient(r.topLeft(), r.bottomRight())
        grad.setColorAt(0, colour.lighter(140))
        grad.setColorAt(1, colour.darker(115))
        p.fillRect(r, QBrush(grad))
        # soft bubbles
        rnd = random.Random(card)
        p.setPen(Qt.PenStyle.NoPen)
        for _ in range(9):
            rad = rnd.uniform(12, 38) * s
            c = QPointF(r.x() + rnd.uniform(0, r.width()), r.y() + rnd.uniform(0, r.height()))
            p.setBrush(QColor(255, 255, 255, rnd.randint(28, 60)))
            p.drawEllipse(c, rad, rad)
        number = NUMBERS[number_of(card)]
        p.setFont(_font((150 if len(number) == 1 else 118) * s))
        p.setPen(QPen(QColor(0, 0, 0, 70)))
        p.drawText(r.translated(4 * s, 6 * s), Qt.AlignmentFlag.AlignCenter, number)
        p.setPen(QPen(QColor("#ffffff")))
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, number)


class Cool24Widget(QWidget):
    """The whole game screen. States: "title" -> "play" -> "over" (-> "play" again)."""

    def __init__(self, settings: Cool24Settings | None = None, seed: int | None = None) -> None:
        super().__init__()
        self.settings = settings or Cool24Settings()
        self.t = Texts(TEXTS, self.settings.language)
        self.session = TableSession(
            settings=self.settings, seed=seed, language=self.settings.language
        )
        self.images = CardImages(self.settings.image_dir, self.settings.suits)
        self.cards = CardPainter(self.settings, self.images)
        self.popups: list[Popup] = []
        self.toast: tuple[str, float] | None = None
        self.hint_slot: int | None = None
        self.arrived: dict[int, float] = {}
        self.flying: tuple[int, int, float] | None = None  # card, from slot, start time
        self.shown_score = 0.0  # counts up to the real score
        self.over_at = 0.0
        self._normal_geometry: QRect | None = None
        self.asking_quit = False  # Esc mid-game in a window: the question is on screen
        self.timer = QTimer(self)
        self.timer.setInterval(33)
        self.timer.timeout.connect(self._tick)
        self.setWindowTitle("COOL 24+24")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(800, 450)
        self.resize(1280, 720)

    # ------------------------------------------------------------ the session's state
    @property
    def game(self) -> Game | None:
        return self.session.game

    @property
    def state(self) -> Stage:
        return self.session.stage

    # ------------------------------------------------------------ actions
    def start(self) -> None:
        """A new game (Enter on the title or the summary)."""
        self.session.start_game()
        self.popups.clear()
        self.toast = None
        self.hint_slot = None
        self.flying = None
        self.shown_score = 0.0
        now = time.monotonic()
        self.arrived = {slot: now + 0.08 * slot for slot in range(1, HAND_SIZE + 1)}
        for bonus in self.game.bonuses:
            self._bonus_popup(bonus.kind, bonus.points)
        self._animate()
        self.update()

    def play_slot(self, slot: int) -> PlayResult | None:
        """Play the card in `slot` (1-4); an unplayable card shows why instead."""
        if not self.session.in_game:
            return None
        try:
            result = self.session.act(SEAT, PlaySlot(slot))
        except Refused as exc:
            self._toast(exc.text)
            return None
        self.hint_slot = None
        self.toast = None  # a refusal says why that card could not go; this one went
        now = time.monotonic()
        self.flying = None if result.lap_started else (result.card, slot, now)
        if result.refill is not None:
            self.arrived[slot] = now
        deal_bonuses = [b for b in result.bonuses if result.lap_started and b.lap == 2]
        for bonus in result.bonuses:
            if bonus not in deal_bonuses:
                self._bonus_popup(bonus.kind, bonus.points)
        if result.lap_started:
            self.arrived = {s: now + 0.6 + 0.08 * s for s in range(1, HAND_SIZE + 1)}
            m = self.game.multiplier
            self.popups.append(
                Popup(self.t["lap2"], self.t["lap2_sub"].format(m=m), QColor("#ff8c1a"), now, True)
            )
            for bonus in deal_bonuses:
                self._bonus_popup(bonus.kind, bonus.points, delay=1.0)
        if result.over:  # the summary waits until the last popups (a final bonus) are done
            ends = [pop.started + POPUP_SECONDS for pop in self.popups]
            self.over_at = max([now, *(end - SUMMARY_DELAY for end in ends)])
        self._animate()
        self.update()
        return result

    def show_hint(self) -> int | None:
        """Mark the slot the lookahead player would play (key H)."""
        found = self.session.hint()
        if found is None:
            return None
        self.hint_slot = found
        self.update()
        return self.hint_slot

    def _bonus_popup(self, kind: str, points: int, delay: float = 0.0) -> None:
        m = self.game.multiplier if self.game else 1
        sub = f"+{points}" + (f" ×{m}" if m > 1 else "")
        colour = (
            QColor(self.settings.suit_colors[0])
            if kind == "straight_flush"
            else (QColor("#b26bff") if kind == "four_of_a_kind" else QColor("#18b7d9"))
        )
        start = time.monotonic() + delay + 0.25 * len(self.popups)
        self.popups.append(Popup(self.t[kind] + "!", sub, colour, start))

    def _toast(self, text: str) -> None:
        self.toast = (text, time.monotonic())
        self._animate()
        self.update()

    def _animate(self) -> None:
        if not self.timer.isActive():
            self.timer.start()

    def _tick(self) -> None:
        now = time.monotonic()
        self.popups = [p for p in self.popups if now - p.started < POPUP_SECONDS]
        if self.toast and now - self.toast[1] > 2.5:
            self.toast = None
        if self.game is not None and self.shown_score != self.game.score:
            gap = self.game.score - self.shown_score
            step = gap * 0.2 if abs(gap) > 5 else gap
            self.shown_score += step
        if self.flying and now - self.flying[2] > FLY_SECONDS:
            self.flying = None
        busy = (
            self.popups
            or self.toast
            or self.flying
            or (self.game is not None and self.shown_score != self.game.score)
            or any(now - t < 0.4 for t in self.arrived.values())
            or (self.state == "over" and now - self.over_at < SUMMARY_DELAY + 0.1)
        )
        if not busy:
            self.timer.stop()
        self.update()

    # ------------------------------------------------------------ input
    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if self.asking_quit:  # Y quits; N, Esc or Enter plays on; other keys do nothing
            if key == Qt.Key.Key_Y:
                self.answer_quit(True)
            elif key in (Qt.Key.Key_N, Qt.Key.Key_Escape, Qt.Key.Key_Return, Qt.Key.Key_Enter):
                self.answer_quit(False)
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if self.state in ("title", "over"):
                self.start()
            return
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_4:
            self.play_slot(key - Qt.Key.Key_1 + 1)
            return
        if key == Qt.Key.Key_H:
            self.show_hint()
            return
        if key == Qt.Key.Key_Escape:  # "Esc で終了": one press, full screen or not (F11 leaves it)
            if self.game_in_progress():
                self.ask_quit()
            else:
                self.close()
            return
        if key == Qt.Key.Key_F11:
            self.leave_full_screen() if self.isFullScreen() else self.enter_full_screen()
            return
        super().keyPressEvent(event)

    def summary_shown(self) -> bool:
        """The summary covers the board once the final board (and its popups) had their time."""
        return self.state == "over" and time.monotonic() - self.over_at >= SUMMARY_DELAY

    def game_in_progress(self) -> bool:
        """A game with something to lose: cards played (or a bonus) and not over."""
        g = self.game
        return self.state == "play" and g is not None and bool(g.total_played or g.bonuses)

    def ask_quit(self) -> None:
        """Ask on screen before throwing the game away (answered by keys or a click)."""
        self.asking_quit = True
        self.update()

    def answer_quit(self, leave: bool) -> None:
        self.asking_quit = False
        self.update()
        if leave:
            self.close()

    def enter_full_screen(self) -> None:
        """Cover the screen, even on a bare X server (eventkit.screen sets the geometry first)."""
        if not self.isFullScreen():
            self._normal_geometry = self.geometry()
        show_full_screen(self)

    def leave_full_screen(self) -> None:
        """Back to the window's size and place before full screen."""
        show_normal(self, self._normal_geometry)

    def _transform(self) -> tuple[float, float, float]:
        scale = min(self.width() / CANVAS_W, self.height() / CANVAS_H)
        ox = (self.width() - CANVAS_W * scale) / 2
        oy = (self.height() - CANVAS_H * scale) / 2
        return scale, ox, oy

    def slot_at(self, x: float, y: float) -> int | None:
        """The hand slot under widget point (x, y), or None."""
        scale, ox, oy = self._transform()
        point = QPointF((x - ox) / scale, (y - oy) / scale)
        for slot in range(1, HAND_SIZE + 1):
            if self._slot_rect(slot).adjusted(0, -30, 0, 60).contains(point):
                return slot
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.asking_quit:
            scale, ox, oy = self._transform()
            pos = event.position()
            point = QPointF((pos.x() - ox) / scale, (pos.y() - oy) / scale)
            yes, no = self._quit_buttons()
            if yes.contains(point) or no.contains(point):
                self.answer_quit(yes.contains(point))
            return
        if self.state in ("title", "over"):
            self.start()
            return
        pos = event.position()
        slot = self.slot_at(pos.x(), pos.y())
        if slot is not None:
            self.play_slot(slot)

    # ------------------------------------------------------------ painting
    def _slot_rect(self, slot: int) -> QRectF:
        return QRectF(HAND_X0 + (slot - 1) * (HAND_W + HAND_GAP), HAND_Y, HAND_W, HAND_H)

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        p.fillRect(self.rect(), QColor("#0b0820"))
        scale, ox, oy = self._transform()
        global _floor
        _floor = MIN_TEXT * self.height() / scale
        p.translate(ox, oy)
        p.scale(scale, scale)
        self._background(p)
        if self.state == "title" or self.game is None:
            self._title(p)
        else:
            self._board(p)
            if self.summary_shown():
                self._summary(p)
        self._popups(p)
        if self.asking_quit:
            self._quit_question(p)
        p.end()

    def _background(self, p: QPainter) -> None:
        grad = QLinearGradient(0, 0, 0, CANVAS_H)
        lap2 = self.game is not None and self.game.lap == 2 and self.state != "title"
        grad.setColorAt(0, QColor("#2a1456" if not lap2 else "#5a1a3a"))
        grad.setColorAt(1, QColor("#0b0a24" if not lap2 else "#1e0818"))
        p.fillRect(QRectF(0, 0, CANVAS_W, CANVAS_H), QBrush(grad))
        p.setPen(Qt.PenStyle.NoPen)
        rnd = random.Random(7)
        for _ in range(40):
            c = QPointF(rnd.uniform(0, CANVAS_W), rnd.uniform(0, CANVAS_H))
            r = rnd.uniform(2, 60)
            p.setBrush(QColor(255, 255, 255, rnd.randint(4, 14)))
            p.drawEllipse(c, r, r)

    def _text(
        self,
        p: QPainter,
        rect: QRectF,
        text: str,
        size: float,
        colour: str | QColor,
        align=Qt.AlignmentFlag.AlignCenter,
        *,
        bold: bool = True,
        shadow: bool = True,
    ) -> None:
        font = fitted_font(text, rect, max(size, _floor), _floor, bold)
        font.setFamily(FONT_FAMILY)
        p.setFont(font)
        flags = int(align.value)
        if QFontMetricsF(font).horizontalAdvance(text) > rect.width():
            flags |= Qt.AlignmentFlag.AlignVCenter.value | Qt.TextFlag.TextWordWrap.value
        if shadow:
            p.setPen(QColor(0, 0, 0, 140))
            p.drawText(rect.translated(2, 3), flags, text)
        p.setPen(QColor(colour))
        p.drawText(rect, flags, text)

    def _logo(self, p: QPainter, rect: QRectF, size: float) -> None:
        path = QPainterPath()
        font = _font(size)
        font.setItalic(True)
        path.addText(0, 0, font, "COOL 24+24")
        bounds = path.boundingRect()
        path.translate(
            rect.center().x() - bounds.center().x(), rect.center().y() - bounds.center().y()
        )
        grad = QLinearGradient(path.boundingRect().topLeft(), path.boundingRect().topRight())
        for i, c in enumerate(self.settings.suit_colors):
            grad.setColorAt(i / 3, QColor(c))
        p.setPen(QPen(QColor("#140a2e"), size * 0.09))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(path)
        p.setPen(QPen(QColor("#ffffff"), size * 0.03))
        p.setBrush(QBrush(grad))
        p.drawPath(path)

    def _title(self, p: QPainter) -> None:
        self._logo(p, QRectF(0, 50, CANVAS_W, 190), 150)
        # a fan of four cards
        for i, card in enumerate((5, 11, 17, 23)):
            p.save()
            p.translate(CANVAS_W / 2 + (i - 1.5) * 120, 520)
            p.rotate((i - 1.5) * 9)
            self.cards.paint(
                p, QRectF(-CARD_W * 0.36, -CARD_H * 0.36 - 80, CARD_W * 0.72, CARD_H * 0.72), card
            )
            p.restore()
        y = 622
        m = 1 + self.settings.hand_win_multi
        for line in self.t["rules"]:
            sf, fk, fl = self.settings.hand_win_table
            text = line.format(m=m, sf=sf, fk=fk, fl=fl)
            self._text(p, QRectF(0, y, CANVAS_W, 34), text, 25, "#e8e4ff", bold=False)
            y += 36
        pulse = 0.5 + 0.5 * abs((time.monotonic() % 1.6) - 0.8) / 0.8
        colour = QColor("#ffd23f")
        colour.setAlphaF(0.65 + 0.35 * pulse)
        self._text(p, QRectF(0, 790, CANVAS_W, 70), self.t["press_enter"], 48, colour)

    def _board(self, p: QPainter) -> None:
        g = self.game
        assert g is not None
        now = time.monotonic()
        t = self.t
        # top bar
        self._logo(p, QRectF(30, 14, 420, 80), 62)
        pill = QRectF(700, 26, 200, 56)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#ff8c1a") if g.lap == 2 else QColor("#3d7bff"))
        p.drawRoundedRect(pill, 28, 28)
        self._text(p, pill, t["lap"].format(lap=g.lap), 32, "#ffffff")
        score = f"{round(self.shown_score):,}"
        score_w = QFontMetricsF(_font(80)).horizontalAdvance(score)
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        # the label sits just left of the number, however many digits it has
        label_right = 1570 - score_w - 18
        self._text(p, QRectF(label_right - 200, 40, 200, 40), t["score"], 26, "#c9c2ff", right)
        self._text(p, QRectF(1100, 8, 470, 90), score, 80, "#ffd23f", right)
        # stock
        self._text(p, QRectF(60, 104, 220, 40), t["stock"], 28, "#e8e4ff")
        n = g.stock_count
        for i in range(min(n, 8)):
            self._back(p, QRectF(95 + i * 3, 180 - i * 3, 150, 210))
        if n == 0:
            p.setPen(QPen(QColor(255, 255, 255, 80), 3, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(QRectF(95, 180, 150, 210), 12, 12)
        self._text(p, QRectF(60, 398, 220, 44), t["stock_count"].format(n=n), 30, "#ffffff")
        # field: the last card and the trail of this lap's cards
        lap_cards = g.history[len(g.history) - g.played :] if g.played else []
        trail = lap_cards[-6:-1]
        for i, card in enumerate(trail):
            k = len(trail) - i
            r = QRectF(
                FIELD.x() - 34 * k, FIELD.y() + 10 * k, FIELD.width() * 0.8, FIELD.height() * 0.8
            )
            self.cards.paint(p, r, card)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(10, 6, 30, 120))
            p.drawRoundedRect(r, 14, 14)
        if self.flying is not None:
            pass  # the card is on its way; drawn on top of the hand below
        elif g.last_id is not None:
            self.cards.paint(p, FIELD, g.last_id)
        else:
            p.setPen(QPen(QColor(255, 255, 255, 110), 4, Qt.PenStyle.DashLine))
            p.setBrush(QColor(255, 255, 255, 18))
            p.drawRoundedRect(FIELD, 18, 18)
            self._text(p, FIELD, t["field_empty"], 34, "#ffffff")
        self._text(
            p,
            QRectF(FIELD.right() + 14, FIELD.y() + 4, 200, 36),
            t["field"],
            24,
            "#c9c2ff",
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
        )
        # side panel: progress and bonus table
        self._panel(p, QRectF(1120, 110, 460, 318))
        # hand
        playable = set(legal_slots(g)) if self.state == "play" else set()
        for slot in range(1, HAND_SIZE + 1):
            rect = self._slot_rect(slot)
            card = g.hand_ids[slot - 1]
            label_rect = QRectF(rect.x(), rect.bottom() + 8, rect.width(), 36)
            if card is None:
                p.setPen(QPen(QColor(255, 255, 255, 60), 3, Qt.PenStyle.DashLine))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(rect, 18, 18)
                self._key_badge(p, label_rect, slot, False)
                continue
            age = now - self.arrived.get(slot, 0.0)
            if age < 0:
                continue
            lift = -26 if slot in playable else 0
            if age < 0.35:  # slide in from the stock
                f = 1 - (1 - age / 0.35) ** 3
                lift -= (1 - f) * 180
                rect = rect.translated((1 - f) * (170 - rect.x()), 0)
            rect = rect.translated(0, lift)
            if slot in playable:
                glow = QColor("#ffd23f") if slot != self.hint_slot else QColor("#3cf0ff")
                for w, a in ((26, 40), (16, 70), (8, 120)):
                    glow.setAlpha(a)
                    p.setPen(QPen(glow, w))
                    p.setBrush(Qt.BrushStyle.NoBrush)
                    p.drawRoundedRect(rect, 20, 20)
            self.cards.paint(p, rect, card)
            if slot not in playable:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor(12, 8, 30, 150))
                p.drawRoundedRect(rect, 18, 18)
            if slot == self.hint_slot:
                badge = QRectF(rect.center().x() - 60, rect.y() - 19, 120, 38)  # clear of field
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor("#3cf0ff"))
                p.drawRoundedRect(badge, 20, 20)
                self._text(p, badge, t["hint"], 24, "#06202a", shadow=False)
            self._key_badge(p, label_rect, slot, slot in playable)
        if self.flying is not None:
            card, slot, started = self.flying
            f = min(1.0, max(0.0, (now - started) / FLY_SECONDS))
            f = 1 - (1 - f) ** 2
            src = self._slot_rect(slot)
            r = QRectF(
                src.x() + (FIELD.x() - src.x()) * f,
                src.y() + (FIELD.y() - src.y()) * f,
                src.width() + (FIELD.width() - src.width()) * f,
                src.height() + (FIELD.height() - src.height()) * f,
            )
            self.cards.paint(p, r, card)
        keys = t["keys"] if self.settings.hint else t["keys_nohint"]
        if self.state == "over" and not g.cleared:
            self._pill(p, t["stuck"], QColor(90, 60, 200, 230))
        elif self.toast is None:
            self._text(p, QRectF(0, CANVAS_H - 36, CANVAS_W, 30), keys, 20, "#9d95c9", bold=False)
        else:
            self._pill(p, self.toast[0], QColor(200, 30, 60, 220))

    def _pill(self, p: QPainter, text: str, colour: QColor) -> None:
        """One line in a rounded box at the bottom, as wide as the text (smaller type if long)."""
        size = 24.0
        font = _font(size)
        width = QFontMetricsF(font).horizontalAdvance(text)
        if width > CANVAS_W - 120:
            size *= (CANVAS_W - 120) / width
            width = CANVAS_W - 120
        box_w = max(1000.0, width + 64)
        box = QRectF((CANVAS_W - box_w) / 2, CANVAS_H - 50, box_w, 46)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(colour)
        p.drawRoundedRect(box, 23, 23)
        self._text(p, box, text, size, "#ffffff")

    def _back(self, p: QPainter, r: QRectF) -> None:
        """Card back: a purple panel with the four suit blobs."""
        p.setPen(QPen(QColor("#e8e4ff"), 3))
        grad = QLinearGradient(r.topLeft(), r.bottomRight())
        grad.setColorAt(0, QColor("#6b3fd1"))
        grad.setColorAt(1, QColor("#321a73"))
        p.setBrush(QBrush(grad))
        p.drawRoundedRect(r, 14, 14)
        p.setPen(QPen(QColor(255, 255, 255, 70), 2))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(r.adjusted(9, 9, -9, -9), 9, 9)
        side = r.width() * 0.3
        for i, colour in enumerate(self.settings.suit_colors):
            cx = r.center().x() + (-0.5 if i % 2 == 0 else 0.5) * side * 1.1
            cy = r.center().y() + (-0.5 if i < 2 else 0.5) * side * 1.1
            self.cards._blob(p, QRectF(cx - side / 2, cy - side / 2, side, side), QColor(colour))

    def _key_badge(self, p: QPainter, rect: QRectF, slot: int, on: bool) -> None:
        circle = QRectF(rect.center().x() - 18, rect.y(), 36, 36)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#ffd23f") if on else QColor(255, 255, 255, 50))
        p.drawEllipse(circle)
        self._text(p, circle, str(slot), 24, "#1b1240" if on else "#bdb6e6", shadow=False)

    def _panel(self, p: QPainter, r: QRectF) -> None:
        g = self.game
        assert g is not None
        t = self.t
        p.setPen(QPen(QColor(255, 255, 255, 40), 2))
        p.setBrush(QColor(255, 255, 255, 20))
        p.drawRoundedRect(r, 20, 20)
        x, w = r.x() + 24, r.width() - 48
        left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        y = r.y() + 16
        rows = [
            (t["played"], f"{g.total_played} / {2 * CARDS_PER_LAP}"),
            (t["base"], t["points"].format(p=f"{g.base_points:,}")),
            (t["multiplier"], f"×{g.multiplier}"),
        ]
        # a row's name and value side by side, never over each other
        name_w = w * 0.55
        for name, value in rows:
            self._text(p, QRectF(x, y, name_w, 34), name, 22, "#c9c2ff", left, bold=False)
            self._text(p, QRectF(x + name_w, y, w - name_w, 34), value, 26, "#ffffff", right)
            y += 38
        # progress bar over 48 cards, lap 1 blue, lap 2 orange
        bar = QRectF(x, y + 4, w, 14)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(255, 255, 255, 30))
        p.drawRoundedRect(bar, 7, 7)
        done = QRectF(bar.x(), bar.y(), bar.width() * g.total_played / 48, bar.height())
        p.setBrush(QColor("#ff8c1a") if g.lap == 2 else QColor("#3d7bff"))
        p.drawRoundedRect(done, 7, 7)
        p.setBrush(QColor("#ffffff"))
        p.drawRect(QRectF(bar.center().x() - 1, bar.y() - 3, 2, bar.height() + 6))
        y += 32
        self._text(p, QRectF(x, y, w, 30), t["bonus"], 22, "#c9c2ff", left, bold=False)
        y += 34
        for k, kind in enumerate(BONUS_KINDS):
            count = sum(1 for b in g.bonuses if b.kind == kind)
            pts = self.settings.hand_win_table[k]
            colour = "#ffd23f" if count else "#8e87b8"
            kind_w = w * 0.75  # "ストレートフラッシュ" beside a short "50×0"
            label = QRectF(x + 6, y, kind_w - 6, 30)
            self._text(p, label, t[kind], 22, colour, left, bold=bool(count))
            value = QRectF(x + kind_w, y, w - kind_w, 30)
            self._text(p, value, f"{pts}×{count}", 22, colour, right)
            y += 32

    def _popups(self, p: QPainter) -> None:
        now = time.monotonic()
        shown = 0
        for pop in self.popups:
            age = now - pop.started
            if age < 0 or age > POPUP_SECONDS:
                continue
            grow = min(1.0, age / 0.18)
            fade = 1.0 if age < POPUP_SECONDS - 0.4 else (POPUP_SECONDS - age) / 0.4
            scale = (0.6 + 0.4 * grow) * (1.25 if pop.big else 1.0)
            cy = 330 + shown * 150 - age * 12
            shown += 1
            p.save()
            p.setOpacity(max(0.0, fade))
            p.translate(CANVAS_W / 2, cy)
            p.scale(scale, scale)
            box = QRectF(-420, -70, 840, 140)
            grad = QLinearGradient(box.topLeft(), box.bottomLeft())
            grad.setColorAt(0, pop.colour.lighter(130))
            grad.setColorAt(1, pop.colour.darker(130))
            p.setPen(QPen(QColor("#ffffff"), 5))
            p.setBrush(QBrush(grad))
            p.drawRoundedRect(box, 40, 40)
            self._text(p, QRectF(-420, -66, 840, 80), pop.title, 56, "#ffffff")
            self._text(p, QRectF(-420, 10, 840, 52), pop.subtitle, 38, "#fff4b0")
            p.restore()

    @staticmethod
    def _dialog_panel(p: QPainter, box: QRectF, dim: int) -> QRectF:
        """Dim the board (`dim` = alpha) and draw the gold-framed purple panel `box` over it."""
        p.fillRect(QRectF(0, 0, CANVAS_W, CANVAS_H), QColor(5, 3, 20, dim))
        grad = QLinearGradient(box.topLeft(), box.bottomLeft())
        grad.setColorAt(0, QColor("#3a2078"))
        grad.setColorAt(1, QColor("#170c3a"))
        p.setPen(QPen(QColor("#ffd23f"), 4))
        p.setBrush(QBrush(grad))
        p.drawRoundedRect(box, 34, 34)
        return box

    def _summary(self, p: QPainter) -> None:
        g = self.game
        assert g is not None
        t = self.t
        box = self._dialog_panel(p, QRectF(400, 120, 800, 660), dim=175)
        title = t["cleared"] if g.cleared else t["over"]
        self._text(p, QRectF(box.x(), box.y() + 24, box.width(), 80), title, 60, "#ffd23f")
        x, w = box.x() + 90, box.width() - 180
        left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        if not g.cleared:
            self._text(
                p,
                QRectF(box.x(), box.y() + 100, box.width(), 36),
                t["stuck"],
                24,
                "#c9c2ff",
                bold=False,
            )
        y = box.y() + 150
        rows = [
            (
                t["played"],
                t["cards"].format(n=g.total_played) + f"（{t['lap'].format(lap=g.lap)}）"
                if self.settings.language != "en"
                else t["cards"].format(n=g.total_played) + f" ({t['lap'].format(lap=g.lap)})",
            ),
            (t["base"], t["points"].format(p=f"{g.base_points:,}")),
        ]
        for k, kind in enumerate(BONUS_KINDS):
            count = sum(1 for b in g.bonuses if b.kind == kind)
            rows.append((t[kind], f"{self.settings.hand_win_table[k]} × {count}"))
        rows.append(
            (
                t["bonus"],
                f"{g.bonus_points:,} × {g.multiplier} = "
                + t["points"].format(p=f"{g.bonus_points * g.multiplier:,}"),
            )
        )
        for name, value in rows:
            self._text(p, QRectF(x, y, w, 44), name, 28, "#d8d2ff", left, bold=False)
            self._text(p, QRectF(x, y, w, 44), value, 30, "#ffffff", right)
            y += 50
        p.setPen(QPen(QColor(255, 255, 255, 90), 2))
        p.drawLine(QPointF(x, y + 8), QPointF(x + w, y + 8))
        y += 20
        self._text(p, QRectF(x, y, w, 80), t["total"], 40, "#ffd23f", left)
        self._text(
            p, QRectF(x, y, w, 80), t["points"].format(p=f"{g.score:,}"), 64, "#ffd23f", right
        )
        self._text(
            p, QRectF(box.x(), box.bottom() - 76, box.width(), 50), t["again"], 28, "#ffffff"
        )

    def _quit_buttons(self) -> tuple[QRectF, QRectF]:
        return QRectF(400, 520, 360, 90), QRectF(840, 520, 360, 90)

    def _quit_question(self, p: QPainter) -> None:
        """The question over the board: quit (Y) or play on (N / Esc / Enter)."""
        g = self.game
        t = self.t
        box = self._dialog_panel(p, QRectF(300, 230, 1000, 430), dim=190)
        self._text(
            p, QRectF(box.x(), box.y() + 40, box.width(), 90), t["quit_title"], 56, "#ffd23f"
        )
        if g is not None:
            text = t["quit_text"].format(n=g.total_played, p=f"{g.score:,}")
            self._text(p, QRectF(box.x(), box.y() + 150, box.width(), 60), text, 32, "#e8e4ff")
        yes, no = self._quit_buttons()
        for rect, label, fill, ink in (
            (yes, t["quit_yes"], QColor("#ffd23f"), "#1b1240"),
            (no, t["quit_no"], QColor("#2a2650"), "#ffffff"),
        ):
            p.setPen(QPen(QColor("#ffd23f"), 3))
            p.setBrush(fill)
            p.drawRoundedRect(rect, 30, 30)
            self._text(p, rect, label, 34, ink, shadow=False)


def run_game(settings: Cool24Settings, seed: int | None = None, fullscreen: bool = True) -> int:
    """Open the game window and run Qt until it closes."""
    app = make_app("games cool24")
    widget = Cool24Widget(settings, seed)
    if fullscreen:
        widget.enter_full_screen()
    else:
        widget.show()
    return app.exec()
