"""Painting the Daifugō table: what `DaifugoTable` shows, drawn from its session's state.

Nothing here decides anything: the prompt, the legal cards and the event being announced come
from the table (`games.daifugo.qt.window`), the places from `TableLayout`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPen

from eventkit import theme
from games.common.painter import CARD_ASPECT, paint_card
from games.common.textfit import draw_fitted
from games.daifugo.plays import SUIT_ORDER
from games.daifugo.qt.layout import TableLayout
from games.daifugo.state import Phase

if TYPE_CHECKING:
    from games.daifugo.qt.window import DaifugoTable

FELT_TOP = QColor(theme.FELT)
FELT_BOTTOM = QColor(theme.FELT_DARK)
GOLD = QColor(theme.GOLD)
TEXT = QColor(theme.TEXT)
RED = QColor(theme.RED)
DIM = QColor(255, 255, 255, 175)
LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def paint_table(table: DaifugoTable, p: QPainter) -> None:
    """The whole table, back to front."""
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    grad = QLinearGradient(0, 0, 0, table.height())
    grad.setColorAt(0, FELT_TOP)
    grad.setColorAt(1, FELT_BOTTOM)
    p.fillRect(table.rect(), grad)
    if table.game is None:
        return
    layout = table.layout()
    _header(table, p, layout)
    _indicators(table, p, layout)
    _opponents(table, p, layout)
    _field(table, p, layout)
    _hand(table, p, layout)
    _status(table, p, layout)
    if table.game.is_over and table.settlement is not None:
        _results(table, p, layout)
    if table.caption:
        _caption(table, p, layout)


def _pill(p: QPainter, rect: QRectF, text: str, fill: QColor, floor: float, on: bool) -> None:
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(fill) if on else QColor(255, 255, 255, 34))
    p.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)
    p.setPen(QColor("#ffffff") if on else QColor(255, 255, 255, 120))
    inner = rect.adjusted(rect.height() * 0.3, 0, -rect.height() * 0.3, 0)
    draw_fitted(p, inner, text, rect.height() * 0.6, floor, bold=True)


def _header(table: DaifugoTable, p: QPainter, layout: TableLayout) -> None:
    t, s = table.t, layout.text
    n = table.rules.preset_number()
    rule_set = t["rule_set"].format(n=n) if n else t["custom_rules"]
    room = table.room.label(table.language)
    head = "  ".join((t["title"], rule_set, room, t["pot"].format(n=table.room.stake)))
    chips = t["chips"].format(n=table.bank.balance(table.names[0]))
    p.setPen(GOLD)
    draw_fitted(p, layout.chips(), chips, s.header, s.floor, bold=True, align=RIGHT)
    p.setPen(TEXT)
    draw_fitted(p, layout.header_text(), head, s.header, s.floor, bold=True, align=LEFT)
    p.setPen(DIM)
    from games.daifugo.texts import rules_summary

    draw_fitted(
        p,
        layout.rules_line(),
        rules_summary(table.rules, table.language),
        s.small,
        s.floor,
        align=LEFT,
    )


def _indicators(table: DaifugoTable, p: QPainter, layout: TableLayout) -> None:
    g, t, rules = table.game, table.t, table.rules
    items = []
    if rules.revolution:
        items.append((t["revolution"], RED, g.revolution))
    if rules.eleven_back:
        items.append((t["eleven_back"], QColor("#7b3fe4"), g.eleven_back))
    if rules.suit_lock:
        lock = g.suit_lock
        symbols = "".join(s.symbol for s in SUIT_ORDER if lock and s in lock)
        items.append((t["suit_lock"].format(s=symbols or "—"), QColor("#1f7ae0"), bool(lock)))
    if rules.number_lock:
        items.append((t["number_lock"], QColor("#d9731a"), g.number_lock))
    for (text, colour, on), rect in zip(items, layout.indicators(len(items)), strict=True):
        _pill(p, rect, text, colour, layout.text.floor, on)


def _opponents(table: DaifugoTable, p: QPainter, layout: TableLayout) -> None:
    g, t, s, u = table.game, table.t, layout.text, layout.u
    for seat, rect in layout.seat_panels().items():
        turn = not g.is_over and g.turn == seat
        p.setPen(QPen(GOLD, 0.5 * u) if turn else QPen(QColor(255, 255, 255, 40), 1))
        p.setBrush(QColor(0, 0, 0, 90))
        p.drawRoundedRect(rect, 2 * u, 2 * u)
        inner = rect.adjusted(1.5 * u, 0.6 * u, -1.5 * u, 0)
        line1 = QRectF(inner.left(), inner.top(), inner.width(), 4.2 * u)
        line2 = line1.translated(0, 4.2 * u)
        status = table.status_of(seat)
        info = status or t["cards"].format(n=len(g.hands[seat]))
        half = inner.width() / 2
        p.setPen(GOLD if status else TEXT)
        info_rect = QRectF(line1.right() - half, line1.top(), half, line1.height())
        draw_fitted(p, info_rect, info, s.seat_info, s.floor, bold=True, align=RIGHT)
        p.setPen(TEXT)
        name_rect = QRectF(line1.left(), line1.top(), half - u, line1.height())
        draw_fitted(p, name_rect, table.names[seat], s.seat_name, s.floor, bold=True, align=LEFT)
        cpu = table.cpus[seat]
        level = t[f"level_{cpu.level}"] if cpu else ""
        p.setPen(GOLD)
        title_rect = QRectF(line2.left(), line2.top(), inner.width() * 0.62, line2.height())
        title = g.ranks[seat].label(table.language)
        draw_fitted(p, title_rect, title, s.seat_info, s.floor, bold=True, align=LEFT)
        if level:
            p.setPen(DIM)
            level_rect = QRectF(
                title_rect.right(), line2.top(), inner.width() * 0.38, line2.height()
            )
            draw_fitted(p, level_rect, level, s.small, s.floor, align=RIGHT)
        show = table.peek == seat
        cards = g.hands[seat]
        if seat in g.out and not show:
            continue
        area = QRectF(inner.left(), line2.bottom() + 0.6 * u, inner.width(), 0)
        cw = min(7 * u, area.width() / 4)
        step = min(cw * 0.6, (area.width() - cw) / max(1, len(cards) - 1)) if cards else 0
        for i, card in enumerate(cards):
            paint_card(
                p,
                QRectF(area.left() + i * step, area.top(), cw, cw * CARD_ASPECT),
                card,
                face_up=show,
            )
        action = table.last_action.get(seat)
        if action and not show:
            pill = QRectF(rect.center().x() - 7 * u, rect.bottom() - 2.5 * u, 14 * u, 4.6 * u)
            _pill(p, pill, action, QColor("#555f6b"), s.floor, True)


def _field(table: DaifugoTable, p: QPainter, layout: TableLayout) -> None:
    g, s = table.game, layout.text
    cx, cy = layout.field_centre()
    cw = layout.field_card_width()
    shown = table.shown_trick()
    if g.is_over and not shown:
        return
    if not shown:
        p.setPen(QColor(255, 255, 255, 110))
        text = table.t["empty_field"] if g.phase == Phase.PLAY else table.t["exchange_cpu"]
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
    draw_fitted(p, layout.field_label(), table.names[seat], s.seat_name, s.floor, bold=True)


def _play(p, layout: TableLayout, play, cx: float, cy: float, cw: float, dimmed=False) -> None:
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


def _hand(table: DaifugoTable, p: QPainter, layout: TableLayout) -> None:
    g, s = table.game, layout.text
    rects = table.hand_rects()
    hand = table.hand_cards()
    legal = table.legal_cards()
    human = table.waiting_for_human
    n = len(hand)
    for i, (card, rect) in enumerate(zip(hand, rects, strict=True)):
        p.save()
        p.translate(rect.center())
        p.rotate((i - (n - 1) / 2) * 2.2)
        local = QRectF(-rect.width() / 2, -rect.height() / 2, rect.width(), rect.height())
        paint_card(p, local, card, selected=i in table.selected, dimmed=human and card not in legal)
        if human and i == table.cursor and table.hasFocus():
            p.setPen(QPen(QColor("#ffffff"), 2, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(local.adjusted(-4, -4, 4, 4), 8, 8)
        p.restore()
    title = g.ranks[0].label(table.language)
    status = table.status_of(0)
    label = f"{table.names[0]}  {title}" + (f"  {status}" if status else "")
    action = table.last_action.get(0)
    if action:
        label += f"  [{action}]"
    top = min((r.top() for r in rects), default=layout.h * 0.92)
    p.setPen(GOLD if human else TEXT)
    draw_fitted(p, layout.hand_label(top), label, s.seat_name, s.floor, bold=True)


def _status(table: DaifugoTable, p: QPainter, layout: TableLayout) -> None:
    s = layout.text
    note = "" if table.game.is_over else table.exchange_note
    for line, colour, rect in zip(
        (table.prompt(), note), (TEXT, GOLD), layout.status_lines(), strict=True
    ):
        if not line:
            continue
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 130))
        p.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)
        p.setPen(colour)
        inner = rect.adjusted(rect.height() * 0.4, 0, -rect.height() * 0.4, 0)
        draw_fitted(p, inner, line, s.status, s.floor, bold=True)


def _results(table: DaifugoTable, p: QPainter, layout: TableLayout) -> None:
    g, st, t, s, u = table.game, table.settlement, table.t, layout.text, layout.u
    rect = layout.results(table.players)
    p.setPen(QPen(GOLD, 0.4 * u))
    p.setBrush(QColor(10, 20, 14, 238))
    p.drawRoundedRect(rect, 2.5 * u, 2.5 * u)
    p.setPen(GOLD)
    title_rect = QRectF(rect.left(), rect.top() + 1.5 * u, rect.width(), 6.5 * u)
    draw_fitted(p, title_rect, t["game_over"], s.title, s.floor, bold=True)
    next_titles = table.match.ranks
    width = rect.width() - 6 * u
    for i, seat in enumerate(g.finish_order):
        row = QRectF(rect.left() + 3 * u, rect.top() + 9 * u + i * 5.4 * u, width, 5 * u)
        mark = table.status_of(seat) if seat in g.bottom else ""
        name = f"{t['place'].format(n=i + 1)}  {table.names[seat]}  {mark}".rstrip()
        p.setPen(GOLD if seat == 0 else TEXT)
        draw_fitted(
            p,
            QRectF(row.left(), row.top(), width * 0.46, row.height()),
            name,
            s.row,
            s.floor,
            bold=True,
            align=LEFT,
        )
        nxt = t["next_rank"].format(t=next_titles[seat].label(table.language))
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


def _caption(table: DaifugoTable, p: QPainter, layout: TableLayout) -> None:
    """The event just played (8切り, 革命 ...), large, for a moment."""
    rect = layout.caption()
    p.setPen(QPen(GOLD, 0.5 * layout.u))
    p.setBrush(QColor(120, 10, 20))
    p.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)
    p.setPen(QColor("#ffffff"))
    inner = rect.adjusted(rect.height() * 0.4, 0, -rect.height() * 0.4, 0)
    draw_fitted(p, inner, table.caption, rect.height() * 0.62, layout.text.floor, bold=True)
