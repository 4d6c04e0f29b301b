"""The Daifugō table's buttons (出す / パス / 次のゲーム / ルール): their style and places,
which follow the window's size."""

from __future__ import annotations

from typing import TYPE_CHECKING

from eventkit import theme
from games.daifugo.qt.layout import TableLayout

if TYPE_CHECKING:
    from games.daifugo.qt.window import DaifugoTable

BUTTON_STYLE = (
    "QPushButton {{ font-size: {px}px; font-weight: bold; color: {text};"
    " background: {gold}; border: 2px solid {border}; border-radius: {radius}px; }}"
    "QPushButton:disabled {{ color: #8a8a8a; background: #3b4a42; border-color: #2a352f; }}"
)


def place_buttons(table: DaifugoTable, layout: TableLayout) -> None:
    """Size, style and place the table's buttons for the window's current size."""
    u = layout.u
    style = BUTTON_STYLE.format(
        px=round(layout.text.button),
        text=theme.BUTTON_TEXT,
        gold=theme.GOLD,
        border=theme.BUTTON_BORDER,
        radius=round(1.4 * u),
    )
    play, pass_ = layout.buttons()
    for button, rect in ((table.play_button, play), (table.pass_button, pass_)):
        button.setStyleSheet(style)
        button.setGeometry(rect.toRect())
    table.next_button.setStyleSheet(style)
    table.next_button.resize(play.size().toSize() * 1.3)
    if table.game is not None and table.game.is_over:
        results = layout.results(table.players)
        x = results.center().x() - table.next_button.width() / 2
        table.next_button.move(round(x), round(results.bottom() + 2 * u))
    table.rules_button.setStyleSheet(
        f"QPushButton {{ font-size: {round(layout.text.small)}px; font-weight: bold;"
        f" color: {theme.TEXT}; background: rgba(0, 0, 0, 90);"
        " border: 1px solid rgba(255, 255, 255, 90); border-radius: 8px; padding: 0; }"
    )
    table.rules_button.setGeometry(layout.rules_button().toRect())
