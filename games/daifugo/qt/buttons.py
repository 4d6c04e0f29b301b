"""The Daifugō table's buttons (出す / パス / 次のゲーム / ルール): their style and places,
which follow the window's size. They get the buttons and the layout, never the window."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import QPushButton

from eventkit import theme
from games.daifugo.qt.layout import TableLayout

BUTTON_STYLE = (
    "QPushButton {{ font-size: {px}px; font-weight: bold; color: {text};"
    " background: {gold}; border: 2px solid {border}; border-radius: {radius}px; }}"
    "QPushButton:disabled {{ color: #8a8a8a; background: #3b4a42; border-color: #2a352f; }}"
)


@dataclass(frozen=True)
class TableButtons:
    """The table's four buttons (the window creates and connects them)."""

    play: QPushButton
    pass_: QPushButton
    next: QPushButton
    rules: QPushButton


def place_buttons(buttons: TableButtons, layout: TableLayout, *, game_over: bool) -> None:
    """Size, style and place the table's buttons for the window's current size; 次のゲーム
    goes under the results once the game is over."""
    u = layout.u
    style = BUTTON_STYLE.format(
        px=round(layout.text.button),
        text=theme.BUTTON_TEXT,
        gold=theme.GOLD,
        border=theme.BUTTON_BORDER,
        radius=round(1.4 * u),
    )
    play, pass_ = layout.buttons()
    for button, rect in ((buttons.play, play), (buttons.pass_, pass_)):
        button.setStyleSheet(style)
        button.setGeometry(rect.toRect())
    buttons.next.setStyleSheet(style)
    buttons.next.resize(play.size().toSize() * 1.3)
    if game_over:
        results = layout.results(layout.players)
        x = results.center().x() - buttons.next.width() / 2
        buttons.next.move(round(x), round(results.bottom() + 2 * u))
    buttons.rules.setStyleSheet(
        f"QPushButton {{ font-size: {round(layout.text.small)}px; font-weight: bold;"
        f" color: {theme.TEXT}; background: rgba(0, 0, 0, 90);"
        " border: 1px solid rgba(255, 255, 255, 90); border-radius: 8px; padding: 0; }"
    )
    buttons.rules.setGeometry(layout.rules_button().toRect())
