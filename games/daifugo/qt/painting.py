"""Painting the Daifugō table, back to front, from the seat's view and the window's marks.

Nothing here decides anything. What the table shows comes from `session.view(seat)` of the
laptop's seat, the view the phones get (no other seat's hand: a spectator's peek is the peeked
seat's own view, as on the phones); the prompt, the legal cards and the statuses come from the
session (`games.daifugo.table.TableSession`), what the window shows over it (selection, cursor,
caption, the field held under it) from `Marks`, the places from `TableLayout`. The painter reads
no widget and not the engine: it gets the session, the texts and those marks.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPen

from eventkit import theme
from eventkit.i18n import Texts
from games.common.cards import AnyCard, parse_card
from games.common.qt.painter import CARD_ASPECT, paint_card
from games.common.qt.textfit import draw_fitted
from games.daifugo.plays import SUIT_ORDER, Play
from games.daifugo.qt.layout import TableLayout
from games.daifugo.state import Observation, Phase
from games.daifugo.table import TableSession, TableView
from games.daifugo.texts import rules_summary

FELT_TOP = QColor(theme.FELT)
FELT_BOTTOM = QColor(theme.FELT_DARK)
GOLD = QColor(theme.GOLD)
TEXT = QColor(theme.TEXT)
RED = QColor(theme.RED)
DIM = QColor(255, 255, 255, 175)
LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter

Trick = tuple[tuple[int, Play], ...]  # (seat, play) on the field, oldest first


@dataclass(frozen=True)
class Marks:
    """What the window shows over the session's state for its person at `seat`."""

    seat: int
    selected: frozenset[int] = frozenset()
    cursor: int = 0
    show_cursor: bool = False  # the window has the keyboard focus
    peek: int | None = None  # the opponent whose hand a spectator looks at
    prompt: str = ""  # the line under the field
    exchange_note: str = ""  # what the person received and gave in card passing
    caption: str = ""  # the event just played (8切り, 革命 ...)
    trick: Trick = ()  # the field as shown (held under a caption)
    waiting: bool = False  # the person's input counts now


@dataclass(frozen=True)
class Frame:
    """One paint's inputs."""

    session: TableSession
    texts: Texts
    marks: Marks
    layout: TableLayout
    view: TableView  # the laptop seat's, `session.view(marks.seat)`

    @property
    def obs(self) -> Observation:
        """What the seat sees of the game (the view has one while a game is dealt)."""
        obs = self.view.observation
        assert obs is not None
        return obs

    @property
    def over(self) -> bool:
        return self.obs.phase == Phase.OVER

    @property
    def language(self) -> str:
        return self.session.language


def paint_table(
    p: QPainter, session: TableSession, texts: Texts, marks: Marks, layout: TableLayout
) -> None:
    """The whole table, back to front."""
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    grad = QLinearGradient(0, 0, 0, layout.h)
    grad.setColorAt(0, FELT_TOP)
    grad.setColorAt(1, FELT_BOTTOM)
    p.fillRect(QRectF(0, 0, layout.w, layout.h), grad)
    view = session.view(marks.seat)
    if view.observation is None:
        return
    f = Frame(session, texts, marks, layout, view)
    _header(f, p)
    _indicators(f, p)
    _opponents(f, p)
    _field(f, p)
    _hand(f, p)
    _status(f, p)
    if f.over and session.settlement is not None:
        _results(f, p)
    if marks.caption:
        _caption(f, p)


def _cards(view: TableView) -> list[AnyCard]:
    """The hand a view shows its seat, as cards, in the engine's order."""
    obs = view.observation
    return [parse_card(code) for code in obs.hand] if obs is not None else []


def finish_order(g: Observation | None) -> list[int]:
    """Seats from 1st to last, as the engine's `finish_order`, from what the view shows."""
    if g is None:
        return []
    active = [s for s in range(g.num_players) if s not in g.out]
    return [*g.finished, *(s for s in active if s not in g.finished), *g.bottom[::-1]]


def _pill(p: QPainter, rect: QRectF, text: str, fill: QColor, floor: float, on: bool) -> None:
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(fill) if on else QColor(255, 255, 255, 34))
    p.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)
    p.setPen(QColor("#ffffff") if on else QColor(255, 255, 255, 120))
    inner = rect.adjusted(rect.height() * 0.3, 0, -rect.height() * 0.3, 0)
    draw_fitted(p, inner, text, rect.height() * 0.6, floor, bold=True)


def _passed(f: Frame, seat: int) -> str:
    """What to show next to a seat's name: "pass" while its pass stands on the field."""
    return f.texts["passed"] if seat in f.session.passed else ""


def _header(f: Frame, p: QPainter) -> None:
    session, t, layout = f.session, f.texts, f.layout
    s = layout.text
    n = session.rules.preset_number()
    rule_set = t["rule_set"].format(n=n) if n else t["custom_rules"]
    room = session.room.label(f.language)
    head = "  ".join((t["title"], rule_set, room, t["pot"].format(n=session.room.stake)))
    chips = t["chips"].format(n=session.bank.balance(session.names[f.marks.seat]))
    p.setPen(GOLD)
    draw_fitted(p, layout.chips(), chips, s.header, s.floor, bold=True, align=RIGHT)
    p.setPen(TEXT)
    draw_fitted(p, layout.header_text(), head, s.header, s.floor, bold=True, align=LEFT)
    p.setPen(DIM)
    draw_fitted(
        p,
        layout.rules_line(),
        rules_summary(session.rules, f.language),
        s.small,
        s.floor,
        align=LEFT,
    )


def _indicators(f: Frame, p: QPainter) -> None:
    g, t, rules = f.obs, f.texts, f.session.rules
    items = []
    if rules.revolution:
        items.append((t["revolution"], RED, g.revolution))
    if rules.eleven_back:
        items.append((t["eleven_back"], QColor("#7b3fe4"), g.eleven_back))
    if rules.suit_lock:
        lock = g.suit_lock
        symbols = "".join(s.symbol for s in SUIT_ORDER if lock and s.value in lock)
        items.append((t["suit_lock"].format(s=symbols or "—"), QColor("#1f7ae0"), bool(lock)))
    if rules.number_lock:
        items.append((t["number_lock"], QColor("#d9731a"), g.number_lock))
    layout = f.layout
    for (text, colour, on), rect in zip(items, layout.indicators(len(items)), strict=True):
        _pill(p, rect, text, colour, layout.text.floor, on)


def _opponents(f: Frame, p: QPainter) -> None:
    g, u = f.obs, f.layout.u
    for seat, rect in f.layout.seat_panels().items():
        turn = g.current_player == seat  # None once the game is over
        p.setPen(QPen(GOLD, 0.5 * u) if turn else QPen(QColor(255, 255, 255, 40), 1))
        p.setBrush(QColor(0, 0, 0, 90))
        p.drawRoundedRect(rect, 2 * u, 2 * u)
        inner = rect.adjusted(1.5 * u, 0.6 * u, -1.5 * u, 0)
        bottom = _seat_lines(f, p, seat, inner)
        show = f.marks.peek == seat
        if seat in g.out and not show:
            continue
        _seat_cards(f, p, seat, QRectF(inner.left(), bottom + 0.6 * u, inner.width(), 0), show)
        action = _passed(f, seat)
        if action and not show:
            pill = QRectF(rect.center().x() - 7 * u, rect.bottom() - 2.5 * u, 14 * u, 4.6 * u)
            _pill(p, pill, action, QColor("#555f6b"), f.layout.text.floor, True)


def _seat_lines(f: Frame, p: QPainter, seat: int, inner: QRectF) -> float:
    """A seat panel's two lines (name and cards or status; title and CPU level); returns the
    bottom of the second."""
    g, t, s, u = f.obs, f.texts, f.layout.text, f.layout.u
    line1 = QRectF(inner.left(), inner.top(), inner.width(), 4.2 * u)
    line2 = line1.translated(0, 4.2 * u)
    status = f.session.status_of(seat)
    n = g.hand_sizes[seat]
    info = status or t["cards_one" if n == 1 else "cards"].format(n=n)  # "1 card", "2 cards"
    half = inner.width() / 2
    p.setPen(GOLD if status else TEXT)
    info_rect = QRectF(line1.right() - half, line1.top(), half, line1.height())
    draw_fitted(p, info_rect, info, s.seat_info, s.floor, bold=True, align=RIGHT)
    p.setPen(TEXT)
    name_rect = QRectF(line1.left(), line1.top(), half - u, line1.height())
    draw_fitted(p, name_rect, f.session.names[seat], s.seat_name, s.floor, bold=True, align=LEFT)
    cpu = f.session.cpus[seat]
    level = t[f"level_{cpu.level}"] if cpu else ""
    p.setPen(GOLD)
    title_rect = QRectF(line2.left(), line2.top(), inner.width() * 0.62, line2.height())
    title = g.ranks[seat].label(f.language)
    draw_fitted(p, title_rect, title, s.seat_info, s.floor, bold=True, align=LEFT)
    if level:
        p.setPen(DIM)
        level_rect = QRectF(title_rect.right(), line2.top(), inner.width() * 0.38, line2.height())
        draw_fitted(p, level_rect, level, s.small, s.floor, align=RIGHT)
    return line2.bottom()


def _seat_cards(f: Frame, p: QPainter, seat: int, area: QRectF, show: bool) -> None:
    """An opponent's cards in a row: backs, or faces while a spectator peeks (from the peeked
    seat's own view, as a phone's peek)."""
    cards: list[AnyCard | None]
    if show:
        cards = list(_cards(f.session.view(seat)))
    else:
        cards = [None] * f.obs.hand_sizes[seat]
    cw = min(7 * f.layout.u, area.width() / 4)
    step = min(cw * 0.6, (area.width() - cw) / max(1, len(cards) - 1)) if cards else 0
    for i, card in enumerate(cards):
        paint_card(
            p,
            QRectF(area.left() + i * step, area.top(), cw, cw * CARD_ASPECT),
            card,
            face_up=show,
        )


def _field(f: Frame, p: QPainter) -> None:
    g, layout = f.obs, f.layout
    s = layout.text
    cx, cy = layout.field_centre()
    cw = layout.field_card_width()
    shown = f.marks.trick
    if f.over and not shown:
        return
    if not shown:
        p.setPen(QColor(255, 255, 255, 110))
        text = f.texts["empty_field"] if g.phase == Phase.PLAY else f.texts["exchange_cpu"]
        rect = QRectF(cx - 0.25 * layout.w, cy - 3 * layout.u, 0.5 * layout.w, 6 * layout.u)
        draw_fitted(p, rect, text, s.status, s.floor)
        return
    earlier = shown[-3:-1]
    for depth, (_, play) in enumerate(earlier):
        shift = (len(earlier) - depth) * 3.6 * layout.u
        _play(p, layout, play, cx - shift, cy - shift * 0.6, cw * 0.8, dimmed=True)
    seat, play = shown[-1]
    _play(p, layout, play, cx, cy, cw)
    p.setPen(TEXT)
    name = f.session.names[seat]
    draw_fitted(p, layout.field_label(), name, s.seat_name, s.floor, bold=True)


def _play(
    p: QPainter,
    layout: TableLayout,
    play: Play,
    cx: float,
    cy: float,
    cw: float,
    dimmed: bool = False,
) -> None:
    ch = cw * CARD_ASPECT
    step = cw * 0.62
    total = step * (play.size - 1) + cw
    for i, (card, face) in enumerate(zip(play.cards, play.faces, strict=True)):
        r = QRectF(cx - total / 2 + i * step, cy - ch / 2, cw, ch)
        paint_card(p, r, card, dimmed=dimmed)
        if card.is_joker and not face.is_joker and not dimmed:
            tag = QRectF(r.left() + 0.06 * cw, r.bottom() - 0.3 * ch, r.width() * 0.88, 0.26 * ch)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(0, 0, 0, 190))
            p.drawRoundedRect(tag, 6, 6)
            p.setPen(QColor("#ffffff"))
            text = f"={face.rank.text}{face.suit.symbol}"
            draw_fitted(p, tag, text, tag.height() * 0.75, layout.text.floor, bold=True)


def _hand(f: Frame, p: QPainter) -> None:
    g, m, layout = f.obs, f.marks, f.layout
    s = layout.text
    hand = _cards(f.view)
    rects = layout.hand(len(hand), set(m.selected))
    legal = f.session.legal_cards(m.seat)
    human = m.waiting
    n = len(hand)
    for i, (card, rect) in enumerate(zip(hand, rects, strict=True)):
        p.save()
        p.translate(rect.center())
        p.rotate((i - (n - 1) / 2) * 2.2)
        local = QRectF(-rect.width() / 2, -rect.height() / 2, rect.width(), rect.height())
        paint_card(p, local, card, selected=i in m.selected, dimmed=human and card not in legal)
        if human and i == m.cursor and m.show_cursor:
            p.setPen(QPen(QColor("#ffffff"), 2, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(local.adjusted(-4, -4, 4, 4), 8, 8)
        p.restore()
    title = g.ranks[m.seat].label(f.language)
    status = f.session.status_of(m.seat)
    info = title + (f"  {status}" if status else "")
    action = _passed(f, m.seat)
    if action:
        info += f"  [{action}]"
    name_rect, info_rect = layout.hand_labels()
    p.setPen(GOLD if human else TEXT)
    right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    draw_fitted(p, name_rect, f.session.names[m.seat], s.seat_name, s.floor, bold=True, align=right)
    draw_fitted(p, info_rect, info, s.seat_name, s.floor, bold=True, align=right)


def _status(f: Frame, p: QPainter) -> None:
    s = f.layout.text
    note = "" if f.over else f.marks.exchange_note
    for line, colour, rect in zip(
        (f.marks.prompt, note), (TEXT, GOLD), f.layout.status_lines(), strict=True
    ):
        if not line:
            continue
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 130))
        p.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)
        p.setPen(colour)
        inner = rect.adjusted(rect.height() * 0.4, 0, -rect.height() * 0.4, 0)
        draw_fitted(p, inner, line, s.status, s.floor, bold=True)


def _results(f: Frame, p: QPainter) -> None:
    g, st, t, layout = f.obs, f.session.settlement, f.texts, f.layout
    assert st is not None
    s, u = layout.text, layout.u
    rect = layout.results(f.session.num_players)
    p.setPen(QPen(GOLD, 0.4 * u))
    p.setBrush(QColor(10, 20, 14, 238))
    p.drawRoundedRect(rect, 2.5 * u, 2.5 * u)
    p.setPen(GOLD)
    title_rect = QRectF(rect.left(), rect.top() + 1.5 * u, rect.width(), 6.5 * u)
    draw_fitted(p, title_rect, t["game_over"], s.title, s.floor, bold=True)
    next_titles = f.session.match.ranks
    width = rect.width() - 6 * u
    for i, seat in enumerate(finish_order(g)):
        row = QRectF(rect.left() + 3 * u, rect.top() + 9 * u + i * 5.4 * u, width, 5 * u)
        mark = f.session.status_of(seat) if seat in g.bottom else ""
        name = f"{t['place'].format(n=i + 1)}  {f.session.names[seat]}  {mark}".rstrip()
        p.setPen(GOLD if seat == f.marks.seat else TEXT)
        draw_fitted(
            p,
            QRectF(row.left(), row.top(), width * 0.46, row.height()),
            name,
            s.row,
            s.floor,
            bold=True,
            align=LEFT,
        )
        nxt = t["next_rank"].format(t=next_titles[seat].label(f.language))
        draw_fitted(
            p,
            QRectF(row.left() + width * 0.47, row.top(), width * 0.33, row.height()),
            nxt,
            s.small,
            s.floor,
            align=LEFT,
        )
        delta = st.deltas[seat]
        p.setPen(QColor("#7dff9a") if delta > 0 else QColor("#ff8a8a"))
        delta_rect = QRectF(row.left() + width * 0.8, row.top(), width * 0.2, row.height())
        draw_fitted(
            p, delta_rect, t["delta"].format(d=delta), s.row, s.floor, bold=True, align=RIGHT
        )
    p.setPen(DIM)
    fee_rect = QRectF(rect.left(), rect.bottom() - 4.6 * u, rect.width() - 3 * u, 4 * u)
    draw_fitted(p, fee_rect, t["play_fee"].format(n=st.play_fee), s.small, s.floor, align=RIGHT)


def _caption(f: Frame, p: QPainter) -> None:
    """The event just played (8切り, 革命 ...), large, for a moment."""
    layout = f.layout
    rect = layout.caption()
    p.setPen(QPen(GOLD, 0.5 * layout.u))
    p.setBrush(QColor(120, 10, 20))
    p.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)
    p.setPen(QColor("#ffffff"))
    inner = rect.adjusted(rect.height() * 0.4, 0, -rect.height() * 0.4, 0)
    draw_fitted(p, inner, f.marks.caption, rect.height() * 0.62, layout.text.floor, bold=True)
